import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { DeliveryAttempt, DeliveryResult } from '../src/leads/deliver-event.ts';
import { errorClass } from '../src/leads/error-class.ts';
import {
  type AttemptFailure,
  type BusEvent,
  destinationPattern,
  isQueued,
  type LeadEventDestination,
  matchesPattern,
  nextAttempt,
  type QueuedKind,
} from '../src/leads/event-destinations.ts';
import { leadEvent } from '../src/leads/lead-events.ts';
import type { ApiDestinationResult } from './api-destination.ts';
import { type EventBridgeEnvelope, LOCAL_ACCOUNT } from './eventbridge-envelope.ts';
import { boundPort, closeServer, listenOnLoopback, readBody } from './http-body.ts';
import { loopbackHostProblem } from './loopback-host.ts';

/*
 * The local EventBridge of lead events, in this process, as the stack builds it in AWS: the
 * handlers publish with the SDK's PutEvents (AWS_ENDPOINT_URL_EVENTBRIDGE points here); every
 * event is kept in an archive (the bus's archive); each destination's rule
 * (`destinationPattern`, matched by `matchesPattern`, as EventBridge matches it) puts it on the
 * destination's queue; a worker per destination delivers it with the delivery function's own
 * code (a Slack or webhook destination) or as EventBridge's API destination does (an `api`
 * destination), at the destination's rate, retries a failure as the delivery function does
 * (`nextAttempt`: the schedule, or a receiver's longer Retry-After) up to
 * `DELIVERY_RETRY.maxAttempts`, then moves it to the destination's dead-letter file, from which
 * `npm run webhooks:replay -- local` takes it back. A receiver that answers 410 Gone, and an
 * API destination's failure that EventBridge does not retry (a 400, a redirect), send the
 * event to the dead letters at once. The archive, the queues and the dead letters are files in
 * DATA_DIR/lead-events: a restart loses nothing acknowledged.
 */

/** The local bus's name: the handlers' LEAD_EVENT_BUS_NAME. */
export const LOCAL_EVENT_BUS_NAME = 'kryon-lead-events';

/** An event as the bus keeps it and a rule hands it on: EventBridge's envelope. */
export type BusEnvelope = EventBridgeEnvelope<Record<string, unknown>>;

/** One message on a destination's queue: the event, and how often it was tried. */
export interface QueuedEvent {
  /** The queue's id of this message: a replay queues the same event again under a new one. */
  messageId: string;
  event: BusEnvelope;
  /** Attempts made so far. */
  attempts: number;
  /** When it is to be tried (epoch ms). */
  dueAt: number;
  /** Why the last attempt failed. */
  lastError?: string;
  /**
   * Sent again from the dead letters by `webhooks:replay`: an `api` destination's is left out
   * when its lead was erased, as the deployed replay leaves it out (EventBridge's API
   * destination asks no table, so nothing else would stop it).
   */
  redelivery?: true;
}

/** A message the worker gave up on, as the dead-letter file keeps it (one JSON line). */
export interface DeadLetter extends QueuedEvent {
  deadAt: string;
}

/**
 * Sends one event to one destination once: the delivery function's own `deliverLeadEvent`
 * (src/leads/deliver-event.ts) with its dependencies, as stack.ts wires it.
 */
export type Deliver = (attempt: DeliveryAttempt) => Promise<DeliveryResult>;

/**
 * Sends one event to an `api` destination once, as EventBridge's API destination does
 * (`localApiDestination`, local/lead-event-destinations.ts): the detail, with the key.
 */
export type InvokeApi = (
  destination: LeadEventDestination,
  detail: Record<string, unknown>,
) => Promise<ApiDestinationResult>;

