import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, ListRulesCommand, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { LeadForm } from '@kryon/shared/api';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { captureIo } from '../scripts/lib/capture-io.ts';
import { replayLocally } from '../scripts/webhooks-replay.ts';
import { createEventBridgeBus } from '../src/adapters/event-bus.ts';
import { type LeadEventDestination, resolveDestination } from '../src/leads/event-destinations.ts';
import { FORM_DEFINITIONS } from '../src/leads/forms.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import {
  type LeadEvent,
  leadAccepted,
  leadDelivery,
  leadErased,
} from '../src/leads/lead-events.ts';
import type { OwedEvent } from '../src/leads/ports.ts';
import { sampleBody } from '../test/events.ts';
import { type HeldPort, holdPortOfNothing } from '../test/port-of-nothing.ts';
import { localSettings } from './environment.ts';
import {
  LOCAL_EVENT_BUS_NAME,
  type LocalEventBus,
  MAX_BODY_BYTES,
  REPLAY_PATH,
  startLocalEventBus,
} from './event-bus.ts';
import {
  apiKeysOf,
  inboxSecrets,
  localApiDestination,
  localDelivery,
  localDestinations,
  localEventSecrets,
} from './lead-event-destinations.ts';
import { startLocalStack } from './stack.ts';
import {
  type ApiKey,
  startWebhookInbox,
  type WebhookEntry,
  type WebhookInbox,
} from './webhook-inbox.ts';

/*
 * The local delivery path end to end, on 127.0.0.1 only: events published with the lead
 * publisher (the SDK's PutEvents) to the local bus, routed by each destination's rule,
 * delivered by the delivery function's own code (signed webhooks, Slack messages) or as
 * EventBridge's API destination sends (an `api` destination) to the webhook inbox, with the
 * receiver down, the bus restarted, every attempt failing, and `webhooks:replay -- local`
 * sending the dead letters again. Retries are scaled down so a day of waits takes under a
 * second.
 */
const scratch = mkdtempSync(join(tmpdir(), 'kryon-event-bus-'));
let cases = 0;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Fresh DATA_DIR per case. */
function dataDir(): string {
  cases += 1;
  return join(scratch, `case-${cases}`);
}

function track<T extends { close(): Promise<void> }>(thing: T): T {
  open.push(thing);
  return thing;
}

const CREATED_AT = '2026-11-24T08:01:46.220Z';

function storedLead(form: LeadForm, id: string): StoredLead {
  const { website: _honeypot, ...body } = sampleBody(form);
  const fields = FORM_DEFINITIONS[form].schema.parse(body) as Record<string, unknown>;
  const { attribution, ...rest } = fields;
  return {
    form,
    submissionId: id,
    idempotencyKey: `idem-${id}`,
    payloadHash: 'payload-hash',
    createdAt: CREATED_AT,
    fields: rest,
    ...(attribution ? { attribution: attribution as StoredLead['attribution'] } : {}),
    emailHash: 'email-hash',
    userAgent: 'test',
    ipHash: 'ip-hash',
    networkHash: 'network-hash',
    spam: false,
    fillMs: 48_000,
    browserCheck: 'verified',
    emailStatus: 'sent',
    emails: { sales: { status: 'sent', attempts: 1, messageId: 'msg-sales' } },
    expiresAt: 1_900_000_000,
  } as StoredLead;
}

function accepted(form: LeadForm, id: string): LeadEvent {
  const event = leadAccepted(storedLead(form, id), FORM_DEFINITIONS[form]);
  if (!event) throw new Error('no event');
  return event;
}

function owed(event: LeadEvent): OwedEvent {
  return { id: event.id, type: event.type, form: event.form, detail: JSON.stringify(event) };
}

