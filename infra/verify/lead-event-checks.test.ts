import { CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch';
import {
  DescribeApiDestinationCommand,
  DescribeArchiveCommand,
  DescribeConnectionCommand,
  DescribeEventBusCommand,
  DescribeRuleCommand,
  EventBridgeClient,
  ResourceNotFoundException as EventsNotFound,
  ListTargetsByRuleCommand,
} from '@aws-sdk/client-eventbridge';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException as SecretNotFound,
  SecretsManagerClient,
  SecretsManagerServiceException,
} from '@aws-sdk/client-secrets-manager';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { destinationPattern } from '@kryon/functions/event-destinations';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY_VALUE,
  API_SECRET_VERSION,
  apiDestinationName,
  apiOutput,
  connectionName,
  describedApiDestination,
  describedArchive,
  describedConnection,
  describedLeadRule,
  describedRedeliveryRule,
  describedSecret,
  destinationOutput,
  ENVIRONMENT,
  LEAD_EVENT_BUS,
  LEAD_EVENT_DESTINATIONS,
  leadRuleName,
  leadRuleTargets,
  queuedOutput,
  REGION,
  redeliveryRuleName,
  SLACK_URL,
  stackFacts,
  stubLeadEvents,
  WEBHOOK_SECRET_VALUE,
} from './aws-fixtures.ts';
import type { CheckResult } from './check.ts';
import {
  checkLeadEvents,
  credentialProblem,
  eventsResourceName,
  patternDifferences,
  ruleOf,
} from './lead-event-checks.ts';
import { leadEventOutputs } from './stack-facts.ts';

/*
 * The lead-event checks against each API's documented answer, and a wrong one each. The pages
 * they rely on:
 * - DescribeEventBus (Name, Arn; ResourceNotFoundException when there is none):
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeEventBus.html
 * - DescribeArchive: `State` is ENABLED | DISABLED | CREATING | UPDATING | CREATE_FAILED |
 *   UPDATE_FAILED, with `StateReason`; `EventSourceArn` is the archived bus:
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeArchive.html
 * - DescribeRule(Name, EventBusName: "the name or ARN of the event bus"): `EventPattern` is
 *   the pattern as a JSON string, `State` ENABLED | DISABLED; it "does not list the targets":
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeRule.html
 * - ListTargetsByRule(Rule, EventBusName): Targets[].Arn and Targets[].DeadLetterConfig.Arn,
 *   paged by NextToken:
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_ListTargetsByRule.html
 * - Event patterns: every field named must match, and a field's list matches any one of its
 *   values, so key order and the order of a list do not matter (compared as structures):
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html
 * - DescribeSecret: `DeletedDate` is there only when the secret is scheduled for deletion:
 *   https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_DescribeSecret.html
 * - GetSecretValue: `SecretString` (or SecretBinary) of the AWSCURRENT version, or with
 *   `VersionId` of that version (an `api` key's pinned one); ResourceNotFoundException when
 *   there is no such version:
 *   https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html
 * - GetQueueAttributes: `ApproximateNumberOfMessages` ("available for retrieval") and
 *   `ApproximateNumberOfMessagesNotVisible` ("in flight"), as strings; no age is among them:
 *   https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_GetQueueAttributes.html
 * - so the oldest event's age is the AWS/SQS metric ApproximateAgeOfOldestMessage (dimension
 *   QueueName, seconds), read with GetMetricStatistics:
 *   https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-available-cloudwatch-metrics.html
 *   https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetMetricStatistics.html
 * - The deploy workflow runs verify as the CDK lookup role: ReadOnlyAccess and a Deny of
 *   kms:Decrypt ("DontReadSecrets", node_modules/aws-cdk/lib/api/bootstrap/bootstrap-template.yaml),
 *   so its GetSecretValue is refused and the shape check says so rather than fail.
 * - DescribeConnection: `ConnectionState` is CREATING | UPDATING | DELETING | AUTHORIZED |
 *   DEAUTHORIZED | AUTHORIZING | DEAUTHORIZING | ACTIVE | FAILED_CONNECTIVITY, with
 *   `StateReason`; an API key connection's `AuthParameters.ApiKeyAuthParameters.ApiKeyName`
 *   (never its value):
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeConnection.html
 * - DescribeApiDestination: `ApiDestinationState` ACTIVE | INACTIVE, `InvocationEndpoint`,
 *   `HttpMethod`, `InvocationRateLimitPerSecond`, `ConnectionArn`:
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeApiDestination.html
 * - An API destination target's `InputPath` is what of the event it is sent
 *   (ListTargetsByRule, Targets[].InputPath).
 * - DescribeSecret's `VersionIdsToStages`: each version that has a staging label, with its
 *   labels; AWSCURRENT marks the current one:
 *   https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_DescribeSecret.html
 * - A dynamic reference to a secret is read when the template's reference changes, not when
 *   the secret does; a version id in it pins that version:
 *   https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/dynamic-references-secretsmanager.html
 * - GetQueueAttributes of a queue that is not there: QueueDoesNotExist
 *   (AWS.SimpleQueueService.NonExistentQueue in the query protocol).
 */

