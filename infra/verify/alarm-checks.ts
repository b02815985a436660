import {
  type CloudWatchClient,
  DescribeAlarmsCommand,
  type Dimension,
  ListMetricsCommand,
  type MetricAlarm,
} from '@aws-sdk/client-cloudwatch';
import { ListSubscriptionsByTopicCommand, type SNSClient } from '@aws-sdk/client-sns';
import { type CheckResult, fail, guarded, ok, warn } from './check.ts';
import { resourcesOf, type StackFacts } from './stack-facts.ts';

/** The brake alarms' logical IDs start with their construct paths (operations-alarms.ts). */
export const BRAKE_ALARM_LOGICAL_PREFIXES = [
  'AlarmsVisitorBounceBrake',
  'AlarmsVisitorComplaintBrake',
] as const;

/** One metric as an alarm addresses it: CloudWatch finds it only by all of its dimensions. */
export interface WatchedMetric {
  namespace: string;
  metricName: string;
  dimensions: Record<string, string>;
}

/** What ListMetrics says of one watched metric. */
export type MetricPresence =
  | { state: 'published' }
  /** Published under another dimension set that names our values: the alarm reads nothing. */
  | { state: 'elsewhere'; under: Record<string, string>[] }
  /** Not published in the last two weeks under any dimension set of ours. */
  | { state: 'absent' };

/**
 * The metrics an alarm reads: its own Namespace / MetricName / Dimensions, or for a
 * metric-math alarm each Metrics[].MetricStat.Metric (the expressions read only those).
 * MetricAlarm: https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_MetricAlarm.html
 * MetricDataQuery (Id, MetricStat, Expression, ReturnData):
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_MetricDataQuery.html
 */
export function watchedMetrics(alarm: MetricAlarm): WatchedMetric[] {
  if (alarm.Namespace && alarm.MetricName) {
    return [
      {
        namespace: alarm.Namespace,
        metricName: alarm.MetricName,
        dimensions: dims(alarm.Dimensions),
      },
    ];
  }
  return (alarm.Metrics ?? []).flatMap((query) => {
    const metric = query.MetricStat?.Metric;
    return metric?.Namespace && metric.MetricName
      ? [
          {
            namespace: metric.Namespace,
            metricName: metric.MetricName,
            dimensions: dims(metric.Dimensions),
          },
        ]
      : [];
  });
}

/**
 * Whether a metric is published under exactly the dimensions an alarm names. ListMetrics
 * returns Metrics[] with Namespace, MetricName and Dimensions, 500 a page with NextToken, and
 * "doesn't return information about metrics if those metrics haven't reported data in the
 * past two weeks"; its dimension filter also returns metrics that have more dimensions, so
 * the comparison here is on the whole set:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_ListMetrics.html
 * A series of the same metric "names our values" when it carries every value the alarm names
 * (a renamed or added dimension), or is a non-empty part of the alarm's dimensions (one
 * dropped); a series of other values (Stream=sales beside Stream=visitor) is another series.
 */
export async function metricPresence(
  cloudwatch: CloudWatchClient,
  metric: WatchedMetric,
): Promise<MetricPresence> {
  const series: Record<string, string>[] = [];
  let nextToken: string | undefined;
  do {
    const page = await cloudwatch.send(
      new ListMetricsCommand({
        Namespace: metric.namespace,
        MetricName: metric.metricName,
        NextToken: nextToken,
      }),
    );
    for (const found of page.Metrics ?? []) series.push(dims(found.Dimensions));
    nextToken = page.NextToken;
  } while (nextToken);
  const watched = Object.entries(metric.dimensions);
  const same = (found: Record<string, string>) =>
    Object.keys(found).length === watched.length &&
    watched.every(([name, value]) => found[name] === value);
  if (series.some(same)) return { state: 'published' };
  const values = Object.values(metric.dimensions);
  const ours = series.filter((found) => {
    const pairs = Object.entries(found);
    const carriesOurValues =
      values.length > 0 && values.every((v) => Object.values(found).includes(v));
    const partOfOurs =
      pairs.length > 0 && pairs.every(([name, value]) => metric.dimensions[name] === value);
    return carriesOurValues || partOfOurs;
  });
  return ours.length > 0 ? { state: 'elsewhere', under: ours } : { state: 'absent' };
}

