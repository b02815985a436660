/**
 * A batch of queued lead events delivered, each to the destination whose queue it came from
 * (issue 36). Each destination's bus rule puts the whole EventBridge event into its own queue;
 * one function takes every queue's batches. What failed is answered as failed (the queue's
 * partial batch response) after its wait before the next attempt is set, so the retries follow
 * DELIVERY_RETRY's schedule (event-destinations.ts) rather than the queue's one visibility
 * timeout, or the receiver's Retry-After when it asks for longer; after the last attempt the
 * queue's redrive moves it to the dead-letter queue. An event whose receiver answers 410 Gone
 * is put in the dead-letter queue at once and deleted from its queue. A receiver's Retry-After
 * holds the rest of its destination's events too, unsent, until the wait it asked for is over.
 */
import * as z from 'zod/mini';
import {
  DELIVERY_TIMEOUT_MS,
  type DeliverEventDeps,
  type DeliveryDestination,
  deliverLeadEvent,
} from './deliver-event.ts';
import { errorClass } from './error-class.ts';
import {
  DELIVERY_RETRY,
  LEAD_EVENT_SOURCE,
  nextAttempt,
  type QueuedKind,
  RETRY_AFTER_MAX_SECONDS,
} from './event-destinations.ts';
import { type LeadEvent, leadEvent } from './lead-events.ts';
import type { LeadEventMetrics } from './ports.ts';

/** A destination as the delivery function is given it (LEAD_EVENT_DESTINATIONS). */
export interface QueuedDestination extends DeliveryDestination {
  kind: QueuedKind;
  /** The destination's queue: the record's event source tells its destination by it. */
  queueArn: string;
  /** Deliveries a second at most, over every poller (event-destinations.ts, DESTINATION_RATE). */
  perSecond: number;
}

/** One message of a batch, as the handler reads it from SQS. */
export interface QueuedMessage {
  messageId: string;
  /** The queue it came from (the record's eventSourceARN). */
  queueArn: string;
  /** What the queue needs to change its visibility; opaque here. */
  receiptHandle: string;
  body: string;
  /** SQS's ApproximateReceiveCount: this attempt's number, from 1. */
  receiveCount: number;
}

export interface LeadEventQueueDeps extends DeliverEventDeps {
  destinations: readonly QueuedDestination[];
  metrics: LeadEventMetrics;
  /**
   * Makes the message visible again `delaySeconds` from now (SQS ChangeMessageVisibility):
   * when the next attempt is, for a message answered as failed.
   */
  retryAfter: (message: QueuedMessage, delaySeconds: number) => Promise<void>;
  /**
   * Puts the message's body, as it is, in the dead-letter queue of the queue it came from, the
   * one its redrive fills (SQS SendMessage), with why: where the dead-letter alarm sees it and
   * `webhooks:replay --dead-letters` takes it from. Without it, or when it throws, a gone
   * receiver's event is tried again on the schedule.
   */
  deadLetter?: (message: QueuedMessage, why: DeadLetterReason) => Promise<void>;
  /**
   * Deletes the message from its queue now (SQS DeleteMessage, by its receipt handle): a gone
   * receiver's event once its dead-letter queue holds it. Without it, or when it throws, the
   * batch's answer (the record reported done) has the event source delete it.
   */
  deleteMessage?: (message: QueuedMessage) => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  /** The run's time left in ms (Lambda's context); unbounded when not given. */
  remainingMs?: () => number;
  /**
   * When this container last started a delivery to each destination: kept across batches (the
   * wiring makes one per container), so a batch of one is paced against the one before it.
   */
  lastStart?: Map<string, number>;
  /**
   * Until when (ms since the epoch) each destination is not sent to: the wait its receiver last
   * asked for with Retry-After. Kept across batches like `lastStart` (one per container).
   */
  notBefore?: Map<string, number>;
}

/**
 * Pollers the event source mapping runs per queue at the least: a batch is paced to its share
 * of the destination's rate, so that together they keep to it.
 */
export const POLLERS_PER_QUEUE = 2;

/** The time an attempt may take at most, and what a run keeps back after its last one. */
const RESERVE_MS = DELIVERY_TIMEOUT_MS + 2_000;

/** The wait before an unreadable message is seen again: the schedule's longest. */
export const UNREADABLE_DELAY_SECONDS = DELIVERY_RETRY.delaysSeconds.at(-1) ?? 0;

/**
 * Why a message was put in a dead-letter queue by the function, in the message attributes
 * EventBridge gives its own dead letters (ERROR_CODE, ERROR_MESSAGE), which an operator reads
 * with `aws sqs receive-message --message-attribute-names All`.
 */
export interface DeadLetterReason {
  code: string;
  message: string;
}

