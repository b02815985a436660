/**
 * `npm run webhooks:replay -- <environment> (--dead-letters | --since <date>) [--destination <name>]`:
 * sends lead events to their destinations again, after an outage of a receiver or of the
 * delivery, as the alarms ask (infra/scripts/webhooks-replay.ts resolves the environment's
 * name into this script's `--stack` and `--region`, or runs it as is for `local`). One command
 * does one of two things, so no event goes out twice by it:
 *
 * - `--dead-letters`: each destination's dead letters sent again. A Slack or webhook
 *   destination's dead-letter queue goes back to its queue (deployed: SQS
 *   StartMessageMoveTask; locally: the dead-letter files back on their queues), where the
 *   delivery function leaves out erased leads. An `api` destination has no queue: each dead
 *   letter is put on the bus again, as an event of the redelivery source that only its
 *   redelivery rule matches, unless its lead was erased. What the dead-letter alarm asks for
 *   once the receiver is fixed.
 * - `--since <date>`: the archive from the date to now through each destination's rule
 *   (deployed: EventBridge StartReplay, FilterArns: the rules; locally: the archived events
 *   the rule matches queued again). What a rule that lost events, or a new receiver, needs.
 *
 * Locally, by the running `npm start`, or into the queue files for its next start. Events keep
 * their ids: a receiver that drops repeats by `webhook-id` sees each once; a Slack channel does
 * not, and shows an archived event again.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeArchiveCommand,
  DescribeRuleCommand,
  type DescribeRuleCommandOutput,
  EventBridgeClient,
  PutEventsCommand,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { localSettings } from '../local/environment.ts';
import {
  LOCAL_EVENT_BUS_NAME,
  type ReplayResult,
  replayOnRunningBus,
  startLocalEventBus,
} from '../local/event-bus.ts';
import { localDestinations } from '../local/lead-event-destinations.ts';
import { createErasedLeadCheck } from '../src/adapters/dynamodb.ts';
import {
  type DeployedDestinationOutput,
  readDestinationOutputs,
} from '../src/leads/destination-outputs.ts';
import {
  LEAD_EVENT_REDELIVERY_SOURCE,
  LEAD_EVENT_SOURCE,
  type LeadEventDestination,
  redeliveryPattern,
} from '../src/leads/event-destinations.ts';
import { type LeadEvent, leadEvent } from '../src/leads/lead-events.ts';
import {
  describeError,
  type Io,
  isEntryPoint,
  parseCommandArgs,
  runCli,
  UsageError,
} from './lib/cli.ts';

export const USAGE = `Usage: npm run webhooks:replay -- <environment> --dead-letters [--destination <name>]
       npm run webhooks:replay -- <environment> --since <date> [--destination <name>]
       (this script: [--stack <StackName> --region <r>] and the same options)

Sends lead events to their destinations again. Each event keeps its id (the webhook-id header
and the body's id), so a webhook receiver that drops repeats sees each event once.

  <environment>         local (the local bus of npm start), or a file of infra/environments/
                        (or its stack's name, as the alarms give it)
  --dead-letters        send the dead letters again: the events that failed every retry
                        (about a day), after the receiver is fixed
  --since <date>        replay the bus's archive: the events that occurred from this date
                        (2026-11-28, or 2026-11-28T09:00:00Z) until now; for events a rule
                        could not queue, or to fill a new receiver
  --destination <name>  only this destination (its dead-letter queue, or its rule); default all

Give one of --dead-letters and --since: each sends its own events once, the two together
would send an event that is in both twice.

An archive replay sends every matching event again, delivered before or not: a Slack channel
does not drop repeats and shows each one again, so name with --destination the webhook that
needs it.

Deployed (with your AWS credentials): --dead-letters moves a Slack or webhook destination's
dead-letter queue back to its queue (SQS StartMessageMoveTask); an api destination's dead
letters are read from its dead-letter queue and put on the bus again for it alone (its
redelivery rule), each deleted once the bus took it, those of erased leads deleted unsent
(events:DescribeRule, sqs:ReceiveMessage, sqs:DeleteMessage, sqs:GetQueueAttributes,
events:PutEvents, dynamodb:GetItem on the leads table); those someone just received (as aws
sqs receive-message does, which hides them for a while) are counted approximately, in a
warning, for a later run. --since
replays the bus's archive through the destinations' rules (EventBridge StartReplay); an api
destination is then sent erased leads' events too, which its receiver must drop. Locally:
the dead-letter files go back on their queues, or the archived events since the date are
queued again; npm start delivers them (at once if it runs, else at its next start).`;

/** What one command sends again: the dead letters, or the archive since a date. */
export type ReplaySource = { deadLetters: true } | { since: Date };