function eventBridge(bus: LocalEventBus): EventBridgeClient {
  return new EventBridgeClient({
    endpoint: bus.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** The lead publisher the handlers use, through the SDK's PutEvents, to this bus. */
async function publish(bus: LocalEventBus, events: readonly LeadEvent[]): Promise<string[]> {
  const client = eventBridge(bus);
  try {
    const { failed } = await createEventBridgeBus(LOCAL_EVENT_BUS_NAME, client).publish(
      events.map(owed),
    );
    return failed;
  } finally {
    client.destroy();
  }
}

async function until<T>(
  what: string,
  read: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Local destinations on one receiver port: a Slack channel and a signed webhook. */
function destinationsAt(port: number, perSecond = 20): LeadEventDestination[] {
  return [
    resolveDestination({
      kind: 'slack',
      name: 'sales-slack',
      secret: 'kryon-local/slack-webhook-url',
      perSecond,
    }),
    resolveDestination({
      kind: 'webhook',
      name: 'crm-webhook',
      url: `http://127.0.0.1:${port}/webhook`,
      secret: 'kryon-local/webhook-signing-secret',
      forms: ['demo', 'contact'],
      perSecond,
    }),
  ];
}

async function busFor(
  dir: string,
  destinations: LeadEventDestination[],
  receiverPort: number,
  options: {
    retryScale?: number;
    port?: number;
    isErased?: (leadId: string) => Promise<boolean>;
  } = {},
) {
  const secrets = localEventSecrets(dir, destinations);
  return track(
    await startLocalEventBus({
      port: options.port ?? 0,
      dir: join(dir, 'lead-events'),
      destinations,
      retryScale: options.retryScale ?? 0.0001,
      deliver: localDelivery({
        destinations,
        secrets,
        inboxUrl: `http://127.0.0.1:${receiverPort}`,
        log: { info() {}, warn() {}, error() {} },
      }),
      invokeApi: localApiDestination({ secrets }),
      ...(options.isErased ? { isErased: options.isErased } : {}),
      onFailure: () => {},
    }),
  );
}

/** The inbox on `port`, taking these destinations' local secrets, or the API keys given. */
async function inboxOn(
  dir: string,
  destinations: LeadEventDestination[],
  port: number,
  apiKeys?: ApiKey[],
) {
  const secrets = localEventSecrets(dir, destinations);
  return track(
    await startWebhookInbox({
      port,
      secrets: inboxSecrets(dir, destinations, secrets),
      apiKeys: apiKeys ?? apiKeysOf(destinations, secrets),
    }),
  );
}

/** Verifies a delivery as a receiver would, with the standard library and the local secret. */
function verifies(entry: WebhookEntry, secret: string): boolean {
  new Webhook(secret).verify(entry.body, entry.headers);
  return true;
}

describe('the local event bus speaks PutEvents as the SDK sends it', () => {
  it('takes entries, archives each in its envelope, and refuses a wrong bus or detail per entry', async () => {
    const dir = dataDir();
    const bus = await busFor(dir, [], 1);
    const client = eventBridge(bus);
    const event = leadErased({ form: 'demo', submissionId: 'lead-a' }, CREATED_AT);
    try {
      const out = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: LOCAL_EVENT_BUS_NAME,
              Source: 'kryon.leads',
              DetailType: event.type,
              Detail: JSON.stringify(event),
            },
            {
              EventBusName: 'default',
              Source: 'kryon.leads',
              DetailType: event.type,
              Detail: '{}',
            },
            {
              EventBusName: LOCAL_EVENT_BUS_NAME,
              Source: 'kryon.leads',
              DetailType: event.type,
              Detail: 'not json',
            },
          ],
        }),
      );

      expect(out.FailedEntryCount).toBe(2);
      expect(out.Entries?.[0]?.EventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(out.Entries?.[1]).toMatchObject({ ErrorCode: 'ResourceNotFoundException' });
      expect(out.Entries?.[2]).toMatchObject({
        ErrorCode: 'MalformedDetail',
        ErrorMessage: 'Detail is malformed.',
      });
      expect(bus.archived()).toEqual([
        {
          version: '0',
          id: out.Entries?.[0]?.EventId,
          'detail-type': 'lead.erased',
          source: 'kryon.leads',
          account: '000000000000',
          time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
          region: 'us-east-1',
          resources: [],
          detail: event,
        },
      ]);
      // Another operation: EventBridge's error, which the SDK turns into its exception.
      await expect(client.send(new ListRulesCommand({}))).rejects.toMatchObject({
        name: 'UnknownOperationException',
        $metadata: { httpStatusCode: 400 },
      });
    } finally {
      client.destroy();
    }
  });

  it("routes by each destination's rule: types and forms", async () => {
    const dir = dataDir();
    const held = track(await holdPortOfNothing());
    const bus = await busFor(dir, destinationsAt(held.port), held.port, { retryScale: 1 });
    const events = [
      accepted('demo', 'lead-demo'),
      accepted('partner', 'lead-partner'),
      leadDelivery(
        { form: 'demo', submissionId: 'lead-demo' },
        { outcome: 'delivered', at: CREATED_AT },
      ),
      leadErased({ form: 'partner', submissionId: 'lead-partner' }, CREATED_AT),
    ];

    expect(await publish(bus, events)).toEqual([]);
    const ids = (name: string) =>
      [...bus.queued(name), ...bus.deadLetters(name)].map((m) => m.event.detail.id).sort();
    // Slack: accepted leads of every form and their erasure; the CRM: every type, its forms.
    await until('both queues', () => bus.queued('sales-slack').length === 3);
    expect(ids('sales-slack')).toEqual([events[0]?.id, events[1]?.id, events[3]?.id].sort());
    expect(ids('crm-webhook')).toEqual([events[0]?.id, events[2]?.id].sort());
  });
});

