import {
  DescribeApiDestinationCommand,
  DescribeArchiveCommand,
  DescribeConnectionCommand,
  DescribeEventBusCommand,
  DescribeRuleCommand,
  type EventBridgeClient,
  ListTargetsByRuleCommand,
} from '@aws-sdk/client-eventbridge';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DestinationOutput } from '@kryon/functions/destination-outputs';
import {
  API_KEY_HEADER,
  destinationPattern,
  type LeadEventDestination,
  redeliveryPattern,
  resolveDestination,
} from '@kryon/functions/event-destinations';
import type { AwsClientStub } from 'aws-sdk-client-mock';
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
export const BACKUP_VAULT = 'KryonWebBackupsVault1F11AFCC';
export const COPY_VAULT_NAME = 'kryon-leads-copy';
export const BACKUP_FAILED_ALARM = 'KryonWeb-BackupsBackupFailed086B80CE-QAZ2WSX3EDC4';
export const BACKUP_STOPPED_ALARM = 'KryonWeb-BackupsBackupStopped926A229E-RFV5TGB6YHN7';
export const BACKUP_COPY_ALARM = 'KryonWeb-BackupsBackupCopyFailed3767D881-UJM8IK9OL0P1';
export const LEAD_EVENT_BUS = 'KryonWeb-lead-events';
export const LEAD_EVENT_BUS_ARN = `arn:aws:events:${REGION}:${ACCOUNT}:event-bus/${LEAD_EVENT_BUS}`;
export const LEAD_EVENT_ARCHIVE = 'KryonWebLeadEventsArchive8C1B2E3D';
export const ENVIRONMENT = 'production';

/** The version of the API key's secret the environment file pins: its current one. */
export const API_SECRET_VERSION = '7e3f9a21-4c6b-4d8e-9f10-2a3b4c5d6e7f';

/**
 * The environment file's destinations, resolved: a Slack channel, a signed webhook and an API
 * that takes a key, sent by EventBridge's own API destination.
 */
export const LEAD_EVENT_DESTINATIONS: LeadEventDestination[] = [
  resolveDestination({ kind: 'slack', name: 'sales-slack', secret: 'kryon/sales-slack-url' }),
  resolveDestination({
    kind: 'webhook',
    name: 'crm-webhook',
    url: 'https://crm.kryon.example/hooks/kryon',
    secret: 'kryon/crm-signing-secret',
    forms: ['demo', 'contact'],
  }),
  resolveDestination({
    kind: 'api',
    name: 'partner-api',
    url: 'https://api.partner.example/v1/kryon-leads',
    secret: 'kryon/partner-api-key',
    secretVersion: API_SECRET_VERSION,
    perSecond: 2,
  }),
];

type QueuedOutput = Extract<DestinationOutput, { kind: 'slack' | 'webhook' }>;
type ApiOutput = Extract<DestinationOutput, { kind: 'api' }>;

function commonOutput(name: string) {
  const id = name.replaceAll('-', '');
  const dead = `KryonWeb-LeadEventsDestination${id}DeadLetters5A6B7C8D-GhIjKl789012`;
  return {
    name,
    ruleArn: `arn:aws:events:${REGION}:${ACCOUNT}:rule/${LEAD_EVENT_BUS}/KryonWeb-LeadEventsDestination${id}Rule9E8D7C6B-MnOpQr345678`,
    deadLetterQueueUrl: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${dead}`,
    deadLetterQueueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${dead}`,
  };
}

/** A Slack or webhook destination as the stack's output lists it (a webhook's by default). */
export function queuedOutput(name: string): QueuedOutput {
  const id = name.replaceAll('-', '');
  const queue = `KryonWeb-LeadEventsDestination${id}Queue1F2E3D4C-AbCdEf123456`;
  const kind = LEAD_EVENT_DESTINATIONS.find((d) => d.name === name)?.kind;
  return {
    kind: kind === 'slack' ? 'slack' : 'webhook',
    ...commonOutput(name),
    queueUrl: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${queue}`,
    queueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue}`,
  };
}

/** An `api` destination as the stack's output lists it, deployed with the file's pin. */
export function apiOutput(name: string): ApiOutput {
  const id = name.replaceAll('-', '');
  return {
    kind: 'api',
    ...commonOutput(name),
    apiDestinationArn: `arn:aws:events:${REGION}:${ACCOUNT}:api-destination/${apiDestinationName(name)}/8f0e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3`,
    connectionArn: `arn:aws:events:${REGION}:${ACCOUNT}:connection/${connectionName(name)}/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f`,
    redeliveryRuleArn: `arn:aws:events:${REGION}:${ACCOUNT}:rule/${LEAD_EVENT_BUS}/KryonWeb-LeadEventsDestination${id}Redelivery3C4D5E6F-StUvWx901234`,
    secretVersion: API_SECRET_VERSION,
  };
}

/** One destination as the stack's LeadEventDestinations output lists it (LeadEvents.outputs()). */
export function destinationOutput(name: string): DestinationOutput {
  const kind = LEAD_EVENT_DESTINATIONS.find((d) => d.name === name)?.kind;
  return kind === 'api' ? apiOutput(name) : queuedOutput(name);
}