export type ReplayArgs = ReplaySource & {
  destination?: string;
  /** A deployed stack; absent, the local bus. */
  stack?: { name: string; region: string };
};

/** A date as the command takes it: a day (midnight UTC) or an ISO 8601 time with its zone. */
export function parseSince(text: string | undefined, now = new Date()): Date {
  if (!text) throw new UsageError('--since is required: the date to replay events from.');
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const date = new Date(day ? `${text}T00:00:00Z` : text);
  if (
    (!day && !time) ||
    Number.isNaN(date.getTime()) ||
    (day && date.toISOString().slice(0, 10) !== text)
  ) {
    throw new UsageError(
      `--since must be a date (2026-11-28) or an ISO 8601 time with its zone (2026-11-28T09:00:00Z), not "${text}".`,
    );
  }
  if (date.getTime() >= now.getTime()) {
    throw new UsageError(`--since ${text} is not in the past: there is nothing to replay yet.`);
  }
  return date;
}

export function parseReplayArgs(argv: string[], now = new Date()): ReplayArgs {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      since: { type: 'string' },
      'dead-letters': { type: 'boolean' },
      destination: { type: 'string' },
      stack: { type: 'string' },
      region: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const deadLetters = values['dead-letters'] === true;
  if (deadLetters && values.since !== undefined) {
    throw new UsageError(
      '--dead-letters and --since go apart: one command moves the dead letters back, or replays the archive since a date, so no event is sent twice by it.',
    );
  }
  if (!deadLetters && values.since === undefined) {
    throw new UsageError(
      '--dead-letters or --since <date> is required: the dead letters back to their queues, or the archive since the date.',
    );
  }
  const source: ReplaySource = deadLetters
    ? { deadLetters: true }
    : { since: parseSince(values.since?.trim(), now) };
  const destination = values.destination?.trim() || undefined;
  const stack = values.stack?.trim() || undefined;
  const region = values.region?.trim() || undefined;
  if (Boolean(stack) !== Boolean(region)) {
    throw new UsageError('--stack and --region go together: a deployed stack is in a region.');
  }
  return {
    ...source,
    ...(destination ? { destination } : {}),
    ...(stack && region ? { stack: { name: stack, region } } : {}),
  };
}

// --- Locally -------------------------------------------------------------------------------

/** Whether the local bus of a running `npm start` answers at this address. */
export async function answersAsLocalBus(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { bus?: unknown };
    return body.bus === LOCAL_EVENT_BUS_NAME;
  } catch {
    return false;
  }
}