/** Why a gone receiver's event is in its dead-letter queue: no URL, no body. */
export const GONE_REASON: DeadLetterReason = {
  code: 'RECEIVER_GONE',
  message:
    'HTTP 410 Gone: the receiver says this endpoint is gone for good, so the event was not tried again. Fix the destination, then webhooks:replay --dead-letters.',
};

/** The EventBridge event a rule puts in a destination's queue: its detail is the lead event. */
const busEvent = z.object({
  id: z.optional(z.string()),
  source: z.literal(LEAD_EVENT_SOURCE),
  'detail-type': z.string(),
  detail: leadEvent,
});

/**
 * The lead event a message carries, with its JSON as published (what a webhook is sent, byte
 * for byte, keys this code does not know included), or why it carries none (never the body).
 */
export function readQueuedEvent(
  body: string,
): { event: LeadEvent; json: string } | { unreadable: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { unreadable: 'the body is not JSON' };
  }
  const parsed = z.safeParse(busEvent, json);
  if (!parsed.success) {
    const paths = [
      ...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)')),
    ];
    return { unreadable: `not a lead event of version 1 (at ${paths.slice(0, 5).join(', ')})` };
  }
  if (parsed.data['detail-type'] !== parsed.data.detail.type) {
    return { unreadable: 'its detail-type is not its detail type' };
  }
  // The schema's output drops keys it does not know (a newer publisher's); the detail as the
  // bus carried it keeps them, in their order: JSON.stringify of the parsed published JSON.
  return {
    event: parsed.data.detail,
    json: JSON.stringify((json as { detail: unknown }).detail),
  };
}

/**
 * Delivers a batch, one message after another, each destination's paced to its share of the
 * destination's rate (perSecond / POLLERS_PER_QUEUE), against this container's last delivery
 * to it too.
 * Returns the ids of the messages not delivered, whose visibility has been set to their next
 * attempt: a delivery failed (the schedule's wait for this attempt, or the receiver's
 * Retry-After when longer); a message from a queue of no destination, or that is no lead event
 * (the longest wait, so a poison message goes to the dead-letter queue without a storm of
 * retries, logged each time with its id); or one the run had no time left for (visible again
 * at once); or one whose destination's receiver asked for a wait (Retry-After) that is not
 * over, held unsent until it is. An event whose receiver answered 410 Gone is put in its
 * destination's dead-letter queue, deleted from its queue, and not returned.
 */
