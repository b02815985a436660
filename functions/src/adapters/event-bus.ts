import { type EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { LEAD_EVENT_SOURCE } from '../leads/event-destinations.ts';
import type { LeadEventBus, OwedEvent } from '../leads/ports.ts';

/**
 * The lead-event bus through EventBridge's PutEvents: each event's type is its detail-type,
 * its JSON the detail, as built once when it was owed. PutEvents may take some entries and
 * refuse others (FailedEntryCount, an ErrorCode per entry, in order): those are named back
 * (https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html). A
 * failure of the call itself throws, the caller keeps the events owed.
 */
export function createEventBridgeBus(client: EventBridgeClient, busName: string): LeadEventBus {
  return {
    async publish(events: readonly OwedEvent[]) {
      if (events.length === 0) return { failed: [] };
      const out = await client.send(
        new PutEventsCommand({
          Entries: events.map((event) => ({
            EventBusName: busName,
            Source: LEAD_EVENT_SOURCE,
            DetailType: event.type,
            Detail: event.detail,
          })),
        }),
      );
      if (!out.FailedEntryCount) return { failed: [] };
      const entries = out.Entries ?? [];
      return {
        failed: events
          .filter((_, i) => {
            const entry = entries[i];
            return !entry || entry.ErrorCode !== undefined || !entry.EventId;
          })
          .map(({ id }) => id),
      };
    },
  };
}