/** The replay on the local bus: the running `npm start`'s, or its files when none runs. */
export async function replayLocally(
  args: ReplaySource & { destination?: string },
  io: Io,
  options: {
    env?: NodeJS.ProcessEnv;
    destinations?: readonly LeadEventDestination[];
  } = {},
): Promise<ReplayResult> {
  const settings = localSettings(options.env ?? process.env);
  const destinations = options.destinations ?? (await localDestinations());
  if (destinations.length === 0) {
    throw new Error(
      'infra/environments/local.ts names no lead-event destination (leadEvents.destinations): nothing to replay to.',
    );
  }
  knownDestination(
    args.destination,
    destinations.map((d) => d.name),
    'infra/environments/local.ts',
  );
  const busUrl = `http://127.0.0.1:${settings.eventBusPort}`;
  let result: ReplayResult;
  if (await answersAsLocalBus(busUrl)) {
    result = await replayOnRunningBus(busUrl, args);
    io.out(`On the local bus of the running npm start (${busUrl}):\n`);
  } else {
    // No npm start: the queues are filled on disk, delivered at its next start.
    const bus = await startLocalEventBus({
      port: 0,
      dir: `${settings.dataDir}/lead-events`,
      destinations,
      deliver: async () => ({ ok: false, reason: 'not delivering' }),
      deliverQueued: false,
    });
    try {
      result = bus.replay(args);
    } finally {
      await bus.close();
    }
    io.out(
      `npm start is not running: queued in ${settings.dataDir}/lead-events for its next start.\n`,
    );
  }
  for (const d of result.destinations) {
    io.out(
      result.since === undefined
        ? `  ${d.name}: ${d.requeued} from its dead letters\n`
        : `  ${d.name}: ${d.republished} archived since ${result.since}\n`,
    );
  }
  io.out(
    `Watch them arrive in the webhook inbox: http://127.0.0.1:${settings.webhookPort} (JSON at /store).\n`,
  );
  return result;
}

function knownDestination(name: string | undefined, names: readonly string[], where: string) {
  if (name !== undefined && !names.includes(name)) {
    throw new Error(
      `No destination "${name}" in ${where}: ${names.length ? names.join(', ') : 'it has none'}.`,
    );
  }
}

// --- Deployed ------------------------------------------------------------------------------

/** An `api` destination as the stack's output names it. */
type ApiDestinationOutput = Extract<DeployedDestinationOutput, { kind: 'api' }>;

/** What a replay needs of a deployed stack, from its outputs. */
export interface DeployedLeadEvents {
  stackName: string;
  region: string;
  busName: string;
  archiveName: string | undefined;
  /** The leads table: whether a lead was erased, before an `api` dead letter is sent again. */
  tableName: string | undefined;
  destinations: DeployedDestinationOutput[];
}

/**
 * The stack's outputs: `LeadEventBusName`, `LeadEventArchiveName`, `LeadEventDestinations`
 * (destination-outputs.ts) and `TableName`.
 */
export async function deployedLeadEvents(
  cloudformation: Pick<CloudFormationClient, 'send'>,
  stackName: string,
  region: string,
): Promise<DeployedLeadEvents> {
  const { Stacks } = await cloudformation.send(new DescribeStacksCommand({ StackName: stackName }));
  const stack = Stacks?.[0];
  if (!stack) throw new Error(`CloudFormation has no stack ${stackName} in ${region}.`);
  const outputs = new Map(
    (stack.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']),
  );
  const busName = outputs.get('LeadEventBusName');
  if (!busName) {
    throw new Error(
      `The stack ${stackName} in ${region} has no LeadEventBusName output: it was deployed before lead events (issue 36); deploy it first.`,
    );
  }
  const read = readDestinationOutputs(outputs.get('LeadEventDestinations') ?? '[]');
  if ('problem' in read) {
    throw new Error(
      `The stack ${stackName}'s LeadEventDestinations output ${read.problem}: deploy it again.`,
    );
  }
  return {
    stackName,
    region,
    busName,
    archiveName: outputs.get('LeadEventArchiveName') || undefined,
    tableName: outputs.get('TableName') || undefined,
    destinations: read.destinations,
  };
}

/** A name for the replay that EventBridge takes (1-64 of `[.\-_A-Za-z0-9]`), unique per second. */
export function replayName(now: Date, destination?: string): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '');
  return `webhooks-replay-${stamp}${destination ? `-${destination}` : ''}`.slice(0, 64);
}

/** What `--dead-letters` did with one `api` destination's dead letters. */
export interface Redelivery {
  destination: string;
  /** Put on the bus again for this destination alone, and deleted from its dead-letter queue. */
  sentAgain: number;
  /** Events of erased leads: deleted, never sent again. */
  erased: number;
  /**
   * Left in the dead-letter queue: the bus refused it, it is no lead event, or a call for it
   * alone failed.
   */
  kept: number;
  /**
   * About how many are in its dead-letter queue but out of this run's sight (received
   * elsewhere, within their visibility timeout), for a later run: SQS's approximate count,
   * which can lag a minute behind this run's own deletes, so a warning, never the exit code.
   * Absent when none, or when SQS could not say.
   */
  hidden?: number;
  /** Why the run stopped short for this destination (the rest of its dead letters untouched). */
  error?: string;
}

