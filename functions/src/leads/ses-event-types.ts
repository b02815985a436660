/**
 * The SES events this project acts on, once: how an event publishing record names each
 * (`eventType`), the detail-type EventBridge gives it, and the event type a configuration
 * set's destination publishes. The domain reads the first, the stack's rule matches the
 * second and its destinations name the third, and the local SES emulator writes all three.
 */
export const SES_EVENT_TYPES = {
  Delivery: { detailType: 'Email Delivered', destinationType: 'DELIVERY' },
  Bounce: { detailType: 'Email Bounced', destinationType: 'BOUNCE' },
  Complaint: { detailType: 'Email Complaint Received', destinationType: 'COMPLAINT' },
  Reject: { detailType: 'Email Rejected', destinationType: 'REJECT' },
  DeliveryDelay: { detailType: 'Email Delivery Delayed', destinationType: 'DELIVERY_DELAY' },
} as const;

/** An SES event type acted on, as the record's `eventType` names it. */
export type SesEventType = keyof typeof SES_EVENT_TYPES;

export const SES_EVENT_TYPE_NAMES = Object.keys(SES_EVENT_TYPES) as SesEventType[];
