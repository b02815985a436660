import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { leadEventDeliveryConfig, readConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import { deliverQueuedLeadEvents, type QueuedMessage } from '../leads/lead-event-queue.ts';
import { leadEventDeliveryDeps, logger } from '../wiring.ts';

/**
 * Lead events to their destinations (issue 36): the batches of every destination's queue, each
 * message delivered to the destination its queue belongs to. What failed is answered in the
 * partial batch response (the event source's ReportBatchItemFailures), its next attempt set by
 * the retry schedule; what was delivered leaves its queue. It throws only on a fault of its
 * own, and then the whole batch is seen again.
 */
// Read at cold start: a bad LEAD_EVENT_DESTINATIONS stops the function from starting (decision 066).
const config = readConfig(leadEventDeliveryConfig);

/** An SQS record as the domain reads it. */
export function queuedMessage(record: SQSEvent['Records'][number]): QueuedMessage {
  const count = Number(record.attributes?.ApproximateReceiveCount);
  return {
    messageId: record.messageId,
    queueArn: record.eventSourceARN,
    receiptHandle: record.receiptHandle,
    body: record.body,
    receiveCount: Number.isInteger(count) && count >= 1 ? count : 1,
  };
}

// The secrets are each destination's, read per delivery (and cached) by the wiring: a
// destination whose secret cannot be read fails alone, not the batch.
export const handler = lambdaHandler<Record<string, never>, SQSEvent, SQSBatchResponse>({
  secrets: async () => ({}),
  build: () => {
    const deps = leadEventDeliveryDeps(config);
    return async (event, context?: Context) => {
      try {
        const { failed } = await deliverQueuedLeadEvents((event.Records ?? []).map(queuedMessage), {
          ...deps,
          ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
        });
        return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
      } finally {
        deps.metrics.flush();
      }
    };
  },
  logger,
  correlationId: (event) => event.Records?.[0]?.messageId,
});