export interface DeployedReplay {
  /** The archive's replay (`--since`). */
  replayName?: string;
  replayArn?: string;
  /** The queued destinations' dead-letter queues' moves (`--dead-letters`). */
  moves: { destination: string; taskHandle?: string; error?: string }[];
  /** The `api` destinations' dead letters sent again (`--dead-letters`). */
  redeliveries: Redelivery[];
}

export interface DeployedClients {
  eventbridge: Pick<EventBridgeClient, 'send'>;
  sqs: Pick<SQSClient, 'send'>;
  /** The leads table's: whether a lead was erased (its `ERASED#<id>` item). */
  dynamodb: DynamoDBClient;
}

/**
 * `--since`: starts the replay of the archive (since → now) through the destinations' rules.
 * `--dead-letters`: starts the move of each queued destination's dead-letter queue back to its
 * queue, and sends each `api` destination's dead letters again; a destination that fails is
 * reported and the others still go.
 */
export async function replayDeployed(
  args: ReplaySource & { destination?: string },
  facts: DeployedLeadEvents,
  clients: DeployedClients,
  io: Io,
  now = new Date(),
): Promise<DeployedReplay> {
  const { region } = facts;
  if (facts.destinations.length === 0) {
    throw new Error(
      `The stack ${facts.stackName} has no lead-event destination: nothing to replay to.`,
    );
  }
  knownDestination(
    args.destination,
    facts.destinations.map((d) => d.name),
    `the stack ${facts.stackName}`,
  );
  const chosen = facts.destinations.filter(
    (d) => args.destination === undefined || d.name === args.destination,
  );
  const apis = chosen.filter((d): d is ApiDestinationOutput => d.kind === 'api');
  if ('deadLetters' in args) {
    const queued = chosen.filter((d) => d.kind !== 'api');
    const moves = await moveDeadLetters(queued, region, clients, io);
    const redeliveries: Redelivery[] = [];
    for (const destination of apis) {
      redeliveries.push(await redeliverDeadLetters(destination, facts, clients, io));
    }
    return { moves, redeliveries };
  }
  if (!facts.archiveName) {
    throw new Error(
      `The stack ${facts.stackName} has no LeadEventArchiveName output: its bus keeps no archive to replay.`,
    );
  }
  let sourceArn: string | undefined;
  try {
    const archive = await clients.eventbridge.send(
      new DescribeArchiveCommand({ ArchiveName: facts.archiveName }),
    );
    sourceArn = archive.EventSourceArn;
  } catch (error) {
    if (
      error instanceof ResourceNotFoundException ||
      (error as Error).name === 'ResourceNotFoundException'
    ) {
      throw new Error(
        `There is no archive ${facts.archiveName} in ${region}: nothing to replay from.`,
      );
    }
    throw error;
  }
  if (!sourceArn) throw new Error(`The archive ${facts.archiveName} names no event bus.`);
  const name = replayName(now, args.destination);
  // StartReplay: https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_StartReplay.html
  const replay = await clients.eventbridge.send(
    new StartReplayCommand({
      ReplayName: name,
      Description: `npm run webhooks:replay --since ${args.since.toISOString()}${args.destination ? ` --destination ${args.destination}` : ''}`,
      EventSourceArn: sourceArn,
      EventStartTime: args.since,
      EventEndTime: now,
      Destination: { Arn: sourceArn, FilterArns: chosen.map((d) => d.ruleArn) },
    }),
  );
  io.out(
    `Replay ${name} started (${replay.State ?? 'STARTING'}): the events of ${facts.archiveName} from ` +
      `${args.since.toISOString()} to ${now.toISOString()}, through the rules of ${chosen.map((d) => d.name).join(', ')}.\n` +
      `  Watch it: aws events describe-replay --replay-name ${name} --region ${region}\n`,
  );
  if (apis.length > 0) {
    // No function stands between the rule and an API destination to ask the table.
    io.out(
      `  Caution: ${apis.map((d) => d.name).join(', ')} ${apis.length === 1 ? 'is an API destination, which' : 'are API destinations, which'} cannot leave out erased leads' events: the replay sends them too, so the receiver must drop the events of any lead id it got lead.erased for.\n`,
    );
  }
  return {
    replayName: name,
    ...(replay.ReplayArn ? { replayArn: replay.ReplayArn } : {}),
    moves: [],
    redeliveries: [],
  };
}

