import { describe, expect, it } from 'vitest';
import { signWebhook } from '../adapters/webhook-signer.ts';
import type { HttpPost } from './deliver-event.ts';
import {
  DELIVERY_RETRY,
  LEAD_EVENT_SOURCE,
  nextAttempt,
  RETRY_AFTER_MAX_SECONDS,
  retryDelaySeconds,
} from './event-destinations.ts';
import {
  deliverQueuedLeadEvents,
  GONE_REASON,
  type LeadEventQueueDeps,
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
  answer: (request: Parameters<HttpPost>[0]) => number | Awaited<ReturnType<HttpPost>> = () => 200,
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
      const answered = answer(request);
      return typeof answered === 'number' ? { status: answered } : answered;
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
    expect(nextAttempt(1).delaySeconds).toBe(30);
    expect(nextAttempt(DELIVERY_RETRY.maxAttempts - 1).delaySeconds).toBe(7200);
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

describe('a receiver that asks for a wait (Retry-After)', () => {
  const NOW = Date.parse('2026-11-24T09:00:00.000Z');
  const httpDate = (secondsFromNow: number) => new Date(NOW + secondsFromNow * 1000).toUTCString();

  /** The wait set after one attempt answered `status` with `retryAfter`, and what was said. */
  async function waitAfter(
    status: number,
    retryAfter: string | undefined,
    receiveCount = 1,
    queueArn = CRM_QUEUE,
  ) {
    const fake = fakeDeps(() => ({ status, ...(retryAfter === undefined ? {} : { retryAfter }) }));
    const result = await deliverQueuedLeadEvents(
      [message('m1', { receiveCount, queueArn })],
      fake.deps,
    );
    expect(result).toEqual({ failed: ['m1'] });
    expect(fake.retries).toHaveLength(1);
    return { delaySeconds: fake.retries[0]?.delaySeconds, ...fake };
  }

  it('is not tried again before the wait it asked for, in seconds or as a date', async () => {
    // Slack's 429 (its incoming webhooks' rate limit) and a webhook's 503 alike.
    const slack = await waitAfter(429, '90', 1, SLACK_QUEUE);
    expect(slack.delaySeconds).toBe(90);
    const webhook = await waitAfter(503, httpDate(300));
    expect(webhook.delaySeconds).toBe(300);

    expect(webhook.counts).toEqual([
      ['LeadEventDeliveryFailed', 'crm'],
      ['LeadEventRetryAfter', 'crm'],
    ]);
    expect(webhook.logged).toContainEqual({
      level: 'info',
      message: 'lead event tried again when its receiver asked',
      extra: {
        destination: 'crm',
        eventId: eventOf('lead-m1').id,
        messageId: 'm1',
        attempt: 1,
        outcome: 'retry-after',
        retryAfterSeconds: 300,
        delaySeconds: 300,
      },
    });
    expect(slack.logged.find((line) => line.level === 'warn')?.extra).toMatchObject({
      destination: 'sales-slack',
      status: 429,
      retryAfterSeconds: 90,
      reason: 'HTTP 429: rate limited',
    });
    // Neither the Slack URL, a credential, nor the receiver's header is in a log line.
    expect(JSON.stringify([slack.logged, webhook.logged])).not.toMatch(/hooks\.slack\.com|GMT/);
  });

  it('waits the schedule’s time when that is longer, or the date is past', async () => {
    for (const retryAfter of ['5', '0', httpDate(-3600)]) {
      const after = await waitAfter(429, retryAfter, 3);
      expect(after.delaySeconds).toBe(retryDelaySeconds(3));
      expect(after.counts).toEqual([['LeadEventDeliveryFailed', 'crm']]);
    }
  });

  it('waits at most the schedule’s longest wait, however long it asks', async () => {
    expect(RETRY_AFTER_MAX_SECONDS).toBe(7200);
    for (const retryAfter of ['86400', httpDate(30 * 86_400), '9'.repeat(400)]) {
      expect((await waitAfter(429, retryAfter)).delaySeconds).toBe(RETRY_AFTER_MAX_SECONDS);
    }
  });

  it('is ignored when unreadable, or on a status that asks for no wait', async () => {
    for (const retryAfter of ['soon', '-30', '1.5', '120 seconds', 'Tue, 24 Nov 2026 09:05:00']) {
      const after = await waitAfter(429, retryAfter);
      expect(after.delaySeconds).toBe(retryDelaySeconds(1));
      expect(after.logged.find((line) => line.level === 'warn')?.extra).toMatchObject({
        reason: 'HTTP 429: rate limited (its Retry-After unreadable, ignored)',
      });
    }
    // A 500 or a redirect with a Retry-After: the schedule decides, as for any other failure.
    for (const status of [500, 502, 301]) {
      expect((await waitAfter(status, '3600')).delaySeconds).toBe(retryDelaySeconds(1));
    }
  });

  it('leaves the last attempt’s failure to the redrive at once, whatever it asks', async () => {
    expect((await waitAfter(429, '3600', DELIVERY_RETRY.maxAttempts)).delaySeconds).toBe(0);
  });

  it('holds the rest of that destination’s events unsent until the wait is over, in later batches too', async () => {
    const limited = (request: { body: string }) =>
      request.body.includes('lead-limited') ? { status: 429, retryAfter: '90' } : { status: 200 };
    const fake = fakeDeps(limited, { notBefore: new Map() });
    const slack = (id: string, lead = `lead-${id}`, receiveCount = 1) =>
      message(id, { queueArn: SLACK_QUEUE, body: busBody(eventOf(lead)), receiveCount });

    const first = await deliverQueuedLeadEvents(
      [slack('s1', 'lead-limited'), slack('s2', 'lead-s2', 4), message('m1'), slack('s3')],
      fake.deps,
    );

    // One POST to Slack, not three refused ones; the webhook destination is not held.
    expect(fake.posts.map((post) => post.url)).toEqual([SLACK_URL, CRM_URL]);
    expect(first).toEqual({ failed: ['s1', 's2', 's3'] });
    expect(fake.retries).toEqual([
      { messageId: 's1', receiptHandle: 'handle-s1', delaySeconds: 90 },
      { messageId: 's2', receiptHandle: 'handle-s2', delaySeconds: 90 },
      { messageId: 's3', receiptHandle: 'handle-s3', delaySeconds: 90 },
    ]);
    // Held, not attempted: no failed attempt of the receiver counted, no pacing spent.
    expect(fake.counts).toEqual([
      ['LeadEventDeliveryFailed', 'sales-slack'],
      ['LeadEventRetryAfter', 'sales-slack'],
      ['LeadEventDelivered', 'crm'],
    ]);
    expect(fake.sleeps).toEqual([]);
    expect(fake.logged).toContainEqual({
      level: 'info',
      message: 'lead event held unsent: its receiver asked for a wait',
      extra: {
        destination: 'sales-slack',
        eventId: eventOf('lead-s2').id,
        messageId: 's2',
        attempt: 4,
        outcome: 'retry-after',
        delaySeconds: 90,
      },
    });

    // A later batch of the same container, a minute on: held for what is left of the wait.
    await fake.deps.sleep(60_000);
    fake.retries.length = 0;
    expect(await deliverQueuedLeadEvents([slack('s4')], fake.deps)).toEqual({ failed: ['s4'] });
    expect(fake.retries).toEqual([
      { messageId: 's4', receiptHandle: 'handle-s4', delaySeconds: 30 },
    ]);
    expect(fake.posts).toHaveLength(2);

    // Once the wait is over, sent again.
    await fake.deps.sleep(30_000);
    expect(await deliverQueuedLeadEvents([slack('s5')], fake.deps)).toEqual({ failed: [] });
    expect(fake.posts).toHaveLength(3);
  });

  it('sends an event on its last receive though its destination asked for a wait', async () => {
    const fake = fakeDeps(
      (request) =>
        request.body.includes('lead-limited') ? { status: 429, retryAfter: '90' } : { status: 200 },
      { notBefore: new Map() },
    );
    const last = message('s2', { queueArn: SLACK_QUEUE, receiveCount: DELIVERY_RETRY.maxAttempts });

    const result = await deliverQueuedLeadEvents(
      [message('s1', { queueArn: SLACK_QUEUE, body: busBody(eventOf('lead-limited')) }), last],
      fake.deps,
    );

    // Held, its next receive would be past the redrive's count: moved, never tried.
    expect(result).toEqual({ failed: ['s1'] });
    expect(fake.posts).toHaveLength(2);
  });
});

describe('a receiver that is gone (410)', () => {
  function goneDeps(overrides: Partial<LeadEventQueueDeps> = {}) {
    const deadLetters: { messageId: string; body: string; queue: string; why: unknown }[] = [];
    const deletes: { messageId: string; queue: string; receiptHandle: string }[] = [];
    /** Every call to the receiver and the queues, in order. */
    const steps: string[] = [];
    const fake = fakeDeps(
      (request) => {
        steps.push(`post ${JSON.parse(request.body).leadId ?? 'slack'}`);
        return request.body.includes('lead-gone') ? 410 : 200;
      },
      {
        deadLetter: async (queued, why) => {
          steps.push(`dead-letter ${queued.messageId}`);
          deadLetters.push({
            messageId: queued.messageId,
            body: queued.body,
            queue: queued.queueArn,
            why,
          });
        },
        deleteMessage: async (queued) => {
          steps.push(`delete ${queued.messageId}`);
          deletes.push({
            messageId: queued.messageId,
            queue: queued.queueArn,
            receiptHandle: queued.receiptHandle,
          });
        },
        ...overrides,
      },
    );
    return { ...fake, deadLetters, deletes, steps };
  }

  it('puts the event in the dead-letter queue at once, as it came, and takes it off the queue', async () => {
    const gone = message('m2', { body: busBody(eventOf('lead-gone')) });
    const slackGone = message('s1', { body: busBody(eventOf('lead-gone')), queueArn: SLACK_QUEUE });
    const fake = goneDeps();

    const result = await deliverQueuedLeadEvents([message('m1'), gone, slackGone], fake.deps);

    // Answered as done: the queue deletes it, the dead-letter queue holds it.
    expect(result).toEqual({ failed: [] });
    expect(fake.retries).toEqual([]);
    expect(fake.deadLetters).toEqual([
      { messageId: 'm2', body: gone.body, queue: CRM_QUEUE, why: GONE_REASON },
      { messageId: 's1', body: slackGone.body, queue: SLACK_QUEUE, why: GONE_REASON },
    ]);
    expect(fake.posts).toHaveLength(3);
    // Deleted from its queue by its receipt handle, not left to the batch's answer.
    expect(fake.deletes).toEqual([
      { messageId: 'm2', queue: CRM_QUEUE, receiptHandle: 'handle-m2' },
      { messageId: 's1', queue: SLACK_QUEUE, receiptHandle: 'handle-s1' },
    ]);
    expect(fake.counts).toEqual([
      ['LeadEventDelivered', 'crm'],
      ['LeadEventDeliveryFailed', 'crm'],
      ['LeadEventReceiverGone', 'crm'],
      ['LeadEventDeliveryFailed', 'sales-slack'],
      ['LeadEventReceiverGone', 'sales-slack'],
    ]);
    expect(fake.logged.filter((line) => line.level === 'warn')).toEqual([
      expect.objectContaining({
        message: 'lead event not delivered',
        extra: expect.objectContaining({ status: 410, gone: true, reason: 'HTTP 410: gone' }),
      }),
      {
        level: 'warn',
        message: 'lead event put in the dead-letter queue at once: its receiver is gone (410)',
        extra: {
          destination: 'crm',
          eventId: eventOf('lead-gone').id,
          messageId: 'm2',
          attempt: 1,
          outcome: 'gone',
        },
      },
      expect.objectContaining({ message: 'lead event not delivered' }),
      expect.objectContaining({
        message: 'lead event put in the dead-letter queue at once: its receiver is gone (410)',
      }),
    ]);
    // Why it is there, in words that hold no URL: a Slack URL is a credential.
    expect(JSON.stringify([GONE_REASON, fake.logged])).not.toMatch(
      /hooks\.slack\.com|crm\.example/,
    );
  });

  it('deletes it from its queue as soon as the dead-letter queue holds it, before the batch goes on', async () => {
    const gone = message('m1', { body: busBody(eventOf('lead-gone')) });
    const fake = goneDeps();

    await deliverQueuedLeadEvents([gone, message('m2')], fake.deps);

    // Not when the batch answers, seconds later: a fault meanwhile would return it, to be moved
    // or sent again.
    expect(fake.steps).toEqual(['post lead-gone', 'dead-letter m1', 'delete m1', 'post lead-m2']);
  });

  it('still answers it done when it cannot be deleted now, for the event source to delete', async () => {
    const fake = goneDeps({
      deleteMessage: async () => {
        throw Object.assign(new Error('https://sqs.example/secret-ish'), {
          name: 'AccessDenied',
        });
      },
    });

    const result = await deliverQueuedLeadEvents(
      [message('m1', { body: busBody(eventOf('lead-gone')) })],
      fake.deps,
    );

    expect(result).toEqual({ failed: [] });
    expect(fake.retries).toEqual([]);
    expect(fake.deadLetters).toHaveLength(1);
    expect(fake.logged).toContainEqual({
      level: 'warn',
      message:
        'a lead event put in the dead-letter queue could not be deleted from its queue now: the batch’s answer deletes it',
      extra: {
        destination: 'crm',
        eventId: eventOf('lead-gone').id,
        messageId: 'm1',
        attempt: 1,
        outcome: 'gone',
        error: 'AccessDenied',
      },
    });
    // The error's class alone, never its message.
    expect(JSON.stringify(fake.logged)).not.toContain('sqs.example');
    expect(fake.counts).toEqual([
      ['LeadEventDeliveryFailed', 'crm'],
      ['LeadEventReceiverGone', 'crm'],
    ]);
  });

  it('is tried again on the schedule when it cannot be put in the dead-letter queue', async () => {
    const gone = () => message('m1', { body: busBody(eventOf('lead-gone')), receiveCount: 2 });

    const unknown = goneDeps({ deadLetter: undefined });
    expect(await deliverQueuedLeadEvents([gone()], unknown.deps)).toEqual({ failed: ['m1'] });
    expect(unknown.deadLetters).toEqual([]);
    expect(unknown.deletes).toEqual([]);
    // Not moved, so not counted as moved: the failed attempt alone, and the error line.
    expect(unknown.counts).toEqual([['LeadEventDeliveryFailed', 'crm']]);
    expect(unknown.retries).toEqual([
      { messageId: 'm1', receiptHandle: 'handle-m1', delaySeconds: retryDelaySeconds(2) },
    ]);
    expect(unknown.logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message:
          'a lead event whose receiver is gone (410) is tried again on the schedule: nothing here puts it in the dead-letter queue',
      }),
    );

    const refused = goneDeps({
      deadLetter: async () => {
        throw Object.assign(new Error('denied'), { name: 'AccessDenied' });
      },
    });
    expect(await deliverQueuedLeadEvents([gone()], refused.deps)).toEqual({ failed: ['m1'] });
    expect(refused.deletes).toEqual([]);
    expect(refused.counts).toEqual([['LeadEventDeliveryFailed', 'crm']]);
    expect(refused.retries).toEqual([
      { messageId: 'm1', receiptHandle: 'handle-m1', delaySeconds: retryDelaySeconds(2) },
    ]);
    expect(refused.logged).toContainEqual({
      level: 'error',
      message:
        'a lead event whose receiver is gone (410) could not be put in the dead-letter queue: it is tried again on the schedule',
      extra: {
        destination: 'crm',
        eventId: eventOf('lead-gone').id,
        messageId: 'm1',
        attempt: 2,
        outcome: 'gone',
        error: 'AccessDenied',
      },
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
