import { rmSync } from 'node:fs';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { SES_DELIVERY_DETAIL_TYPES } from '../lib/delivery-events.ts';
import { POWERTOOLS_SERVICE_NAME } from '../lib/lead-function.ts';
import { evaluate } from './metric-math.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, synth } from './synth.ts';

/*
 * SES delivery events and the visitor stream's brake (docs/decisions/060). The AWS pages the
 * expectations below follow:
 * - SES publishes to an EventBridge destination on the default bus only ("Only the default
 *   bus is supported"):
 *   https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_EventBridgeDestination.html
 * - The detail-types SES sends to EventBridge ("Email Delivered", "Email Bounced", "Email
 *   Complaint Received", "Email Rejected", "Email Delivery Delayed", ...), source aws.ses:
 *   https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-ses.html
 * - Event types of a configuration set's destination (BOUNCE, COMPLAINT, DELIVERY, REJECT,
 *   DELIVERY_DELAY, ...): https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_EventDestination.html
 * - A Lambda alarm action needs a resource policy for the principal
 *   lambda.alarms.cloudwatch.amazonaws.com, with the alarm as source ARN:
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarms-and-actions-Lambda.html
 * - Reputation metrics per configuration set when the set enables them:
 *   https://docs.aws.amazon.com/ses/latest/APIReference/API_UpdateConfigurationSetReputationMetricsEnabled.html
 */

const siteDir = writeSiteFixture();
const { app, stack, template, outdir } = synth({ siteDir });
// The brake's rates from the environment.
const custom = synth({
  siteDir,
  environment: { visitorBrake: { bounceRate: 0.02, complaintRate: 0.0005 } },
});
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
  rmSync(custom.outdir, { recursive: true, force: true });
});

const idOf = (resource: CfnResource) => logicalId(resource);
const salesSetId = () => idOf(stack.email.salesConfigurationSet.node.defaultChild as CfnResource);
const visitorSetId = () =>
  idOf(stack.email.visitorConfigurationSet.node.defaultChild as CfnResource);
const fnId = (fn: { node: { defaultChild?: unknown } }) =>
  idOf(fn.node.defaultChild as CfnFunction);
const queueId = () => idOf(stack.deliveryEvents.deadLetterQueue.node.defaultChild as CfnResource);
const topicRef = () => ({ Ref: idOf(stack.alarms.topic.node.defaultChild as CfnResource) });

type Props = Record<string, unknown>;
const alarms = (t = template) =>
  Object.entries(resourcesOf(t, 'AWS::CloudWatch::Alarm')).map(([id, alarm]) => ({
    id,
    props: (alarm.Properties ?? {}) as Props,
  }));
const alarmStartingWith = (description: string, t = template) => {
  const found = alarms(t).filter((a) => String(a.props.AlarmDescription).startsWith(description));
  expect(found, description).toHaveLength(1);
  return found[0] as { id: string; props: Props };
};

/** Every statement of the policies attached to one role. */
function statementsOfRole(role: CfnResource): Record<string, unknown>[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${idOf(role)}"`))
    .flatMap(
      (policy) =>
        (policy.Properties?.PolicyDocument as { Statement?: Record<string, unknown>[] } | undefined)
          ?.Statement ?? [],
    );
}

describe('SES event destinations', () => {
  const destinations = () =>
    Object.values(resourcesOf(template, 'AWS::SES::ConfigurationSetEventDestination'));

  it('publish exactly the delivery outcomes of both sets to the default event bus', () => {
    expect(destinations()).toHaveLength(2);
    const sets = destinations().map((d) => d.Properties?.ConfigurationSetName);
    expect(sets).toEqual(expect.arrayContaining([{ Ref: salesSetId() }, { Ref: visitorSetId() }]));
    for (const destination of destinations()) {
      const config = destination.Properties?.EventDestination as Props;
      expect(config.Enabled).toBe(true);
      expect([...(config.MatchingEventTypes as string[])].sort()).toEqual(
        ['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject'].sort(),
      );
      // The one bus SES publishes to: the account's default, in the stack's region.
      expect(JSON.stringify(config.EventBridgeDestination)).toContain(':event-bus/default"');
      expect(config.SnsDestination).toBeUndefined();
      expect(config.CloudWatchDestination).toBeUndefined();
    }
  });
});