/** Each destination's dead-letter queue back to its queue, one move task each. */
async function moveDeadLetters(
  chosen: readonly DeployedDestinationOutput[],
  region: string,
  clients: { sqs: Pick<SQSClient, 'send'> },
  io: Io,
): Promise<DeployedReplay['moves']> {
  // StartMessageMoveTask: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_StartMessageMoveTask.html
  const moves: DeployedReplay['moves'] = [];
  for (const destination of chosen) {
    if (destination.kind === 'api') continue;
    try {
      const moved = await clients.sqs.send(
        new StartMessageMoveTaskCommand({
          SourceArn: destination.deadLetterQueueArn,
          DestinationArn: destination.queueArn,
        }),
      );
      moves.push({ destination: destination.name, taskHandle: moved.TaskHandle });
      io.out(
        `Dead letters of ${destination.name} moving back to its queue.\n` +
          `  Watch it: aws sqs list-message-move-tasks --source-arn ${destination.deadLetterQueueArn} --region ${region}\n`,
      );
    } catch (error) {
      moves.push({ destination: destination.name, error: describeError(error) });
      io.err(
        `The dead letters of ${destination.name} could not be moved: ${describeError(error)}\n`,
      );
    }
  }
  return moves;
}

/**
 * How long a dead letter this run received stays out of sight: long enough to send a batch
 * again and delete it before anyone else could receive it, and a dead letter it keeps stays
 * out of this run's later receives.
 */
export const REDELIVERY_VISIBILITY_SECONDS = 300;

/**
 * An event as EventBridge dead-letters it for an API destination: the whole envelope the rule
 * matched, of the lead-event source or, for a dead letter sent again that failed again, of the
 * redelivery source.
 */
const deadLetterEnvelope = z.object({
  source: z.enum([LEAD_EVENT_SOURCE, LEAD_EVENT_REDELIVERY_SOURCE]),
  'detail-type': z.string(),
  detail: leadEvent,
});

/**
 * A lead id as the publisher writes it (a submission id: `randomUUID()`). The event schema
 * takes any text, but a dead letter's id is asked of the table: one of another form (a key
 * over DynamoDB's size limit, or anything a hostile body holds) is not a lead's.
 */
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The lead event a dead letter carries, with its detail's JSON as the bus carried it (keys
 * this code does not know included), or why it carries none: never any part of the body.
 */
export function readDeadLetter(
  body: string,
): { event: LeadEvent; detailType: string; detail: string } | { unreadable: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { unreadable: 'its body is not JSON' };
  }
  const parsed = z.safeParse(deadLetterEnvelope, json);
  if (!parsed.success) {
    const paths = [
      ...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)')),
    ];
    return { unreadable: `it is no lead event of version 1 (at ${paths.slice(0, 5).join(', ')})` };
  }
  if (parsed.data['detail-type'] !== parsed.data.detail.type) {
    return { unreadable: 'its detail-type is not its detail type' };
  }
  if (!LEAD_ID.test(parsed.data.detail.leadId)) {
    return { unreadable: 'its leadId is not a lead id (a UUID, as the publisher writes it)' };
  }
  // The schema's output drops keys it does not know (a newer publisher's): the receiver gets
  // the detail as published.
  return {
    event: parsed.data.detail,
    detailType: parsed.data['detail-type'],
    detail: JSON.stringify((json as { detail: unknown }).detail),
  };
}