describe('a webhook that names no URL (its URL is in its secret, as a Zapier one keeps it)', () => {
  it("is delivered, signed, to the URL its local credential holds: the inbox's /webhook/<name>", async () => {
    const dir = dataDir();
    const held = await holdPortOfNothing();
    const port = held.port;
    await held.close();
    const destinations = [
      resolveDestination({ kind: 'webhook', name: 'zapier', secret: 'kryon-local/zapier-hook' }),
    ];
    const inbox = await inboxOn(dir, destinations, port);
    const bus = await busFor(dir, destinations, port);
    const event = accepted('demo', 'lead-zapier');

    expect(await publish(bus, [event])).toEqual([]);
    await until('the delivery', () => inbox.entries().some((e) => e.kind === 'webhook'));
    const secret = localEventSecrets(dir, destinations)['kryon-local/zapier-hook'] as string;
    const [entry] = inbox.entries() as [WebhookEntry];
    expect(entry.path).toBe('/webhook/zapier');
    expect(entry.verified && verifies(entry, secret)).toBe(true);
    expect(entry.headers['webhook-id']).toBe(event.id);
  });
});

describe('delivery through failures', () => {
  it('delivers every event at least once, by the same id, after the receiver was down and the bus restarted', async () => {
    const dir = dataDir();
    // The receiver answers 404 first, then nothing listens, then the inbox is up.
    let held: HeldPort | undefined = await holdPortOfNothing();
    const port = held.port;
    const destinations = destinationsAt(port, 10);
    let bus = await busFor(dir, destinations, port);
    const events = [
      accepted('demo', 'lead-1'),
      accepted('contact', 'lead-2'),
      leadDelivery(
        { form: 'demo', submissionId: 'lead-1' },
        { outcome: 'bounced', at: CREATED_AT, bounceType: 'permanent' },
      ),
      leadErased({ form: 'contact', submissionId: 'lead-2' }, CREATED_AT),
    ];
    expect(await publish(bus, events)).toEqual([]);
    await until(
      'failed attempts',
      () =>
        bus.queued('crm-webhook').every((m) => m.attempts >= 2) &&
        bus.queued('sales-slack').some((m) => m.attempts >= 1),
    );
    await held.close();
    held = undefined;

    // A restart while the receiver is down: what was queued is on disk.
    await bus.close();
    bus = await busFor(dir, destinations, port);
    expect(bus.queued('crm-webhook').length).toBe(4);
    expect(bus.queued('sales-slack').length).toBe(3);
    await until('a refused attempt', () => bus.queued('crm-webhook').some((m) => m.attempts >= 3));

    const inbox: WebhookInbox = await inboxOn(dir, destinations, port);
    await until(
      'every delivery',
      () => bus.queued('crm-webhook').length === 0 && bus.queued('sales-slack').length === 0,
    );
    const secret = localEventSecrets(dir, destinations)[
      'kryon-local/webhook-signing-secret'
    ] as string;
    const entries = inbox.entries();
    const webhooks = entries.filter((e) => e.kind === 'webhook');
    const slack = entries.filter((e) => e.kind === 'slack');

    // The webhook: each of the four events, verified, its header id the body's id.
    expect(webhooks.every((e) => e.verified && verifies(e, secret))).toBe(true);
    expect(new Set(webhooks.map((e) => e.headers['webhook-id']))).toEqual(
      new Set(events.map((e) => e.id)),
    );
    for (const entry of webhooks) {
      expect((JSON.parse(entry.body) as { id: string }).id).toBe(entry.headers['webhook-id']);
    }
    // Slack: the two accepted leads and the erasure, as messages Slack takes.
    expect(slack).toHaveLength(3);
    expect(slack.every((e) => e.verified && e.path.startsWith('/slack/'))).toBe(true);
    expect(bus.deadLetters('crm-webhook')).toEqual([]);
    const page = await (await fetch(inbox.url)).text();
    expect(page).toContain('class="slack"');
    expect(page).toContain('lead-1');
  }, 20_000);

  it('paces a destination at its rate', async () => {
    const dir = dataDir();
    const probe = await holdPortOfNothing();
    const port = probe.port;
    await probe.close();
    const destinations = destinationsAt(port, 5);
    await inboxOn(dir, destinations, port);
    const bus = await busFor(dir, destinations, port);
    const started = Date.now();
    await publish(bus, [accepted('demo', 'p-1'), accepted('demo', 'p-2'), accepted('demo', 'p-3')]);
    await until(
      'three Slack messages',
      () => bus.queued('sales-slack').length === 0 && bus.queued('crm-webhook').length === 0,
    );

    // 5 a second: the third starts no sooner than 400 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('moves an event that fails every attempt to the dead letters, and webhooks:replay sends it again', async () => {
    const dir = dataDir();
    let held: HeldPort | undefined = await holdPortOfNothing();
    const port = held.port;
    const destinations = [
      resolveDestination({
        kind: 'webhook',
        name: 'crm-webhook',
        url: `http://127.0.0.1:${port}/webhook`,
        secret: 'kryon-local/webhook-signing-secret',
        perSecond: 50,
      }),
    ];
    const bus = await busFor(dir, destinations, port, { retryScale: 0.00001 });
    const since = new Date(Date.now() - 60_000);
    const event = leadErased({ form: 'demo', submissionId: 'lead-dead' }, CREATED_AT);
    expect(await publish(bus, [event])).toEqual([]);

    const [letter] = await until(
      'the dead letter',
      () => bus.deadLetters('crm-webhook').length === 1 && bus.deadLetters('crm-webhook'),
    );
    expect(letter).toMatchObject({
      attempts: 17,
      lastError: 'HTTP 404',
      event: { detail: { id: event.id } },
    });
    expect(bus.queued('crm-webhook')).toEqual([]);

    // The receiver is fixed; the operator replays, with npm start's bus running.
    await held.close();
    held = undefined;
    const inbox = await inboxOn(dir, destinations, port);
    const env = {
      DATA_DIR: dir,
      EVENT_BUS_PORT: new URL(bus.url).port,
      WEBHOOK_PORT: String(port),
    };
    const io = captureIo();
    const result = await replayLocally({ deadLetters: true }, io, { env, destinations });

    // The dead letters alone, not the archive too: the event goes out once.
    expect(result).toEqual({
      destinations: [{ name: 'crm-webhook', requeued: 1, republished: 0 }],
    });
    expect(io.stdout()).toContain('On the local bus of the running npm start');
    expect(io.stdout()).toContain('crm-webhook: 1 from its dead letters');
    await until('the delivery', () => bus.queued('crm-webhook').length === 0);
    await bus.idle();
    const secret = localEventSecrets(dir, destinations)[
      'kryon-local/webhook-signing-secret'
    ] as string;
    expect(inbox.entries().map((e) => [e.headers['webhook-id'], e.verified, e.repeat])).toEqual([
      [event.id, true, undefined],
    ]);
    expect(bus.deadLetters('crm-webhook')).toEqual([]);

    // An archive replay, another command, sends it again from the archive alone: by its id.
    const archived = captureIo();
    const again = await replayLocally({ since }, archived, { env, destinations });
    expect(again.destinations).toEqual([{ name: 'crm-webhook', requeued: 0, republished: 1 }]);
    expect(archived.stdout()).toContain('crm-webhook: 1 archived since');
    await until('the archived delivery', () => inbox.entries().length === 2);
    const entries = inbox.entries();
    expect(entries.map((e) => [e.headers['webhook-id'], e.verified, e.repeat])).toEqual([
      [event.id, true, undefined],
      [event.id, true, true],
    ]);
    expect(entries.every((e) => verifies(e, secret))).toBe(true);
  }, 20_000);

  it('leaves the dead letters where they are on an archive replay', async () => {
    const dir = dataDir();
    const held = track(await holdPortOfNothing());
    const destinations = [
      resolveDestination({
        kind: 'webhook',
        name: 'crm-webhook',
        url: `http://127.0.0.1:${held.port}/webhook`,
        secret: 'kryon-local/webhook-signing-secret',
        perSecond: 50,
      }),
    ];
    const bus = await busFor(dir, destinations, held.port, { retryScale: 0.00001 });
    const event = leadErased({ form: 'demo', submissionId: 'lead-kept' }, CREATED_AT);
    await publish(bus, [event]);
    await until('the dead letter', () => bus.deadLetters('crm-webhook').length === 1);
    await bus.close();

    const result = bus.replay({ since: new Date(0) });
    expect(result.destinations).toEqual([{ name: 'crm-webhook', requeued: 0, republished: 1 }]);
    expect(bus.deadLetters('crm-webhook')).toHaveLength(1);
    expect(bus.queued('crm-webhook').map((m) => m.event.detail.id)).toEqual([event.id]);
  }, 20_000);

  it('replays into the queue files when npm start is not running, and its next start delivers', async () => {
    const dir = dataDir();
    const held = track(await holdPortOfNothing());
    const destinations = destinationsAt(held.port);
    const first = await busFor(dir, destinations, held.port, { retryScale: 1 });
    const event = accepted('demo', 'lead-later');
    await publish(first, [event]);
    await until('an attempt', () => first.queued('crm-webhook')[0]?.attempts === 1);
    await first.close();

    const io = captureIo();
    // Nothing answers as the bus on EVENT_BUS_PORT (the held port answers 404).
    const result = await replayLocally(
      { since: new Date(Date.parse(CREATED_AT)), destination: 'crm-webhook' },
      io,
      {
        env: { DATA_DIR: dir, EVENT_BUS_PORT: String(held.port) },
        destinations,
      },
    );

    expect(result.destinations).toEqual([{ name: 'crm-webhook', requeued: 0, republished: 1 }]);
    expect(io.stdout()).toContain('npm start is not running');
    // The message still owed, and the replayed copy, both wait for the next start.
    const next = await busFor(dir, destinations, held.port, { retryScale: 1 });
    expect(next.queued('crm-webhook').map((m) => m.event.detail.id)).toEqual([event.id, event.id]);
    expect(next.queued('crm-webhook').map((m) => m.event['replay-name'])).toEqual([
      expect.stringMatching(/^local-replay-\d{8}T\d{6}$/),
      undefined,
    ]);
  });

  it('refuses to replay to a destination the environment does not name', async () => {
    await expect(
      replayLocally({ since: new Date(0), destination: 'hubspot' }, captureIo(), {
        env: { DATA_DIR: dataDir() },
        destinations: destinationsAt(1),
      }),
    ).rejects.toThrow(
      'No destination "hubspot" in infra/environments/local.ts: sales-slack, crm-webhook.',
    );
  });
});

