import { type CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch';
import {
  DescribeApiDestinationCommand,
  DescribeArchiveCommand,
  DescribeConnectionCommand,
  DescribeEventBusCommand,
  DescribeRuleCommand,
  type EventBridgeClient,
  ListTargetsByRuleCommand,
  type Target,
} from '@aws-sdk/client-eventbridge';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { apiKeyProblem } from '@kryon/functions/api-key';
import {
  SecretValueError,
  slackUrlProblem,
  type WebhookCredential,
  webhookCredential,
} from '@kryon/functions/deliver-event';
import type { DeployedDestinationOutput } from '@kryon/functions/destination-outputs';
import {
  API_KEY_HEADER,
  destinationPattern,
  type LeadEventDestination,
  redeliveryPattern,
  webhookUrlProblem,
} from '@kryon/functions/event-destinations';
import { checkSecret, webhookSigner } from '@kryon/functions/webhook-signer';
import { LEAD_EVENT_ALARMS } from '../lib/lead-events.ts';
import { type CheckResult, fail, guarded, ok, skipped, warn } from './check.ts';
import { LEAD_EVENT_OUTPUTS, leadEventOutputs, type StackFacts } from './stack-facts.ts';

/*
 * The lead-event path of a deployed environment (decision 090), read with read-only calls:
 * the bus and its archive, per destination its rule (pattern, state, target with its
 * dead-letter queue), its secret (there, and of the right shape: never shown) and its queues;
 * an `api` destination's redelivery rule, connection and API destination, whether its
 * connection holds the secret's current version, and that version's key of a shape
 * EventBridge takes (read when the credentials may, never shown).
 * The API pages each call relies on are cited in lead-event-checks.test.ts.
 */

/** A destination's entry of the stack's output, of one kind. */
type QueuedOutput = Exclude<DeployedDestinationOutput, { kind: 'api' }>;
type ApiOutput = Extract<DeployedDestinationOutput, { kind: 'api' }>;

export interface LeadEventClients {
  eventbridge: EventBridgeClient;
  secretsmanager: SecretsManagerClient;
  sqs: SQSClient;
  cloudwatch: CloudWatchClient;
}

/** What the environment file says the stack should have. */
export interface LeadEventExpectations {
  /** The environment's name, as `npm run webhooks:replay -- <env>` takes it. */
  environment: string;
  /** The file's destinations, their defaults filled in (`resolveDestination`). */
  destinations: readonly LeadEventDestination[];
}

const REDEPLOY = 'The stack is not what this commit declares: deploy the environment again.';

export async function checkLeadEvents(
  clients: LeadEventClients,
  facts: StackFacts,
  expected: LeadEventExpectations,
  now = new Date(),
): Promise<CheckResult[]> {
  const outputs = leadEventOutputs(facts);
  if (outputs.state === 'absent') {
    return [
      warn(
        'lead events',
        `not deployed yet: ${facts.stackName} has no ${Object.values(LEAD_EVENT_OUTPUTS).join(', ')} outputs (deployed before lead events)`,
        `Deploy the environment from this commit; until then no lead event reaches ${
          expected.destinations.length > 0
            ? `the destinations of the environment file (${expected.destinations.map((d) => d.name).join(', ')})`
            : 'anyone'
        }.`,
      ),
    ];
  }
  if (outputs.state === 'invalid') {
    return [fail('lead events', `${facts.stackName}: ${outputs.problem}`, REDEPLOY)];
  }
  const deployed = new Map(outputs.destinations.map((d) => [d.name, d]));
  const named = new Set(expected.destinations.map((d) => d.name));
  const checks: Promise<CheckResult[]>[] = [
    checkBus(clients.eventbridge, facts, outputs.busName),
    checkArchive(clients.eventbridge, facts, outputs.archiveName, outputs.busName),
  ];
  for (const destination of expected.destinations) {
    const output = deployed.get(destination.name);
    const secretCheck =
      destination.kind === 'api'
        ? checkApiSecret(
            clients.secretsmanager,
            facts,
            expected.environment,
            destination,
            // A destination deployed another way, or not at all, has no connection to compare:
            // its own line says to deploy.
            output?.kind === 'api' ? output : undefined,
          )
        : checkSecretOf(clients.secretsmanager, facts, destination);
    if (!output) {
      checks.push(
        Promise.resolve([
          fail(
            `lead-event destination: ${destination.name}`,
            `named in infra/environments/${expected.environment}.ts but not in ${facts.stackName}'s ${LEAD_EVENT_OUTPUTS.destinations}: it has no rule and no queue, and receives nothing`,
            `Deploy again: \`npm run deploy -- ${expected.environment}\`.`,
          ),
        ]),
      );
      checks.push(secretCheck);
      continue;
    }
    if ((output.kind === 'api') !== (destination.kind === 'api')) {
      // The stack sends it another way than the file says: its checks would judge the wrong
      // resources.
      checks.push(
        Promise.resolve([
          fail(
            `lead-event destination: ${destination.name}`,
            `infra/environments/${expected.environment}.ts makes it ${destination.kind === 'api' ? 'an api destination (sent by EventBridge)' : `a ${destination.kind} destination (sent from a queue)`}, but ${facts.stackName} has it ${output.kind === 'api' ? 'as an api destination' : 'sent from a queue'}: its rule sends its events another way than the file says`,
            `Deploy again: \`npm run deploy -- ${expected.environment}\`.`,
          ),
        ]),
      );
      checks.push(secretCheck);
      checks.push(checkDeadLetters(clients.sqs, facts, expected.environment, output));
      continue;
    }
    checks.push(
      checkRule(
        clients.eventbridge,
        facts,
        expected.environment,
        destination,
        output,
        outputs.busName,
      ),
    );
    if (output.kind === 'api') {
      checks.push(
        checkRedeliveryRule(clients.eventbridge, facts, destination, output, outputs.busName),
      );
      checks.push(
        checkConnection(clients.eventbridge, facts, expected.environment, destination, output),
      );
      checks.push(checkApiDestination(clients.eventbridge, facts, destination, output));
      checks.push(secretCheck);
      checks.push(checkDeadLetters(clients.sqs, facts, expected.environment, output));
    } else {
      checks.push(secretCheck);
      checks.push(checkDeadLetters(clients.sqs, facts, expected.environment, output));
      checks.push(checkQueue(clients.sqs, clients.cloudwatch, output, now));
    }
  }
  for (const output of outputs.destinations) {
    if (named.has(output.name)) continue;
    checks.push(
      Promise.resolve([
        fail(
          `lead-event destination: ${output.name}`,
          `in ${facts.stackName} but not in infra/environments/${expected.environment}.ts: the stack was deployed from another version of the file`,
          `Deploy again from this commit (\`npm run deploy -- ${expected.environment}\`), which removes it; first replay what its dead-letter queue holds if it matters.`,
        ),
      ]),
    );
  }
  return (await Promise.all(checks)).flat();
}

/** DescribeEventBus: the bus the publishers are given (LEAD_EVENT_BUS_NAME) exists. */
function checkBus(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  busName: string,
): Promise<CheckResult[]> {
  const name = 'lead-event bus';
  return guarded(name, 'The verify role needs events:DescribeEventBus.', async () => {
    try {
      const bus = await eventbridge.send(new DescribeEventBusCommand({ Name: busName }));
      return ok(name, `${bus.Name ?? busName} exists (${bus.Arn ?? 'no ARN given'})`);
    } catch (error) {
      if (!isNamed(error, 'ResourceNotFoundException')) throw error;
      return fail(
        name,
        `there is no event bus ${busName} in ${facts.region}: every publish fails, and each event stays owed on its lead`,
        `${REDEPLOY} Then check drift on ${facts.stackName}: was the bus deleted by hand?`,
      );
    }
  });
}

/** DescribeArchive: the archive replays come from is ENABLED and archives the lead-event bus. */
function checkArchive(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  archiveName: string,
  busName: string,
): Promise<CheckResult[]> {
  const name = 'lead-event archive';
  return guarded(name, 'The verify role needs events:DescribeArchive.', async () => {
    let archive: Awaited<ReturnType<typeof describeArchive>>;
    try {
      archive = await describeArchive(eventbridge, archiveName);
    } catch (error) {
      if (!isNamed(error, 'ResourceNotFoundException')) throw error;
      return fail(
        name,
        `there is no archive ${archiveName} in ${facts.region}: no event is kept, and \`npm run webhooks:replay\` has nothing to replay`,
        REDEPLOY,
      );
    }
    const problems: string[] = [];
    if (archive.State !== 'ENABLED') {
      problems.push(
        `is ${archive.State ?? 'in no state'}${archive.StateReason ? ` (${archive.StateReason})` : ''}, not ENABLED: events are not being archived`,
      );
    }
    const source = archive.EventSourceArn ?? '';
    if (busNameOf(source) !== busName) {
      problems.push(`archives ${source || 'no bus'}, not the lead-event bus ${busName}`);
    }
    if (problems.length > 0) {
      return fail(name, `${archiveName} ${problems.join('; ')}`, REDEPLOY);
    }
    return ok(
      name,
      `${archiveName} is ENABLED on ${busName}${
        archive.RetentionDays === undefined ? '' : `, keeping ${archive.RetentionDays} days`
      }${archive.EventCount === undefined ? '' : ` (${archive.EventCount} events)`}`,
    );
  });
}

function describeArchive(eventbridge: EventBridgeClient, archiveName: string) {
  return eventbridge.send(new DescribeArchiveCommand({ ArchiveName: archiveName }));
}

/** What one rule of a destination should be: its pattern and its one target. */
interface RuleSpec {
  /** The check's line. */
  line: string;
  ruleArn: string;
  pattern: unknown;
  /** What a pattern that differs means, before the redeploy. */
  patternMeans: string;
  /** The target: its ARN, how a line names it, and the part of the event it is sent. */
  target: { arn: string; called: string; inputPath?: string };
  deadLetterQueueArn: string;
  /** How to enable it again, and what then. */
  enable: (command: string) => string;
  /** What the ok line says it sends. */
  sends: string;
}

/**
 * DescribeRule and ListTargetsByRule: the destination's rule is on the lead-event bus,
 * ENABLED, with exactly `destinationPattern()` of the file's destination (compared as JSON
 * structures: key order and the order of a list's values do not matter to EventBridge), and
 * targets the destination's queue (or an `api` destination's API destination, sent the
 * event's detail alone) with its dead-letter queue.
 */
function checkRule(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  environment: string,
  destination: LeadEventDestination,
  output: DeployedDestinationOutput,
  busName: string,
): Promise<CheckResult[]> {
  const want = destinationPattern(destination);
  return checkRuleAs(eventbridge, facts, busName, {
    line: `lead-event rule: ${destination.name}`,
    ruleArn: output.ruleArn,
    pattern: want,
    patternMeans: `The rule does not send ${destination.name} what infra/environments/${environment}.ts asks (its events, of its forms).`,
    target:
      output.kind === 'api'
        ? { arn: output.apiDestinationArn, called: 'its API destination', inputPath: '$.detail' }
        : { arn: output.queueArn, called: 'its queue' },
    deadLetterQueueArn: output.deadLetterQueueArn,
    enable: (command) =>
      `Enable it: \`${command}\`, then find who disabled it; replay what it missed: \`npm run webhooks:replay -- ${environment} --destination ${destination.name} --since <the day it was disabled>\`.`,
    sends: `sends ${want['detail-type'].join(', ')} of ${want.detail.form.join(', ')}`,
  });
}

/**
 * An `api` destination's redelivery rule, as `checkRule` reads a rule: ENABLED with exactly
 * `redeliveryPattern()` of its API destination, which it targets. The bus takes an event no
 * rule matches and drops it, so without this rule `webhooks:replay --dead-letters` would
 * delete dead letters that go nowhere (it asks the rule first, and stops).
 */
function checkRedeliveryRule(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  destination: LeadEventDestination,
  output: ApiOutput,
  busName: string,
): Promise<CheckResult[]> {
  return checkRuleAs(eventbridge, facts, busName, {
    line: `lead-event redelivery rule: ${destination.name}`,
    ruleArn: output.redeliveryRuleArn,
    pattern: redeliveryPattern(output.apiDestinationArn),
    patternMeans: `The rule would not send ${destination.name} its dead letters sent again.`,
    target: { arn: output.apiDestinationArn, called: 'its API destination', inputPath: '$.detail' },
    deadLetterQueueArn: output.deadLetterQueueArn,
    enable: (command) =>
      `Enable it: \`${command}\`, then find who disabled it. Until then its dead letters cannot be sent again (\`npm run webhooks:replay\` stops before it touches them).`,
    sends: 'sends its dead letters sent again',
  });
}

function checkRuleAs(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  busName: string,
  spec: RuleSpec,
): Promise<CheckResult[]> {
  const name = spec.line;
  return guarded(
    name,
    'The verify role needs events:DescribeRule and events:ListTargetsByRule.',
    async () => {
      const rule = ruleOf(spec.ruleArn);
      if (!rule) {
        return fail(name, `${spec.ruleArn} is not an EventBridge rule ARN`, REDEPLOY);
      }
      const request = { Name: rule.name, EventBusName: rule.bus ?? busName };
      let described: Awaited<ReturnType<typeof describeRule>>;
      try {
        described = await describeRule(eventbridge, request);
      } catch (error) {
        if (!isNamed(error, 'ResourceNotFoundException')) throw error;
        return fail(
          name,
          `there is no rule ${rule.name} on ${request.EventBusName}: ${spec.target.called} receives nothing by it`,
          REDEPLOY,
        );
      }
      const problems: string[] = [];
      const fixes = new Set<string>();
      if ((rule.bus ?? described.EventBusName) !== busName) {
        problems.push(`it is on ${rule.bus ?? described.EventBusName}, not ${busName}`);
        fixes.add(REDEPLOY);
      }
      if (described.State !== 'ENABLED') {
        problems.push(
          `it is ${described.State ?? 'in no state'}: no event reaches ${spec.target.called}`,
        );
        fixes.add(
          spec.enable(
            `aws events enable-rule --name ${rule.name} --event-bus-name ${request.EventBusName} --region ${facts.region}`,
          ),
        );
      }
      const got = parseJson(described.EventPattern);
      const differences =
        got === undefined
          ? ['it has no event pattern that is JSON']
          : patternDifferences(spec.pattern, got).map((d) => `its pattern's ${d}`);
      if (differences.length > 0) {
        problems.push(...differences);
        fixes.add(spec.patternMeans);
        fixes.add(REDEPLOY);
      }
      const targets = await allTargets(eventbridge, request);
      const target = targets.find((t) => t.Arn === spec.target.arn);
      const others = targets.filter((t) => t.Arn !== spec.target.arn);
      const { called } = spec.target;
      if (!target) {
        problems.push(`no target is ${called} ${spec.target.arn}`);
      } else if (!target.DeadLetterConfig?.Arn) {
        problems.push(`${called} target has no dead-letter queue: an event it refuses is lost`);
      } else if (target.DeadLetterConfig.Arn !== spec.deadLetterQueueArn) {
        problems.push(
          `${called} target's dead-letter queue is ${target.DeadLetterConfig.Arn}, not ${spec.deadLetterQueueArn}`,
        );
      }
      // An API destination is sent the lead event, not EventBridge's envelope around it.
      const inputWrong =
        target !== undefined &&
        spec.target.inputPath !== undefined &&
        target.InputPath !== spec.target.inputPath;
      if (inputWrong) {
        problems.push(
          `${called} target is sent ${target?.InputPath ? `the event's ${target.InputPath}` : 'the whole event'}, not its detail (${spec.target.inputPath}), the lead event the receiver expects`,
        );
      }
      if (
        target?.DeadLetterConfig?.Arn !== spec.deadLetterQueueArn ||
        others.length > 0 ||
        inputWrong
      ) {
        fixes.add(REDEPLOY);
      }
      if (others.length > 0) {
        problems.push(
          `it also sends events to ${others.map((t) => t.Arn ?? '(no ARN)').join(', ')}, which the stack does not declare`,
        );
      }
      if (problems.length > 0) {
        return fail(name, `${rule.name}: ${problems.join('; ')}`, [...fixes].join(' '));
      }
      return ok(
        name,
        `${rule.name} is ENABLED on ${busName}, ${spec.sends} to ${called}, with its dead-letter queue`,
      );
    },
  );
}

function describeRule(
  eventbridge: EventBridgeClient,
  request: { Name: string; EventBusName: string },
) {
  return eventbridge.send(new DescribeRuleCommand(request));
}

async function allTargets(
  eventbridge: EventBridgeClient,
  request: { Name: string; EventBusName: string },
): Promise<Target[]> {
  const targets: Target[] = [];
  let nextToken: string | undefined;
  do {
    const page = await eventbridge.send(
      new ListTargetsByRuleCommand({
        Rule: request.Name,
        EventBusName: request.EventBusName,
        NextToken: nextToken,
      }),
    );
    targets.push(...(page.Targets ?? []));
    nextToken = page.NextToken;
  } while (nextToken);
  return targets;
}

/**
 * DescribeSecret and GetSecretValue, by the name the file gives: the secret exists, is not
 * scheduled for deletion, and its current value is what the delivery function can use (the
 * same rules it applies, on the value trimmed as it reads it). The value, or any part of it,
 * is never in a result: only what is wrong with it, in words.
 */
function checkSecretOf(
  secrets: SecretsManagerClient,
  facts: StackFacts,
  destination: LeadEventDestination,
): Promise<CheckResult[]> {
  const name = `lead-event secret: ${destination.name}`;
  const secret = destination.secret;
  const signing =
    'a Standard Webhooks signing secret: whsec_ and the base64 of 24 to 64 random bytes, the one the receiver verifies with';
  const what =
    destination.kind === 'slack'
      ? "the channel's Slack incoming-webhook URL (https://hooks.slack.com/services/…)"
      : destination.url === undefined
        ? `the receiver's https URL (the environment file names none), a space, then ${signing}`
        : signing;
  const putValue = `\`aws secretsmanager put-secret-value --secret-id ${secret} --region ${facts.region} --secret-string file://<a file holding it>\` (a file, so the value stays out of your shell history)`;
  return guarded(
    name,
    `The verify role needs secretsmanager:DescribeSecret and secretsmanager:GetSecretValue on ${secret}.`,
    async () => {
      let described: Awaited<ReturnType<typeof describeSecret>>;
      try {
        described = await describeSecret(secrets, secret);
      } catch (error) {
        if (!isNamed(error, 'ResourceNotFoundException')) throw error;
        return fail(
          name,
          `there is no secret named ${secret} in ${facts.region}: every delivery to ${destination.name} fails`,
          `Create it with ${what}: \`aws secretsmanager create-secret --name ${secret} --region ${facts.region}\`, then ${putValue}.`,
        );
      }
      if (described.DeletedDate) {
        return fail(
          name,
          `${secret} is scheduled for deletion (${described.DeletedDate.toISOString()}): it cannot be read, and every delivery to ${destination.name} fails`,
          `Restore it if it is still the right one: \`aws secretsmanager restore-secret --secret-id ${secret} --region ${facts.region}\`.`,
        );
      }
      let value: string | undefined;
      try {
        value = (await secrets.send(new GetSecretValueCommand({ SecretId: secret }))).SecretString;
      } catch (error) {
        if (isNamed(error, 'AccessDeniedException')) {
          // The deploy workflow runs verify as the CDK lookup role, which may describe a
          // secret but not read it (ReadOnlyAccess, and its DontReadSecrets denial of
          // kms:Decrypt): the shape is then left to a run with credentials that may.
          return skipped(
            name,
            `${secret} exists; its value was not read (these credentials may not: the deploy workflow's lookup role may not read secrets). Run verify with credentials allowed secretsmanager:GetSecretValue on it to check its shape.`,
          );
        }
        if (!isNamed(error, 'ResourceNotFoundException')) throw error;
        return fail(
          name,
          `${secret} has no current (AWSCURRENT) value: every delivery to ${destination.name} fails`,
          `Put ${what} in it: ${putValue}.`,
        );
      }
      const problem = credentialProblem(destination, value);
      if (problem) {
        return fail(
          name,
          `the current value of ${secret} ${problem} (the value is not shown): every delivery to ${destination.name} is refused before it is sent`,
          `Put ${what} in it: ${putValue}.`,
        );
      }
      // DescribeSecret names no KmsKeyId for the account's aws/secretsmanager key, except for a
      // secret made in the console, which names that key's id: only a person can tell it from
      // a key of the secret's own, which the delivery function may not decrypt with.
      if (described.KmsKeyId && !/alias\/aws\/secretsmanager$/.test(described.KmsKeyId)) {
        return warn(
          name,
          `${secret} is of the right shape, encrypted with KMS key ${described.KmsKeyId}: unless that is the account's aws/secretsmanager key, the delivery function may not decrypt it and every delivery to ${destination.name} fails`,
          `If it is a key of its own: \`aws secretsmanager update-secret --secret-id ${secret} --region ${facts.region} --kms-key-id alias/aws/secretsmanager\`.`,
        );
      }
      return ok(
        name,
        `${secret} exists and its current value is ${
          destination.kind === 'slack'
            ? 'a Slack incoming-webhook URL'
            : destination.url === undefined
              ? "the webhook's https URL and a whsec_ signing secret the signer accepts"
              : 'a whsec_ signing secret the signer accepts'
        } (not shown)`,
      );
    },
  );
}

function describeSecret(secrets: SecretsManagerClient, secret: string) {
  return secrets.send(new DescribeSecretCommand({ SecretId: secret }));
}

/** States a connection or its key passes through for a moment: seen again in a minute. */
const CONNECTION_IN_PROGRESS = new Set(['CREATING', 'UPDATING', 'AUTHORIZING', 'DEAUTHORIZING']);

/**
 * DescribeConnection: an `api` destination's connection is AUTHORIZED (EventBridge sends
 * nothing through one that is not) and puts its key in the file's header.
 */
function checkConnection(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  environment: string,
  destination: LeadEventDestination,
  output: ApiOutput,
): Promise<CheckResult[]> {
  const name = `lead-event connection: ${destination.name}`;
  return guarded(name, 'The verify role needs events:DescribeConnection.', async () => {
    const connection = eventsResourceName(output.connectionArn, 'connection');
    if (!connection) {
      return fail(name, `${output.connectionArn} is not an EventBridge connection ARN`, REDEPLOY);
    }
    let described: Awaited<ReturnType<typeof describeConnection>>;
    try {
      described = await describeConnection(eventbridge, connection);
    } catch (error) {
      if (!isNamed(error, 'ResourceNotFoundException')) throw error;
      return fail(
        name,
        `there is no connection ${connection} in ${facts.region}: every delivery to ${destination.name} fails`,
        REDEPLOY,
      );
    }
    const state = described.ConnectionState ?? 'in no state';
    const reason = described.StateReason ? ` (${described.StateReason})` : '';
    if (CONNECTION_IN_PROGRESS.has(state)) {
      return warn(
        name,
        `${connection} is ${state}${reason}: EventBridge sends through it once it is AUTHORIZED`,
        'A deploy may be changing it: run verify again in a minute.',
      );
    }
    const problems: string[] = [];
    const fixes = new Set<string>();
    if (state !== 'AUTHORIZED') {
      problems.push(
        `it is ${state}${reason}, not AUTHORIZED: EventBridge sends ${destination.name} nothing, and its events go to the dead-letter queue after their retries`,
      );
      fixes.add(
        `Deploy again (\`npm run deploy -- ${environment}\`), which gives it the key of the secret's version that infra/environments/${environment}.ts pins (the secret line says whether that is the current one); if it stays ${state}, its StateReason says why.`,
      );
    }
    if (described.AuthorizationType !== 'API_KEY') {
      problems.push(`it authorizes by ${described.AuthorizationType ?? 'nothing'}, not an API key`);
      fixes.add(REDEPLOY);
    }
    const header = destination.header ?? API_KEY_HEADER;
    const keyName = described.AuthParameters?.ApiKeyAuthParameters?.ApiKeyName;
    // Header names are case-insensitive: only another name is another header.
    if (
      described.AuthorizationType === 'API_KEY' &&
      keyName?.toLowerCase() !== header.toLowerCase()
    ) {
      problems.push(`it puts the key in ${keyName ?? 'no header'}, not ${header}`);
      fixes.add(REDEPLOY);
    }
    if (problems.length > 0) {
      return fail(name, `${connection}: ${problems.join('; ')}`, [...fixes].join(' '));
    }
    return ok(name, `${connection} is AUTHORIZED, with the key in ${header}`);
  });
}

function describeConnection(eventbridge: EventBridgeClient, connection: string) {
  return eventbridge.send(new DescribeConnectionCommand({ Name: connection }));
}

/**
 * DescribeApiDestination: an `api` destination's API destination is ACTIVE, POSTs to the
 * file's URL at its rate, through its connection.
 */
function checkApiDestination(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
  destination: LeadEventDestination,
  output: ApiOutput,
): Promise<CheckResult[]> {
  const name = `lead-event API destination: ${destination.name}`;
  return guarded(name, 'The verify role needs events:DescribeApiDestination.', async () => {
    const apiDestination = eventsResourceName(output.apiDestinationArn, 'api-destination');
    if (!apiDestination) {
      return fail(
        name,
        `${output.apiDestinationArn} is not an EventBridge API destination ARN`,
        REDEPLOY,
      );
    }
    let described: Awaited<ReturnType<typeof describeApiDestination>>;
    try {
      described = await describeApiDestination(eventbridge, apiDestination);
    } catch (error) {
      if (!isNamed(error, 'ResourceNotFoundException')) throw error;
      return fail(
        name,
        `there is no API destination ${apiDestination} in ${facts.region}: ${destination.name} receives nothing`,
        REDEPLOY,
      );
    }
    const problems: string[] = [];
    if (described.ApiDestinationState !== 'ACTIVE') {
      problems.push(
        `it is ${described.ApiDestinationState ?? 'in no state'}, not ACTIVE: nothing is sent through it`,
      );
    }
    if (described.InvocationEndpoint !== destination.url) {
      problems.push(
        `it sends to ${described.InvocationEndpoint ?? 'no endpoint'}, not ${destination.url ?? "the file's url"}`,
      );
    }
    if (described.HttpMethod !== 'POST') {
      problems.push(`it sends by ${described.HttpMethod ?? 'no method'}, not POST`);
    }
    if (described.InvocationRateLimitPerSecond !== destination.perSecond) {
      problems.push(
        `it sends at most ${described.InvocationRateLimitPerSecond ?? 'an unset number of'} events a second, not ${destination.perSecond}`,
      );
    }
    if (described.ConnectionArn !== output.connectionArn) {
      problems.push(
        `its connection is ${described.ConnectionArn ?? 'none'}, not ${output.connectionArn}`,
      );
    }
    if (problems.length > 0) {
      return fail(name, `${apiDestination}: ${problems.join('; ')}`, REDEPLOY);
    }
    return ok(
      name,
      `${apiDestination} is ACTIVE: POST to ${destination.url}, at most ${destination.perSecond} a second, through its connection`,
    );
  });
}

function describeApiDestination(eventbridge: EventBridgeClient, apiDestination: string) {
  return eventbridge.send(new DescribeApiDestinationCommand({ Name: apiDestination }));
}

/**
 * DescribeSecret, and GetSecretValue of the pinned version when the credentials may: an `api`
 * destination's key is the connection's, which CloudFormation read at the version the file
 * pinned when it deployed, and reads again only when that pin changes. So three versions must
 * be one: the file's pin, the pin the stack was deployed with (its output's `secretVersion`),
 * and the secret's current (AWSCURRENT) one, else the connection sends another key than the
 * secret holds. The pinned version's value, what a deploy gives the connection, must be a key
 * EventBridge takes (`apiKeyProblem`); it is never shown.
 */
function checkApiSecret(
  secrets: SecretsManagerClient,
  facts: StackFacts,
  environment: string,
  destination: LeadEventDestination,
  output: ApiOutput | undefined,
): Promise<CheckResult[]> {
  const name = `lead-event secret: ${destination.name}`;
  const secret = destination.secret;
  const file = `infra/environments/${environment}.ts`;
  const putValue = `\`aws secretsmanager put-secret-value --secret-id ${secret} --region ${facts.region} --secret-string file://<a file holding the key>\` (a file, so the key stays out of your shell history)`;
  const pin = (version: string) =>
    `set secretVersion: '${version}' for ${destination.name} in ${file} and deploy`;
  const deploy = `\`npm run deploy -- ${environment}\``;
  return guarded(
    name,
    `The verify role needs secretsmanager:DescribeSecret on ${secret} (and secretsmanager:GetSecretValue to check the key's shape).`,
    async () => {
      let described: Awaited<ReturnType<typeof describeSecret>>;
      try {
        described = await describeSecret(secrets, secret);
      } catch (error) {
        if (!isNamed(error, 'ResourceNotFoundException')) throw error;
        return fail(
          name,
          `there is no secret named ${secret} in ${facts.region}: the connection keeps the key it was given, but a deploy that must read it fails`,
          `Create it with the key (the whole value of the ${destination.header ?? API_KEY_HEADER} header): \`aws secretsmanager create-secret --name ${secret} --region ${facts.region}\`, then ${putValue}; it answers a VersionId: ${pin('<that VersionId>')}.`,
        );
      }
      if (described.DeletedDate) {
        return fail(
          name,
          `${secret} is scheduled for deletion (${described.DeletedDate.toISOString()}): the connection keeps its key, but a deploy that must read it fails`,
          `Restore it if it is still the right one: \`aws secretsmanager restore-secret --secret-id ${secret} --region ${facts.region}\`.`,
        );
      }
      const current = Object.entries(described.VersionIdsToStages ?? {}).find(([, stages]) =>
        stages.includes('AWSCURRENT'),
      )?.[0];
      if (!current) {
        return fail(
          name,
          `${secret} has no current (AWSCURRENT) version: a deploy that must read it fails`,
          `Put the key in it: ${putValue}; it answers a VersionId: ${pin('<that VersionId>')}.`,
        );
      }
      const pinned = destination.secretVersion;
      const deployed = output?.secretVersion;
      if (pinned === undefined) {
        return fail(
          name,
          `${file} pins no secretVersion for ${destination.name}; the current version of ${secret} is ${current}`,
          `${pin(current)}: CloudFormation reads the secret only when that reference changes, so the connection still holds the key of ${deployed === undefined ? 'the version that was current when it last read the secret' : `version ${deployed}`}.`,
        );
      }
      // The pinned value first: a key EventBridge refuses fails the deploy that would fix
      // any version below, and its fix (a new key, pinned) fixes them too.
      const key = await pinnedKey(secrets, secret, pinned);
      if ('value' in key) {
        const problem = key.value === undefined ? 'is binary, not text' : apiKeyProblem(key.value);
        if (problem) {
          return fail(
            name,
            `version ${pinned} of ${secret}, the one ${file} pins, ${problem} (the value is not shown): EventBridge takes no such API key, so a deploy that gives it to the connection fails`,
            `Write the key to a file with nothing after it (an editor ends a file with a newline): \`printf %s '<key>' > key.txt\`; put it in the secret: \`aws secretsmanager put-secret-value --secret-id ${secret} --region ${facts.region} --secret-string file://key.txt\`, and delete key.txt; it answers a VersionId: ${pin('<that VersionId>')}.`,
          );
        }
      }
      if (pinned !== current) {
        return fail(
          name,
          `the current version of ${secret} is ${current}, not ${pinned}, the one ${file} pins`,
          `${pin(current)}: CloudFormation reads the secret only when that reference changes, so the connection still holds the key of version ${deployed ?? pinned}.`,
        );
      }
      if (output !== undefined && deployed !== pinned) {
        return fail(
          name,
          deployed === undefined
            ? `${facts.stackName} was deployed before its ${LEAD_EVENT_OUTPUTS.destinations} output named the version of ${secret} it gave the connection, so which key the connection holds is not known; ${file} pins ${pinned}, the current one`
            : `deploy: the stack was deployed with version ${deployed}, the file names ${pinned} (${file}; the current version of ${secret}): the connection still holds the key of version ${deployed}`,
          `Deploy: ${deploy}, which gives the connection the key of version ${pinned}.`,
        );
      }
      const held =
        output === undefined
          ? `${secret}'s current version is ${pinned}, the one ${file} pins`
          : `${secret}'s current version is ${pinned}, the one ${file} pins and ${facts.stackName} was deployed with: the connection holds its key`;
      if ('unread' in key) {
        return skipped(
          name,
          `${held}; its value was not read (these credentials may not: the deploy workflow's lookup role may not read secrets). Run verify with credentials allowed secretsmanager:GetSecretValue on it to check the key's shape.`,
        );
      }
      return ok(name, `${held}, an API key EventBridge takes (not shown)`);
    },
  );
}

/**
 * GetSecretValue of one version, by its id: its value (undefined when binary), `unread` when
 * these credentials may not read secrets, `absent` when the version is gone (the version line
 * then says which one to pin).
 */
async function pinnedKey(
  secrets: SecretsManagerClient,
  secret: string,
  versionId: string,
): Promise<{ value: string | undefined } | { unread: true } | { absent: true }> {
  try {
    const answer = await secrets.send(
      new GetSecretValueCommand({ SecretId: secret, VersionId: versionId }),
    );
    return { value: answer.SecretString };
  } catch (error) {
    // As for the other kinds: the deploy workflow's lookup role may describe, not read.
    if (isNamed(error, 'AccessDeniedException')) return { unread: true };
    if (isNamed(error, 'ResourceNotFoundException')) return { absent: true };
    throw error;
  }
}

/**
 * The name in an EventBridge ARN of this type (`arn:…:connection/<name>/<id>`,
 * `arn:…:api-destination/<name>/<id>`), what its Describe call takes; undefined otherwise.
 */
export function eventsResourceName(
  arn: string,
  type: 'connection' | 'api-destination',
): string | undefined {
  const match = new RegExp(`^arn:[^:]+:events:[^:]*:[^:]*:${type}/([^/]+)(?:/[^/]+)?$`).exec(arn);
  return match?.[1];
}

/**
 * What is wrong with a destination's credential, in words that never hold any part of it;
 * undefined when the delivery function can use it from AWS. A Slack URL to 127.0.0.1 is the
 * local inbox's: a deployed function cannot reach the deployer's machine. A webhook's value is
 * read by the delivery function's own `webhookCredential`: its URL there when the environment
 * file names none, and only then.
 */
export function credentialProblem(
  destination: Pick<LeadEventDestination, 'kind' | 'url'>,
  value: string | undefined,
): string | undefined {
  if (value === undefined) return 'is binary, not text';
  const text = value.trim();
  if (!text) return 'is empty';
  if (destination.kind === 'slack') {
    // As the deployed function reads it: a loopback URL is the local stack's alone.
    return slackUrlProblem(text);
  }
  let credential: WebhookCredential;
  try {
    credential = webhookCredential(text);
  } catch (error) {
    if (error instanceof SecretValueError) return error.message;
    throw error;
  }
  if (destination.url !== undefined && credential.url !== undefined) {
    return 'holds a URL, and the environment file names the URL too: keep it in one of them (deliveries are refused)';
  }
  if (destination.url === undefined) {
    if (credential.url === undefined) {
      return 'holds no URL, and the environment file names none: there is nowhere to send to';
    }
    // As the deployed function checks it: https, never loopback.
    const problem = webhookUrlProblem(credential.url);
    if (problem) return `holds a URL that ${problem}`;
  }
  // During a rotation it holds two, new first, separated by a space: each must sign.
  const { secrets } = credential;
  for (const [index, secret] of secrets.entries()) {
    const which = secrets.length > 1 ? `its secret ${index + 1} of ${secrets.length} ` : '';
    try {
      // Its messages name the secret by the words given, never by its value.
      checkSecret(secret, '');
    } catch (error) {
      return `${which}${error instanceof Error ? error.message.trim() : 'is refused by the signer'}`;
    }
  }
  try {
    webhookSigner(secrets).sign({ id: 'msg_verify', body: '{}' });
  } catch {
    return 'is refused by the signer';
  }
  return undefined;
}

/**
 * GetQueueAttributes on the dead-letter queue: it exists and is empty, or the events that
 * failed every attempt for about a day wait there (14 days) for
 * `npm run webhooks:replay -- <env> --dead-letters`.
 */
function checkDeadLetters(
  sqs: SQSClient,
  facts: StackFacts,
  environment: string,
  output: DeployedDestinationOutput,
): Promise<CheckResult[]> {
  const name = `lead-event dead letters: ${output.name}`;
  return guarded(name, 'The verify role needs sqs:GetQueueAttributes.', async () => {
    let attributes: Record<string, string>;
    try {
      attributes = await queueAttributes(sqs, output.deadLetterQueueUrl, [
        'ApproximateNumberOfMessages',
      ]);
    } catch (error) {
      if (
        !isNamed(error, 'QueueDoesNotExist') &&
        !isNamed(error, 'AWS.SimpleQueueService.NonExistentQueue')
      ) {
        throw error;
      }
      return fail(
        name,
        `there is no queue ${output.deadLetterQueueUrl}: an event that fails every attempt for ${output.name} is lost`,
        REDEPLOY,
      );
    }
    const count = Number(attributes.ApproximateNumberOfMessages ?? Number.NaN);
    if (count === 0) return ok(name, 'its dead-letter queue is empty');
    if (!Number.isFinite(count)) {
      return fail(
        name,
        `GetQueueAttributes gave no ApproximateNumberOfMessages for ${output.deadLetterQueueUrl}`,
        REDEPLOY,
      );
    }
    const replay = `\`npm run webhooks:replay -- ${environment} --dead-letters --destination ${output.name}\``;
    return fail(
      name,
      `about ${count} event${count === 1 ? '' : 's'} for ${output.name} failed every attempt (about a day) and wait in its dead-letter queue (${facts.region}), kept 14 days from the event`,
      output.kind === 'api'
        ? `Find why: EventBridge gives it on each dead letter (its ERROR_CODE and ERROR_MESSAGE attributes), and the rule's FailedInvocations; fix the receiver or its key (the secret line says whether the connection holds the current version), then send them again: ${replay} ` +
            "(each put on the bus again for this destination alone, erased leads' events left out; not with --since, which would send an event that is in both twice)."
        : `Find why in the lead-event delivery function's log (destination "${output.name}": a status or an error class), fix the receiver or its secret (the secret line says whether it is one), then send them again: ${replay} ` +
            '(each dead letter back on its queue, once; not with --since, which would send an event that is in both twice).',
    );
  });
}

/**
 * GetQueueAttributes on the destination's queue, and its oldest event's age from CloudWatch
 * (SQS gives no age among a queue's attributes): information, a warning only past the hour at
 * which the OldestEvent alarm fires.
 */
function checkQueue(
  sqs: SQSClient,
  cloudwatch: CloudWatchClient,
  output: QueuedOutput,
  now: Date,
): Promise<CheckResult[]> {
  const name = `lead-event queue: ${output.name}`;
  return guarded(
    name,
    'The verify role needs sqs:GetQueueAttributes and cloudwatch:GetMetricStatistics.',
    async () => {
      const attributes = await queueAttributes(sqs, output.queueUrl, [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
      ]);
      const waiting = attributes.ApproximateNumberOfMessages ?? '?';
      const inFlight = attributes.ApproximateNumberOfMessagesNotVisible ?? '?';
      const age = await oldestAgeSeconds(cloudwatch, queueNameOf(output.queueUrl), now);
      const detail =
        `${waiting} waiting, ${inFlight} being delivered or waiting for their next attempt; ` +
        (age === undefined
          ? 'no age of the oldest in the last 15 minutes (an empty queue reports none)'
          : `the oldest ${formatSeconds(age)} old (CloudWatch, the last 15 minutes)`);
      const limit = LEAD_EVENT_ALARMS.oldestEvent.threshold;
      if (age !== undefined && age >= limit) {
        return warn(
          name,
          detail,
          `Events for ${output.name} wait past the hour at which its OldestEvent alarm fires: the delivery function is not taking them (its SQS trigger disabled, throttled, failing before it answers) or more come than its rate sends. Look at the function's errors and throttles and its trigger.`,
        );
      }
      return ok(name, detail);
    },
  );
}

async function queueAttributes(
  sqs: SQSClient,
  queueUrl: string,
  names: ('ApproximateNumberOfMessages' | 'ApproximateNumberOfMessagesNotVisible')[],
): Promise<Record<string, string>> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: names }),
  );
  return Attributes ?? {};
}

