import { type LeadEventDestination, resolveDestination } from '@kryon/functions/event-destinations';
import type { DestinationOutput } from '../lib/lead-events.ts';
import type { StackFacts } from './stack-facts.ts';

/*
 * What the unit tests of the AWS checks answer with: a deployed stack's facts and each API's
 * documented response for it, shaped as the API references cited beside each check show them.
 * Names follow the synthesized template (infra/cdk.out): CDK logical IDs are a construct path
 * and a hash.
 */

export const REGION = 'us-east-1';
export const ACCOUNT = '123456789012';
export const SALES_SET = 'EmailConfigurationSet6A762543-Ab12Cd34';
export const VISITOR_SET = 'EmailVisitorConfigurationSet94D30C81-Ef56Gh78';
export const RULE_NAME = 'KryonWeb-DeliveryEventsRuleEF6C5E4B-1A2B3C4D5E6F';
export const BOUNCE_ALARM = 'KryonWeb-AlarmsVisitorBounceBrake7A988992-ABCDEF123456';
export const COMPLAINT_ALARM = 'KryonWeb-AlarmsVisitorComplaintBrake8E11AF89-ABCDEF654321';
export const ROUTER_NAME = 'us-east-1-kryonweb-router';
export const DISTRIBUTION_ID = 'E2QWRUHAPOMQZL';
export const API_ID = 'a1b2c3d4e5';
export const ACL_NAME = 'WafWebAcl-xYz123';
export const ACL_ID = 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';
export const ACL_ARN = `arn:aws:wafv2:us-east-1:${ACCOUNT}:global/webacl/${ACL_NAME}/${ACL_ID}`;
export const TOPIC_ARN = `arn:aws:sns:${REGION}:${ACCOUNT}:KryonWeb-AlarmsTopic3A2DFEBA-Q1W2E3R4T5Y6`;
export const LEAD_EVENT_BUS = 'KryonWeb-lead-events';
export const LEAD_EVENT_BUS_ARN = `arn:aws:events:${REGION}:${ACCOUNT}:event-bus/${LEAD_EVENT_BUS}`;
export const LEAD_EVENT_ARCHIVE = 'KryonWebLeadEventsArchive8C1B2E3D';
export const ENVIRONMENT = 'production';

/** The environment file's destinations, resolved: a Slack channel and a signed webhook. */
export const LEAD_EVENT_DESTINATIONS: LeadEventDestination[] = [
  resolveDestination({ kind: 'slack', name: 'sales-slack', secret: 'kryon/sales-slack-url' }),
  resolveDestination({
    kind: 'webhook',
    name: 'crm-webhook',
    url: 'https://crm.kryon.example/hooks/kryon',
    secret: 'kryon/crm-signing-secret',
    forms: ['demo', 'contact'],
  }),
];

/** One destination as the stack's LeadEventDestinations output lists it (LeadEvents.outputs()). */
export function destinationOutput(name: string): DestinationOutput {
  const id = name.replaceAll('-', '');
  const queue = `KryonWeb-LeadEventsDestination${id}Queue1F2E3D4C-AbCdEf123456`;
  const dead = `KryonWeb-LeadEventsDestination${id}DeadLetters5A6B7C8D-GhIjKl789012`;
  return {
    name,
    ruleArn: `arn:aws:events:${REGION}:${ACCOUNT}:rule/${LEAD_EVENT_BUS}/KryonWeb-LeadEventsDestination${id}Rule9E8D7C6B-MnOpQr345678`,
    queueUrl: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${queue}`,
    queueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue}`,
    deadLetterQueueUrl: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${dead}`,
    deadLetterQueueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${dead}`,
  };
}