/**
 * The names of AWS errors that any dead letter would meet as well: the credentials refused,
 * or the queue, table or bus gone. One stops the destination; any other error is the dead
 * letter's own (a lead id the table refuses, a throttled call) and only that one is kept.
 */
const FAILS_EVERY_DEAD_LETTER = [
  /^AccessDenied/,
  /^ResourceNotFound/,
  /^QueueDoesNotExist$/,
  /NonExistentQueue$/,
  /^ExpiredToken/,
  /^UnrecognizedClient/,
  /^InvalidClientTokenId$/,
];

/** The names along an error's causes, outermost first (an adapter wraps the SDK's error). */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  let at: unknown = error;
  for (let depth = 0; depth < 5 && at instanceof Error; depth += 1) {
    names.push(at.name);
    at = at.cause;
  }
  return names;
}

/** Whether this error would fail for every dead letter of the destination, by its names. */
export function failsEveryDeadLetter(error: unknown): boolean {
  return errorNames(error).some((name) =>
    FAILS_EVERY_DEAD_LETTER.some((pattern) => pattern.test(name)),
  );
}

/**
 * The error's class, as a line may print it: the innermost cause's name (the SDK's, such as
 * `ValidationException`), never its message, which may repeat what the dead letter held.
 */
export function innermostErrorName(error: unknown): string {
  const name = errorNames(error).at(-1);
  return name && /^[A-Za-z][\w.:-]{0,99}$/.test(name) ? name : 'an error with no name';
}

/** A call for one dead letter that failed in a way every other one would too. */
class StopDestination extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StopDestination';
  }
}

/**
 * One `api` destination's dead letters, each put on the bus again as an event of the
 * redelivery source naming its API destination, which its redelivery rule alone matches
 * (and no archive keeps). The receipt is deleted only once the bus took the event, so a dead
 * letter is never lost, and at once, so a run stopped halfway sends none twice. An erased
 * lead's event is deleted unsent, as the delivery function drops it; its `lead.erased` is sent.
 * A dead letter whose own call fails is kept and the others go on, so one that cannot be
 * sent never holds back the rest.
 */
