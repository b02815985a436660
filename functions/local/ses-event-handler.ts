import type { DeliveryEventEnvelope } from './ses-event-records.ts';

/**
 * Hands one SES event to the delivery-events Lambda handler in this process, as EventBridge
 * would deployed. Imported on first use: the handler reads its configuration once, on
 * import, and the local command sets it after starting the emulators.
 */
export async function deliverToHandler(event: DeliveryEventEnvelope): Promise<unknown> {
  const { handler } = await import('../src/handlers/delivery-events.ts');
  return handler(event);
}
