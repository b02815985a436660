import { describe, expect, it } from 'vitest';
import { signWebhook } from '../adapters/webhook-signer.ts';
import type { HttpPost } from './deliver-event.ts';
import { DELIVERY_RETRY, LEAD_EVENT_SOURCE, retryDelaySeconds } from './event-destinations.ts';
import {
  deliverQueuedLeadEvents,
  type LeadEventQueueDeps,
  nextAttemptDelay,
  type QueuedDestination,
  type QueuedMessage,
  readQueuedEvent,
  UNREADABLE_DELAY_SECONDS,
} from './lead-event-queue.ts';
import { type LeadEvent, leadErased } from './lead-events.ts';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const SLACK_QUEUE = 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-sales-slack';
const CRM_QUEUE = 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-crm';
const SLACK_URL = 'https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx';
const CRM_URL = 'https://crm.example/hooks/kryon';

const DESTINATIONS: QueuedDestination[] = [
  { name: 'sales-slack', kind: 'slack', queueArn: SLACK_QUEUE, perSecond: 1 },
  { name: 'crm', kind: 'webhook', url: CRM_URL, queueArn: CRM_QUEUE, perSecond: 5 },
];

const AT = '2026-11-24T08:01:46.220Z';
const eventOf = (leadId: string): LeadEvent =>
  leadErased({ form: 'demo', submissionId: leadId }, AT);

/** The whole EventBridge event a destination's rule puts in its queue. */
function busBody(event: LeadEvent, changes: Record<string, unknown> = {}): string {
  return JSON.stringify({
    version: '0',
    id: 'b1c2d3e4-0000-4000-8000-000000000001',
    'detail-type': event.type,
    source: LEAD_EVENT_SOURCE,
    account: '123456789012',
    time: AT,
    region: 'eu-west-1',
    resources: [],
    detail: event,
    ...changes,
  });
}

function message(
  id: string,
  options: { queueArn?: string; body?: string; receiveCount?: number } = {},
): QueuedMessage {
  return {
    messageId: id,
    queueArn: options.queueArn ?? CRM_QUEUE,
    receiptHandle: `handle-${id}`,
    body: options.body ?? busBody(eventOf(`lead-${id}`)),
    receiveCount: options.receiveCount ?? 1,
  };
}

