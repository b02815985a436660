import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { pascal } from './forms-api.ts';

export interface OperationsAlarmsProps {
  alarmEmails: readonly string[];
  functions: ReadonlyMap<string, IFunction>;
  /** Log groups of the lead-form functions, where a failed sales e-mail is logged. */
  formLogGroups: ReadonlyMap<string, ILogGroup>;
  api: HttpApi;
  table: ITableV2;
}

export const METRIC_NAMESPACE = 'Kryon/Leads';
export const FAILED_SEND_METRIC = 'SalesEmailFailed';
/**
 * What submit-lead.ts logs when SES refuses the sales e-mail (the lead is kept for
 * re-sending). Until the functions publish a metric of their own, the log line is the signal.
 */
export const FAILED_SEND_LOG_MESSAGE = 'sales e-mail failed*';

/**
 * Everything that needs a human goes to one encrypted SNS topic: function errors and
 * throttles, API 5xx, table throttles, failed sales e-mails, SES reputation.
 */
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
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Kryon website alarms',
      masterKey: key,
      enforceSSL: true,
    });
    for (const email of props.alarmEmails) {
      this.topic.addSubscription(new EmailSubscription(email));
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

    const failedSends = new Metric({
      namespace: METRIC_NAMESPACE,
      metricName: FAILED_SEND_METRIC,
      ...fiveMinutes,
    });
    for (const [handler, logGroup] of props.formLogGroups) {
      new MetricFilter(this, `${pascal(handler)}FailedSends`, {
        logGroup,
        metricNamespace: METRIC_NAMESPACE,
        metricName: FAILED_SEND_METRIC,
        filterPattern: FilterPattern.stringValue('$.message', '=', FAILED_SEND_LOG_MESSAGE),
        metricValue: '1',
        defaultValue: 0,
      });
    }
    if (props.formLogGroups.size > 0) {
      this.add(
        'FailedSends',
        failedSends,
        'SES refused a sales notification; the lead is stored and marked for re-sending.',
      );
    }

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

  private add(id: string, metric: IMetric, description: string, threshold = 1): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