async function oldestAgeSeconds(
  cloudwatch: CloudWatchClient,
  queueName: string,
  now: Date,
): Promise<number | undefined> {
  const { Datapoints } = await cloudwatch.send(
    new GetMetricStatisticsCommand({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [{ Name: 'QueueName', Value: queueName }],
      StartTime: new Date(now.getTime() - 15 * 60_000),
      EndTime: now,
      Period: 300,
      Statistics: ['Maximum'],
    }),
  );
  const latest = [...(Datapoints ?? [])]
    .filter((point) => point.Timestamp && point.Maximum !== undefined)
    .sort((a, b) => (b.Timestamp as Date).getTime() - (a.Timestamp as Date).getTime())[0];
  return latest?.Maximum;
}

function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** A queue URL's last segment is the queue's name (the QueueName dimension of AWS/SQS). */
function queueNameOf(queueUrl: string): string {
  return queueUrl.slice(queueUrl.lastIndexOf('/') + 1);
}

/** `arn:…:rule/<bus>/<name>` (a rule on a custom bus) or `arn:…:rule/<name>` (the default bus). */
export function ruleOf(ruleArn: string): { name: string; bus?: string } | undefined {
  const marker = ':rule/';
  const at = ruleArn.indexOf(marker);
  if (!ruleArn.startsWith('arn:') || at < 0) return undefined;
  const path = ruleArn.slice(at + marker.length);
  const slash = path.lastIndexOf('/');
  if (slash < 0) return path ? { name: path } : undefined;
  const bus = path.slice(0, slash);
  const name = path.slice(slash + 1);
  return bus && name ? { name, bus } : undefined;
}