/**
 * The brake alarms read metrics that exist under the dimensions they name (decision 075:
 * Kryon/Leads, `service` and `Stream=visitor`); a dimension wrong by a letter leaves the
 * alarm at INSUFFICIENT_DATA, treated as not breaching: no brake, and nothing says so.
 * DescribeAlarms(AlarmNames) returns MetricAlarms[]:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_DescribeAlarms.html
 */
export async function checkBrakeMetrics(
  cloudwatch: CloudWatchClient,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const alarmNames = BRAKE_ALARM_LOGICAL_PREFIXES.map(
    (prefix) => resourcesOf(facts, 'AWS::CloudWatch::Alarm', prefix)[0]?.physicalId,
  );
  const found = alarmNames.filter((alarm): alarm is string => Boolean(alarm));
  if (found.length < BRAKE_ALARM_LOGICAL_PREFIXES.length) {
    return [
      fail(
        'brake alarms: metrics published',
        `the stack has ${found.length} of the ${BRAKE_ALARM_LOGICAL_PREFIXES.length} brake alarms`,
        'The deployed stack is older than this verify: deploy the environment again.',
      ),
    ];
  }
  return guarded(
    'brake alarms: metrics published',
    'The verify role needs cloudwatch:DescribeAlarms.',
    async () => {
      const { MetricAlarms: alarms = [] } = await cloudwatch.send(
        new DescribeAlarmsCommand({ AlarmNames: found }),
      );
      // The two alarms share most of their metrics: ask once for each.
      const presence = new Map<string, Promise<MetricPresence>>();
      const presenceOf = (metric: WatchedMetric) => {
        const key = JSON.stringify(metric);
        if (!presence.has(key)) presence.set(key, metricPresence(cloudwatch, metric));
        return presence.get(key) as Promise<MetricPresence>;
      };
      return Promise.all(
        found.map(async (alarmName) => {
          const name = `brake alarm metrics: ${alarmName}`;
          const alarm = alarms.find((a) => a.AlarmName === alarmName);
          if (!alarm)
            return fail(
              name,
              `CloudWatch has no alarm ${alarmName}`,
              'Deploy the environment again.',
            );
          const metrics = watchedMetrics(alarm);
          if (metrics.length === 0)
            return fail(name, `${alarmName} reads no metric`, 'Deploy the environment again.');
          return metricVerdict(name, metrics, await Promise.all(metrics.map(presenceOf)));
        }),
      );
    },
  );
}

/**
 * The visitor set's own reputation metric, which the dashboard graphs beside the brake
 * (`AWS/SES` `Reputation.BounceRate`, dimension `ses:configuration-set`, decisions 055, 060:
 * "Dimension name not confirmed"): published once the set has sent enough mail.
 * Reputation metrics per set when ReputationMetricsEnabled is true:
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_ReputationOptions.html
 */
export async function checkReputationMetric(
  cloudwatch: CloudWatchClient,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'SES reputation metric of the visitor set';
  const set = facts.outputs.VisitorConfigurationSet;
  if (!set)
    return [
      fail(
        name,
        'the stack has no VisitorConfigurationSet output',
        'Deploy the environment again.',
      ),
    ];
  return guarded(name, 'The verify role needs cloudwatch:ListMetrics.', async () => {
    const metric: WatchedMetric = {
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      dimensions: { 'ses:configuration-set': set },
    };
    return metricVerdict(name, [metric], [await metricPresence(cloudwatch, metric)]);
  });
}

/**
 * The alarm topic reaches someone: at least one subscription, none waiting for its
 * confirmation. ListSubscriptionsByTopic returns Subscriptions[] (SubscriptionArn, Protocol,
 * Endpoint), 100 a page with NextToken:
 * https://docs.aws.amazon.com/sns/latest/api/API_ListSubscriptionsByTopic.html
 * A subscription's ARN is the string "pending confirmation" until it is confirmed (Subscribe,
 * SubscriptionArn; listed as `PendingConfirmation`): anything but an ARN is not confirmed.
 * https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html
 */
