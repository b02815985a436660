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
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { pascal } from './forms-api.ts';
import { denyGrantsButForAwsServices } from './key-grants.ts';
import { fillSum, leadMetricTotal, streamMetric } from './lead-metrics.ts';

/**
 * How long a condition must last before it wakes someone: `evaluationPeriods` windows of
 * `period`, `datapointsToAlarm` of them at or above `threshold` (default 1). Missing data is
 * never breaching (decision 087).
 */
export interface AlarmWindow {
  period: Duration;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  /** @default 1 */
  threshold?: number;
}

/** The windows of the alarms this construct makes (decision 087); the tests read them. */
export const ALARM_WINDOWS = {
  /** One in five minutes: it needs a person, and nothing retries it. */
  atOnce: { period: Duration.minutes(5), evaluationPeriods: 1, datapointsToAlarm: 1 },
  /** A function that answers a visitor: one error or throttle is a refused visitor. */
  visitorFunction: { period: Duration.minutes(5), evaluationPeriods: 1, datapointsToAlarm: 1 },
  /**
   * A function whose work is retried: failing in each of 4 five-minute windows running. One
   * event's own retries (Lambda: 1 then 2 minutes apart, each run at most the re-send's 2
   * minutes) span under 10 minutes, so they reach at most 3 windows; its dead-letter queue
   * alarms for it. A schedule every 5 minutes that keeps failing fills all 4.
   */
  retriedFunction: { period: Duration.minutes(5), evaluationPeriods: 4, datapointsToAlarm: 4 },
  /** Any 5xx the API answered: a visitor was refused. */
  api5xx: { period: Duration.minutes(5), evaluationPeriods: 1, datapointsToAlarm: 1 },
  /** Table throttles in 2 of 3 five-minute windows: the SDK's retries did not absorb them. */
  tableThrottles: { period: Duration.minutes(5), evaluationPeriods: 3, datapointsToAlarm: 2 },
  /**
   * Failed sends in each of 3 hours running. The re-send tries a failed e-mail again after 0,
   * 1, 2, 4 ... minutes (up to 6 hours), so one blip is over within the hour; an e-mail still
   * failing in the third hour has failed about 9 times.
   */
  failedSends: { period: Duration.hours(1), evaluationPeriods: 3, datapointsToAlarm: 3 },
  /** An e-mail given up on after its last attempt: a person must follow up now. */
  abandonedSends: { period: Duration.minutes(5), evaluationPeriods: 1, datapointsToAlarm: 1 },
  /**
   * E-mails waiting for the sender identity in each of 16 six-hour windows: 4 days. Verifying
   * DKIM may take 72 hours; a wait longer than that is a record or identity to fix. (Within
   * CloudWatch's 7 days of evaluation for periods of an hour or more.)
   */
  awaitingSender: { period: Duration.hours(6), evaluationPeriods: 16, datapointsToAlarm: 16 },
  /** SES's own reputation of the account, its highest value in an hour. */
  sesReputation: { period: Duration.hours(1), evaluationPeriods: 1, datapointsToAlarm: 1 },
} as const satisfies Record<string, AlarmWindow>;

/**
 * The functions whose work is retried for them, by the handler name the stack gives them, and
 * how: their errors alarm only when they stay failing. Any other function answers a visitor.
 */
export const RETRIED_FUNCTIONS = {
  resend:
    'the schedule runs it every 5 minutes, Lambda retries a failed run twice, then its ' +
    'dead-letter queue alarms (ResendDeadLetters).',
  'delivery-events':
    'EventBridge and Lambda retry each SES event, then its dead-letter queue alarms ' +
    '(DeliveryEventsDeadLetters).',
  'visitor-brake':
    'the schedule runs it every 5 minutes and Lambda retries a failed run twice; while it ' +
    'fails, the brake can neither pause nor resume visitor mail.',
  'lead-event-delivery':
    "each event stays in its destination’s queue and is read again, up to DELIVERY_RETRY's " +
    'attempts, then its dead-letter queue alarms (<destination> DeadLetters).',
} as const;
export type RetriedFunction = keyof typeof RETRIED_FUNCTIONS;

/**
 * The account rates at which SES reviews an account (Amazon SES Developer Guide, reputation
 * metrics messages, https://docs.aws.amazon.com/ses/latest/dg/reputationdashboardmessages.html);
 * it may pause sending at 10 % and 0.5 % (AWS re:Post,
 * https://repost.aws/knowledge-center/ses-resolve-account-review-pause).
 */