/** A bus's name from its ARN (`arn:…:event-bus/<name>`), or the text when it is a name. */
function busNameOf(busArnOrName: string): string {
  const marker = ':event-bus/';
  const at = busArnOrName.indexOf(marker);
  return at < 0 ? busArnOrName : busArnOrName.slice(at + marker.length);
}

/**
 * How `actual` differs from `expected`, as EventBridge reads a pattern: objects by key (in any
 * order), a list as the set of its values (a field matches any one of them), so `["a","b"]`
 * and `["b","a"]` are the same. Each difference names its path: `detail-type lacks
 * "lead.erased"`, `detail.form also has "contact"`.
 */
export function patternDifferences(expected: unknown, actual: unknown, path = ''): string[] {
  const at = path || 'pattern';
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const want = new Set(expected.map(canonical));
    const have = new Set(actual.map(canonical));
    const lacks = [...want].filter((value) => !have.has(value));
    const extra = [...have].filter((value) => !want.has(value));
    return [
      ...(lacks.length > 0 ? [`${at} lacks ${lacks.join(', ')}`] : []),
      ...(extra.length > 0 ? [`${at} also has ${extra.join(', ')}`] : []),
    ];
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    return keys.flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in actual)) return [`${child} is missing`];
      if (!(key in expected)) return [`${child} is not expected (${canonical(actual[key])})`];
      return patternDifferences(expected[key], actual[key], child);
    });
  }
  return canonical(expected) === canonical(actual)
    ? []
    : [`${at} is ${canonical(actual)}, not ${canonical(expected)}`];
}

/** JSON with object keys sorted and lists sorted, so equal structures give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNamed(error: unknown, name: string): boolean {
  return (error as { name?: unknown } | null)?.name === name;
}