async function redeliverDeadLetters(
  destination: ApiDestinationOutput,
  facts: DeployedLeadEvents,
  clients: DeployedClients,
  io: Io,
): Promise<Redelivery> {
  const result: Redelivery = { destination: destination.name, sentAgain: 0, erased: 0, kept: 0 };
  const queueUrl = destination.deadLetterQueueUrl;
  const stop = (error: string) => {
    result.error = error;
    io.err(`The dead letters of ${destination.name} were not all sent again: ${error}\n`);
  };
  const keep = (message: Message, why: string) => {
    result.kept += 1;
    io.err(`  ${destination.name}: dead letter ${message.MessageId ?? '(no id)'} kept: ${why}\n`);
  };
  /** One call for `message`: what it does and the IAM action it needs, for the lines. */
  const step = async <T>(
    message: Message,
    doing: string,
    call: () => Promise<T>,
  ): Promise<{ done: T } | { failed: string }> => {
    try {
      return { done: await call() };
    } catch (error) {
      if (failsEveryDeadLetter(error)) {
        throw new StopDestination(
          `${innermostErrorName(error)} ${doing} for dead letter ${message.MessageId ?? '(no id)'}, as it would for every other one`,
          { cause: error },
        );
      }
      return { failed: `${innermostErrorName(error)} ${doing}` };
    }
  };
  try {
    if (!facts.tableName) {
      stop(
        `the stack ${facts.stackName} has no TableName output, so whether a lead was erased cannot be asked: deploy it again`,
      );
      return result;
    }
    const ruleProblem = await redeliveryRuleProblem(clients.eventbridge, destination);
    if (ruleProblem) {
      stop(`${ruleProblem}; deploy the environment again first`);
      return result;
    }
    const isErased = createErasedLeadCheck(clients.dynamodb, facts.tableName);
    const seen = new Set<string>();
    for (;;) {
      // ReceiveMessage: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html
      // A long poll asks every SQS server, so an empty answer is an empty queue (a short poll
      // asks some).
      const { Messages = [] } = await clients.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 2,
          VisibilityTimeout: REDELIVERY_VISIBILITY_SECONDS,
        }),
      );
      // One this run kept, back after its visibility timeout, is not tried again in this run.
      const fresh = Messages.filter((m) => m.MessageId === undefined || !seen.has(m.MessageId));
      if (fresh.length === 0) break;
      for (const message of fresh) {
        if (message.MessageId !== undefined) seen.add(message.MessageId);
        const read = readDeadLetter(message.Body ?? '');
        if ('unreadable' in read) {
          keep(message, read.unreadable);
          continue;
        }
        // Every destination hears of an erase: only the events before it are left out.
        if (read.event.type !== 'lead.erased') {
          const erased = await step(
            message,
            'asking the leads table whether its lead was erased (dynamodb:GetItem)',
            () => isErased(read.event.leadId),
          );
          if ('failed' in erased) {
            keep(message, erased.failed);
            continue;
          }
          if (erased.done) {
            const deleted = await step(
              message,
              'deleting it (its lead was erased) from the dead-letter queue (sqs:DeleteMessage)',
              () => deleteMessage(clients.sqs, queueUrl, message),
            );
            if ('failed' in deleted) keep(message, deleted.failed);
            else result.erased += 1;
            continue;
          }
        }
        // PutEvents: https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html
        const put = await step(message, 'putting it on the bus (events:PutEvents)', () =>
          clients.eventbridge.send(
            new PutEventsCommand({
              Entries: [
                {
                  EventBusName: facts.busName,
                  Source: LEAD_EVENT_REDELIVERY_SOURCE,
                  DetailType: read.detailType,
                  Detail: read.detail,
                  Resources: [destination.apiDestinationArn],
                },
              ],
            }),
          ),
        );
        if ('failed' in put) {
          keep(message, put.failed);
          continue;
        }
        const entry = put.done.Entries?.[0];
        if ((put.done.FailedEntryCount ?? 0) > 0 || !entry?.EventId || entry.ErrorCode) {
          keep(
            message,
            `the bus refused it (${entry?.ErrorCode ?? 'no error code'}${entry?.ErrorMessage ? `: ${entry.ErrorMessage}` : ''})`,
          );
          continue;
        }
        const deleted = await step(
          message,
          'deleting it from the dead-letter queue (sqs:DeleteMessage)',
          () => deleteMessage(clients.sqs, queueUrl, message),
        );
        if ('failed' in deleted) {
          keep(
            message,
            `${deleted.failed} after the bus took it: a later run sends it again, which the receiver drops by its id`,
          );
        } else {
          result.sentAgain += 1;
        }
      }
    }
  } catch (error) {
    // A call that failed outright (permissions, a queue or table gone) would fail for every
    // dead letter: the one in hand stays, and so do the rest.
    stop(error instanceof StopDestination ? error.message : describeError(error));
  }
  io.out(
    `Dead letters of ${destination.name}: ${result.sentAgain} sent again (to it alone, by its redelivery rule), ` +
      `${result.erased} left out (their lead was erased), ${result.kept} kept in its dead-letter queue` +
      (result.kept > 0
        ? ` (why: above; they are seen again in ${REDELIVERY_VISIBILITY_SECONDS / 60} minutes: fix that, then run this again)`
        : '') +
      '.\n',
  );
  if (result.error === undefined) {
    const hidden = await hiddenDeadLetters(clients.sqs, queueUrl, result.kept, destination, io);
    if (hidden > 0) {
      result.hidden = hidden;
      // A warning alone: the count may still hold this run's own deletes, so a run that sent
      // every dead letter it saw would otherwise fail.
      io.err(
        `  Warning: about ${hidden} dead letter${hidden === 1 ? '' : 's'} may be in flight/hidden in the dead-letter queue of ${destination.name} ` +
          "(SQS's approximate count, which can lag a minute behind this run's own deletes): " +
          `any received elsewhere (as by \`aws sqs receive-message\`) stay out of sight for the queue's visibility timeout, so this run could not send them. ` +
          'If the count stays, run this again in a few minutes.\n',
      );
    }
  }
  return result;
}