export interface LocalEventBusOptions {
  /** 0: any free port. */
  port: number;
  /** Where the archive, the queues and the dead letters are kept. */
  dir: string;
  destinations: readonly LeadEventDestination[];
  /** A Slack or webhook destination's delivery: the delivery function's own code. */
  deliver: Deliver;
  /** An `api` destination's delivery; required when one is named and the bus delivers. */
  invokeApi?: InvokeApi;
  /**
   * Whether a lead was erased, as `webhooks:replay` asks the table before it sends an `api`
   * destination's dead letters again. A Slack or webhook destination's delivery asks itself.
   */
  isErased?: (leadId: string) => Promise<boolean>;
  busName?: string;
  region?: string;
  /**
   * Multiplies every retry wait (LEAD_EVENT_RETRY_SCALE): 1 waits as AWS does (30 s, then
   * 2 min...), a test's 0.0001 goes through all attempts in a moment.
   */
  retryScale?: number;
  /** False: queues are kept and filled, nothing is delivered (a replay while npm start is off). */
  deliverQueued?: boolean;
  /**
   * Told of each failed attempt (the delivery function logs it too); by default, a console
   * line when a message is moved to the dead letters.
   */
  onFailure?: (destination: string, message: QueuedEvent, reason: string, dead: boolean) => void;
}

/**
 * What one replay sends again: the dead letters back on their queues, or the archived events
 * since a date; never both at once, so one replay sends an event once.
 */
export type LocalReplay = ({ deadLetters: true } | { since: Date }) & { destination?: string };

/** What one replay did per destination: dead letters re-queued, or archived events re-queued. */
export interface ReplayResult {
  /** The archive replay's start; absent for the dead letters. */
  since?: string;
  destinations: { name: string; requeued: number; republished: number }[];
}

export interface LocalEventBus {
  url: string;
  busName: string;
  /** The messages waiting on a destination's queue, due first. */
  queued(destination: string): QueuedEvent[];
  /** The destination's dead letters, oldest first. */
  deadLetters(destination: string): DeadLetter[];
  /** Every event the bus took, in order. */
  archived(): BusEnvelope[];
  /**
   * Re-queues, for each destination (or the one named), its dead letters (`deadLetters`), or
   * every archived event since `since` that its rule matches: the event again, by its id. An
   * `api` destination's dead letters are marked as sent again (`redelivery`): each one whose
   * lead was erased is left out when its turn comes, as the deployed replay leaves it out.
   */
  replay(options: LocalReplay): ReplayResult;
  /** Resolves once no destination has a message due now or in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const JSON_1_1 = 'application/x-amz-json-1.1';

/** The answer to an operation the local bus has not: EventBridge's error body and type. */
function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': JSON_1_1, 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message }));
}

interface PutEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Time?: unknown;
  Resources?: unknown;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

/** EventBridge's `time`: ISO 8601 to the second. */
function busTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** A PutEvents entry's `Time` as the SDK sends it (epoch seconds), or now. */
function entryTime(time: unknown, now: Date): Date {
  if (typeof time === 'number' && Number.isFinite(time)) return new Date(time * 1000);
  if (typeof time === 'string' && !Number.isNaN(Date.parse(time))) return new Date(time);
  return now;
}

/** The bus event `matchesPattern` reads of an envelope. */
function busEvent(envelope: BusEnvelope): BusEvent {
  return {
    source: envelope.source,
    'detail-type': envelope['detail-type'],
    detail: envelope.detail,
  };
}