export async function checkAlarmTopic(sns: SNSClient, facts: StackFacts): Promise<CheckResult[]> {
  const name = 'alarm topic subscriptions';
  const topicArn = facts.outputs.AlarmTopicArn;
  if (!topicArn)
    return [fail(name, 'the stack has no AlarmTopicArn output', 'Deploy the environment again.')];
  return guarded(name, 'The verify role needs sns:ListSubscriptionsByTopic.', async () => {
    const subscriptions: { arn: string; endpoint: string; protocol: string }[] = [];
    let nextToken: string | undefined;
    do {
      const page = await sns.send(
        new ListSubscriptionsByTopicCommand({ TopicArn: topicArn, NextToken: nextToken }),
      );
      for (const s of page.Subscriptions ?? []) {
        subscriptions.push({
          arn: s.SubscriptionArn ?? '',
          endpoint: s.Endpoint ?? '?',
          protocol: s.Protocol ?? '?',
        });
      }
      nextToken = page.NextToken;
    } while (nextToken);
    const pending = subscriptions.filter((s) => !s.arn.startsWith('arn:'));
    const confirmed = subscriptions.filter((s) => s.arn.startsWith('arn:'));
    if (subscriptions.length === 0) {
      return fail(
        name,
        `${topicArn} has no subscription: every alarm notifies nobody`,
        'Set alarmEmails in the environment file and deploy, or subscribe to the topic ' +
          `(\`aws sns subscribe --topic-arn ${topicArn} --protocol email --notification-endpoint <address>\`).`,
      );
    }
    if (pending.length > 0) {
      return fail(
        name,
        `${pending.map((s) => `${s.protocol} ${s.endpoint}`).join(', ')} not confirmed ` +
          `(${confirmed.length} confirmed)`,
        'Each address got an e-mail from AWS Notifications: open its "Confirm subscription" ' +
          'link (it expires after 3 days; after that, delete the subscription and deploy again).',
      );
    }
    return ok(
      name,
      `${confirmed.length} confirmed: ${confirmed.map((s) => `${s.protocol} ${s.endpoint}`).join(', ')}`,
    );
  });
}

function metricVerdict(
  name: string,
  metrics: WatchedMetric[],
  presences: MetricPresence[],
): CheckResult {
  const label = (m: WatchedMetric) => `${m.namespace} ${m.metricName} ${showDims(m.dimensions)}`;
  const elsewhere = metrics.flatMap((metric, i) => {
    const p = presences[i];
    return p?.state === 'elsewhere'
      ? [`${label(metric)} is published only as ${p.under.map(showDims).join(' / ')}`]
      : [];
  });
  const published = metrics.filter((_, i) => presences[i]?.state === 'published');
  const absent = metrics.filter((_, i) => presences[i]?.state === 'absent');
  if (elsewhere.length > 0) {
    return fail(
      name,
      elsewhere.join('; '),
      'The alarm names dimensions under which nothing is published, so it never leaves ' +
        'INSUFFICIENT_DATA (treated as not breaching). Make the alarm (infra/lib/lead-metrics.ts) ' +
        'and the code that writes the metric agree on the dimensions, and deploy.',
    );
  }
  if (published.length === 0) {
    return warn(
      name,
      `none of ${metrics.map((m) => m.metricName).join(', ')} has data in the last two weeks ` +
        `(${showDims(metrics[0]?.dimensions ?? {})})`,
      'Nothing was sent through this stream yet (a young stack), so the dimensions cannot be ' +
        'confirmed. Run verify again after mail has gone out (the mail loop sends some).',
    );
  }
  return ok(
    name,
    `published as ${showDims(published[0]?.dimensions ?? {})}: ${published.map((m) => m.metricName).join(', ')}` +
      (absent.length > 0 ? `; no data yet: ${absent.map((m) => m.metricName).join(', ')}` : ''),
  );
}

function dims(dimensions: Dimension[] | undefined): Record<string, string> {
  return Object.fromEntries((dimensions ?? []).map((d) => [d.Name ?? '', d.Value ?? '']));
}

function showDims(dimensions: Record<string, string>): string {
  const pairs = Object.entries(dimensions).map(([name, value]) => `${name}=${value}`);
  return pairs.length > 0 ? `{${pairs.join(', ')}}` : '{no dimensions}';
}