describe('delivery-events rule', () => {
  const rules = () =>
    Object.entries(resourcesOf(template, 'AWS::Events::Rule')).filter(([, rule]) =>
      JSON.stringify(rule.Properties?.EventPattern ?? {}).includes('aws.ses'),
    );

  it('takes only SES delivery events of our two configuration sets from the default bus', () => {
    expect(rules()).toHaveLength(1);
    const [, rule] = rules()[0] as [string, { Properties?: Props }];
    // No EventBusName: the default bus.
    expect(rule.Properties?.EventBusName).toBeUndefined();
    expect(rule.Properties?.State).toBe('ENABLED');
    const pattern = rule.Properties?.EventPattern as { 'detail-type': string[] };
    // The detail-types SES gives these events on EventBridge (the reference above).
    expect([...pattern['detail-type']].sort()).toEqual(
      [
        'Email Bounced',
        'Email Complaint Received',
        'Email Delivered',
        'Email Rejected',
        'Email Delivery Delayed',
      ].sort(),
    );
    expect(pattern).toEqual({
      source: ['aws.ses'],
      'detail-type': SES_DELIVERY_DETAIL_TYPES,
      detail: {
        mail: {
          tags: { 'ses:configuration-set': [{ Ref: salesSetId() }, { Ref: visitorSetId() }] },
        },
      },
    });
  });

  it('hands them to the delivery-events function, retried, then to an encrypted dead-letter queue', () => {
    const [, rule] = rules()[0] as [string, { Properties?: Props }];
    expect(rule.Properties?.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [fnId(stack.deliveryEvents.fn), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 6 * 3600 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId(), 'Arn'] } },
      }),
    ]);
    // EventBridge may put the events it gave up on into the queue, for this rule only.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sqs:SendMessage',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: {
              ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [rules()[0]?.[0], 'Arn'] } },
            },
          }),
        ]),
      },
    });
    const queue = template.toJSON().Resources[queueId()].Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
  });

  it('lets Lambda retry a run that threw twice, then puts the event in the same queue', () => {
    const fn = template.toJSON().Resources[fnId(stack.deliveryEvents.fn)].Properties;
    expect(fn.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId(), 'Arn'] } });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId(stack.deliveryEvents.fn) },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
    });
  });

  it('gives the function both set names, the table, the retention and the site secret', () => {
    const variables =
      template.toJSON().Resources[fnId(stack.deliveryEvents.fn)].Properties.Environment.Variables;
    expect(variables).toMatchObject({
      TABLE_NAME: { Ref: expect.any(String) },
      // Our suppression list keeps an address as long as the leads are kept.
      RETENTION_DAYS: '730',
      SES_CONFIGURATION_SET: { Ref: salesSetId() },
      SES_VISITOR_CONFIGURATION_SET: { Ref: visitorSetId() },
      POWERTOOLS_SERVICE_NAME,
      APP_VERSION: 'dev',
      IP_HASH_SECRET_ARN: { Ref: expect.any(String) },
    });
  });

  it('lets the function use only the table items it reads and writes, and nothing of SES', () => {
    const statements = statementsOfRole(
      stack.deliveryEvents.fn.role?.node.defaultChild as CfnResource,
    );
    const actions = statements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    const table = statements.filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));
    // Each table statement is held to key prefixes: the id item, leads, the suppression list.
    expect(
      table.map((s) => ({
        actions: s.Action,
        keys: (s.Condition as Record<string, Record<string, unknown>>)['ForAllValues:StringLike']?.[
          'dynamodb:LeadingKeys'
        ],
      })),
    ).toEqual([
      { actions: 'dynamodb:GetItem', keys: ['LEADID#*'] },
      { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], keys: ['LEAD#*'] },
      { actions: 'dynamodb:UpdateItem', keys: ['SUPPRESSED#*'] },
    ]);
    for (const statement of table) {
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    }
  });

  it('alarms ops when an event lands in the dead-letter queue', () => {
    const alarm = alarmStartingWith('An SES delivery event could not be recorded');
    expect(alarm.props).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId(), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topicRef()],
    });
  });
});

describe('sales bounces and complaints', () => {
  it('alarm at the first sales bounce or complaint in 5 minutes', () => {
    const alarm = alarmStartingWith('A sales e-mail bounced or was marked as spam');
    expect(alarm.props).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [topicRef()],
    });
    const metrics = alarm.props.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: Props; Period: number; Stat: string };
    }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      'FILL(bounced, 0) + FILL(complained, 0)',
    );
    for (const [id, metricName] of [
      ['bounced', 'EmailBounced'],
      ['complained', 'EmailComplained'],
    ]) {
      expect(metrics.find((m) => m.Id === id)?.MetricStat).toEqual({
        Metric: {
          Namespace: 'Kryon/Leads',
          MetricName: metricName,
          Dimensions: expect.arrayContaining([
            { Name: 'service', Value: POWERTOOLS_SERVICE_NAME },
            { Name: 'Stream', Value: 'sales' },
          ]),
        },
        Period: 300,
        Stat: 'Sum',
      });
    }
  });
});