/** The local bus on 127.0.0.1, its queues loaded from `dir`, its workers started. */
export async function startLocalEventBus(options: LocalEventBusOptions): Promise<LocalEventBus> {
  const busName = options.busName ?? LOCAL_EVENT_BUS_NAME;
  const region = options.region ?? 'us-east-1';
  const busArn = `arn:aws:events:${region}:${LOCAL_ACCOUNT}:event-bus/${busName}`;
  const scale = options.retryScale ?? 1;
  const working = options.deliverQueued !== false;
  const onFailure =
    options.onFailure ??
    ((destination, message, reason, dead) => {
      if (!dead) return;
      console.error(
        `Lead event ${String(message.event.detail.id ?? message.event.id)} to ${destination}: ` +
          `given up after ${message.attempts} attempts (${reason}); in ${deadFile(destination)}, ` +
          'npm run webhooks:replay -- local sends it again.',
      );
    });
  const unwired = options.destinations.find((d) => !isQueued(d));
  if (working && unwired && !options.invokeApi) {
    throw new Error(`${unwired.name} is an api destination: the local bus needs invokeApi`);
  }
  mkdirSync(options.dir, { recursive: true });
  const archiveFile = join(options.dir, 'archive.jsonl');
  const queueFile = (name: string) => join(options.dir, `queue-${name}.json`);
  const deadFile = (name: string) => join(options.dir, `dead-letter-${name}.jsonl`);

  const destinations = new Map(options.destinations.map((d) => [d.name, d]));
  const patterns = new Map(options.destinations.map((d) => [d.name, destinationPattern(d)]));
  const queues = new Map<string, QueuedEvent[]>();
  for (const name of destinations.keys()) {
    queues.set(
      name,
      existsSync(queueFile(name))
        ? (JSON.parse(readFileSync(queueFile(name), 'utf8')) as QueuedEvent[])
        : [],
    );
  }
  const saveQueue = (name: string) => {
    const file = queueFile(name);
    writeFileSync(`${file}.tmp`, JSON.stringify(queues.get(name) ?? []));
    renameSync(`${file}.tmp`, file);
  };
  const readLines = <T>(file: string): T[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as T)
      : [];

  const enqueue = (name: string, event: BusEnvelope, redelivery = false) => {
    queues.get(name)?.push({
      messageId: randomUUID(),
      event,
      attempts: 0,
      dueAt: Date.now(),
      ...(redelivery ? { redelivery: true as const } : {}),
    });
    saveQueue(name);
  };

  /** Puts one event on the queue of every destination whose rule matches it. */
  const route = (event: BusEnvelope, only?: string): string[] => {
    const matched: string[] = [];
    for (const [name, pattern] of patterns) {
      if (only !== undefined && name !== only) continue;
      if (!matchesPattern(pattern, busEvent(event))) continue;
      enqueue(name, event);
      matched.push(name);
    }
    return matched;
  };

  // The workers: one per destination, one delivery at a time, at most perSecond a second.
  let closed = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<void>>();
  const lastStart = new Map<string, number>();
  const idleWaiters = new Set<() => void>();

  const busy = () =>
    inFlight.size > 0 ||
    [...queues.values()].some((queue) => queue.some((m) => m.dueAt <= Date.now()));
  const checkIdle = () => {
    if (busy()) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters.clear();
  };

  const kick = (name: string) => {
    if (closed || !working || inFlight.has(name)) return;
    clearTimeout(timers.get(name));
    timers.delete(name);
    const queue = queues.get(name) ?? [];
    const next = queue.reduce<QueuedEvent | undefined>(
      (soonest, m) => (soonest === undefined || m.dueAt < soonest.dueAt ? m : soonest),
      undefined,
    );
    if (!next) return checkIdle();
    const destination = destinations.get(name) as LeadEventDestination;
    const paced = (lastStart.get(name) ?? 0) + 1000 / destination.perSecond;
    const wait = Math.max(next.dueAt, paced) - Date.now();
    if (wait > 0) {
      timers.set(
        name,
        setTimeout(() => kick(name), wait),
      );
      return checkIdle();
    }
    lastStart.set(name, Date.now());
    const run = attempt(destination, next).finally(() => {
      inFlight.delete(name);
      kick(name);
    });
    inFlight.set(name, run);
  };

  /**
   * One attempt's outcome: done (sent, or left out and sent to no one), or why not, whether to
   * try again at all (the API destination's to say for an `api` destination), and what the
   * receiver asked of the next attempt (the delivery function's `gone`, `retryAfterSeconds`).
   */
  type Outcome =
    | { ok: true; skipped?: string }
    | ({ ok: false; reason: string; retry: boolean } & AttemptFailure);

  /** The delivery function's own code, for a Slack or webhook destination. */
  const viaDeliveryFunction = async (
    destination: LeadEventDestination & { kind: QueuedKind },
    message: QueuedEvent,
  ): Promise<Outcome> => {
    const parsed = leadEvent.safeParse(message.event.detail);
    // An event that is not a lead event will never be one: no use trying it 17 times.
    if (!parsed.success) {
      return {
        ok: false,
        retry: false,
        reason: `not a lead event: ${parsed.error.issues[0]?.message}`,
      };
    }
    try {
      const result = await options.deliver({
        // Sent as published, byte for byte, as the deployed function sends it.
        body: JSON.stringify(message.event.detail),
        destination: {
          name: destination.name,
          kind: destination.kind,
          ...(destination.url ? { url: destination.url } : {}),
        },
        event: parsed.data,
        attempt: message.attempts + 1,
      });
      if (result.ok) return { ok: true };
      const { gone, retryAfterSeconds } = result;
      return {
        ok: false,
        reason: result.reason,
        retry: true,
        ...(gone ? { gone } : {}),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, reason, retry: true };
    }
  };

  /**
   * EventBridge's API destination, for an `api` destination: whatever the rule matched, with
   * no check of the lead, except an event sent again from the dead letters, which the replay
   * leaves out when its lead was erased.
   */
  const viaApiDestination = async (
    destination: LeadEventDestination,
    message: QueuedEvent,
  ): Promise<Outcome> => {
    const { detail } = message.event;
    if (message.redelivery && detail.type !== 'lead.erased' && options.isErased) {
      try {
        if (typeof detail.leadId === 'string' && (await options.isErased(detail.leadId))) {
          return { ok: true, skipped: 'the lead was erased' };
        }
      } catch (error) {
        // Never sent without knowing: tried again on the schedule.
        const reason = `could not check whether the lead was erased: ${errorClass(error)}`;
        return { ok: false, reason, retry: true };
      }
    }
    try {
      return await (options.invokeApi as InvokeApi)(destination, detail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, reason, retry: true };
    }
  };

  const attempt = async (destination: LeadEventDestination, message: QueuedEvent) => {
    const result = isQueued(destination)
      ? await viaDeliveryFunction(destination, message)
      : await viaApiDestination(destination, message);
    const queue = queues.get(destination.name) ?? [];
    const index = queue.findIndex((m) => m.messageId === message.messageId);
    if (index < 0) return;
    if (result.ok) {
      queue.splice(index, 1);
      saveQueue(destination.name);
      return;
    }
    const attempts = message.attempts + 1;
    // The delivery function's rule: a gone receiver's event and the last attempt's are dead
    // letters; any other waits the schedule's time, or the receiver's Retry-After when longer.
    const next = nextAttempt(attempts, result);
    const dead = next.deadLetter !== undefined || !result.retry;
    const failed: QueuedEvent = {
      ...message,
      attempts,
      dueAt: Date.now() + next.delaySeconds * 1000 * scale,
      lastError: result.reason,
    };
    if (dead) {
      // Written to the dead letters before it leaves the queue: a crash between the two
      // repeats it rather than loses it.
      const letter: DeadLetter = { ...failed, deadAt: new Date().toISOString() };
      appendFileSync(deadFile(destination.name), `${JSON.stringify(letter)}\n`);
      queue.splice(index, 1);
    } else {
      queue[index] = failed;
    }
    saveQueue(destination.name);
    onFailure(destination.name, failed, result.reason, dead);
  };

  const put = (entries: PutEntry[]): EntryResult[] => {
    const now = new Date();
    return entries.map((entry): EntryResult => {
      const named = entry.EventBusName;
      if (named !== busName && named !== busArn) {
        return {
          ErrorCode: 'ResourceNotFoundException',
          ErrorMessage: `Event bus ${String(named ?? 'default')} does not exist: the local bus is ${busName}.`,
        };
      }
      if (
        typeof entry.Source !== 'string' ||
        !entry.Source ||
        typeof entry.DetailType !== 'string' ||
        !entry.DetailType ||
        typeof entry.Detail !== 'string'
      ) {
        return {
          ErrorCode: 'InvalidArgument',
          ErrorMessage: 'Parameter(s) Source, DetailType and Detail must be given.',
        };
      }
      let detail: unknown;
      try {
        detail = JSON.parse(entry.Detail);
      } catch {
        detail = undefined;
      }
      if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      }
      const envelope: BusEnvelope = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.DetailType,
        source: entry.Source,
        account: LOCAL_ACCOUNT,
        time: busTime(entryTime(entry.Time, now)),
        region,
        resources: Array.isArray(entry.Resources) ? entry.Resources.map(String) : [],
        detail: detail as Record<string, unknown>,
      };
      // Archived and queued (files written) before the answer: what is acknowledged stays.
      appendFileSync(archiveFile, `${JSON.stringify(envelope)}\n`);
      for (const name of route(envelope)) kick(name);
      return { EventId: envelope.id };
    });
  };

  const replay: LocalEventBus['replay'] = (options) => {
    const { destination } = options;
    const since = 'since' in options ? options.since : undefined;
    if (since !== undefined && Number.isNaN(since.getTime())) {
      throw new Error('A replay starts at a valid date');
    }
    if (destination !== undefined && !destinations.has(destination)) {
      throw new Error(
        `No destination "${destination}" in the local environment: ${
          [...destinations.keys()].join(', ') || 'it has none'
        }.`,
      );
    }
    const names = destination === undefined ? [...destinations.keys()] : [destination];
    const replayName = `local-replay-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}`;
    if (since === undefined) {
      const counts = names.map((name) => {
        const letters = readLines<DeadLetter>(deadFile(name));
        for (const letter of letters) enqueue(name, letter.event, true);
        // Queued (and saved) first, emptied after: a crash between the two repeats, never loses.
        writeFileSync(deadFile(name), '');
        kick(name);
        return { name, requeued: letters.length, republished: 0 };
      });
      return { destinations: counts };
    }
    const archive = readLines<BusEnvelope>(archiveFile).filter(
      (event) => Date.parse(event.time) >= since.getTime(),
    );
    const counts = names.map((name) => {
      const pattern = destinationPattern(destinations.get(name) as LeadEventDestination);
      const matching = archive.filter((event) => matchesPattern(pattern, busEvent(event)));
      for (const event of matching) enqueue(name, { ...event, 'replay-name': replayName });
      kick(name);
      return { name, requeued: 0, republished: matching.length };
    });
    return { since: since.toISOString(), destinations: counts };
  };

  const server = createServer(async (req, res) => {
    try {
      const path = req.url?.split('?')[0] ?? '/';
      // Every route by its loopback name only: a page that rebinds a name of its own to this
      // port may neither read what waits where nor put events on the bus.
      const wrongHost = loopbackHostProblem(
        req.headers.host,
        boundPort(server, 0),
        'The local event bus',
      );
      if (wrongHost) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: wrongHost }));
        return;
      }
      if (req.method === 'POST' && path === REPLAY_PATH) {
        // Only this machine's own command: a web page in the developer's browser can post
        // here cross-origin only as text/plain or a form without a CORS preflight, which
        // this bus fails.
        const refused = replayRequestProblem(req);
        if (refused) {
          res.writeHead(refused.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: refused.error }));
          return;
        }
      }
      const raw = await readBody(req, MAX_BODY_BYTES);
      if (raw === undefined) {
        awsError(
          res,
          413,
          'RequestEntityTooLarge',
          `The local event bus takes requests of at most ${MAX_BODY_BYTES} bytes.`,
        );
        return;
      }
      const body = raw.toString('utf8');
      if (req.method === 'POST' && path === REPLAY_PATH) {
        const asked = JSON.parse(body || '{}') as {
          since?: string;
          deadLetters?: boolean;
          destination?: string;
        };
        try {
          const result = replay({
            ...(asked.deadLetters === true
              ? { deadLetters: true as const }
              : { since: new Date(asked.since ?? '') }),
            destination: asked.destination,
          });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(result));
        } catch (error) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
          );
        }
        return;
      }
      if (req.method === 'GET' && path === '/') {
        // What is waiting where: for a person, and how webhooks:replay knows the bus runs.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            bus: busName,
            destinations: [...destinations.keys()].map((name) => ({
              name,
              queued: queues.get(name)?.length ?? 0,
              deadLetters: readLines(deadFile(name)).length,
            })),
          }),
        );
        return;
      }
      const target = req.headers['x-amz-target'];
      if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
        awsError(
          res,
          400,
          'UnknownOperationException',
          `The local event bus answers AWSEvents.PutEvents only, not ${String(target ?? `${req.method} ${path}`)}.`,
        );
        return;
      }
      let entries: unknown;
      try {
        entries = (JSON.parse(body) as { Entries?: unknown }).Entries;
      } catch {
        entries = undefined;
      }
      if (!Array.isArray(entries) || entries.length < 1 || entries.length > 10) {
        awsError(res, 400, 'ValidationException', 'Entries must hold 1 to 10 entries.');
        return;
      }
      const results = put(entries as PutEntry[]);
      res.writeHead(200, { 'content-type': JSON_1_1 });
      res.end(
        JSON.stringify({
          FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length,
          Entries: results,
        }),
      );
    } catch (error) {
      awsError(
        res,
        500,
        'InternalException',
        error instanceof Error ? error.message : String(error),
      );
    }
  });
  const port = await listenOnLoopback(server, options.port);
  // What a restart found queued goes out now, at each destination's pace.
  for (const name of destinations.keys()) kick(name);

  return {
    url: `http://127.0.0.1:${port}`,
    busName,
    queued: (name) => [...(queues.get(name) ?? [])].sort((a, b) => a.dueAt - b.dueAt),
    deadLetters: (name) => readLines<DeadLetter>(deadFile(name)),
    archived: () => readLines<BusEnvelope>(archiveFile),
    replay,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.add(resolve);
        checkIdle();
      }),
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
      await Promise.all([...inFlight.values()]);
      for (const resolve of idleWaiters) resolve();
    },
  };
}

/** The local bus's own path for `webhooks:replay -- local` while `npm start` runs. */
export const REPLAY_PATH = '/_local/replay';

/** The largest request the local bus reads (PutEvents takes 256 KB of entries): 413 past it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Why a replay request is refused, or undefined: it must be `application/json` (415
 * otherwise: a page can send that cross-origin only after a CORS preflight, which this bus
 * never answers). Its Host is checked, as every request's, by `loopbackHostProblem`.
 */
export function replayRequestProblem(
  req: IncomingMessage,
): { status: 415; error: string } | undefined {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, error: 'A replay is asked for with content-type: application/json.' };
  }
  return undefined;
}

/** Asks the running local bus at `busUrl` to replay; throws its reason when it refuses. */
export async function replayOnRunningBus(
  busUrl: string,
  options: LocalReplay,
): Promise<ReplayResult> {
  const response = await fetch(`${busUrl}${REPLAY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...('since' in options ? { since: options.since.toISOString() } : { deadLetters: true }),
      destination: options.destination,
    }),
  });
  const answer = (await response.json()) as ReplayResult & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `The local bus answered ${response.status}`);
  return answer;
}