/** A deployed stack that created its identity (a domain) and its web ACL. */
export function stackFacts(overrides: Partial<StackFacts> = {}): StackFacts {
  return {
    stackName: 'KryonWeb',
    region: REGION,
    outputs: {
      SenderIdentity: 'kryon.example',
      SalesConfigurationSet: SALES_SET,
      VisitorConfigurationSet: VISITOR_SET,
      AlarmTopicArn: TOPIC_ARN,
      DistributionId: DISTRIBUTION_ID,
      DkimRecord1: 'tok1._domainkey.kryon.example CNAME tok1.dkim.amazonses.com',
      DkimRecord2: 'tok2._domainkey.kryon.example CNAME tok2.dkim.amazonses.com',
      DkimRecord3: 'tok3._domainkey.kryon.example CNAME tok3.dkim.amazonses.com',
      LeadEventBusName: LEAD_EVENT_BUS,
      LeadEventArchiveName: LEAD_EVENT_ARCHIVE,
      LeadEventDestinations: JSON.stringify(
        LEAD_EVENT_DESTINATIONS.map(({ name }) => destinationOutput(name)),
      ),
    },
    resources: [
      { logicalId: 'DeliveryEventsRuleEF6C5E4B', physicalId: RULE_NAME, type: 'AWS::Events::Rule' },
      {
        logicalId: 'ResendSchedule07620D07',
        physicalId: 'KryonWeb-Resend',
        type: 'AWS::Events::Rule',
      },
      {
        logicalId: 'AlarmsVisitorBounceBrake7A988992',
        physicalId: BOUNCE_ALARM,
        type: 'AWS::CloudWatch::Alarm',
      },
      {
        logicalId: 'AlarmsVisitorComplaintBrake8E11AF89',
        physicalId: COMPLAINT_ALARM,
        type: 'AWS::CloudWatch::Alarm',
      },
      {
        logicalId: 'SiteRouterB0B18398',
        physicalId: `arn:aws:cloudfront::${ACCOUNT}:function/${ROUTER_NAME}`,
        type: 'AWS::CloudFront::Function',
      },
      { logicalId: 'ApiHttpApi4C294DC0', physicalId: API_ID, type: 'AWS::ApiGatewayV2::Api' },
      {
        logicalId: 'WafWebAcl1F2E3D4C',
        physicalId: `${ACL_NAME}|${ACL_ID}|CLOUDFRONT`,
        type: 'AWS::WAFv2::WebACL',
      },
    ],
    ...overrides,
  };
}

/** GetConfigurationSet as the API reference shows it, for a set as the stack built it. */
export function configurationSet(name: string, suppressedReasons: string[]) {
  return {
    ConfigurationSetName: name,
    DeliveryOptions: { TlsPolicy: 'REQUIRE' as const },
    ReputationOptions: { ReputationMetricsEnabled: true, LastFreshStart: new Date('2026-11-01') },
    SendingOptions: { SendingEnabled: true },
    SuppressionOptions: { SuppressedReasons: suppressedReasons as ('BOUNCE' | 'COMPLAINT')[] },
    Tags: [],
  };
}

/** GetConfigurationSetEventDestinations: the stack's one destination to the default bus. */
export function eventDestinations(
  types = ['DELIVERY', 'BOUNCE', 'COMPLAINT', 'REJECT', 'DELIVERY_DELAY'],
) {
  return {
    EventDestinations: [
      {
        Name: 'DeliveryEvents',
        Enabled: true,
        MatchingEventTypes: types as 'BOUNCE'[],
        EventBridgeDestination: {
          EventBusArn: `arn:aws:events:${REGION}:${ACCOUNT}:event-bus/default`,
        },
      },
    ],
  };
}

