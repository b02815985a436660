import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  ListMetricsCommand,
} from '@aws-sdk/client-cloudwatch';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkAlarmTopic,
  checkBrakeMetrics,
  checkReputationMetric,
  watchedMetrics,
} from './alarm-checks.ts';
import {
  BOUNCE_ALARM,
  brakeAlarm,
  COMPLAINT_ALARM,
  listedMetric,
  REGION,
  stackFacts,
  TOPIC_ARN,
  VISITOR_SET,
} from './aws-fixtures.ts';

/*
 * Response shapes: DescribeAlarms (MetricAlarms[], MetricAlarm.Metrics[] of MetricDataQuery),
 * ListMetrics (Metrics[] with Dimensions, NextToken) and ListSubscriptionsByTopic
 * (Subscriptions[], NextToken), as cited in alarm-checks.ts.
 */
const cloudwatch = mockClient(CloudWatchClient);
const sns = mockClient(SNSClient);
const cw = new CloudWatchClient({ region: REGION });
const snsClient = new SNSClient({ region: REGION });
beforeEach(() => {
  cloudwatch.reset();
  sns.reset();
  cloudwatch.on(DescribeAlarmsCommand).resolves({
    MetricAlarms: [
      brakeAlarm(BOUNCE_ALARM, 'EmailBounced'),
      brakeAlarm(COMPLAINT_ALARM, 'EmailComplained'),
    ],
  });
});

const VISITOR = { service: 'kryon-leads', Stream: 'visitor' };
const SALES = { service: 'kryon-leads', Stream: 'sales' };
/** ListMetrics answers each metric name with these dimension sets. */
function publish(byName: Record<string, Record<string, string>[]>) {
  cloudwatch
    .on(ListMetricsCommand)
    .callsFake((input: { Namespace: string; MetricName: string }) => ({
      Metrics: (byName[input.MetricName] ?? []).map((d) =>
        listedMetric(input.Namespace, input.MetricName, d),
      ),
    }));
}