export const SES_REVIEW_RATES = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/** Where the account alarms warn: half of SES's review rates (decision 087). */
export const SES_ACCOUNT_WARNING = {
  bounceRate: SES_REVIEW_RATES.bounceRate / 2,
  complaintRate: SES_REVIEW_RATES.complaintRate / 2,
} as const;

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
    denyGrantsButForAwsServices(key);
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

    // A function behind the API answers a visitor now: its failure may be a lost lead, and
    // nothing retries it for them, so one error alarms. A function whose work is retried (a
    // schedule, EventBridge, Lambda's own retries, a dead-letter queue that alarms) alarms only
    // when it stays failing (decision 087).
    for (const [handler, fn] of props.functions) {
      const id = pascal(handler);
      const retried = Object.hasOwn(RETRIED_FUNCTIONS, handler)
        ? RETRIED_FUNCTIONS[handler as RetriedFunction]
        : undefined;
      const window = retried ? ALARM_WINDOWS.retriedFunction : ALARM_WINDOWS.visitorFunction;
      const metricOptions = { period: window.period, statistic: 'Sum' };
      this.add(
        `${id}Errors`,
        fn.metricErrors(metricOptions),
        retried
          ? `The ${handler} function failed in ${stays(window)}; ${retried} Look: its log ` +
              'group (the error and its cause). Fix that cause; a failed run is retried, ' +
              'then kept in its dead-letter queue if it has one.'
          : `The ${handler} function failed (an error or timeout): its caller was answered ` +
              '5xx; on a form, the browser check or a report link, a lead may be lost. Look: ' +
              'its log group and alarm Api5xx. Fix the cause; the visitor was told to try again.',
        window,
      );
      this.add(
        `${id}Throttles`,
        fn.metricThrottles(metricOptions),
        retried
          ? `The ${handler} function was throttled in ${stays(window)}: Lambda keeps its ` +
              'events for up to 6 hours. Look: the account’s concurrent executions. Fix: ' +
              'raise the quota or find what uses it.'
          : `The ${handler} function was throttled: a visitor's request was refused. Look: ` +
              'the account’s concurrent executions (the browser check’s cap). Fix: raise the ' +
              'quota or find what uses it.',
        window,
      );
    }
    this.add(
      'Api5xx',
      props.api.metricServerError({
        period: ALARM_WINDOWS.api5xx.period,
        statistic: 'Sum',
      }),
      'The API answered 5xx: a form, the browser check or a report link failed for a visitor ' +
        '(a lead may be lost), or health answered 503 (a dependency down, the sender not ' +
        'verified). Look: the API access log (routeKey, status), then that function’s log ' +
        'group. Fix that function or dependency.',
      ALARM_WINDOWS.api5xx,
    );
    // The SDK retries a throttled request; a throttle that lasts fails writes. DynamoDB
    // publishes ThrottledRequests only when a request was throttled, per operation, so each
    // term is FILLed: without it the sum is missing whenever one operation was not throttled.
    const tableWindow = ALARM_WINDOWS.tableThrottles;
    const operations = [Operation.GET_ITEM, Operation.PUT_ITEM, Operation.UPDATE_ITEM];
    const throttled = Object.fromEntries(
      operations.map((operation) => [
        operation.toLowerCase(),
        new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: 'ThrottledRequests',
          dimensionsMap: { TableName: props.table.tableName, Operation: operation },
          statistic: 'Sum',
          period: tableWindow.period,
        }),
      ]),
    );
    this.add(
      'TableThrottles',
      new MathExpression({
        expression: fillSum(Object.keys(throttled)),
        usingMetrics: throttled,
        label: 'Throttled GetItem, PutItem and UpdateItem requests',
        period: tableWindow.period,
      }),
      `DynamoDB throttled lead or rate-limit requests in ${stays(tableWindow)} (the SDK ` +
        'retries one; this lasted). Look: the table’s ThrottledRequests by Operation, and the ' +
        'account’s on-demand table quotas. Fix: raise the quota, or find the flood.',
      tableWindow,
    );

    // E-mails: a failed send is retried by the re-send with a backoff, so it alarms only
    // when it stays failing; an abandoned one needs a person at once; a wait for a verifying
    // sender identity uses no attempt and is normal for up to 72 hours (decisions 033, 087).
    const failed = ALARM_WINDOWS.failedSends;
    this.add(
      'FailedSends',
      leadMetricTotal('EmailFailed', props.leadForms, {
        label: 'E-mails that failed and will be re-sent',
        period: failed.period,
      }),
      `E-mails of leads kept failing in ${stays(failed)}: the re-send retries them, and they ` +
        'still fail (an SES outage, the functions’ sending rights, a sales set or address ' +
        'SES refuses; in the SES sandbox, every confirmation to an unverified visitor). Look: ' +
        'the Resend function’s error log ("e-mail failed"), alarm SesSendingPaused. Fix the ' +
        'cause; leads are kept and re-sent.',
      failed,
    );
    const abandoned = ALARM_WINDOWS.abandonedSends;
    this.add(
      'AbandonedSends',
      leadMetricTotal('EmailAbandoned', props.leadForms, {
        label: 'E-mails given up on after their last attempt',
        period: abandoned.period,
        idPrefix: 'a',
      }),
      'An e-mail of a lead was given up on after its last attempt (about 26.5 hours): a ' +
        'person must follow up. Look: the Resend function’s log ("abandoned"), the lead ' +
        '(leads:export). Fix the cause, then npm run leads:resend -- <env> --requeue.',
      abandoned,
    );
    const waiting = ALARM_WINDOWS.awaitingSender;
    this.add(
      'AwaitingSender',
      leadMetricTotal('EmailAwaitingSender', props.leadForms, {
        label: 'E-mails waiting for the sender identity to verify',
        period: waiting.period,
        idPrefix: 'w',
      }),
      `E-mails have waited for the sender identity in ${stays(waiting)}: SES refuses it as ` +
        'not verified (DKIM takes up to 72 hours; this is longer). Look: `aws sesv2 ' +
        'get-email-identity` of the SenderIdentity or VisitorSenderIdentity output ' +
        '(DkimAttributes.Status), the DKIM CNAMEs in DNS. Fix the records (FAILED: start ' +
        'verification over); waiting e-mails go out within 5 minutes of it.',
      waiting,
    );
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
      { ...ALARM_WINDOWS.atOnce, period: Duration.hours(1), threshold: bounceRate },
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
      { ...ALARM_WINDOWS.atOnce, period: Duration.hours(1), threshold: complaintRate },
      brake,
    );

    // SES reviews an account at a 5 % bounce or 0.1 % complaint rate and may pause it at 10 % /
    // 0.5 %: warn at half the review rate, while there is time to act (decision 087).
    const { bounceRate: accountBounce, complaintRate: accountComplaint } = SES_ACCOUNT_WARNING;
    this.add(
      'SesBounceRate',
      new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.BounceRate',
        statistic: 'Maximum',
        period: ALARM_WINDOWS.sesReputation.period,
      }),
      `The account's SES bounce rate reached ${percent(accountBounce)}, half the rate at which ` +
        `SES reviews an account (${percent(SES_REVIEW_RATES.bounceRate)}). Look: the SES ` +
        'console’s reputation page, EmailBounced by Stream on the dashboard, the visitor ' +
        'brake (npm run brake -- status). Fix what sends to bad addresses before SES reviews.',
      { ...ALARM_WINDOWS.sesReputation, threshold: accountBounce },
    );
    this.add(
      'SesComplaintRate',
      new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.ComplaintRate',
        statistic: 'Maximum',
        period: ALARM_WINDOWS.sesReputation.period,
      }),
      `The account's SES complaint rate reached ${percent(accountComplaint)}, half the rate at ` +
        `which SES reviews an account (${percent(SES_REVIEW_RATES.complaintRate)}). Look: the ` +
        'SES console’s reputation page, EmailComplained by Stream on the dashboard. Fix what ' +
        'mails people who did not ask for it before SES reviews.',
      { ...ALARM_WINDOWS.sesReputation, threshold: accountComplaint },
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
    window: AlarmWindow = ALARM_WINDOWS.atOnce,
    brake?: LambdaAction,
  ): void {
    const alarm = this.alarm(this, id, metric, window, description);
    if (brake) {
      alarm.addAlarmAction(brake);
      alarm.addOkAction(brake);
      alarm.addInsufficientDataAction(brake);
    }
  }

  /**
   * An alarm of decision 087's kind, in `scope`, on the topic: at or above the window's
   * threshold (1 unless it names one) in `datapointsToAlarm` of `evaluationPeriods` windows;
   * no data is nothing counted (no error, no failure, no traffic), never a breach. The one
   * builder of the stack's alarms, whatever construct owns the metric.
   */
  alarm(
    scope: Construct,
    id: string,
    metric: IMetric,
    window: Pick<AlarmWindow, 'evaluationPeriods' | 'datapointsToAlarm' | 'threshold'>,
    description: string,
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      threshold: window.threshold ?? 1,
      evaluationPeriods: window.evaluationPeriods,
      datapointsToAlarm: window.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    this.notify(alarm);
    return alarm;
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

/** "each of 4 five-minute windows running", "2 of 3 five-minute windows": for descriptions. */
export function stays(window: AlarmWindow): string {
  const minutes = window.period.toMinutes();
  const unit =
    minutes % 60 === 0
      ? `${minutes / 60 === 1 ? 'one' : minutes / 60}-hour`
      : `${minutes}-minute`.replace(/^5-/, 'five-').replace(/^15-/, 'fifteen-');
  const of = window.evaluationPeriods;
  return window.datapointsToAlarm === of
    ? `each of ${of} ${unit} windows running`
    : `${window.datapointsToAlarm} of ${of} ${unit} windows`;
}