/** The name DescribeConnection takes: the ARN's part after `connection/`. */
export function connectionName(name: string): string {
  return `LeadEventsDestination${name.replaceAll('-', '')}Connection2B3C4D5E-Yz0123AbCd`;
}

/** The name DescribeApiDestination takes: the ARN's part after `api-destination/`. */
export function apiDestinationName(name: string): string {
  return `LeadEventsDestination${name.replaceAll('-', '')}ApiDestination6F7A8B9C-Ef4567GhIj`;
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
      BackupVaultName: BACKUP_VAULT,
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
        logicalId: 'BackupsBackupFailed086B80CE',
        physicalId: BACKUP_FAILED_ALARM,
        type: 'AWS::CloudWatch::Alarm',
      },
      {
        logicalId: 'BackupsBackupStopped926A229E',
        physicalId: BACKUP_STOPPED_ALARM,
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

/**
 * A backup alarm as DescribeAlarms returns it: each count under the vault alone and with
 * ResourceType DynamoDB (BACKUP_METRIC_DIMENSIONS), and BackupStopped's re-send invocations.
 */
export function backupAlarm(
  alarmName: string,
  metricNames: readonly string[],
  vaults: readonly string[] = [BACKUP_VAULT],
) {
  const stat = (
    id: string,
    namespace: string,
    metricName: string,
    dims: Record<string, string>,
  ) => ({
    Id: id,
    ReturnData: false,
    MetricStat: {
      Metric: {
        Namespace: namespace,
        MetricName: metricName,
        Dimensions: Object.entries(dims).map(([Name, Value]) => ({ Name, Value })),
      },
      Period: 3600,
      Stat: 'Sum',
    },
  });
  const counts = metricNames.flatMap((metricName, i) =>
    vaults.flatMap((vault, v) => [
      stat(`m${i}v${v}`, 'AWS/Backup', metricName, { BackupVaultName: vault }),
      stat(`m${i}v${v}t`, 'AWS/Backup', metricName, {
        BackupVaultName: vault,
        ResourceType: 'DynamoDB',
      }),
    ]),
  );
  const stopped = alarmName === BACKUP_STOPPED_ALARM;
  return {
    AlarmName: alarmName,
    AlarmArn: `arn:aws:cloudwatch:${REGION}:${ACCOUNT}:alarm:${alarmName}`,
    StateValue: 'OK' as const,
    EvaluationPeriods: stopped ? 26 : 1,
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold' as const,
    TreatMissingData: 'notBreaching',
    Metrics: [
      { Id: 'expr_1', Expression: 'FILL(m0v0, 0)', ReturnData: true, Period: 3600 },
      ...counts,
      ...(stopped
        ? [stat('ran', 'AWS/Lambda', 'Invocations', { FunctionName: 'KryonWeb-ResendFunction' })]
        : []),
    ],
  };
}

/** The stack's backup alarms, as DescribeAlarms answers for them (no copy). */
export const BACKUP_ALARMS_DESCRIBED = [
  backupAlarm(BACKUP_FAILED_ALARM, [
    'NumberOfBackupJobsFailed',
    'NumberOfBackupJobsAborted',
    'NumberOfBackupJobsExpired',
  ]),
  backupAlarm(BACKUP_STOPPED_ALARM, ['NumberOfBackupJobsCompleted']),
];

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

/** An `api` destination's key at its pinned version: the whole value of its header. */
export const API_KEY_VALUE = 'partner-key-7Qm2Xv9Lr4Tn8Wz1Kb6Hd3Fs';

/**
 * Each destination secret's value, by the secret's name: the current one, and for the API key
 * its pinned version, which is the current one.
 */
export const SECRET_VALUES: Record<string, string> = {
  'kryon/sales-slack-url': SLACK_URL,
  'kryon/crm-signing-secret': WEBHOOK_SECRET_VALUE,
  'kryon/partner-api-key': API_KEY_VALUE,
};

/** DescribeSecret of a destination's secret: its versions with their stages, the current one. */
export function describedSecret(secret: string, current = API_SECRET_VERSION) {
  return {
    Name: secret,
    ARN: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${secret}-AbCdEf`,
    VersionIdsToStages: {
      [current]: ['AWSCURRENT'],
      '0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b': ['AWSPREVIOUS'],
    },
  };
}

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

/**
 * ListTargetsByRule of a destination's rule: its queue, or its API destination sent the event's
 * detail alone, with its dead-letter queue.
 */
export function leadRuleTargets(name: string) {
  const output = destinationOutput(name);
  return {
    Targets: [
      {
        Id: 'Target0',
        ...(output.kind === 'api'
          ? { Arn: output.apiDestinationArn, InputPath: '$.detail' }
          : { Arn: output.queueArn }),
        DeadLetterConfig: { Arn: output.deadLetterQueueArn },
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86400 },
      },
    ],
  };
}

/** The name DescribeRule takes for an `api` destination's redelivery rule. */
export function redeliveryRuleName(name: string): string {
  const arn = apiOutput(name).redeliveryRuleArn;
  return arn.slice(arn.lastIndexOf('/') + 1);
}

/** DescribeRule of an `api` destination's redelivery rule, as the stack makes it. */
export function describedRedeliveryRule(name: string, state = 'ENABLED') {
  const output = apiOutput(name);
  return {
    Name: redeliveryRuleName(name),
    Arn: output.redeliveryRuleArn,
    EventBusName: LEAD_EVENT_BUS,
    EventPattern: JSON.stringify(redeliveryPattern(output.apiDestinationArn)),
    State: state as 'ENABLED',
    Description: `Kryon lead events sent again to the destination ${name}`,
  };
}

/** DescribeConnection of an `api` destination's connection: an API key, authorized. */
export function describedConnection(name: string, state = 'AUTHORIZED') {
  return {
    ConnectionArn: apiOutput(name).connectionArn,
    Name: connectionName(name),
    ConnectionState: state as 'AUTHORIZED',
    AuthorizationType: 'API_KEY' as const,
    AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: API_KEY_HEADER } },
    SecretArn: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:events!connection/${connectionName(name)}/1a2b-XyZ123`,
  };
}

/** DescribeApiDestination of an `api` destination, as the environment file declares it. */
export function describedApiDestination(name: string) {
  const destination = LEAD_EVENT_DESTINATIONS.find((d) => d.name === name);
  const output = apiOutput(name);
  return {
    ApiDestinationArn: output.apiDestinationArn,
    Name: apiDestinationName(name),
    ApiDestinationState: 'ACTIVE' as const,
    ConnectionArn: output.connectionArn,
    InvocationEndpoint: destination?.url,
    HttpMethod: 'POST' as const,
    InvocationRateLimitPerSecond: destination?.perSecond,
  };
}

/** The stubbed clients the lead-event checks ask (CloudWatch's answers are each test's own). */
interface LeadEventStubs {
  eventbridge: AwsClientStub<EventBridgeClient>;
  secretsmanager: AwsClientStub<SecretsManagerClient>;
  sqs: AwsClientStub<SQSClient>;
}

/**
 * Stubs every AWS answer the lead-event checks read of a stack deployed as the environment file
 * wants it: the bus, the archive, each destination's rule, targets, queues and secret, and an
 * `api` destination's redelivery rule, connection and API destination. Each answer matches the
 * name the check must ask for, so a check asking for another gets none. A queued destination's
 * queue is at work (2 waiting, 1 in flight) and each dead-letter queue is empty. A test stubs
 * a wrong answer after this: aws-sdk-client-mock answers with the behaviour defined last.
 */
export function stubLeadEvents(stubs: LeadEventStubs): void {
  stubs.eventbridge.on(DescribeEventBusCommand, { Name: LEAD_EVENT_BUS }).resolves(describedBus());
  stubs.eventbridge.on(DescribeArchiveCommand).resolves(describedArchive());
  for (const destination of LEAD_EVENT_DESTINATIONS) {
    const output = destinationOutput(destination.name);
    // An `api` destination's redelivery rule sends to the same target as its rule.
    const rule = (name: string, described: ReturnType<typeof describedLeadRule>) => {
      stubs.eventbridge.on(DescribeRuleCommand, { Name: name }).resolves(described);
      stubs.eventbridge
        .on(ListTargetsByRuleCommand, { Rule: name })
        .resolves(leadRuleTargets(destination.name));
    };
    rule(
      leadRuleName(destination.name),
      describedLeadRule(destinationPattern(destination), destination.name),
    );
    stubs.sqs
      .on(GetQueueAttributesCommand, { QueueUrl: output.deadLetterQueueUrl })
      .resolves({ Attributes: { ApproximateNumberOfMessages: '0' } });
    if (output.kind === 'api') {
      rule(redeliveryRuleName(destination.name), describedRedeliveryRule(destination.name));
      stubs.eventbridge
        .on(DescribeConnectionCommand, { Name: connectionName(destination.name) })
        .resolves(describedConnection(destination.name));
      stubs.eventbridge
        .on(DescribeApiDestinationCommand, { Name: apiDestinationName(destination.name) })
        .resolves(describedApiDestination(destination.name));
    } else {
      stubs.sqs.on(GetQueueAttributesCommand, { QueueUrl: output.queueUrl }).resolves({
        Attributes: {
          ApproximateNumberOfMessages: '2',
          ApproximateNumberOfMessagesNotVisible: '1',
        },
      });
    }
  }
  stubs.secretsmanager
    .on(DescribeSecretCommand)
    .callsFake((input: { SecretId: string }) => describedSecret(input.SecretId));
  stubs.secretsmanager.on(GetSecretValueCommand).callsFake((input: { SecretId: string }) => ({
    Name: input.SecretId,
    SecretString: SECRET_VALUES[input.SecretId],
    VersionStages: ['AWSCURRENT'],
  }));
}