/**
 * A receiver that answers each path's n-th request (from 1) as `answer` says, keeping when
 * each came.
 */
async function scripted(
  answer: (nth: number) => { status: number; headers?: Record<string, string> },
): Promise<{ port: number; times(path: string): number[]; count(): number } & HeldPort> {
  const times = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const path = req.url?.startsWith('/slack/') ? '/slack' : (req.url ?? '');
    const seen = times.get(path) ?? [];
    seen.push(Date.now());
    times.set(path, seen);
    req.resume();
    req.on('end', () => {
      const { status, headers } = answer(seen.length);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  return track({
    port: typeof address === 'object' && address ? address.port : 0,
    times: (path) => times.get(path) ?? [],
    count: () => [...times.values()].reduce((sum, seen) => sum + seen.length, 0),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  });
}

describe('a receiver that asks for a wait, or is gone, as the delivery function reads it', () => {
  it('is not tried again before its Retry-After (scaled as the schedule is), then delivered', async () => {
    const dir = dataDir();
    // Slack's rate limit and a webhook's alike: 429, Retry-After 60 s, then 200.
    const receiver = await scripted((nth) =>
      nth === 1 ? { status: 429, headers: { 'retry-after': '60' } } : { status: 200 },
    );
    const destinations = destinationsAt(receiver.port, 50);
    const scale = 0.01;
    const bus = await busFor(dir, destinations, receiver.port, { retryScale: scale });

    expect(await publish(bus, [accepted('demo', 'lead-limited')])).toEqual([]);
    await until(
      'both deliveries',
      () => receiver.times('/slack').length === 2 && receiver.times('/webhook').length === 2,
    );
    await bus.idle();

    // 60 s scaled: 600 ms, past the schedule's first wait (30 s scaled: 300 ms).
    for (const path of ['/slack', '/webhook']) {
      const [first, second] = receiver.times(path) as [number, number];
      expect(second - first).toBeGreaterThanOrEqual(60 * 1000 * scale);
    }
    expect(bus.queued('sales-slack')).toEqual([]);
    expect(bus.queued('crm-webhook')).toEqual([]);
    expect(bus.deadLetters('sales-slack')).toEqual([]);
    expect(bus.deadLetters('crm-webhook')).toEqual([]);
  });

  it('moves the event of a receiver that answers 410 to the dead letters after one attempt', async () => {
    const dir = dataDir();
    const receiver = await scripted(() => ({ status: 410 }));
    const destinations = destinationsAt(receiver.port, 50);
    // At the real schedule a second attempt would come 30 s later: none comes.
    const bus = await busFor(dir, destinations, receiver.port, { retryScale: 1 });
    const event = accepted('demo', 'lead-gone');

    expect(await publish(bus, [event])).toEqual([]);
    for (const name of ['sales-slack', 'crm-webhook']) {
      const [letter] = await until(
        `the ${name} dead letter`,
        () => bus.deadLetters(name).length === 1 && bus.deadLetters(name),
      );
      expect(letter).toMatchObject({
        attempts: 1,
        lastError: 'HTTP 410: gone',
        event: { detail: { id: event.id } },
      });
      expect(bus.queued(name)).toEqual([]);
    }
    await bus.idle();
    expect(receiver.count()).toBe(2);
  });
});

/** An `api` destination on one receiver port, sent to fast: its retries take a moment. */
function apiDestinationAt(port: number): LeadEventDestination {
  return resolveDestination({
    kind: 'api',
    name: 'crm-api',
    url: `http://127.0.0.1:${port}/api`,
    secret: 'kryon-local/crm-api-key',
    perSecond: 50,
  });
}

/** A free port, nothing listening on it: a receiver that is down. */
async function portOfNobody(): Promise<number> {
  const held = await holdPortOfNothing();
  await held.close();
  return held.port;
}

/** A receiver that answers every request with `status`, counting them. */
async function answering(status: number): Promise<{ port: number; count(): number } & HeldPort> {
  let count = 0;
  const server = createServer((_request, response) => {
    count += 1;
    response.writeHead(status).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  return track({
    port: typeof address === 'object' && address ? address.port : 0,
    count: () => count,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  });
}

describe("an api destination, sent as EventBridge's API destination sends", () => {
  it('POSTs the event to the inbox with its key, which the inbox checks and never keeps', async () => {
    const dir = dataDir();
    const port = await portOfNobody();
    const destinations = [apiDestinationAt(port)];
    const inbox = await inboxOn(dir, destinations, port);
    // EventBridge asks no table: even a lead the table calls erased is sent, unless replayed.
    const bus = await busFor(dir, destinations, port, { isErased: async () => true });
    const event = accepted('demo', 'lead-api');

    expect(await publish(bus, [event])).toEqual([]);
    await until('the API call', () => bus.queued('crm-api').length === 0 && inbox.entries()[0]);
    const key = localEventSecrets(dir, destinations)['kryon-local/crm-api-key'] as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [entry] = inbox.entries() as [WebhookEntry];
    expect(entry).toMatchObject({ kind: 'api', path: '/api', verified: true });
    expect(entry.body).toBe(JSON.stringify(event));
    expect((JSON.parse(entry.body) as { id: string }).id).toBe(event.id);
    expect(entry.headers).toMatchObject({
      'x-api-key': '(checked)',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.stringify(inbox.entries())).not.toContain(key);
  });

  it('tries again while the receiver is down, and delivers the same event once it is up', async () => {
    const dir = dataDir();
    const port = await portOfNobody();
    const destinations = [apiDestinationAt(port)];
    const bus = await busFor(dir, destinations, port);
    const event = accepted('contact', 'lead-later');

    expect(await publish(bus, [event])).toEqual([]);
    await until('failed attempts', () => (bus.queued('crm-api')[0]?.attempts ?? 0) >= 2);
    expect(bus.queued('crm-api')[0]?.lastError).toBe('network error: TypeError (ECONNREFUSED)');
    const inbox = await inboxOn(dir, destinations, port);

    await until('the API call', () => bus.queued('crm-api').length === 0);
    expect(inbox.entries().map((e) => [bodyIdOf(e), e.verified, e.repeat])).toEqual([
      [event.id, true, undefined],
    ]);
    expect(bus.deadLetters('crm-api')).toEqual([]);
  }, 20_000);

  it('tries a refused key (401) again, then moves the event to the dead letters', async () => {
    const dir = dataDir();
    const port = await portOfNobody();
    const destinations = [apiDestinationAt(port)];
    const inbox = await inboxOn(dir, destinations, port, [
      { header: 'x-api-key', key: 'another-key' },
    ]);
    const bus = await busFor(dir, destinations, port, { retryScale: 0.00001 });
    const event = accepted('demo', 'lead-refused');

    expect(await publish(bus, [event])).toEqual([]);
    const [letter] = await until(
      'the dead letter',
      () => bus.deadLetters('crm-api').length === 1 && bus.deadLetters('crm-api'),
    );
    expect(letter).toMatchObject({
      attempts: 17,
      lastError: 'HTTP 401',
      event: { detail: { id: event.id } },
    });
    expect(bus.queued('crm-api')).toEqual([]);
    const refused = inbox.entries();
    expect(refused).toHaveLength(17);
    expect(
      refused.every(
        (e) =>
          !e.verified &&
          e.reason === 'The key does not match' &&
          e.headers['x-api-key'] === '(refused)',
      ),
    ).toBe(true);
  }, 20_000);

  it('moves an event the receiver answers 400 to the dead letters at once', async () => {
    const dir = dataDir();
    const receiver = await answering(400);
    const destinations = [apiDestinationAt(receiver.port)];
    const bus = await busFor(dir, destinations, receiver.port, { retryScale: 1 });
    const event = accepted('demo', 'lead-bad');

    expect(await publish(bus, [event])).toEqual([]);
    const [letter] = await until(
      'the dead letter',
      () => bus.deadLetters('crm-api').length === 1 && bus.deadLetters('crm-api'),
    );
    expect(letter).toMatchObject({ attempts: 1, lastError: 'HTTP 400, not tried again' });
    expect(receiver.count()).toBe(1);
    expect(bus.queued('crm-api')).toEqual([]);
  });

  it("replays the dead letters but an erased lead's; an archive replay, as EventBridge's, sends them all", async () => {
    const dir = dataDir();
    const receiver = await answering(400);
    const port = receiver.port;
    const destinations = [apiDestinationAt(port)];
    const erased = new Set(['lead-gone']);
    const bus = await busFor(dir, destinations, port, {
      isErased: async (leadId) => erased.has(leadId),
    });
    const since = new Date(Date.now() - 60_000);
    const kept = accepted('demo', 'lead-kept');
    const gone = accepted('demo', 'lead-gone');
    const erasure = leadErased({ form: 'demo', submissionId: 'lead-gone' }, CREATED_AT);
    expect(await publish(bus, [kept, gone, erasure])).toEqual([]);
    await until('three dead letters', () => bus.deadLetters('crm-api').length === 3);

    // The receiver is fixed; the operator replays the dead letters with npm start running.
    await receiver.close();
    const inbox = await inboxOn(dir, destinations, port);
    const env = {
      DATA_DIR: dir,
      EVENT_BUS_PORT: new URL(bus.url).port,
      WEBHOOK_PORT: String(port),
    };
    await replayLocally({ deadLetters: true }, captureIo(), { env, destinations });
    await until('the replay', () => bus.queued('crm-api').length === 0);
    await bus.idle();

    // The kept lead's event and the erasure itself; the erased lead's event left out for good.
    expect(inbox.entries().map(bodyIdOf).sort()).toEqual([kept.id, erasure.id].sort());
    expect(bus.deadLetters('crm-api')).toEqual([]);

    // The archive replay asks no table, as EventBridge's StartReplay does not.
    await replayLocally({ since }, captureIo(), { env, destinations });
    await until('the archive replay', () => inbox.entries().length === 5);
    expect(inbox.entries().slice(2).map(bodyIdOf).sort()).toEqual(
      [kept.id, gone.id, erasure.id].sort(),
    );
  }, 20_000);
});

/** The id of a stored API call: its body's, as an API destination sends no id header. */
function bodyIdOf(entry: WebhookEntry): string {
  return (JSON.parse(entry.body) as { id: string }).id;
}

/** A raw request to the local bus, with the Host and content type it is given. */
function rawPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe("the local bus's own requests", () => {
  it('replays only for a JSON request to its loopback address: never for a web page', async () => {
    const dir = dataDir();
    const held = track(await holdPortOfNothing());
    const bus = await busFor(dir, destinationsAt(held.port), held.port, { retryScale: 1 });
    const port = new URL(bus.url).port;
    const ask = JSON.stringify({ deadLetters: true });

    // A page's form or text/plain fetch (no CORS preflight), and a rebound host name.
    const plain = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: `127.0.0.1:${port}`, 'content-type': 'text/plain' },
      ask,
    );
    const form = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: `localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      ask,
    );
    const rebound = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: `attacker.example:${port}`, 'content-type': 'application/json' },
      ask,
    );
    const otherPort = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: '127.0.0.1:80', 'content-type': 'application/json' },
      ask,
    );
    expect([plain.status, form.status, rebound.status, otherPort.status]).toEqual([
      415, 415, 403, 403,
    ]);
    expect(JSON.parse(rebound.body)).toEqual({
      error: `The local event bus answers at 127.0.0.1:${port} or localhost:${port} only.`,
    });
    // Nor may a rebound page read what waits where, or put an event on the bus.
    const peek = await rawPost(bus.url, '/', { host: `attacker.example:${port}` }, '');
    expect(peek.status).toBe(403);

    const asked = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: `localhost:${port}`, 'content-type': 'application/json; charset=utf-8' },
      ask,
    );
    expect(asked.status).toBe(200);
    expect(JSON.parse(asked.body)).toEqual({
      destinations: [
        { name: 'sales-slack', requeued: 0, republished: 0 },
        { name: 'crm-webhook', requeued: 0, republished: 0 },
      ],
    });
  });

  it('refuses a body over 1 MB with 413, and still answers', async () => {
    const dir = dataDir();
    const bus = await busFor(dir, [], 1);
    const port = new URL(bus.url).port;
    const huge = Buffer.alloc(MAX_BODY_BYTES + 1, 'a');

    const put = await rawPost(
      bus.url,
      '/',
      {
        host: `127.0.0.1:${port}`,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSEvents.PutEvents',
      },
      huge,
    );
    const replayed = await rawPost(
      bus.url,
      REPLAY_PATH,
      { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      huge,
    );

    expect([put.status, replayed.status]).toEqual([413, 413]);
    expect(bus.archived()).toEqual([]);
    expect((await fetch(bus.url)).status).toBe(200);
  });
});

describe("npm start's lead events", () => {
  it("deliver to infra/environments/local.ts's destinations, through the stack's own inbox", async () => {
    const dir = dataDir();
    const saved = { ...process.env };
    const stack = await startLocalStack(
      {
        ...localSettings({ DATA_DIR: dir }),
        port: 0,
        dynamoPort: 0,
        sesPort: 0,
        webhookPort: 0,
        eventBusPort: 0,
      },
      { serveSite: false, leadEvents: true },
    );
    try {
      // The handlers publish here, to this bus by name.
      expect(process.env.AWS_ENDPOINT_URL_EVENTBRIDGE).toBe(stack.eventBus.url);
      expect(process.env.LEAD_EVENT_BUS_NAME).toBe(LOCAL_EVENT_BUS_NAME);
      const named = (await localDestinations()).map((d) => d.name);
      expect(named).toEqual(['sales-slack', 'crm-webhook', 'crm-api']);
      const event = accepted('demo', 'lead-stack');
      expect(await publish(stack.eventBus, [event])).toEqual([]);

      const inboxUrl = stack.webhookUrl as string;
      const entries = await until('a Slack message, a webhook and an API call', async () => {
        const store = (await (await fetch(`${inboxUrl}/store`)).json()) as {
          webhooks: WebhookEntry[];
        };
        return store.webhooks.length === 3 && store.webhooks;
      });
      const secrets = localEventSecrets(dir, await localDestinations());
      expect(entries.map((e) => [e.kind, e.verified]).sort()).toEqual([
        ['api', true],
        ['slack', true],
        ['webhook', true],
      ]);
      // The API destination, moved to this stack's inbox, its key taken and never kept.
      const api = entries.find((e) => e.kind === 'api') as WebhookEntry;
      expect(api.path).toBe('/api');
      expect(api.headers['x-api-key']).toBe('(checked)');
      expect(api.body).toBe(JSON.stringify(event));
      expect(JSON.stringify(entries)).not.toContain(secrets['kryon-local/crm-api-key'] as string);
      const webhook = entries.find((e) => e.kind === 'webhook') as WebhookEntry;
      expect(webhook.path).toBe('/webhook');
      expect(verifies(webhook, secrets['kryon-local/webhook-signing-secret'] as string)).toBe(true);
      const slack = entries.find((e) => e.kind === 'slack') as WebhookEntry;
      expect(slack.path).toBe(`/slack/${secrets['kryon-local/slack-webhook-url']}`);
    } finally {
      await stack.close();
      process.env = saved;
    }
  }, 20_000);
});
