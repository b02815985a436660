/**
 * The leads table's shape, for the adapter, the local emulator's table and the CDK app
 * (infra/lib/submissions-table.ts must create the same): no SDK import, so infra can read it.
 */
export const LEADS_TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB TTL deletes the item after it. */
  timeToLiveAttribute: 'expiresAt',
  /**
   * The re-send list: a sparse index of the leads that still owe an e-mail, by when each may
   * next be tried (decision 022). Keys only: the claim's conditional update returns the item.
   */
  pendingSendsIndex: {
    name: 'pending-sends',
    partitionKey: { name: 'resendPartition', type: 'S' },
    sortKey: { name: 'leaseUntil', type: 'N' },
    projection: 'KEYS_ONLY',
  },
  /**
   * The outbox of lead events: a sparse index of the leads that owe an event to the bus, by
   * when it is next due (decision 090). Keys only: the publisher reads the lead's events.
   */
  pendingEventsIndex: {
    name: 'pending-events',
    partitionKey: { name: 'eventsPartition', type: 'S' },
    sortKey: { name: 'eventsDueAt', type: 'N' },
    projection: 'KEYS_ONLY',
  },
} as const;

/** The one value of the outbox index's partition key. */
export const EVENTS_PARTITION = 'EVENTS';

/** The one value of the index's partition key: the list is small, one partition holds it. */
export const PENDING_PARTITION = 'PENDING';