describe('the visitor stream’s brake', () => {
  const brakeArn = () => ({ 'Fn::GetAtt': [fnId(stack.visitorBrake.fn), 'Arn'] });
  const brakeAlarm = (name: string, t = template) => {
    const found = alarms(t).filter((a) => a.id.includes(name));
    expect(found, name).toHaveLength(1);
    return found[0] as { id: string; props: Props };
  };
  type Query = {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: Props; Period: number; Stat: string };
  };
  const cases = [
    ['VisitorBounceBrake', 'EmailBounced', 0.04, 0.02],
    ['VisitorComplaintBrake', 'EmailComplained', 0.0008, 0.0005],
  ] as const;

  it.each(cases)(
    '%s reads the visitor stream’s own counts of the hour, and pauses at the configured share',
    (name, counted, byDefault, configured) => {
      const alarm = brakeAlarm(name);
      expect(alarm.props).toMatchObject({
        EvaluationPeriods: 1,
        Threshold: byDefault,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        // No data (a quiet hour, no visitor mail yet) never pulls the brake.
        TreatMissingData: 'notBreaching',
      });
      const metrics = alarm.props.Metrics as Query[];
      const stats = metrics.filter((m) => m.MetricStat);
      // The delivery-events function's counts of the visitor stream, hourly, summed: what
      // became of each e-mail (the volume) and the outcome itself. No SES reputation metric:
      // it resets when a set is re-enabled, and would forget the trouble at each resume.
      expect(stats.map((m) => m.MetricStat?.Metric.MetricName).sort()).toEqual(
        [
          'EmailBounced',
          'EmailDelivered',
          'EmailRejectedBySes',
          'EmailSoftBounced',
          ...(counted === 'EmailComplained' ? ['EmailComplained'] : []),
        ].sort(),
      );
      for (const stat of stats) {
        expect(stat.MetricStat).toMatchObject({
          Metric: {
            Namespace: 'Kryon/Leads',
            Dimensions: expect.arrayContaining([{ Name: 'Stream', Value: 'visitor' }]),
          },
          Period: 3600,
          Stat: 'Sum',
        });
      }
      expect(JSON.stringify(metrics)).not.toContain('AWS/SES');
      expect(brakeAlarm(name, custom.template).props.Threshold).toBe(configured);
    },
  );

  it.each(cases)(
    '%s tells ops when it fires and recovers, and the brake of every state change',
    (name) => {
      const alarm = brakeAlarm(name);
      // Into ALARM it pauses; OK and INSUFFICIENT_DATA are recorded, so that the schedule
      // resumes only once no brake alarm is in ALARM.
      expect(alarm.props.AlarmActions).toEqual([topicRef(), brakeArn()]);
      expect(alarm.props.OKActions).toEqual([topicRef(), brakeArn()]);
      expect(alarm.props.InsufficientDataActions).toEqual([brakeArn()]);
    },
  );

  /**
   * The brake's hour, evaluated as CloudWatch would evaluate the alarm's expression: each
   * metric is the hour's sum, or missing when the function counted none.
   */
  function pulls(name: string, hour: Partial<Record<string, number>>, t = template): boolean {
    const alarm = brakeAlarm(name, t);
    const metrics = alarm.props.Metrics as Query[];
    const values: Record<string, number | undefined> = {};
    for (const m of metrics) {
      if (m.MetricStat) values[m.Id] = hour[String(m.MetricStat.Metric.MetricName)];
    }
    const expression = metrics.find((m) => m.Expression)?.Expression as string;
    return evaluate(expression, values) >= (alarm.props.Threshold as number);
  }

  it('does not pause for 5 bounces among a normal hour’s volume (decision 051: up to 300)', () => {
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 295, EmailBounced: 5 })).toBe(false);
    // Nor among a quiet hour's: a share of fewer than 300 e-mails is taken of 300.
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 20, EmailBounced: 5 })).toBe(false);
    // Nor for the attack the review measured: 9 downloads, 6 bounces and 3 complaints.
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 3, EmailBounced: 6 })).toBe(false);
    // Nor for one or two complaints, whatever the volume.
    for (const volume of [10, 300, 2000]) {
      expect(
        pulls('VisitorComplaintBrake', { EmailDelivered: volume, EmailComplained: 2 }),
        `${volume}`,
      ).toBe(false);
    }
  });

  it('pauses for a real spike: a scraped list, a form that mangles addresses', () => {
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 250, EmailBounced: 50 })).toBe(true);
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 30, EmailBounced: 12 })).toBe(true);
    // At a high volume the share is of the real volume: 4% of 2,000.
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 1920, EmailBounced: 80 })).toBe(true);
    expect(pulls('VisitorBounceBrake', { EmailDelivered: 1930, EmailBounced: 70 })).toBe(false);
    // Soft bounces SES gave up on and its rejections are volume, not bounces.
    expect(
      pulls('VisitorBounceBrake', {
        EmailDelivered: 1800,
        EmailSoftBounced: 120,
        EmailBounced: 79,
      }),
    ).toBe(false);
    expect(pulls('VisitorComplaintBrake', { EmailDelivered: 300, EmailComplained: 3 })).toBe(true);
    // The configured shares: 2% pauses at 6 of the 300 that a quiet hour is taken as.
    expect(
      pulls('VisitorBounceBrake', { EmailDelivered: 100, EmailBounced: 6 }, custom.template),
    ).toBe(true);
  });

  it('never pauses in an hour with no visitor e-mail at all', () => {
    expect(pulls('VisitorBounceBrake', {})).toBe(false);
    expect(pulls('VisitorComplaintBrake', {})).toBe(false);
  });

  it('lets exactly those two alarms invoke the brake (the Lambda permission CDK adds)', () => {
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
      (p) => p.Properties?.Principal === 'lambda.alarms.cloudwatch.amazonaws.com',
    );
    const brakeAlarmIds = cases.map(([name]) => brakeAlarm(name).id);
    expect(permissions).toHaveLength(2);
    for (const permission of permissions) {
      expect(permission.Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        FunctionName: brakeArn(),
        SourceAccount: { Ref: 'AWS::AccountId' },
      });
    }
    expect(permissions.map((p) => p.Properties?.SourceArn)).toEqual(
      expect.arrayContaining(brakeAlarmIds.map((id) => ({ 'Fn::GetAtt': [id, 'Arn'] }))),
    );
  });

  it('may pause the visitor set and nothing else: not the sales set, no other call', () => {
    const statements = statementsOfRole(
      stack.visitorBrake.fn.role?.node.defaultChild as CfnResource,
    );
    const nonLog = statements.filter(
      (s) => !([s.Action].flat() as string[]).every((a) => a.startsWith('logs:')),
    );
    expect(nonLog).toHaveLength(2);
    const ses = nonLog.find((st) => String(st.Action).startsWith('ses:'));
    expect(ses?.Action).toBe('ses:PutConfigurationSetSendingOptions');
    expect([ses?.Resource].flat()).toHaveLength(1);
    // Its own item of the table and nothing else of it (decision 075).
    const table = nonLog.find((st) => st !== ses);
    expect(table).toMatchObject({
      Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['BRAKE#visitor'] } },
    });
    const resource = JSON.stringify(ses?.Resource);
    expect(resource).toContain(`":configuration-set/",{"Ref":"${visitorSetId()}"}`);
    expect(resource).not.toContain(salesSetId());
    // No grant anywhere else lets any role pause or resume a set.
    const pausers = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties?.PolicyDocument).includes('PutConfigurationSetSendingOptions'),
    );
    expect(pausers).toHaveLength(1);
  });

  it('gets both sets’ names, its table and cool-down, and no dead-letter queue (ops see its Errors alarm)', () => {
    const props = template.toJSON().Resources[fnId(stack.visitorBrake.fn)].Properties;
    // The sales set's name only so that the function can refuse to start were they the same.
    expect(props.Environment.Variables).toMatchObject({
      SES_VISITOR_CONFIGURATION_SET: { Ref: visitorSetId() },
      SES_CONFIGURATION_SET: { Ref: salesSetId() },
      APP_VERSION: 'dev',
      TABLE_NAME: { Ref: expect.any(String) },
      VISITOR_BRAKE_COOL_DOWN_MINUTES: '60',
      VISITOR_BRAKE_MAX_COOL_DOWN_MINUTES: '720',
    });
    expect(props.DeadLetterConfig).toBeUndefined();
    expect(
      alarms().some(
        (a) =>
          a.props.MetricName === 'Errors' &&
          JSON.stringify(a.props.Dimensions).includes(fnId(stack.visitorBrake.fn)),
      ),
    ).toBe(true);
  });

  it('is run every five minutes, to end a pause whose cool-down is over', () => {
    const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule')).filter((rule) =>
      JSON.stringify(rule.Properties?.Targets).includes(fnId(stack.visitorBrake.fn)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [
        expect.objectContaining({ Arn: brakeArn(), RetryPolicy: { MaximumRetryAttempts: 2 } }),
      ],
    });
  });

  it('keeps the stack cdk-nag clean with custom rates too', () => {
    expect(nagFindings(app)).toEqual([]);
    expect(nagFindings(custom.app)).toEqual([]);
  });
});