/** A metric-math brake alarm as DescribeAlarms returns it (MetricAlarm.Metrics[]). */
export function brakeAlarm(alarmName: string, outcome: 'EmailBounced' | 'EmailComplained') {
  const stat = (id: string, metricName: string) => ({
    Id: id,
    ReturnData: false,
    MetricStat: {
      Metric: {
        Namespace: 'Kryon/Leads',
        MetricName: metricName,
        Dimensions: [
          { Name: 'service', Value: 'kryon-leads' },
          { Name: 'Stream', Value: 'visitor' },
        ],
      },
      Period: 3600,
      Stat: 'Sum',
    },
  });
  return {
    AlarmName: alarmName,
    AlarmArn: `arn:aws:cloudwatch:${REGION}:${ACCOUNT}:alarm:${alarmName}`,
    StateValue: 'OK' as const,
    EvaluationPeriods: 1,
    Threshold: 0.04,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold' as const,
    TreatMissingData: 'notBreaching',
    Metrics: [
      { Id: 'expr_1', Expression: 'FILL(bounced, 0) / 300', ReturnData: true, Period: 3600 },
      stat('delivered', 'EmailDelivered'),
      stat('bounced', 'EmailBounced'),
      stat('softBounced', 'EmailSoftBounced'),
      stat('rejected', 'EmailRejectedBySes'),
      ...(outcome === 'EmailComplained' ? [stat('complained', 'EmailComplained')] : []),
    ],
  };
}

/** One ListMetrics entry. */
export function listedMetric(
  namespace: string,
  metricName: string,
  dimensions: Record<string, string>,
) {
  return {
    Namespace: namespace,
    MetricName: metricName,
    Dimensions: Object.entries(dimensions).map(([Name, Value]) => ({ Name, Value })),
  };
}

/** A Slack destination's current value: its incoming-webhook URL, the credential itself. */
export const SLACK_URL =
  'https://hooks.slack.com/services/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';
/** A webhook's current value: `whsec_` and the base64 of 32 bytes. */
export const WEBHOOK_SECRET_VALUE = `whsec_${Buffer.from('Kryon verify fixture: 32 bytes..').toString('base64')}`;

/** Each destination secret's current value, by the secret's name. */
export const SECRET_VALUES: Record<string, string> = {
  'kryon/sales-slack-url': SLACK_URL,
  'kryon/crm-signing-secret': WEBHOOK_SECRET_VALUE,
};

/** DescribeEventBus of the lead-event bus. */
export function describedBus() {
  return { Name: LEAD_EVENT_BUS, Arn: LEAD_EVENT_BUS_ARN, Description: 'Kryon lead events' };
}

/** DescribeArchive of the lead-event archive, as the stack makes it. */
export function describedArchive() {
  return {
    ArchiveName: LEAD_EVENT_ARCHIVE,
    ArchiveArn: `arn:aws:events:${REGION}:${ACCOUNT}:archive/${LEAD_EVENT_ARCHIVE}`,
    EventSourceArn: LEAD_EVENT_BUS_ARN,
    EventPattern: JSON.stringify({ source: ['kryon.leads'] }),
    State: 'ENABLED' as const,
    RetentionDays: 30,
    SizeBytes: 2048,
    EventCount: 12,
    CreationTime: new Date('2026-11-29'),
  };
}

/** The name DescribeRule takes for a destination's rule: the ARN's last part. */
export function leadRuleName(name: string): string {
  const arn = destinationOutput(name).ruleArn;
  return arn.slice(arn.lastIndexOf('/') + 1);
}

/** DescribeRule of a destination's rule: EventPattern is JSON text, as the API gives it. */
export function describedLeadRule(pattern: unknown, name: string, state = 'ENABLED') {
  return {
    Name: leadRuleName(name),
    Arn: destinationOutput(name).ruleArn,
    EventBusName: LEAD_EVENT_BUS,
    EventPattern: JSON.stringify(pattern),
    State: state as 'ENABLED',
    Description: `Kryon lead events for the destination ${name}`,
  };
}

/** ListTargetsByRule of a destination's rule: its queue, with its dead-letter queue. */
export function leadRuleTargets(name: string) {
  const output = destinationOutput(name);
  return {
    Targets: [
      {
        Id: 'Target0',
        Arn: output.queueArn,
        DeadLetterConfig: { Arn: output.deadLetterQueueArn },
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86400 },
      },
    ],
  };
}