/**
 * About how many of the destination's dead letters are out of sight
 * (ApproximateNumberOfMessagesNotVisible) but for those this run kept, which it hides itself;
 * 0 when SQS cannot say. Approximate: those this run just deleted may be in it for a minute.
 * A dead letter someone just read with `aws sqs receive-message` is hidden from every receive
 * until its visibility timeout ends, so a run then finds none and would say nothing of it.
 */
async function hiddenDeadLetters(
  sqs: Pick<SQSClient, 'send'>,
  queueUrl: string,
  keptByThisRun: number,
  destination: ApiDestinationOutput,
  io: Io,
): Promise<number> {
  try {
    // GetQueueAttributes: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_GetQueueAttributes.html
    const answer = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const notVisible = Number(answer?.Attributes?.ApproximateNumberOfMessagesNotVisible);
    return Number.isFinite(notVisible) ? Math.max(0, notVisible - keptByThisRun) : 0;
  } catch (error) {
    io.err(
      `  ${destination.name}: whether dead letters are out of sight (received elsewhere) could not be asked: ${innermostErrorName(error)} (sqs:GetQueueAttributes)\n`,
    );
    return 0;
  }
}

async function deleteMessage(sqs: Pick<SQSClient, 'send'>, queueUrl: string, message: Message) {
  await sqs.send(
    new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
  );
}

/**
 * Why the destination's redelivery rule would not send a dead letter on, or undefined: the bus
 * takes an event no rule matches and drops it, so a dead letter put there while its rule is
 * gone, disabled or other would be deleted and lost.
 */
async function redeliveryRuleProblem(
  eventbridge: Pick<EventBridgeClient, 'send'>,
  destination: ApiDestinationOutput,
): Promise<string | undefined> {
  const arn = destination.redeliveryRuleArn;
  const match = /:rule\/(?:([^/]+)\/)?([^/]+)$/.exec(arn);
  if (!match?.[2]) return `its redelivery rule ${arn} is not an EventBridge rule ARN`;
  let rule: DescribeRuleCommandOutput;
  try {
    rule = await eventbridge.send(
      new DescribeRuleCommand({
        Name: match[2],
        ...(match[1] ? { EventBusName: match[1] } : {}),
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') {
      return `its redelivery rule ${match[2]} is gone`;
    }
    throw error;
  }
  if (rule.State !== 'ENABLED') {
    return `its redelivery rule ${match[2]} is ${rule.State ?? 'in no state'}, not ENABLED`;
  }
  const want = redeliveryPattern(destination.apiDestinationArn);
  let got: { source?: unknown; resources?: unknown } | undefined;
  try {
    got = JSON.parse(rule.EventPattern ?? '');
  } catch {
    got = undefined;
  }
  if (
    JSON.stringify(got?.source) !== JSON.stringify(want.source) ||
    JSON.stringify(got?.resources) !== JSON.stringify(want.resources)
  ) {
    return `its redelivery rule ${match[2]} does not match the events this sends (${want.source[0]} naming ${destination.apiDestinationArn})`;
  }
  return undefined;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const args = parseReplayArgs(argv);
  if (!args.stack) {
    await replayLocally(args, io);
    return 0;
  }
  const { name, region } = args.stack;
  const cloudformation = new CloudFormationClient({ region });
  const eventbridge = new EventBridgeClient({ region });
  const sqs = new SQSClient({ region });
  const dynamodb = new DynamoDBClient({ region });
  try {
    const facts = await deployedLeadEvents(cloudformation, name, region);
    const result = await replayDeployed(args, facts, { eventbridge, sqs, dynamodb }, io);
    // What this run did decides; the hidden dead letters' approximate count does not (it may
    // still hold this run's own deletes), and is a warning.
    const failed =
      result.moves.some((move) => move.error) ||
      result.redeliveries.some((redelivery) => redelivery.error || redelivery.kept > 0);
    return failed ? 1 : 0;
  } finally {
    cloudformation.destroy();
    eventbridge.destroy();
    sqs.destroy();
    dynamodb.destroy();
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
