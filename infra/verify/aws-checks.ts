import type { ApiGatewayV2Client } from '@aws-sdk/client-apigatewayv2';
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SNSClient } from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { WAFV2Client } from '@aws-sdk/client-wafv2';
import { checkAlarmTopic, checkBrakeMetrics, checkReputationMetric } from './alarm-checks.ts';
import { checkBackupMetrics } from './backup-checks.ts';
import type { CheckResult } from './check.ts';
import {
  checkApiEndpoint,
  checkDistributionRouting,
  checkSiteRouter,
  checkWebAcl,
} from './edge-checks.ts';
import { checkLeadEvents, type LeadEventExpectations } from './lead-event-checks.ts';
import { checkDeliveryRule } from './rule-checks.ts';
import {
  checkConfigurationSets,
  checkEventDestinations,
  checkSenderIdentities,
  checkSesAccount,
} from './ses-checks.ts';
import type { StackFacts } from './stack-facts.ts';

/**
 * The clients the AWS checks use, made by the caller with the environment's credentials:
 * each in the stack's region, except `wafv2`, which must be in us-east-1 for a CloudFront
 * web ACL, and `cloudfront`, a global service (any region).
 */
export interface AwsClients {
  ses: SESv2Client;
  cloudwatch: CloudWatchClient;
  eventbridge: EventBridgeClient;
  cloudfront: CloudFrontClient;
  wafv2: WAFV2Client;
  sns: SNSClient;
  apigateway: ApiGatewayV2Client;
  /**
   * The lead-event destinations' secrets (described, and a Slack or webhook destination's
   * current value read).
   */
  secretsmanager: SecretsManagerClient;
  /** The lead-event queues and dead-letter queues (their attributes only). */
  sqs: SQSClient;
}

/**
 * Every AWS fact the design relies on, read with read-only calls, in the order a reader
 * follows the mail, the edge, then the lead events; the calls run concurrently (each check is
 * independent and never throws), and the lines come back in that order. `environment` is what
 * the environment file says the stack should have (its lead-event destinations).
 */
export async function awsChecks(
  clients: AwsClients,
  facts: StackFacts,
  environment: LeadEventExpectations,
): Promise<CheckResult[]> {
  const checks: Promise<CheckResult[]>[] = [
    checkSesAccount(clients.ses, facts),
    checkSenderIdentities(clients.ses, facts),
    checkConfigurationSets(clients.ses, facts),
    checkEventDestinations(clients.ses, facts),
    checkDeliveryRule(clients.eventbridge, facts),
    checkBrakeMetrics(clients.cloudwatch, facts),
    checkReputationMetric(clients.cloudwatch, facts),
    checkAlarmTopic(clients.sns, facts),
    checkBackupMetrics(clients.cloudwatch, facts),
    checkSiteRouter(clients.cloudfront, facts),
    checkDistributionRouting(clients.cloudfront, facts),
    checkWebAcl(clients.cloudfront, clients.wafv2, facts),
    checkApiEndpoint(clients.apigateway, facts),
    checkLeadEvents(clients, facts, environment),
  ];
  return (await Promise.all(checks)).flat();
}

/**
 * The IAM actions loadStackFacts and awsChecks send, for the verify role's policy and the
 * README; aws-checks.test.ts keeps it equal to the commands the checks really send. All read
 * only: cloudfront:TestFunction and events:TestEventPattern run code or a pattern against a
 * given event and change nothing. secretsmanager:GetSecretValue is needed only on the lead-event
 * destinations' secrets, whose values are checked and never printed (lead-event-checks.ts);
 * without it that check is skipped, not failed; an `api` destination's secret is described
 * (its current version against the pinned and the deployed one) and its pinned version read
 * for the key's shape, never printed. GetApi is authorised as `apigateway:GET` ("Actions,
 * resources, and condition keys for Amazon API Gateway Management"):
 * https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonapigatewaymanagement.html
 */
export const VERIFY_IAM_ACTIONS = [
  'cloudformation:DescribeStacks',
  'cloudformation:ListStackResources',
  'ses:GetAccount',
  'ses:GetEmailIdentity',
  'ses:GetConfigurationSet',
  'ses:GetConfigurationSetEventDestinations',
  'events:DescribeRule',
  'events:TestEventPattern',
  'cloudwatch:DescribeAlarms',
  'cloudwatch:ListMetrics',
  'sns:ListSubscriptionsByTopic',
  'cloudfront:DescribeFunction',
  'cloudfront:TestFunction',
  'cloudfront:GetDistributionConfig',
  'wafv2:GetWebACL',
  'apigateway:GET',
  'events:DescribeEventBus',
  'events:DescribeArchive',
  'events:ListTargetsByRule',
  'events:DescribeConnection',
  'events:DescribeApiDestination',
  'secretsmanager:DescribeSecret',
  'secretsmanager:GetSecretValue',
  'sqs:GetQueueAttributes',
  'cloudwatch:GetMetricStatistics',
] as const;