const stubs = {
  eventbridge: mockClient(EventBridgeClient),
  secretsmanager: mockClient(SecretsManagerClient),
  sqs: mockClient(SQSClient),
  cloudwatch: mockClient(CloudWatchClient),
};
const clients = {
  eventbridge: new EventBridgeClient({ region: REGION }),
  secretsmanager: new SecretsManagerClient({ region: REGION }),
  sqs: new SQSClient({ region: REGION }),
  cloudwatch: new CloudWatchClient({ region: REGION }),
};
const NOW = new Date('2026-12-01T10:00:00Z');
const expected = { environment: ENVIRONMENT, destinations: LEAD_EVENT_DESTINATIONS };
const [slack, webhook, api] = LEAD_EVENT_DESTINATIONS as [
  (typeof LEAD_EVENT_DESTINATIONS)[number],
  (typeof LEAD_EVENT_DESTINATIONS)[number],
  (typeof LEAD_EVENT_DESTINATIONS)[number],
];

const notFound = (message: string) => new EventsNotFound({ message, $metadata: {} });
const secretNotFound = (message: string) => new SecretNotFound({ message, $metadata: {} });
/** Secrets Manager's answer to credentials without the action, as the lookup role gets it. */
const refused = (action: 'DescribeSecret' | 'GetSecretValue') =>
  new SecretsManagerServiceException({
    name: 'AccessDeniedException',
    $fault: 'client',
    message: `not authorized to perform: secretsmanager:${action}`,
    $metadata: {},
  });

/** An account as the stack and the environment file want it: every line ok. */
function healthyLeadEvents(): void {
  stubLeadEvents(stubs);
  stubs.cloudwatch.on(GetMetricStatisticsCommand).resolves({
    Label: 'ApproximateAgeOfOldestMessage',
    Datapoints: [
      { Timestamp: new Date('2026-12-01T09:50:00Z'), Maximum: 900, Unit: 'Seconds' },
      { Timestamp: new Date('2026-12-01T09:55:00Z'), Maximum: 42, Unit: 'Seconds' },
    ],
  });
}

beforeEach(() => {
  for (const stub of Object.values(stubs)) stub.reset();
  healthyLeadEvents();
});

const run = (facts = stackFacts(), exp = expected) => checkLeadEvents(clients, facts, exp, NOW);
const line = (results: CheckResult[], name: string) => {
  const found = results.find((result) => result.name === name);
  if (!found) throw new Error(`no line ${name} in ${results.map((r) => r.name).join(', ')}`);
  return found;
};

/** What a destination's dead-letter queue answers GetQueueAttributes with, to stub it. */
const deadLetterQueue = (name: string) =>
  stubs.sqs.on(GetQueueAttributesCommand, { QueueUrl: destinationOutput(name).deadLetterQueueUrl });
const holding = (count: number) => ({
  Attributes: { ApproximateNumberOfMessages: String(count) },
});

/** No part of a secret's value beyond its public prefix, six characters or more, is printed. */
function expectNoValue(results: CheckResult[], value: string, publicPrefix: string) {
  const printed = JSON.stringify(results);
  const secret = value.slice(publicPrefix.length);
  for (let i = 0; i + 6 <= secret.length; i += 1) {
    expect(printed).not.toContain(secret.slice(i, i + 6));
  }
}

describe('checkLeadEvents on an account as the design wants it', () => {
  it('reports every line ok, in the order a reader follows an event', async () => {
    const results = await run();

    expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'lead-event bus',
      'lead-event archive',
      'lead-event rule: sales-slack',
      'lead-event secret: sales-slack',
      'lead-event dead letters: sales-slack',
      'lead-event queue: sales-slack',
      'lead-event rule: crm-webhook',
      'lead-event secret: crm-webhook',
      'lead-event dead letters: crm-webhook',
      'lead-event queue: crm-webhook',
      'lead-event rule: partner-api',
      'lead-event redelivery rule: partner-api',
      'lead-event connection: partner-api',
      'lead-event API destination: partner-api',
      'lead-event secret: partner-api',
      'lead-event dead letters: partner-api',
    ]);
    expect(line(results, 'lead-event queue: sales-slack').detail).toBe(
      '2 waiting, 1 being delivered or waiting for their next attempt; the oldest 42 s old (CloudWatch, the last 15 minutes)',
    );
    expectNoValue(results, SLACK_URL, 'https://hooks.slack.com/');
    expectNoValue(results, WEBHOOK_SECRET_VALUE, 'whsec_');
  });

  it('reads each secret by the name the file gives, and the rule on the lead-event bus', async () => {
    await run();
    expect(
      stubs.secretsmanager.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId),
    ).toEqual(expect.arrayContaining(['kryon/sales-slack-url', 'kryon/crm-signing-secret']));
    expect(stubs.eventbridge.commandCalls(DescribeRuleCommand)[0]?.args[0].input).toEqual({
      Name: leadRuleName('sales-slack'),
      EventBusName: LEAD_EVENT_BUS,
    });
    expect(
      stubs.cloudwatch.commandCalls(GetMetricStatisticsCommand)[0]?.args[0].input.Dimensions,
    ).toEqual([
      { Name: 'QueueName', Value: queuedOutput('sales-slack').queueUrl.split('/').pop() },
    ]);
  });
});

