import { ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  DescribeFunctionCommand,
  GetDistributionConfigCommand,
  TestFunctionCommand,
} from '@aws-sdk/client-cloudfront';
import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  GetMetricStatisticsCommand,
  ListMetricsCommand,
} from '@aws-sdk/client-cloudwatch';
import {
  DescribeRuleCommand,
  EventBridgeClient,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetConfigurationSetEventDestinationsCommand,
  GetEmailIdentityCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { awsChecks, VERIFY_IAM_ACTIONS } from './aws-checks.ts';
import {
  ACL_ARN,
  ACL_ID,
  ACL_NAME,
  API_ID,
  BACKUP_ALARMS_DESCRIBED,
  BACKUP_VAULT,
  BOUNCE_ALARM,
  brakeAlarm,
  COMPLAINT_ALARM,
  configurationSet,
  ENVIRONMENT,
  eventDestinations,
  LEAD_EVENT_DESTINATIONS,
  listedMetric,
  REGION,
  SALES_SET,
  stackFacts,
  stubLeadEvents,
  TOPIC_ARN,
  VISITOR_SET,
} from './aws-fixtures.ts';
import { loadStackFacts } from './stack-facts.ts';

/*
 * Every check against an account that is as the design wants it, each API answering its
 * documented shape; and the IAM actions the run needs, read from the commands it sent.
 */
const stubs = {
  cloudformation: mockClient(CloudFormationClient),
  ses: mockClient(SESv2Client),
  cloudwatch: mockClient(CloudWatchClient),
  eventbridge: mockClient(EventBridgeClient),
  cloudfront: mockClient(CloudFrontClient),
  wafv2: mockClient(WAFV2Client),
  sns: mockClient(SNSClient),
  apigateway: mockClient(ApiGatewayV2Client),
  secretsmanager: mockClient(SecretsManagerClient),
  sqs: mockClient(SQSClient),
};

/** The IAM service prefix of each client (SES API v2 is `ses`, EventBridge `events`). */
const IAM_PREFIX: Record<keyof typeof stubs, string> = {
  cloudformation: 'cloudformation',
  ses: 'ses',
  cloudwatch: 'cloudwatch',
  eventbridge: 'events',
  cloudfront: 'cloudfront',
  wafv2: 'wafv2',
  sns: 'sns',
  apigateway: 'apigateway',
  secretsmanager: 'secretsmanager',
  sqs: 'sqs',
};

/** An SDK command's IAM action: its name, except API Gateway's, authorised by HTTP verb. */
function iamAction(client: keyof typeof stubs, commandName: string): string {
  const operation = commandName.replace(/Command$/, '');
  if (client === 'apigateway')
    return `apigateway:${operation.startsWith('Get') ? 'GET' : operation}`;
  return `${IAM_PREFIX[client]}:${operation}`;
}

function healthyAccount() {
  const facts = stackFacts();
  stubs.cloudformation.on(DescribeStacksCommand).resolves({
    Stacks: [
      {
        StackName: facts.stackName,
        StackStatus: 'UPDATE_COMPLETE',
        CreationTime: new Date('2026-11-01'),
        Outputs: Object.entries(facts.outputs).map(([OutputKey, OutputValue]) => ({
          OutputKey,
          OutputValue,
        })),
      },
    ],
  });
  stubs.cloudformation.on(ListStackResourcesCommand).resolves({
    StackResourceSummaries: facts.resources.map((r) => ({
      LogicalResourceId: r.logicalId,
      PhysicalResourceId: r.physicalId,
      ResourceType: r.type,
      LastUpdatedTimestamp: new Date('2026-11-30'),
      ResourceStatus: 'UPDATE_COMPLETE',
    })),
  });
  stubs.ses.on(GetAccountCommand).resolves({
    SendingEnabled: true,
    ProductionAccessEnabled: true,
    EnforcementStatus: 'HEALTHY',
  });
  stubs.ses.on(GetEmailIdentityCommand).resolves({
    IdentityType: 'DOMAIN',
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: 'SUCCESS' },
  });
  stubs.ses
    .on(GetConfigurationSetCommand, { ConfigurationSetName: SALES_SET })
    .resolves(configurationSet(SALES_SET, []));
  stubs.ses
    .on(GetConfigurationSetCommand, { ConfigurationSetName: VISITOR_SET })
    .resolves(configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']));
  stubs.ses.on(GetConfigurationSetEventDestinationsCommand).resolves(eventDestinations());
  stubs.eventbridge.on(DescribeRuleCommand).resolves({
    State: 'ENABLED',
    EventPattern: JSON.stringify({ source: ['aws.ses'] }),
  });
  stubs.eventbridge
    .on(TestEventPatternCommand)
    .callsFake((input: { Event: string }) => ({ Result: !input.Event.includes('another-sender') }));
  const described = [
    brakeAlarm(BOUNCE_ALARM, 'EmailBounced'),
    brakeAlarm(COMPLAINT_ALARM, 'EmailComplained'),
    ...BACKUP_ALARMS_DESCRIBED,
  ];
  stubs.cloudwatch.on(DescribeAlarmsCommand).callsFake((input: { AlarmNames: string[] }) => ({
    MetricAlarms: described.filter((alarm) => input.AlarmNames.includes(alarm.AlarmName)),
  }));
  stubs.cloudwatch
    .on(ListMetricsCommand)
    .callsFake((input: { Namespace: string; MetricName?: string }) => ({
      Metrics: [
        input.Namespace === 'AWS/Backup'
          ? listedMetric(input.Namespace, 'NumberOfBackupJobsCompleted', {
              BackupVaultName: BACKUP_VAULT,
            })
          : listedMetric(
              input.Namespace,
              input.MetricName ?? '',
              input.Namespace === 'AWS/SES'
                ? { 'ses:configuration-set': VISITOR_SET }
                : { service: 'kryon-leads', Stream: 'visitor' },
            ),
      ],
    }));
  stubs.sns.on(ListSubscriptionsByTopicCommand).resolves({
    Subscriptions: [
      { SubscriptionArn: `${TOPIC_ARN}:a1b2`, Protocol: 'email', Endpoint: 'ops@kryon.example' },
    ],
  });
  stubs.cloudfront.on(DescribeFunctionCommand).resolves({
    FunctionSummary: {
      Name: 'router',
      FunctionConfig: { Comment: '', Runtime: 'cloudfront-js-2.0' },
      FunctionMetadata: { FunctionARN: 'arn', Stage: 'LIVE', LastModifiedTime: new Date() },
    },
    ETag: 'ETAG',
  });
  stubs.cloudfront.on(TestFunctionCommand).callsFake((input: { EventObject: Uint8Array }) => {
    const event = JSON.parse(new TextDecoder().decode(input.EventObject));
    const uri = event.request.uri === '/' ? '/index.html' : '/404/index.html';
    return {
      TestResult: {
        FunctionOutput: JSON.stringify(
          event.context.eventType === 'viewer-request'
            ? { request: { ...event.request, uri } }
            : { response: { ...event.response, statusCode: 404 } },
        ),
      },
    };
  });
  stubs.cloudfront.on(GetDistributionConfigCommand).resolves({
    DistributionConfig: {
      CallerReference: 'cdk',
      Comment: '',
      Enabled: true,
      WebACLId: ACL_ARN,
      Origins: {
        Quantity: 1,
        Items: [
          {
            Id: 'api',
            DomainName: 'api.kryon.example',
            CustomOriginConfig: {
              HTTPPort: 80,
              HTTPSPort: 443,
              OriginProtocolPolicy: 'https-only',
            },
          },
        ],
      },
      DefaultCacheBehavior: {
        TargetOriginId: 'bucket',
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: {
          Quantity: 1,
          Items: [{ FunctionARN: 'arn', EventType: 'viewer-request' }],
        },
      },
      CacheBehaviors: {
        Quantity: 1,
        Items: [
          { PathPattern: '/api/*', TargetOriginId: 'api', ViewerProtocolPolicy: 'https-only' },
        ],
      },
    },
  });
  stubs.wafv2.on(GetWebACLCommand).resolves({
    WebACL: {
      Name: ACL_NAME,
      Id: ACL_ID,
      ARN: ACL_ARN,
      Rules: [{ Name: 'api-rate-limit' }],
    } as never,
  });
  stubs.apigateway.on(GetApiCommand).resolves({ ApiId: API_ID, DisableExecuteApiEndpoint: true });
  // The lead events (lead-event-checks.test.ts has each answer's page).
  stubLeadEvents(stubs);
  stubs.cloudwatch.on(GetMetricStatisticsCommand).resolves({ Datapoints: [] });
}

describe('awsChecks', () => {
  it('reports every fact ok on an account as the design wants it, and sends only the listed IAM actions', async () => {
    for (const stub of Object.values(stubs)) stub.reset();
    healthyAccount();
    const clients = {
      ses: new SESv2Client({ region: REGION }),
      cloudwatch: new CloudWatchClient({ region: REGION }),
      eventbridge: new EventBridgeClient({ region: REGION }),
      cloudfront: new CloudFrontClient({ region: REGION }),
      wafv2: new WAFV2Client({ region: 'us-east-1' }),
      sns: new SNSClient({ region: REGION }),
      apigateway: new ApiGatewayV2Client({ region: REGION }),
      secretsmanager: new SecretsManagerClient({ region: REGION }),
      sqs: new SQSClient({ region: REGION }),
    };

    const facts = await loadStackFacts(
      new CloudFormationClient({ region: REGION }),
      'KryonWeb',
      REGION,
    );
    const results = await awsChecks(clients, facts, {
      environment: ENVIRONMENT,
      destinations: LEAD_EVENT_DESTINATIONS,
    });

    expect(results.filter((r) => r.status !== 'ok' && r.status !== 'skipped')).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'SES account',
      'SES sender identity',
      'SES visitor sender identity',
      'SES configuration set: sales',
      'SES configuration set: visitor',
      'SES event destinations: sales',
      'SES event destinations: visitor',
      'EventBridge rule matches SES events',
      `brake alarm metrics: ${BOUNCE_ALARM}`,
      `brake alarm metrics: ${COMPLAINT_ALARM}`,
      'SES reputation metric of the visitor set',
      'alarm topic subscriptions',
      'backup metrics',
      'site router (CloudFront Function)',
      'CloudFront routes /api/* to the API',
      'WAF on the distribution',
      'API has no execute-api address',
      'lead-event bus',
      'lead-event archive',
      ...LEAD_EVENT_DESTINATIONS.flatMap(({ name, kind }) =>
        kind === 'api'
          ? [
              `lead-event rule: ${name}`,
              `lead-event redelivery rule: ${name}`,
              `lead-event connection: ${name}`,
              `lead-event API destination: ${name}`,
              `lead-event secret: ${name}`,
              `lead-event dead letters: ${name}`,
            ]
          : [
              `lead-event rule: ${name}`,
              `lead-event secret: ${name}`,
              `lead-event dead letters: ${name}`,
              `lead-event queue: ${name}`,
            ],
      ),
    ]);
    const sent = new Set(
      (Object.entries(stubs) as [keyof typeof stubs, { calls(): { args: unknown[] }[] }][]).flatMap(
        ([client, stub]) =>
          stub.calls().map((call) => iamAction(client, (call.args[0] as object).constructor.name)),
      ),
    );
    expect([...sent].sort()).toEqual([...VERIFY_IAM_ACTIONS].sort());
  });
});
