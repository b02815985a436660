import type { Context, EventBridgeEvent } from 'aws-lambda';
import { deliveryEventsConfig, readConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import { type DeliveryEventResult, handleDeliveryEvent } from '../leads/delivery-events.ts';
import { deliveryEventDeps, loadSecrets, logger, type Secrets, siteSecret } from '../wiring.ts';

/** An EventBridge event whose detail is an SES event publishing record. */
export type DeliveryEvent = Partial<EventBridgeEvent<string, unknown>>;

/**
 * SES's delivery events of both configuration sets, each outcome recorded on its lead
 * (decisions 057, 060). It throws only when the table fails, so EventBridge retries; an event
 * it cannot use is counted and logged, never thrown, so no poison event fills the queue.
 */
// Read at cold start: a bad setting stops the function from starting (decision 066).
const config = readConfig(deliveryEventsConfig);

export const handler = lambdaHandler<Secrets, DeliveryEvent, DeliveryEventResult>({
  secrets: () => loadSecrets(config),
  build: (secrets) => {
    const deps = deliveryEventDeps(siteSecret(secrets), config);
    return async (event, _context?: Context) => {
      try {
        return await handleDeliveryEvent(event?.detail, deps, event?.time);
      } finally {
        deps.metrics.flush();
        deps.leadMetrics?.flush();
      }
    };
  },
  logger,
  correlationId: (event) => event?.id,
});