describe('watchedMetrics', () => {
  it('reads the MetricStat of each query of a metric-math alarm, not its expressions', () => {
    const metrics = watchedMetrics(brakeAlarm(COMPLAINT_ALARM, 'EmailComplained'));
    expect(metrics.map((m) => m.metricName)).toEqual([
      'EmailDelivered',
      'EmailBounced',
      'EmailSoftBounced',
      'EmailRejectedBySes',
      'EmailComplained',
    ]);
    expect(metrics[0]?.dimensions).toEqual(VISITOR);
  });

  it("reads a single-metric alarm's own metric", () => {
    expect(
      watchedMetrics({
        AlarmName: 'SesBounceRate',
        Namespace: 'AWS/SES',
        MetricName: 'Reputation.BounceRate',
        Dimensions: [],
      }),
    ).toEqual([{ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', dimensions: {} }]);
  });
});

describe('checkBrakeMetrics', () => {
  it("passes when the metrics exist under exactly the alarms' dimensions, beside the sales stream", async () => {
    publish({
      EmailDelivered: [SALES, VISITOR],
      EmailBounced: [SALES, VISITOR],
      EmailComplained: [SALES],
    });

    const results = await checkBrakeMetrics(cw, stackFacts());

    expect(results.map((r) => [r.name, r.status])).toEqual([
      [`brake alarm metrics: ${BOUNCE_ALARM}`, 'ok'],
      [`brake alarm metrics: ${COMPLAINT_ALARM}`, 'ok'],
    ]);
    expect(results[1]?.detail).toContain(
      'no data yet: EmailSoftBounced, EmailRejectedBySes, EmailComplained',
    );
    expect(cloudwatch.commandCalls(DescribeAlarmsCommand)[0]?.args[0].input).toEqual({
      AlarmNames: [BOUNCE_ALARM, COMPLAINT_ALARM],
    });
    // Each metric is listed once for both alarms.
    expect(cloudwatch.commandCalls(ListMetricsCommand)).toHaveLength(5);
  });

  it('fails when a metric is published under another dimension set, and says which', async () => {
    publish({
      EmailDelivered: [{ service: 'kryon-leads', Stream: 'visitor', form: 'download' }],
      EmailBounced: [{ Stream: 'visitor' }],
    });

    const [bounce] = await checkBrakeMetrics(cw, stackFacts());

    expect(bounce?.status).toBe('fail');
    expect(bounce?.detail).toContain(
      'Kryon/Leads EmailDelivered {service=kryon-leads, Stream=visitor} is published only as {service=kryon-leads, Stream=visitor, form=download}',
    );
    expect(bounce?.detail).toContain(
      'EmailBounced {service=kryon-leads, Stream=visitor} is published only as {Stream=visitor}',
    );
  });

  it('fails a dimension whose name differs by its case', async () => {
    publish({ EmailDelivered: [{ service: 'kryon-leads', stream: 'visitor' }] });
    const [bounce] = await checkBrakeMetrics(cw, stackFacts());
    expect(bounce?.status).toBe('fail');
    expect(bounce?.detail).toContain('{service=kryon-leads, stream=visitor}');
  });

  it('warns, not fails, when nothing was published at all (a young stack)', async () => {
    publish({});
    const results = await checkBrakeMetrics(cw, stackFacts());
    expect(results.map((r) => r.status)).toEqual(['warn', 'warn']);
    expect(results[0]?.detail).toContain('has data in the last two weeks');
  });

  it('warns when only the sales stream has sent: the visitor series is another series, not a wrong one', async () => {
    publish({ EmailDelivered: [SALES], EmailBounced: [SALES] });
    const results = await checkBrakeMetrics(cw, stackFacts());
    expect(results.map((r) => r.status)).toEqual(['warn', 'warn']);
  });

  it('pages through ListMetrics', async () => {
    cloudwatch
      .on(ListMetricsCommand)
      .resolves({ Metrics: [] })
      .on(ListMetricsCommand, { MetricName: 'EmailDelivered', NextToken: undefined })
      .resolves({
        Metrics: [listedMetric('Kryon/Leads', 'EmailDelivered', SALES)],
        NextToken: 'page-2',
      })
      .on(ListMetricsCommand, { MetricName: 'EmailDelivered', NextToken: 'page-2' })
      .resolves({ Metrics: [listedMetric('Kryon/Leads', 'EmailDelivered', VISITOR)] });

    const [bounce] = await checkBrakeMetrics(cw, stackFacts());

    expect(bounce?.status).toBe('ok');
  });

  it('fails a stack without its brake alarms', async () => {
    const [result] = await checkBrakeMetrics(cw, stackFacts({ resources: [] }));
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('0 of the 2 brake alarms');
  });
});

describe('checkReputationMetric', () => {
  it('passes the per-set metric under ses:configuration-set', async () => {
    publish({ 'Reputation.BounceRate': [{}, { 'ses:configuration-set': VISITOR_SET }] });
    const [result] = await checkReputationMetric(cw, stackFacts());
    expect(result?.status).toBe('ok');
  });

  it('warns while only the account-level rate exists', async () => {
    publish({ 'Reputation.BounceRate': [{}] });
    const [result] = await checkReputationMetric(cw, stackFacts());
    expect(result?.status).toBe('warn');
  });

  it('fails when SES names the set under another dimension', async () => {
    publish({ 'Reputation.BounceRate': [{}, { ConfigurationSet: VISITOR_SET }] });
    const [result] = await checkReputationMetric(cw, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain(`published only as {ConfigurationSet=${VISITOR_SET}}`);
  });
});

describe('checkAlarmTopic', () => {
  const subscription = (arn: string, endpoint: string) => ({
    SubscriptionArn: arn,
    Owner: '123456789012',
    Protocol: 'email',
    Endpoint: endpoint,
    TopicArn: TOPIC_ARN,
  });

  it('passes confirmed subscriptions across pages', async () => {
    sns
      .on(ListSubscriptionsByTopicCommand, { TopicArn: TOPIC_ARN, NextToken: undefined })
      .resolves({
        Subscriptions: [subscription(`${TOPIC_ARN}:a1b2`, 'ops@kryon.example')],
        NextToken: 'next',
      })
      .on(ListSubscriptionsByTopicCommand, { TopicArn: TOPIC_ARN, NextToken: 'next' })
      .resolves({ Subscriptions: [subscription(`${TOPIC_ARN}:c3d4`, 'cto@kryon.example')] });

    const [result] = await checkAlarmTopic(snsClient, stackFacts());

    expect(result?.status).toBe('ok');
    expect(result?.detail).toContain('2 confirmed');
  });

  it('fails a subscription PendingConfirmation, naming its address', async () => {
    sns.on(ListSubscriptionsByTopicCommand).resolves({
      Subscriptions: [
        subscription(`${TOPIC_ARN}:a1b2`, 'ops@kryon.example'),
        subscription('PendingConfirmation', 'cto@kryon.example'),
      ],
    });

    const [result] = await checkAlarmTopic(snsClient, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('email cto@kryon.example not confirmed');
    expect(result?.fix).toContain('Confirm subscription');
  });

  it('fails a topic nobody subscribes to', async () => {
    sns.on(ListSubscriptionsByTopicCommand).resolves({ Subscriptions: [] });
    const [result] = await checkAlarmTopic(snsClient, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('no subscription');
  });
});
