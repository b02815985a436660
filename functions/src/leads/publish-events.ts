/**
 * Lead events on their way to the bus, never lost (decision 090). An event is first owed on
 * its lead, in the very write that records what it is about (the lead stored, a delivery
 * outcome recorded, the report first opened); the function that wrote it then publishes it
 * and clears it. What a failed publish or a crash leaves owed, the scheduled run publishes.
 * A receiver may so see an event twice, never not at all: its id makes a repeat harmless.
 */

import type { LeadIdRef, LeadRef } from './lead.ts';
import type { LeadEvent } from './lead-events.ts';
import type { LeadEventBus, LeadEventOutbox, Log, Metrics, OwedEvent } from './ports.ts';
import { describeError } from './redact.ts';

/**
 * How long a new owed event waits before the scheduled run may publish it: the function that
 * owes it publishes it at once, so the run only sees what that publish did not clear.
 */
export const OWED_EVENT_GRACE_MS = 60_000;

/** How long an event the bus refused waits before the scheduled run tries it again. */
export const PUBLISH_RETRY_MS = 5 * 60_000;

/** PutEvents takes at most ten entries a call. */
const PUT_EVENTS_MAX = 10;

export interface PublishDeps {
  store: Pick<LeadEventOutbox, 'clearOwedEvents' | 'deferOwedEvents'>;
  /** Absent where no bus is configured: nothing is owed, nothing published. */
  bus?: LeadEventBus;
  /** Counts per form; absent where the function counts in other dimensions (delivery events). */
  metrics?: Pick<Metrics, 'count'>;
  log: Log;
  now: () => Date;
}

/** An event as it waits on its lead: its JSON made once, so every publish sends the same. */
export function owedEvent(event: LeadEvent): OwedEvent {
  return { id: event.id, type: event.type, form: event.form, detail: JSON.stringify(event) };
}

/**
 * Publishes the events a lead owes and clears those the bus took; the rest stay owed, due
 * again after PUBLISH_RETRY_MS. Never throws: the lead and its events are stored, and the
 * visitor's answer must not depend on the bus.
 */
export async function publishOwed(
  lead: LeadRef | LeadIdRef,
  events: readonly OwedEvent[],
  deps: PublishDeps,
): Promise<{ published: number; failed: number }> {
  const { bus, log, metrics } = deps;
  if (!bus || events.length === 0) return { published: 0, failed: 0 };
  const taken: OwedEvent[] = [];
  const refused: OwedEvent[] = [];
  for (let start = 0; start < events.length; start += PUT_EVENTS_MAX) {
    const batch = events.slice(start, start + PUT_EVENTS_MAX);
    try {
      const { failed } = await bus.publish(batch);
      const failedIds = new Set(failed);
      for (const event of batch) (failedIds.has(event.id) ? refused : taken).push(event);
    } catch (error) {
      refused.push(...batch);
      log.warn('lead events not published; they stay owed for the next run', {
        form: lead.form,
        events: batch.map(({ id, type }) => ({ id, type })),
        error: describeError(error),
      });
    }
  }
  for (const event of taken) metrics?.count('LeadEventsPublished', event.form);
  for (const event of refused) metrics?.count('LeadEventPublishFailed', event.form);
  try {
    if (taken.length > 0) {
      await deps.store.clearOwedEvents(
        lead,
        taken.map(({ id }) => id),
      );
    }
    if (refused.length > 0) {
      await deps.store.deferOwedEvents(lead, deps.now().getTime() + PUBLISH_RETRY_MS);
    }
  } catch (error) {
    // Published but still owed: the run publishes them again, and the ids make it harmless.
    log.warn('published lead events could not be cleared; they will be published again', {
      form: lead.form,
      error: describeError(error),
    });
  }
  return { published: taken.length, failed: refused.length };
}

export interface OutboxRunDeps extends PublishDeps {
  store: LeadEventOutbox;
}

export interface OutboxSummary {
  /** Leads found owing an event. */
  leads: number;
  published: number;
  failed: number;
  /** Owed events whose stored form does not read: logged, looked at again a day later. */
  unreadable: number;
}

/** When a lead that owes an unreadable event is listed again. */
const UNREADABLE_RETRY_MS = 86_400_000;

/**
 * The scheduled run's part: every lead that owes an event now, its events published. A lead
 * whose events are published meanwhile by its own function owes nothing when read, and is
 * skipped.
 */
export async function publishOwedEvents(
  deps: OutboxRunDeps,
  options: { pageSize?: number; shouldContinue?: () => boolean } = {},
): Promise<OutboxSummary> {
  const summary: OutboxSummary = { leads: 0, published: 0, failed: 0, unreadable: 0 };
  if (!deps.bus) return summary;
  const dueBy = deps.now().getTime();
  // The refused are deferred past dueBy, so they leave the list and no page sees them twice.
  let cursor: string | undefined;
  const seen = new Set<string>();
  do {
    if (options.shouldContinue && !options.shouldContinue()) break;
    const page = await deps.store.listOwedEvents({
      dueBy,
      limit: options.pageSize ?? 25,
      cursor,
    });
    for (const lead of page.leads) {
      const key = `${lead.form}#${lead.idempotencyKey}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { events, unreadable } = await deps.store.readOwedEvents(lead);
      if (events.length === 0 && unreadable.length === 0) {
        await deps.store.clearOwedEvents(lead, []);
        continue;
      }
      summary.leads += 1;
      const result = await publishOwed(lead, events, deps);
      summary.published += result.published;
      summary.failed += result.failed;
      if (unreadable.length > 0) {
        // Never published (what would be sent is not known): a person must look. Once a day,
        // so the list is not read for it on every run.
        summary.unreadable += unreadable.length;
        deps.log.error('a lead owes lead events that cannot be read; a person must look', {
          form: lead.form,
          events: unreadable,
        });
        await deps.store.deferOwedEvents(lead, dueBy + UNREADABLE_RETRY_MS);
      }
    }
    cursor = page.cursor;
  } while (cursor);
  if (summary.leads > 0) deps.log.info('owed lead events published', { ...summary });
  return summary;
}
