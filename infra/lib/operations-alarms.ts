import type { LeadMetric } from '@kryon/functions/metric-names';
import { Annotations, Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaAction, SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { AnyPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { pascal } from './forms-api.ts';
import { leadMetric, leadMetricTotal, streamMetric } from './lead-metrics.ts';

export interface OperationsAlarmsProps {
  alarmEmails: readonly string[];
  functions: ReadonlyMap<string, IFunction>;
  /** The lead forms, each the `form` dimension of the functions' e-mail metrics. */
  leadForms: readonly string[];
  /** The re-send function's dead-letter queue: anything in it needs a person. */
  deadLetterQueue: IQueue;
  api: HttpApi;
  table: ITableV2;
  /** The delivery-events rule's and function's dead-letter queue. */
  deliveryEventsDeadLetterQueue: IQueue;
  /**
   * What pulls the brake on the visitor stream: its own hourly share of hard bounces or
   * complaints, taken of at least `minVolume` e-mails (decision 075).
   */
  visitorBrake: {
    fn: IFunction;
    bounceRate: number;
    complaintRate: number;
    minVolume: number;
    minComplaints: number;
  };
}

/** Everything that needs a human goes to one encrypted SNS topic (decisions 017, 060, 075). */
export class OperationsAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);

    // A customer-managed key: CloudWatch cannot publish to a topic under the AWS-managed
    // SNS key, whose policy cannot be changed.
    const key = new Key(this, 'TopicKey', {
      description: 'Kryon alarm notifications',
      enableKeyRotation: true,
    });
    key.grant(
      new ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    // Grants only for AWS services acting for a resource (Control Tower CT.KMS.PR.3): nothing
    // here creates grants, so nobody else needs to.
    key.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: {
          BoolIfExists: {
            'kms:GrantIsForAWSResource': 'false',
            'aws:PrincipalIsAWSService': 'false',
          },
        },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Kryon website alarms',
      masterKey: key,
      enforceSSL: true,
    });
    for (const email of props.alarmEmails) {
      this.topic.addSubscription(new EmailSubscription(email));
    }
    // Synthesis must still work without an address (a fresh clone, CI), but a deployment
    // whose alarms reach nobody fails silently: say so, with the two ways out.
    if (props.alarmEmails.length === 0) {
      Annotations.of(this).addWarningV2(
        'kryon:alarms-unsubscribed',
        'No alarm e-mail set: every alarm notifies an SNS topic nobody subscribes to. Set ' +
          'alarmEmails in the environment file (infra/environments/), or subscribe to the ' +
          'topic of the AlarmTopicArn output (e-mail, chat, paging) after deploying.',
      );
    }

    const fiveMinutes = { period: Duration.minutes(5), statistic: 'Sum' };
    for (const [handler, fn] of props.functions) {
      const id = pascal(handler);
      this.add(`${id}Errors`, fn.metricErrors(fiveMinutes), `The ${handler} function failed.`);
      this.add(
        `${id}Throttles`,
        fn.metricThrottles(fiveMinutes),
        `The ${handler} function was throttled: requests were refused.`,
      );
    }
    this.add(
      'Api5xx',
      props.api.metricServerError(fiveMinutes),
      'The API answered 5xx (a function failed, timed out or a dependency is down).',
    );
    this.add(
      'TableThrottles',
      props.table.metricThrottledRequestsForOperations({
        operations: [Operation.GET_ITEM, Operation.PUT_ITEM, Operation.UPDATE_ITEM],
        period: Duration.minutes(5),
      }),
      'DynamoDB throttled lead or rate-limit writes.',
    );

    // Failed, abandoned and waiting e-mails: a wait for the sender identity uses no attempt,
    // so it would otherwise never alarm (decision 033).
    for (const form of props.leadForms) {
      const emailMetric = (metricName: LeadMetric) => leadMetric(metricName, form, fiveMinutes);
      this.add(
        `${pascal(form)}FailedSends`,
        new MathExpression({
          // Powertools writes only the counts a run made, so one of the two is often absent
          // in a period; without FILL the sum would be absent too and never alarm.
          expression: 'FILL(failed, 0) + FILL(abandoned, 0) + FILL(waiting, 0)',
          usingMetrics: {
            failed: emailMetric('EmailFailed'),
            abandoned: emailMetric('EmailAbandoned'),
            waiting: emailMetric('EmailAwaitingSender'),
          },
          label: `Failed ${form} e-mails`,
          period: Duration.minutes(5),
        }),
        `An e-mail of a ${form} lead failed: the lead is stored and the re-send tries again; ` +
          'after the last attempt it is abandoned and needs a person. EmailAwaitingSender: ' +
          'SES refuses the sender identity as not verified; the e-mail waits, using no ' +
          'attempt, until it verifies (health says email "unverified").',
      );
    }
    // Confirmations to typed addresses past the hourly ceiling: a flood of submissions
    // (leads are kept and sales mailed), or a ceiling too low for real traffic.
    this.add(
      'VisitorMailCeiling',
      leadMetricTotal('VisitorEmailCeilingReached', props.leadForms, {
        label: 'Confirmations withheld by the hourly ceiling',
      }),
      'The hourly ceiling of e-mails to visitors was reached: confirmations are withheld ' +
        '(leads are stored and sales mailed). A flood of submissions, or a ceiling too low ' +
        '(visitorMail.perHour in the environment file).',
    );
    // Every re-send run skips a lead it cannot read, and counts it, until a person mends it.
    this.add(
      'UnreadableLeads',
      leadMetricTotal('UnreadableLead', props.leadForms, {
        label: 'Leads on the re-send list that cannot be read',
      }),
      'A lead on the re-send list cannot be read (edited by hand, or older than the code): ' +
        're-send runs skip it and send the others (decision 078). Its key and the issue are in ' +
        'the re-send logs: mend or delete the item.',
    );
    this.add(
      'ResendDeadLetters',
      props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      'A re-send run failed every retry (the table was unreachable): see its logs.',
    );

    this.add(
      'DeliveryEventsDeadLetters',
      props.deliveryEventsDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      'An SES delivery event could not be recorded after every retry (the table was ' +
        'unreachable, or the function could not be invoked): see the delivery-events logs and ' +
        'the queue.',
    );
    // Sales addresses are configuration, their set suppresses nothing: one bounce means every
    // later lead bounces the same way (decision 060).
    this.add(
      'SalesBouncesOrComplaints',
      new MathExpression({
        expression: 'FILL(bounced, 0) + FILL(complained, 0)',
        usingMetrics: {
          bounced: streamMetric('EmailBounced', 'sales'),
          complained: streamMetric('EmailComplained', 'sales'),
        },
        label: 'Sales e-mails bounced or complained about',
        period: Duration.minutes(5),
      }),
      'A sales e-mail bounced or was marked as spam: a sales recipient is not reading leads. ' +
        'Check recipients in the environment file and that mailbox; the lead shows which address.',
    );

    // The brake reads the visitor stream's own hourly share, and hears every state change:
    // an alarm acts only on a change, so it resumes only once none is in ALARM (decision 075).
    const brake = new LambdaAction(props.visitorBrake.fn);
    const { minVolume, minComplaints, bounceRate, complaintRate } = props.visitorBrake;
    this.add(
      'VisitorBounceBrake',
      visitorShare('bounced', minVolume, 0, 'Share of visitor e-mails that bounced for good'),
      `At least ${percent(bounceRate)} of the visitor stream's e-mails in the hour (of at ` +
        `least ${minVolume}) bounced for good: e-mail to visitors is paused for a cool-down ` +
        '(sales mail is not), and resumes by itself. Find why (README runbook); ' +
        '`npm run brake -- status` says until when.',
      bounceRate,
      brake,
    );
    this.add(
      'VisitorComplaintBrake',
      visitorShare(
        'complained',
        minVolume,
        minComplaints,
        'Share of visitor e-mails that drew a complaint',
      ),
      `At least ${percent(complaintRate)} of the visitor stream's e-mails in the hour (of at ` +
        `least ${minVolume}), and at least ${minComplaints} complaints, were marked as spam: ` +
        'e-mail to visitors is paused for a cool-down (sales mail is not), and resumes by ' +
        'itself. Find why (README runbook); `npm run brake -- status` says until when.',
      complaintRate,
      brake,
    );

    // SES pauses an account's sending near these rates; warn well before.
    this.add(
      'SesBounceRate',
      new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.BounceRate',
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      'SES bounce rate above 5%.',
      0.05,
    );
    this.add(
      'SesComplaintRate',
      new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.ComplaintRate',
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      'SES complaint rate above 0.1%.',
      0.001,
    );
  }

  /**
   * One alarm to the topic, when it fires and when it recovers. `brake`, when given, is also
   * invoked on each of its state changes: into ALARM it pauses; the others are recorded.
   */
  private add(
    id: string,
    metric: IMetric,
    description: string,
    threshold = 1,
    brake?: LambdaAction,
  ): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    this.notify(alarm);
    if (brake) {
      alarm.addAlarmAction(brake);
      alarm.addOkAction(brake);
      alarm.addInsufficientDataAction(brake);
    }
  }

  /**
   * An alarm made elsewhere (its own windows) notifies the topic when it fires and when it
   * recovers, like these, and is listed with them (the dashboard shows every one's state).
   * `noData`: also when its metric stops, for an alarm whose silence is the failure (a canary
   * that no longer runs).
   */
  notify(alarm: Alarm, options: { noData?: boolean } = {}): void {
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    if (options.noData) alarm.addInsufficientDataAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

/**
 * The visitor volume of a period: each accepted message counted once at its outcome, each
 * FILLed with 0 since Powertools writes only what a run counted (decision 075); the brake's
 * denominator, and what the alarm that it reads nothing watches (decision 081).
 */
export const VISITOR_VOLUME =
  'FILL(delivered, 0) + FILL(bounced, 0) + FILL(softBounced, 0) + FILL(rejected, 0)';

/**
 * The share of the hour's visitor e-mails that `outcome` makes up, taken of at least
 * `minVolume`, and 0 below `minCount` such events (decision 075). Exported for the test.
 */
export function visitorShare(
  outcome: 'bounced' | 'complained',
  minVolume: number,
  minCount: number,
  label: string,
): MathExpression {
  const hour = { period: Duration.hours(1) };
  const volume = `(${VISITOR_VOLUME})`;
  const share = `FILL(${outcome}, 0) / IF(${volume} > ${minVolume}, ${volume}, ${minVolume})`;
  return new MathExpression({
    expression: minCount > 0 ? `IF(FILL(${outcome}, 0) >= ${minCount}, ${share}, 0)` : share,
    usingMetrics: {
      delivered: streamMetric('EmailDelivered', 'visitor', hour),
      bounced: streamMetric('EmailBounced', 'visitor', hour),
      softBounced: streamMetric('EmailSoftBounced', 'visitor', hour),
      rejected: streamMetric('EmailRejectedBySes', 'visitor', hour),
      ...(outcome === 'complained'
        ? { complained: streamMetric('EmailComplained', 'visitor', hour) }
        : {}),
    },
    label,
    period: Duration.hours(1),
  });
}

/** 0.0008 -> "0.08%", without the float noise of a bare multiplication. */
function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(6))}%`;
}
