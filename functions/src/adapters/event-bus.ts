import type { EventBridgeClient, PutEventsCommandInput } from '@aws-sdk/client-eventbridge';
import { LEAD_EVENT_SOURCE } from '../leads/event-destinations.ts';
import type { LeadEventBus, OwedEvent } from '../leads/ports.ts';

/**
 * The EventBridge client, loaded at the first publish rather than at cold start: a form's
 * function publishes beside its e-mails, so loading it there overlaps SES's answer instead of
 * adding to every cold start (npm run bench:api, the bundles' import times).
 */
let sdk: Promise<typeof import('@aws-sdk/client-eventbridge')> | undefined;
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-eventbridge');
  return sdk;
};

/**
 * The lead-event bus through EventBridge's PutEvents: each event's type is its detail-type,
 * its JSON the detail, as built once when it was owed. PutEvents may take some entries and
 * refuse others (FailedEntryCount, an ErrorCode per entry, in order): those are named back
 * (https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html). A
 * failure of the call itself throws, the caller keeps the events owed. `client`: one made
 * elsewhere (a test's, with its endpoint); by default one with the SDK's usual configuration.
 */
export function createEventBridgeBus(busName: string, client?: EventBridgeClient): LeadEventBus {
  let made = client;
  return {
    async publish(events: readonly OwedEvent[]) {
      if (events.length === 0) return { failed: [] };
      const { EventBridgeClient, PutEventsCommand } = await loadSdk();
      made ??= new EventBridgeClient({});
      const out = await made.send(new PutEventsCommand(putEventsRequest(busName, events)));
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

/**
 * The PutEvents request of some owed events, built here and nowhere else: the bus sends it, and
 * the benchmark's SDK floor (scripts/lib/bench-floor.ts) sends the very same.
 */
export function putEventsRequest(
  busName: string,
  events: readonly OwedEvent[],
): PutEventsCommandInput {
  return {
    Entries: events.map((event) => ({
      EventBusName: busName,
      Source: LEAD_EVENT_SOURCE,
      DetailType: event.type,
      Detail: event.detail,
    })),
  };
}