describe('checkLeadEvents on a stack deployed before lead events', () => {
  it('gives one "not deployed yet" line, not failures, and asks AWS nothing', async () => {
    const facts = stackFacts();
    const outputs = { ...facts.outputs };
    delete outputs.LeadEventBusName;
    delete outputs.LeadEventArchiveName;
    delete outputs.LeadEventDestinations;

    const results = await run({ ...facts, outputs });

    expect(results).toHaveLength(1);
    expect(results[0]?.name).toBe('lead events');
    expect(results[0]?.status).toBe('warn');
    expect(results[0]?.detail).toContain('not deployed yet');
    expect(results[0]?.fix).toContain('sales-slack, crm-webhook, partner-api');
    for (const stub of Object.values(stubs)) expect(stub.calls()).toHaveLength(0);
  });

  it('fails a stack with only some of the outputs, or a destinations output that is not the list', async () => {
    const facts = stackFacts();
    const [partial] = await run({
      ...facts,
      outputs: { ...facts.outputs, LeadEventArchiveName: '' },
    });
    expect(partial?.status).toBe('fail');
    expect(partial?.detail).toContain('no LeadEventArchiveName output');

    const [garbled] = await run({
      ...facts,
      outputs: { ...facts.outputs, LeadEventDestinations: '[{"name":"sales-slack"}]' },
    });
    expect(garbled?.status).toBe('fail');
    expect(garbled?.detail).toContain('not a JSON list');
  });
});

describe('the bus and the archive', () => {
  it('fails a missing bus', async () => {
    stubs.eventbridge.on(DescribeEventBusCommand).rejects(notFound('Event bus not found.'));
    const result = line(await run(), 'lead-event bus');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`no event bus ${LEAD_EVENT_BUS}`);
  });

  it('fails an archive that is not ENABLED, giving its reason', async () => {
    stubs.eventbridge
      .on(DescribeArchiveCommand)
      .resolves({ ...describedArchive(), State: 'UPDATE_FAILED', StateReason: 'KMS key disabled' });
    const result = line(await run(), 'lead-event archive');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('is UPDATE_FAILED (KMS key disabled), not ENABLED');
  });

  it('fails an archive of another bus', async () => {
    stubs.eventbridge.on(DescribeArchiveCommand).resolves({
      ...describedArchive(),
      EventSourceArn: `arn:aws:events:${REGION}:123456789012:event-bus/default`,
    });
    const result = line(await run(), 'lead-event archive');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`not the lead-event bus ${LEAD_EVENT_BUS}`);
  });

  it('fails a missing archive', async () => {
    stubs.eventbridge.on(DescribeArchiveCommand).rejects(notFound('Archive does not exist.'));
    expect(line(await run(), 'lead-event archive').status).toBe('fail');
  });
});