/** The queue's deps with a fake clock, receiver and queue: what each was asked, in order. */
function fakeDeps(
  answer: (request: Parameters<HttpPost>[0]) => number = () => 200,
  overrides: Partial<LeadEventQueueDeps> = {},
) {
  let clock = Date.parse('2026-11-24T09:00:00.000Z');
  const posts: { url: string; at: number; body: string }[] = [];
  const retries: { messageId: string; receiptHandle: string; delaySeconds: number }[] = [];
  const sleeps: number[] = [];
  const counts: [string, string][] = [];
  const logged: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
  const log = (level: string) => (text: string, extra?: Record<string, unknown>) =>
    logged.push({ level, message: text, ...(extra ? { extra } : {}) });
  const deps: LeadEventQueueDeps = {
    destinations: DESTINATIONS,
    post: async (request) => {
      posts.push({ url: request.url, at: clock, body: request.body });
      return { status: answer(request) };
    },
    credential: async (destination) =>
      destination.kind === 'slack'
        ? { kind: 'slack', url: SLACK_URL }
        : { kind: 'webhook', secrets: [SECRET] },
    sign: signWebhook,
    now: () => new Date(clock),
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    metrics: { count: (metric, destination) => counts.push([metric, destination]), flush() {} },
    retryAfter: async (queued, delaySeconds) => {
      retries.push({
        messageId: queued.messageId,
        receiptHandle: queued.receiptHandle,
        delaySeconds,
      });
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...overrides,
  };
  return { deps, posts, retries, sleeps, counts, logged };
}

describe('deliverQueuedLeadEvents', () => {
  it('reports only the failed message, visible again after the schedule’s wait', async () => {
    const failing = message('m2', { body: busBody(eventOf('lead-fails')), receiveCount: 3 });
    const fake = fakeDeps((request) => (request.body.includes('lead-fails') ? 503 : 204));

    const result = await deliverQueuedLeadEvents([message('m1'), failing], fake.deps);

    expect(result).toEqual({ failed: ['m2'] });
    expect(fake.posts).toHaveLength(2);
    expect(fake.retries).toEqual([
      { messageId: 'm2', receiptHandle: 'handle-m2', delaySeconds: retryDelaySeconds(3) },
    ]);
    expect(retryDelaySeconds(3)).toBe(600);
    expect(fake.counts).toEqual([
      ['LeadEventDelivered', 'crm'],
      ['LeadEventDeliveryFailed', 'crm'],
    ]);
    expect(fake.logged.find((line) => line.level === 'warn')?.extra).toEqual({
      destination: 'crm',
      eventId: eventOf('lead-fails').id,
      type: 'lead.erased',
      attempt: 3,
      status: 503,
      reason: 'HTTP 503',
    });
  });

  it('sends each to the destination its queue belongs to', async () => {
    const fake = fakeDeps();
    await deliverQueuedLeadEvents([message('s1', { queueArn: SLACK_QUEUE })], fake.deps);
    await deliverQueuedLeadEvents([message('w1', { queueArn: CRM_QUEUE })], fake.deps);

    expect(fake.posts.map((post) => post.url)).toEqual([SLACK_URL, CRM_URL]);
    // The Slack URL, a credential, is in no log line.
    expect(JSON.stringify(fake.logged)).not.toContain('hooks.slack.com');
  });

  it('fails a message from a queue of no destination, logged, with the longest wait', async () => {
    const fake = fakeDeps();
    const stray = 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-gone';

    const result = await deliverQueuedLeadEvents(
      [message('m1', { queueArn: stray }), message('m2')],
      fake.deps,
    );

    expect(result).toEqual({ failed: ['m1'] });
    expect(fake.posts).toHaveLength(1);
    expect(fake.retries).toEqual([
      { messageId: 'm1', receiptHandle: 'handle-m1', delaySeconds: UNREADABLE_DELAY_SECONDS },
    ]);
    expect(fake.logged).toContainEqual({
      level: 'error',
      message: 'a lead event from a queue of no destination',
      extra: { messageId: 'm1', queueArn: stray },
    });
  });

  it('fails a message that is no lead event: logged by its id, never its body, seen again last', async () => {
    const event = eventOf('lead-x');
    const bodies = [
      'not json {',
      busBody(event, { source: 'someone.else' }),
      busBody(event, { 'detail-type': 'lead.accepted' }),
      busBody(event, { detail: { ...event, version: 2, secret: 'do-not-log' } }),
      JSON.stringify(event),
    ];
    const fake = fakeDeps();

    const result = await deliverQueuedLeadEvents(
      bodies.map((body, i) => message(`bad-${i}`, { body })),
      fake.deps,
    );

    expect(result.failed).toEqual(bodies.map((_, i) => `bad-${i}`));
    expect(fake.posts).toHaveLength(0);
    expect(new Set(fake.retries.map((retry) => retry.delaySeconds))).toEqual(
      new Set([DELIVERY_RETRY.delaysSeconds.at(-1)]),
    );
    expect(fake.logged.map((line) => line.extra?.messageId)).toEqual(result.failed);
    expect(JSON.stringify(fake.logged)).not.toMatch(/do-not-log|lead-x/);
    expect(fake.counts).toEqual(bodies.map(() => ['LeadEventDeliveryFailed', 'crm']));
  });

  it('makes the last attempt’s failure visible at once, for the redrive to dead-letter it', async () => {
    const fake = fakeDeps(() => 500);
    await deliverQueuedLeadEvents(
      [message('m1', { receiveCount: DELIVERY_RETRY.maxAttempts })],
      fake.deps,
    );

    expect(fake.retries).toEqual([
      { messageId: 'm1', receiptHandle: 'handle-m1', delaySeconds: 0 },
    ]);
    expect(nextAttemptDelay(1)).toBe(30);
    expect(nextAttemptDelay(DELIVERY_RETRY.maxAttempts - 1)).toBe(7200);
  });

  it('paces a batch to half the destination’s rate: two pollers share it', async () => {
    const slack = fakeDeps();
    await deliverQueuedLeadEvents(
      ['a', 'b', 'c'].map((id) => message(id, { queueArn: SLACK_QUEUE })),
      slack.deps,
    );
    // Slack's one a second, halved: one every two seconds.
    expect(slack.sleeps).toEqual([2000, 2000]);
    const starts = slack.posts.map((post) => post.at);
    expect(starts.slice(1).map((at, i) => at - (starts[i] as number))).toEqual([2000, 2000]);

    const crm = fakeDeps();
    await deliverQueuedLeadEvents(
      ['a', 'b'].map((id) => message(id)),
      crm.deps,
    );
    expect(crm.sleeps).toEqual([400]);

    const single = fakeDeps();
    await deliverQueuedLeadEvents([message('a', { queueArn: SLACK_QUEUE })], single.deps);
    expect(single.sleeps).toEqual([]);
  });

  it('leaves what it has no time for to the next run, visible again at once', async () => {
    let remaining = 13_000;
    const fake = fakeDeps(
      () => {
        remaining -= 1_000;
        return 200;
      },
      { remainingMs: () => remaining },
    );

    const result = await deliverQueuedLeadEvents([message('m1'), message('m2')], fake.deps);

    expect(result).toEqual({ failed: ['m2'] });
    expect(fake.posts).toHaveLength(1);
    expect(fake.retries).toEqual([
      { messageId: 'm2', receiptHandle: 'handle-m2', delaySeconds: 0 },
    ]);
  });

  it('still reports a failure when its visibility cannot be changed', async () => {
    const fake = fakeDeps(() => 500, {
      retryAfter: async () => {
        throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
      },
    });

    const result = await deliverQueuedLeadEvents([message('m1')], fake.deps);

    expect(result).toEqual({ failed: ['m1'] });
    expect(fake.logged).toContainEqual({
      level: 'error',
      message: 'could not set when a lead event is tried again',
      extra: { messageId: 'm1', delaySeconds: 30, error: 'AccessDenied' },
    });
  });
});

describe('readQueuedEvent', () => {
  it('reads the lead event of an EventBridge event, and says why not without the body', () => {
    const event = eventOf('lead-1');
    expect(readQueuedEvent(busBody(event))).toEqual({ event, json: JSON.stringify(event) });
    // A key a newer publisher added is sent on as published, though this code does not read it.
    const newer = { ...event, addedLater: { kept: true } };
    expect(readQueuedEvent(busBody(event, { detail: newer }))).toEqual({
      event,
      json: JSON.stringify(newer),
    });
    expect(readQueuedEvent('{')).toEqual({ unreadable: 'the body is not JSON' });
    expect(readQueuedEvent(busBody(event, { detail: { ...event, leadId: 7 } }))).toEqual({
      unreadable: 'not a lead event of version 1 (at detail.leadId)',
    });
  });
});