export async function deliverQueuedLeadEvents(
  messages: readonly QueuedMessage[],
  deps: LeadEventQueueDeps,
): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  const lastStart = deps.lastStart ?? new Map<string, number>();
  const notBefore = deps.notBefore ?? new Map<string, number>();

  const fail = async (message: QueuedMessage, delaySeconds: number) => {
    failed.push(message.messageId);
    try {
      await deps.retryAfter(message, delaySeconds);
    } catch (error) {
      // Then the queue's own visibility timeout decides when it is seen again.
      deps.log.error('could not set when a lead event is tried again', {
        messageId: message.messageId,
        delaySeconds,
        error: errorClass(error),
      });
    }
  };

  /**
   * Puts a gone receiver's event in its destination's dead-letter queue, whose alarm tells ops
   * now rather than after a day of retries, and deletes it from its queue. False when it
   * cannot be moved (no dead-letter port, its call failed): it is then tried again on the
   * schedule, so nothing is lost, and LeadEventReceiverGone is not counted (the attempt is in
   * LeadEventDeliveryFailed, the failed move in the error log).
   */
  const deadLetterNow = async (
    message: QueuedMessage,
    said: { destination: string } & Record<string, unknown>,
  ): Promise<boolean> => {
    if (!deps.deadLetter) {
      deps.log.error(
        'a lead event whose receiver is gone (410) is tried again on the schedule: nothing here puts it in the dead-letter queue',
        { ...said, outcome: 'gone' },
      );
      return false;
    }
    try {
      await deps.deadLetter(message, GONE_REASON);
    } catch (error) {
      deps.log.error(
        'a lead event whose receiver is gone (410) could not be put in the dead-letter queue: it is tried again on the schedule',
        { ...said, outcome: 'gone', error: errorClass(error) },
      );
      return false;
    }
    deps.metrics.count('LeadEventReceiverGone', said.destination);
    deps.log.warn('lead event put in the dead-letter queue at once: its receiver is gone (410)', {
      ...said,
      outcome: 'gone',
    });
    // Deleted now, not when the whole batch answers (seconds later: pacing, the other POSTs):
    // a timeout or fault in between would return it after its visibility timeout, to be moved
    // or delivered again, and a Slack channel drops no repeat.
    if (deps.deleteMessage) {
      try {
        await deps.deleteMessage(message);
      } catch (error) {
        // Still reported done: the batch's answer has the event source delete it.
        deps.log.warn(
          'a lead event put in the dead-letter queue could not be deleted from its queue now: the batch’s answer deletes it',
          { ...said, outcome: 'gone', error: errorClass(error) },
        );
      }
    }
    return true;
  };

  for (const message of messages) {
    const destination = deps.destinations.find((d) => d.queueArn === message.queueArn);
    if (!destination) {
      deps.log.error('a lead event from a queue of no destination', {
        messageId: message.messageId,
        queueArn: message.queueArn,
      });
      await fail(message, UNREADABLE_DELAY_SECONDS);
      continue;
    }
    const read = readQueuedEvent(message.body);
    if ('unreadable' in read) {
      deps.log.error('a queued message is no lead event', {
        destination: destination.name,
        messageId: message.messageId,
        attempt: message.receiveCount,
        reason: read.unreadable,
      });
      deps.metrics.count('LeadEventDeliveryFailed', destination.name);
      await fail(message, UNREADABLE_DELAY_SECONDS);
      continue;
    }

    // The receiver asked for a wait (Retry-After) that is not over: a POST now would be refused
    // as well and spend an attempt, so the event is held unsent until then. SQS counts every
    // receive all the same (nothing takes one back): the held event's receive count grows by
    // one, so it is one receive nearer its redrive and its attempts are numbered one on, once
    // per wait at most, since it is not seen again before the wait's end. Its last receive is
    // tried anyway: held, the redrive would move it at its next receive, never tried.
    const heldMs = (notBefore.get(destination.name) ?? 0) - deps.now().getTime();
    if (heldMs > 0 && message.receiveCount < DELIVERY_RETRY.maxAttempts) {
      const delaySeconds = Math.ceil(heldMs / 1000);
      deps.log.info('lead event held unsent: its receiver asked for a wait', {
        destination: destination.name,
        eventId: read.event.id,
        messageId: message.messageId,
        attempt: message.receiveCount,
        outcome: 'retry-after',
        delaySeconds,
      });
      await fail(message, delaySeconds);
      continue;
    }

    const intervalMs = (1000 * POLLERS_PER_QUEUE) / destination.perSecond;
    const previous = lastStart.get(destination.name);
    const waitMs = previous === undefined ? 0 : previous + intervalMs - deps.now().getTime();
    if (deps.remainingMs && deps.remainingMs() < Math.max(waitMs, 0) + RESERVE_MS) {
      deps.log.warn('no time left to deliver a lead event: it is tried again at once', {
        destination: destination.name,
        eventId: read.event.id,
        messageId: message.messageId,
      });
      await fail(message, 0);
      continue;
    }
    if (waitMs > 0) await deps.sleep(waitMs);
    lastStart.set(destination.name, deps.now().getTime());

    const result = await deliverLeadEvent(
      { destination, event: read.event, body: read.json, attempt: message.receiveCount },
      deps,
    );
    if (result.ok) {
      // A skip (a Slack channel is not told of a digest's lead) sent nothing: not counted.
      if (!('skipped' in result)) deps.metrics.count('LeadEventDelivered', destination.name);
      continue;
    }
    deps.metrics.count('LeadEventDeliveryFailed', destination.name);
    // The wait a receiver asks for is its own (Slack's rate limit is per webhook), not only
    // this event's: the destination's other events wait for it too, up to the longest wait.
    if (result.retryAfterSeconds !== undefined && result.retryAfterSeconds > 0) {
      const until =
        deps.now().getTime() + 1000 * Math.min(result.retryAfterSeconds, RETRY_AFTER_MAX_SECONDS);
      notBefore.set(destination.name, Math.max(notBefore.get(destination.name) ?? 0, until));
    }
    const next = nextAttempt(message.receiveCount, result);
    const said = {
      destination: destination.name,
      eventId: read.event.id,
      messageId: message.messageId,
      attempt: message.receiveCount,
    };
    if (next.deadLetter === 'gone') {
      // Answered as done: deleted from its queue, the dead-letter queue now holds it.
      if (await deadLetterNow(message, said)) continue;
    }
    if (next.retryAfter) {
      deps.metrics.count('LeadEventRetryAfter', destination.name);
      deps.log.info('lead event tried again when its receiver asked', {
        ...said,
        outcome: 'retry-after',
        retryAfterSeconds: result.retryAfterSeconds,
        delaySeconds: next.delaySeconds,
      });
    }
    // After the last attempt no wait (`nextAttempt`): the queue's redrive (maxReceiveCount =
    // DELIVERY_RETRY.maxAttempts) moves it to the dead-letter queue at its next receive.
    await fail(message, next.delaySeconds);
  }
  return { failed };
}