describe("a destination's rule", () => {
  const slackRule = (pattern: unknown, state?: string) =>
    stubs.eventbridge
      .on(DescribeRuleCommand, { Name: leadRuleName('sales-slack') })
      .resolves(describedLeadRule(pattern, 'sales-slack', state));

  it('passes the same pattern with its keys and list values in another order', async () => {
    const want = destinationPattern(slack);
    slackRule({
      detail: { form: [...want.detail.form].reverse() },
      'detail-type': [...want['detail-type']].reverse(),
      source: want.source,
    });
    expect(line(await run(), 'lead-event rule: sales-slack').status).toBe('ok');
  });

  it('fails a pattern that lacks an event and adds a form, naming both', async () => {
    const want = destinationPattern(webhook);
    stubs.eventbridge.on(DescribeRuleCommand, { Name: leadRuleName('crm-webhook') }).resolves(
      describedLeadRule(
        {
          ...want,
          'detail-type': want['detail-type'].filter((t) => t !== 'lead.erased'),
          detail: { form: [...want.detail.form, 'partner'] },
        },
        'crm-webhook',
      ),
    );
    const result = line(await run(), 'lead-event rule: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`its pattern's detail-type lacks "lead.erased"`);
    expect(result.detail).toContain(`its pattern's detail.form also has "partner"`);
    expect(result.fix).toContain('infra/environments/production.ts');
  });

  it('fails a disabled rule, saying how to enable it', async () => {
    slackRule(destinationPattern(slack), 'DISABLED');
    const result = line(await run(), 'lead-event rule: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.fix).toContain(
      `aws events enable-rule --name ${leadRuleName('sales-slack')} --event-bus-name ${LEAD_EVENT_BUS}`,
    );
  });

  it('fails a queue target without its dead-letter queue', async () => {
    const { Targets } = leadRuleTargets('sales-slack');
    stubs.eventbridge
      .on(ListTargetsByRuleCommand, { Rule: leadRuleName('sales-slack') })
      .resolves({ Targets: Targets.map(({ DeadLetterConfig: _, ...target }) => target) });
    const result = line(await run(), 'lead-event rule: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('no dead-letter queue');
  });

  it('fails a rule whose target is another queue', async () => {
    stubs.eventbridge
      .on(ListTargetsByRuleCommand, { Rule: leadRuleName('sales-slack') })
      .resolves(leadRuleTargets('crm-webhook'));
    const result = line(await run(), 'lead-event rule: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(
      `no target is its queue ${queuedOutput('sales-slack').queueArn}`,
    );
  });

  it('fails a rule that is gone', async () => {
    stubs.eventbridge
      .on(DescribeRuleCommand, { Name: leadRuleName('sales-slack') })
      .rejects(notFound('Rule does not exist.'));
    const result = line(await run(), 'lead-event rule: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('receives nothing');
  });
});

describe('destinations of the file against those of the stack', () => {
  it('fails a destination the file names and the stack lacks, and one the stack has that the file does not', async () => {
    const facts = stackFacts();
    const results = await run(
      {
        ...facts,
        outputs: {
          ...facts.outputs,
          LeadEventDestinations: JSON.stringify([
            destinationOutput('sales-slack'),
            destinationOutput('old-zapier'),
          ]),
        },
      },
      expected,
    );

    const missing = line(results, 'lead-event destination: crm-webhook');
    expect(missing.status).toBe('fail');
    expect(missing.detail).toContain(
      'named in infra/environments/production.ts but not in KryonWeb',
    );
    expect(missing.fix).toContain('Deploy again');
    const extra = line(results, 'lead-event destination: old-zapier');
    expect(extra.status).toBe('fail');
    expect(extra.fix).toContain('Deploy again');
    // The file's secret is checked even before its destination is deployed.
    expect(line(results, 'lead-event secret: crm-webhook').status).toBe('ok');
    expect(results.map((r) => r.name)).not.toContain('lead-event rule: crm-webhook');
  });
});

describe("a destination's secret", () => {
  const value = (secret: string, SecretString: string) =>
    stubs.secretsmanager
      .on(GetSecretValueCommand, { SecretId: secret })
      .resolves({ Name: secret, SecretString });

  it('fails a secret that is not there, saying how to create it', async () => {
    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: slack.secret })
      .rejects(secretNotFound("Secrets Manager can't find the specified secret."));
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`no secret named ${slack.secret} in ${REGION}`);
    expect(result.fix).toContain(`aws secretsmanager create-secret --name ${slack.secret}`);
  });

  it('fails a secret scheduled for deletion', async () => {
    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: slack.secret })
      .resolves({ Name: slack.secret, DeletedDate: new Date('2026-12-05T00:00:00Z') });
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.fix).toContain('restore-secret');
  });

  it('warns of a secret encrypted with a key that may be its own, which the delivery could not decrypt with', async () => {
    // DescribeSecret's KmsKeyId: omitted for the account's aws/secretsmanager key, except for a
    // secret made in the console, which names that key's id
    // (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_DescribeSecret.html).
    const key = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: slack.secret })
      .resolves({ Name: slack.secret, KmsKeyId: key });
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('warn');
    expect(result.detail).toContain(key);
    expect(result.fix).toContain('--kms-key-id alias/aws/secretsmanager');
  });

  it('fails a secret with no current value', async () => {
    stubs.secretsmanager
      .on(GetSecretValueCommand, { SecretId: slack.secret })
      .rejects(
        secretNotFound(
          "Secrets Manager can't find the specified secret value for staging label: AWSCURRENT",
        ),
      );
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('no current (AWSCURRENT) value');
  });

  it('fails a Slack secret that is not an incoming-webhook URL, without showing it', async () => {
    const wrong = 'https://hooks.zapier.com/hooks/catch/9f3k2qxv/zq8w7e6r/';
    value(slack.secret, wrong);
    const results = await run();
    const result = line(results, 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('is not an https://hooks.slack.com/ URL');
    expectNoValue(results, wrong, 'https://hooks.zapier.com/hooks/catch/');
  });

  it("fails a Slack secret that is the local inbox's 127.0.0.1 address", async () => {
    value(slack.secret, 'http://127.0.0.1:8010/slack/T0LOCAL/B0LOCAL/xYz987');
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('on this machine (loopback)');
  });

  it('fails a webhook secret that is not one (no whsec_, too short), without showing it', async () => {
    value(webhook.secret, 'sk_live_9f8e7d6c5b4a39281706');
    let results = await run();
    let result = line(results, 'lead-event secret: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('is neither a whsec_ signing secret nor a URL');
    expectNoValue(results, 'sk_live_9f8e7d6c5b4a39281706', '');

    const short = `whsec_${Buffer.from('only sixteen by.').toString('base64')}`;
    value(webhook.secret, short);
    results = await run();
    result = line(results, 'lead-event secret: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('the base64 of 24 to 64 random bytes');
    expectNoValue(results, short, 'whsec_');
  });

  it('passes a webhook that keeps its URL in its secret, and fails that form where the file names a URL, never showing it', async () => {
    const zapier = 'https://hooks.zapier.com/hooks/catch/9f3k2qxv/zq8w7e6r/';
    const urlInSecret = `${zapier} ${WEBHOOK_SECRET_VALUE}`;
    const { url: _inTheFile, ...hidden } = webhook;
    value(webhook.secret, urlInSecret);

    let results = await run(stackFacts(), { ...expected, destinations: [slack, hidden] });
    let result = line(results, 'lead-event secret: crm-webhook');
    expect(result.status).toBe('ok');
    expect(result.detail).toContain("the webhook's https URL and a whsec_ signing secret");
    expectNoValue(results, zapier, 'https://hooks.zapier.com/hooks/catch/');
    expectNoValue(results, WEBHOOK_SECRET_VALUE, 'whsec_');

    results = await run();
    result = line(results, 'lead-event secret: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('names the URL too: keep it in one of them');
    expectNoValue(results, zapier, 'https://hooks.zapier.com/hooks/catch/');

    value(webhook.secret, WEBHOOK_SECRET_VALUE);
    results = await run(stackFacts(), { ...expected, destinations: [slack, hidden] });
    result = line(results, 'lead-event secret: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('holds no URL, and the environment file names none');
    expect(result.fix).toContain("the receiver's https URL (the environment file names none)");
  });

  it("skips the value's shape when the credentials may describe but not read secrets (the lookup role)", async () => {
    stubs.secretsmanager.on(GetSecretValueCommand).rejects(refused('GetSecretValue'));
    const result = line(await run(), 'lead-event secret: crm-webhook');
    expect(result.status).toBe('skipped');
    expect(result.detail).toContain(`${webhook.secret} exists`);
  });

  it('fails, naming the action, when even DescribeSecret is refused', async () => {
    stubs.secretsmanager.on(DescribeSecretCommand).rejects(refused('DescribeSecret'));
    const result = line(await run(), 'lead-event secret: sales-slack');
    expect(result.status).toBe('fail');
    expect(result.fix).toContain('secretsmanager:DescribeSecret');
  });
});

describe("a destination's queues", () => {
  it('fails a dead-letter queue that holds events, naming the command that sends them again', async () => {
    deadLetterQueue('crm-webhook').resolves(holding(3));
    const result = line(await run(), 'lead-event dead letters: crm-webhook');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('about 3 events for crm-webhook failed every attempt');
    expect(result.fix).toContain(
      'npm run webhooks:replay -- production --dead-letters --destination crm-webhook',
    );
  });

  it('warns when the oldest event has waited past the OldestEvent alarm hour', async () => {
    stubs.cloudwatch.on(GetMetricStatisticsCommand).resolves({
      Datapoints: [{ Timestamp: new Date('2026-12-01T09:55:00Z'), Maximum: 5400 }],
    });
    const result = line(await run(), 'lead-event queue: sales-slack');
    expect(result.status).toBe('warn');
    expect(result.detail).toContain('the oldest 90 min old');
  });

  it('says so when CloudWatch has no age (an empty queue reports none)', async () => {
    stubs.cloudwatch.on(GetMetricStatisticsCommand).resolves({ Datapoints: [] });
    const result = line(await run(), 'lead-event queue: sales-slack');
    expect(result.status).toBe('ok');
    expect(result.detail).toContain('no age of the oldest');
  });
});

describe('an api destination', () => {
  it("reads its secret's pinned version, the connection's key, never showing it", async () => {
    const results = await run();
    expect(
      stubs.secretsmanager
        .commandCalls(GetSecretValueCommand)
        .map((c) => c.args[0].input)
        .filter((input) => input.SecretId === api.secret),
    ).toEqual([{ SecretId: api.secret, VersionId: API_SECRET_VERSION }]);
    expect(
      stubs.secretsmanager.commandCalls(DescribeSecretCommand).map((c) => c.args[0].input.SecretId),
    ).toContain(api.secret);
    expect(line(results, 'lead-event secret: partner-api')).toEqual({
      name: 'lead-event secret: partner-api',
      status: 'ok',
      detail: `kryon/partner-api-key's current version is ${API_SECRET_VERSION}, the one infra/environments/production.ts pins and KryonWeb was deployed with: the connection holds its key, an API key EventBridge takes (not shown)`,
    });
    expectNoValue(results, API_KEY_VALUE, 'partner-key-');
    expect(stubs.eventbridge.commandCalls(DescribeConnectionCommand)[0]?.args[0].input).toEqual({
      Name: connectionName('partner-api'),
    });
    expect(stubs.eventbridge.commandCalls(DescribeApiDestinationCommand)[0]?.args[0].input).toEqual(
      { Name: apiDestinationName('partner-api') },
    );
  });

  it("fails when the secret's current version is not the one the file pins, saying what to set", async () => {
    const rotated = '0d4c8b2a-9e7f-4a1b-8c3d-5e6f7a8b9c0d';
    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: api.secret })
      .resolves(describedSecret(api.secret, rotated));
    const result = line(await run(), 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toBe(
      `the current version of kryon/partner-api-key is ${rotated}, not ${API_SECRET_VERSION}, the one infra/environments/production.ts pins`,
    );
    expect(result.fix).toBe(
      `set secretVersion: '${rotated}' for partner-api in infra/environments/production.ts and deploy: CloudFormation reads the secret only when that reference changes, so the connection still holds the key of version ${API_SECRET_VERSION}.`,
    );
  });

  it('fails when the stack was deployed with another version than the file names, or names none', async () => {
    const facts = stackFacts();
    const deployedWith = (secretVersion: string | undefined) => {
      const { secretVersion: _, ...output } = apiOutput('partner-api');
      return {
        ...facts,
        outputs: {
          ...facts.outputs,
          LeadEventDestinations: JSON.stringify([
            destinationOutput('sales-slack'),
            destinationOutput('crm-webhook'),
            secretVersion === undefined ? output : { ...output, secretVersion },
          ]),
        },
      };
    };
    const earlier = '0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b';

    let result = line(await run(deployedWith(earlier)), 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toBe(
      `deploy: the stack was deployed with version ${earlier}, the file names ${API_SECRET_VERSION} (infra/environments/production.ts; the current version of kryon/partner-api-key): the connection still holds the key of version ${earlier}`,
    );
    expect(result.fix).toBe(
      `Deploy: \`npm run deploy -- production\`, which gives the connection the key of version ${API_SECRET_VERSION}.`,
    );

    // A stack deployed before its output named the version: which key it holds is not known.
    result = line(await run(deployedWith(undefined)), 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(
      'KryonWeb was deployed before its LeadEventDestinations output named the version of kryon/partner-api-key',
    );
    expect(result.fix).toContain('Deploy: `npm run deploy -- production`');
  });

  it('fails a pinned key EventBridge would refuse, naming what is wrong, never the key', async () => {
    const cases = [
      [`${API_KEY_VALUE}\n`, 'ends with a newline'],
      [`Basic:${API_KEY_VALUE}`, 'holds a colon (:), which an API key may not'],
      [API_KEY_VALUE.repeat(20), 'is 720 characters long: an API key is 1 to 512'],
      [`${API_KEY_VALUE}\u0007`, 'holds a control character (a line break or another)'],
    ] as const;
    for (const [value, problem] of cases) {
      stubs.secretsmanager
        .on(GetSecretValueCommand, { SecretId: api.secret, VersionId: API_SECRET_VERSION })
        .resolves({ Name: api.secret, SecretString: value, VersionId: API_SECRET_VERSION });
      const results = await run();
      const result = line(results, 'lead-event secret: partner-api');
      expect(result.status, problem).toBe('fail');
      expect(result.detail).toBe(
        `version ${API_SECRET_VERSION} of kryon/partner-api-key, the one infra/environments/production.ts pins, ${problem} (the value is not shown): EventBridge takes no such API key, so a deploy that gives it to the connection fails`,
      );
      expect(result.fix).toContain("`printf %s '<key>' > key.txt`");
      expect(result.fix).toContain(
        `aws secretsmanager put-secret-value --secret-id kryon/partner-api-key --region ${REGION} --secret-string file://key.txt`,
      );
      expect(result.fix).toContain("set secretVersion: '<that VersionId>' for partner-api");
      expectNoValue(results, API_KEY_VALUE, 'partner-key-');
    }
  });

  it("skips the key's shape when the credentials may not read it, but still compares the versions", async () => {
    stubs.secretsmanager.on(GetSecretValueCommand).rejects(refused('GetSecretValue'));
    let result = line(await run(), 'lead-event secret: partner-api');
    expect(result.status).toBe('skipped');
    expect(result.detail).toContain(
      `current version is ${API_SECRET_VERSION}, the one infra/environments/production.ts pins and KryonWeb was deployed with`,
    );
    expect(result.detail).toContain("to check the key's shape");

    const rotated = '0d4c8b2a-9e7f-4a1b-8c3d-5e6f7a8b9c0d';
    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: api.secret })
      .resolves(describedSecret(api.secret, rotated));
    result = line(await run(), 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`the current version of kryon/partner-api-key is ${rotated}`);
  });

  it('fails when the file pins no version, and when the secret is gone', async () => {
    const { secretVersion: _, ...unpinned } = api;
    let results = await run(stackFacts(), {
      ...expected,
      destinations: [slack, webhook, unpinned],
    });
    let result = line(results, 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('pins no secretVersion for partner-api');
    expect(result.fix).toContain(`set secretVersion: '${API_SECRET_VERSION}' for partner-api`);

    stubs.secretsmanager
      .on(DescribeSecretCommand, { SecretId: api.secret })
      .rejects(secretNotFound("Secrets Manager can't find the specified secret."));
    results = await run();
    result = line(results, 'lead-event secret: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(`no secret named ${api.secret}`);
    expect(result.fix).toContain('the whole value of the x-api-key header');
  });

  it('fails a connection that is not AUTHORIZED, giving its reason, and waits for one being changed', async () => {
    stubs.eventbridge.on(DescribeConnectionCommand).resolves({
      ...describedConnection('partner-api', 'DEAUTHORIZED'),
      StateReason: 'The API key was not accepted',
    });
    let result = line(await run(), 'lead-event connection: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(
      'it is DEAUTHORIZED (The API key was not accepted), not AUTHORIZED',
    );
    expect(result.fix).toContain('npm run deploy -- production');

    stubs.eventbridge
      .on(DescribeConnectionCommand)
      .resolves(describedConnection('partner-api', 'AUTHORIZING'));
    result = line(await run(), 'lead-event connection: partner-api');
    expect(result.status).toBe('warn');
  });

  it("fails a connection that puts the key in another header than the file's", async () => {
    stubs.eventbridge.on(DescribeConnectionCommand).resolves({
      ...describedConnection('partner-api'),
      AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'Authorization' } },
    });
    const result = line(await run(), 'lead-event connection: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('it puts the key in Authorization, not x-api-key');
  });

  it('fails an API destination that is not ACTIVE, sends elsewhere or at another rate', async () => {
    stubs.eventbridge.on(DescribeApiDestinationCommand).resolves({
      ...describedApiDestination('partner-api'),
      ApiDestinationState: 'INACTIVE',
      InvocationEndpoint: 'https://api.partner.example/v0/leads',
      InvocationRateLimitPerSecond: 300,
    });
    const result = line(await run(), 'lead-event API destination: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('it is INACTIVE, not ACTIVE');
    expect(result.detail).toContain(
      'it sends to https://api.partner.example/v0/leads, not https://api.partner.example/v1/kryon-leads',
    );
    expect(result.detail).toContain('at most 300 events a second, not 2');
  });

  it('fails a rule whose API destination target is sent the whole event, not its detail', async () => {
    const { Targets } = leadRuleTargets('partner-api');
    stubs.eventbridge
      .on(ListTargetsByRuleCommand, { Rule: leadRuleName('partner-api') })
      .resolves({ Targets: Targets.map((target) => ({ ...target, InputPath: undefined })) });
    const result = line(await run(), 'lead-event rule: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain(
      'its API destination target is sent the whole event, not its detail ($.detail)',
    );
  });

  it('fails a redelivery rule that is disabled or matches another API destination', async () => {
    stubs.eventbridge
      .on(DescribeRuleCommand, { Name: redeliveryRuleName('partner-api') })
      .resolves(describedRedeliveryRule('partner-api', 'DISABLED'));
    let result = line(await run(), 'lead-event redelivery rule: partner-api');
    expect(result.status).toBe('fail');
    expect(result.fix).toContain(
      `aws events enable-rule --name ${redeliveryRuleName('partner-api')} --event-bus-name ${LEAD_EVENT_BUS}`,
    );

    stubs.eventbridge
      .on(DescribeRuleCommand, { Name: redeliveryRuleName('partner-api') })
      .resolves({
        ...describedRedeliveryRule('partner-api'),
        EventPattern: JSON.stringify({
          source: ['kryon.leads.redelivery'],
          resources: ['arn:aws:events:us-east-1:123456789012:api-destination/other/1'],
        }),
      });
    result = line(await run(), 'lead-event redelivery rule: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain("its pattern's resources lacks");
  });

  it('fails dead letters waiting, naming what EventBridge says on each and the command', async () => {
    deadLetterQueue('partner-api').resolves(holding(2));
    const result = line(await run(), 'lead-event dead letters: partner-api');
    expect(result.status).toBe('fail');
    expect(result.fix).toContain('ERROR_CODE and ERROR_MESSAGE attributes');
    expect(result.fix).toContain(
      'npm run webhooks:replay -- production --dead-letters --destination partner-api',
    );
  });

  it('fails a dead-letter queue that is not there', async () => {
    deadLetterQueue('partner-api').rejects(
      Object.assign(new Error('The specified queue does not exist.'), {
        name: 'QueueDoesNotExist',
      }),
    );
    const result = line(await run(), 'lead-event dead letters: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('there is no queue');
    expect(result.fix).toContain('deploy the environment again');
  });

  it('fails a destination the stack sends another way than the file says', async () => {
    const facts = stackFacts();
    const results = await run({
      ...facts,
      outputs: {
        ...facts.outputs,
        LeadEventDestinations: JSON.stringify([
          destinationOutput('sales-slack'),
          destinationOutput('crm-webhook'),
          queuedOutput('partner-api'),
        ]),
      },
    });
    const result = line(results, 'lead-event destination: partner-api');
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('makes it an api destination (sent by EventBridge)');
    expect(results.map((r) => r.name)).not.toContain('lead-event connection: partner-api');
  });
});

describe("an older stack's destinations, which name no kind", () => {
  it('are checked as queued ones', async () => {
    const facts = stackFacts();
    const older = ['sales-slack', 'crm-webhook'].map((name) => {
      const { kind: _, ...rest } = queuedOutput(name);
      return rest;
    });
    const results = await run(
      { ...facts, outputs: { ...facts.outputs, LeadEventDestinations: JSON.stringify(older) } },
      { ...expected, destinations: [slack, webhook] },
    );
    expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
    expect(results.map((r) => r.name)).toContain('lead-event queue: crm-webhook');
  });
});

describe('patternDifferences', () => {
  it('finds none between the same structure in another order', () => {
    expect(
      patternDifferences(
        { source: ['a'], 'detail-type': ['x', 'y'], detail: { form: ['demo', 'contact'] } },
        { detail: { form: ['contact', 'demo'] }, 'detail-type': ['y', 'x'], source: ['a'] },
      ),
    ).toEqual([]);
  });

  it('names each missing, added or different path', () => {
    expect(
      patternDifferences(
        { source: ['a'], 'detail-type': ['x'], detail: { form: ['demo'] } },
        { source: 'a', detail: { form: ['demo'], kind: ['slack'] } },
      ),
    ).toEqual([
      'detail.kind is not expected (["slack"])',
      'detail-type is missing',
      'source is "a", not ["a"]',
    ]);
  });
});

describe('eventsResourceName', () => {
  it('reads the name of a connection and of an API destination from its ARN', () => {
    expect(
      eventsResourceName(
        'arn:aws:events:us-east-1:123456789012:connection/my-key/0c1d2e3f',
        'connection',
      ),
    ).toBe('my-key');
    expect(
      eventsResourceName(
        'arn:aws:events:us-east-1:123456789012:api-destination/my-api/8f0e',
        'api-destination',
      ),
    ).toBe('my-api');
    expect(
      eventsResourceName('arn:aws:events:us-east-1:123456789012:rule/bus/r', 'connection'),
    ).toBeUndefined();
  });
});

describe('ruleOf', () => {
  it('reads a rule on a custom bus and one on the default bus', () => {
    expect(ruleOf('arn:aws:events:us-east-1:123456789012:rule/my-bus/my-rule')).toEqual({
      name: 'my-rule',
      bus: 'my-bus',
    });
    expect(ruleOf('arn:aws:events:us-east-1:123456789012:rule/my-rule')).toEqual({
      name: 'my-rule',
    });
    expect(ruleOf('not-an-arn')).toBeUndefined();
  });
});

describe('credentialProblem', () => {
  const slackKind = { kind: 'slack' } as const;
  const withUrl = { kind: 'webhook', url: 'https://crm.kryon.example/hooks/kryon' } as const;
  const withoutUrl = { kind: 'webhook' } as const;
  const zapier = 'https://hooks.zapier.com/hooks/catch/123456/abcdef7/';

  it('accepts the values the delivery function can use, trimmed as it reads them', () => {
    expect(credentialProblem(slackKind, `${SLACK_URL}\n`)).toBeUndefined();
    expect(credentialProblem(withUrl, ` ${WEBHOOK_SECRET_VALUE} `)).toBeUndefined();
  });

  it('accepts two signing secrets during a rotation, and names which of them is refused', () => {
    const other = `whsec_${Buffer.from('Kryon verify fixture: new key!!!').toString('base64')}`;
    expect(credentialProblem(withUrl, `${other} ${WEBHOOK_SECRET_VALUE}`)).toBeUndefined();
    expect(credentialProblem(withUrl, `${other} whsec_short`)).toMatch(
      /^its secret 2 of 2 .*whsec_/,
    );
    expect(credentialProblem(withUrl, `${other} not-a-secret`)).toBe(
      'holds a word (2 of 2) that is neither a whsec_ signing secret nor a URL',
    );
  });

  it('accepts the URL in the secret for a webhook the file names none, and only for one', () => {
    const other = `whsec_${Buffer.from('Kryon verify fixture: new key!!!').toString('base64')}`;
    expect(credentialProblem(withoutUrl, `${zapier} ${WEBHOOK_SECRET_VALUE}`)).toBeUndefined();
    expect(
      credentialProblem(withoutUrl, `\n${zapier}\n${other} ${WEBHOOK_SECRET_VALUE}\n`),
    ).toBeUndefined();
    const said = [
      credentialProblem(withUrl, `${zapier} ${WEBHOOK_SECRET_VALUE}`),
      credentialProblem(withoutUrl, WEBHOOK_SECRET_VALUE),
      credentialProblem(withoutUrl, `http://hooks.zapier.com/x ${WEBHOOK_SECRET_VALUE}`),
      credentialProblem(withoutUrl, `http://127.0.0.1:8010/webhook ${WEBHOOK_SECRET_VALUE}`),
      credentialProblem(withoutUrl, `${zapier} ${zapier}x ${WEBHOOK_SECRET_VALUE}`),
      credentialProblem(withoutUrl, zapier),
      credentialProblem(withoutUrl, `${zapier} whsec_short`),
    ];
    expect(said).toEqual([
      'holds a URL, and the environment file names the URL too: keep it in one of them (deliveries are refused)',
      'holds no URL, and the environment file names none: there is nowhere to send to',
      'holds a URL that is not https',
      'holds a URL that is on this machine (loopback): only the local stack sends there',
      'holds more than one URL',
      'holds no whsec_ signing secret',
      expect.stringMatching(/^is not whsec_ and the base64 of 24 to 64 random bytes/),
    ]);
    expect(JSON.stringify(said)).not.toContain('zapier');
  });

  it('refuses binary and empty values', () => {
    expect(credentialProblem(slackKind, undefined)).toBe('is binary, not text');
    expect(credentialProblem(withUrl, '  ')).toBe('is empty');
  });
});

describe('leadEventOutputs', () => {
  it("reads the stack's three outputs", () => {
    const outputs = leadEventOutputs(stackFacts());
    expect(outputs).toEqual({
      state: 'present',
      busName: LEAD_EVENT_BUS,
      archiveName: expect.any(String),
      destinations: LEAD_EVENT_DESTINATIONS.map(({ name }) => destinationOutput(name)),
    });
  });
});
