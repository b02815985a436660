/**
 * `npm run webhooks:replay -- <environment> (--dead-letters | --since <date>) [--destination <name>]`:
 * sends lead events to their destinations again, after an outage of a receiver or of the
 * delivery, as the alarms ask (infra/scripts/webhooks-replay.ts resolves the environment's
 * name into this script's `--stack` and `--region`, or runs it as is for `local`). One command
 * does one of two things, so no event goes out twice by it:
 *
 * - `--dead-letters`: each destination's dead-letter queue back to its queue (deployed: SQS
 *   StartMessageMoveTask; locally: the dead-letter files back on their queues). What the
 *   dead-letter alarm asks for once the receiver is fixed.
 * - `--since <date>`: the archive from the date to now through each destination's rule
 *   (deployed: EventBridge StartReplay, FilterArns: the rules; locally: the archived events
 *   the rule matches queued again). What a rule that lost events, or a new receiver, needs.
 *
 * Locally, by the running `npm start`, or into the queue files for its next start. Events keep
 * their ids: a receiver that drops repeats by `webhook-id` sees each once; a Slack channel does
 * not, and shows an archived event again.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeArchiveCommand,
  EventBridgeClient,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { localSettings } from '../local/environment.ts';
import {
  LOCAL_EVENT_BUS_NAME,
  type ReplayResult,
  replayOnRunningBus,
  startLocalEventBus,
} from '../local/event-bus.ts';
import { localDestinations } from '../local/lead-event-destinations.ts';
import type { LeadEventDestination } from '../src/leads/event-destinations.ts';
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
  --dead-letters        move the dead letters back to their queues: the events that failed
                        every retry (about a day), after the receiver is fixed
  --since <date>        replay the bus's archive: the events that occurred from this date
                        (2026-11-28, or 2026-11-28T09:00:00Z) until now; for events a rule
                        could not queue, or to fill a new receiver
  --destination <name>  only this destination (its dead-letter queue, or its rule); default all

Give one of --dead-letters and --since: each sends its own events once, the two together
would send an event that is in both twice.

An archive replay sends every matching event again, delivered before or not: a Slack channel
does not drop repeats and shows each one again, so name with --destination the webhook that
needs it.

Deployed (with your AWS credentials): --dead-letters moves each destination's dead-letter queue
back to its queue (SQS StartMessageMoveTask); --since replays the bus's archive through the
destinations' rules (EventBridge StartReplay). Locally: the dead-letter files go back on their
queues, or the archived events since the date are queued again; npm start delivers them (at
once if it runs, else at its next start).`;

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

/** One destination as the stack's LeadEventDestinations output describes it. */
const deployedDestination = z.object({
  name: z.string(),
  /** The destination's EventBridge rule: what a replay is filtered to. */
  ruleArn: z.string(),
  queueArn: z.string(),
  deadLetterQueueArn: z.string(),
});
export type DeployedDestination = z.output<typeof deployedDestination>;

/** What a replay needs of a deployed stack, from its outputs. */
export interface DeployedLeadEvents {
  stackName: string;
  region: string;
  busName: string;
  archiveName: string | undefined;
  destinations: DeployedDestination[];
}

/**
 * The stack's lead-event outputs: `LeadEventBusName`, `LeadEventArchiveName` and
 * `LeadEventDestinations` (JSON: `[{ name, ruleArn, queueArn, deadLetterQueueArn }]`).
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
  const listed = outputs.get('LeadEventDestinations') ?? '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(listed);
  } catch {
    parsed = undefined;
  }
  const destinations = z.safeParse(z.array(deployedDestination), parsed);
  if (!destinations.success) {
    throw new Error(
      `The stack ${stackName}'s LeadEventDestinations output is not a JSON list of { name, ruleArn, queueArn, deadLetterQueueArn }: ${listed.slice(0, 200)}`,
    );
  }
  return {
    stackName,
    region,
    busName,
    archiveName: outputs.get('LeadEventArchiveName') || undefined,
    destinations: destinations.data,
  };
}

/** A name for the replay that EventBridge takes (1-64 of `[.\-_A-Za-z0-9]`), unique per second. */
export function replayName(now: Date, destination?: string): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '');
  return `webhooks-replay-${stamp}${destination ? `-${destination}` : ''}`.slice(0, 64);
}

export interface DeployedReplay {
  /** The archive's replay (`--since`). */
  replayName?: string;
  replayArn?: string;
  /** The dead-letter queues' moves (`--dead-letters`). */
  moves: { destination: string; taskHandle?: string; error?: string }[];
}

/**
 * `--since`: starts the replay of the archive (since → now) through the destinations' rules.
 * `--dead-letters`: starts the move of each destination's dead-letter queue back to its queue;
 * a move that SQS refuses (one is already running, the queue is gone) is reported and the
 * others still start.
 */
export async function replayDeployed(
  args: ReplaySource & { destination?: string },
  facts: DeployedLeadEvents,
  clients: { eventbridge: Pick<EventBridgeClient, 'send'>; sqs: Pick<SQSClient, 'send'> },
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
  if ('deadLetters' in args) return { moves: await moveDeadLetters(chosen, region, clients, io) };
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
  return {
    replayName: name,
    ...(replay.ReplayArn ? { replayArn: replay.ReplayArn } : {}),
    moves: [],
  };
}

/** Each destination's dead-letter queue back to its queue, one move task each. */
async function moveDeadLetters(
  chosen: readonly DeployedDestination[],
  region: string,
  clients: { sqs: Pick<SQSClient, 'send'> },
  io: Io,
): Promise<DeployedReplay['moves']> {
  // StartMessageMoveTask: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_StartMessageMoveTask.html
  const moves: DeployedReplay['moves'] = [];
  for (const destination of chosen) {
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
  try {
    const facts = await deployedLeadEvents(cloudformation, name, region);
    const result = await replayDeployed(args, facts, { eventbridge, sqs }, io);
    return result.moves.some((move) => move.error) ? 1 : 0;
  } finally {
    cloudformation.destroy();
    eventbridge.destroy();
    sqs.destroy();
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
