/**
 * The names of the counts the functions publish. Lists, not only types, so the deployed
 * dashboard and alarms (infra) can be checked against what is emitted.
 */

/** The counts the lead functions publish, each with the form as its dimension. */
export const LEAD_METRICS = [
  'LeadAccepted',
  /** A lead to SES's mailbox simulator (a verify run, the canary): not a lead for sales. */
  'SyntheticLeadAccepted',
  'LeadRejected',
  'LeadRateLimited',
  /** A proof priced below the price of the moment: nothing stored, the site solves again. */
  'LeadRepriced',
  'LeadSpam',
  'EmailSent',
  'EmailFailed',
  'EmailResent',
  'EmailAbandoned',
  /** SES refused the visitor's address for good: the lead's problem, not an outage. */
  'EmailRejected',
  /** A message waits because the sender identity is not verified for sending: not an attempt. */
  'EmailAwaitingSender',
  /**
   * SES refused a message as paused, and not by the visitor brake: the account's sending is
   * paused or suspended, or the sales set was paused. Also counted as EmailFailed (decision 081).
   */
  'EmailSendingPaused',
  /**
   * A confirmation to the visitor's address accepted by SES (sent or re-sent): what the visitor
   * stream's delivery outcomes, the brake's input, should follow (decision 081).
   */
  'VisitorEmailSent',
  /** The visitor's confirmation was not sent: no valid browser check. */
  'VisitorEmailUnverified',
  /** The visitor's confirmation was not sent: the address had its e-mails for the day. */
  'VisitorEmailBudgetExceeded',
  /** The visitor's confirmation was not sent: the hourly ceiling over all forms was hit. */
  'VisitorEmailCeilingReached',
  /**
   * The visitor's confirmation was not sent: the SES account is in its sandbox and the address
   * is not verified (withheld, not retried, not a failed send).
   */
  'VisitorEmailSandboxRefused',
  /** The visitor's confirmation was not sent: SES refused it, the visitor stream is paused. */
  'VisitorEmailPaused',
  /** The visitor's confirmation was not sent: the address's domain accepts no mail. */
  'VisitorEmailNoMailDomain',
  /**
   * The visitor's confirmation was not sent: the address is on our suppression list (it
   * hard-bounced, or its owner complained, before).
   */
  'VisitorEmailSuppressed',
  /**
   * Leads a re-send run found due (an e-mail still owed, its retry time come): the re-send
   * backlog, counted per run, so it is absent when nothing is owed.
   */
  'ResendDue',
  /**
   * An unverified lead past the hourly number of sales e-mails sent one by one: stored, its
   * sales notification held for the next digest.
   */
  'SalesEmailHeld',
  /**
   * A digest of held leads accepted by SES: counted once, under the form of its oldest lead,
   * so the sum over forms is the number of digests sent.
   */
  'SalesDigestSent',
  /**
   * A lead on the re-send list whose item does not parse: skipped, left as stored, counted
   * every run until a person mends or deletes it (decision 078).
   */
  'UnreadableLead',
  /** Lead events the bus took (accepted, delivery outcomes, report opened): for destinations. */
  'LeadEventsPublished',
  /**
   * Lead events the bus did not take: still owed on their leads, published by a later run
   * (decision 090). Alarmed on, since a destination hears nothing meanwhile.
   */
  'LeadEventPublishFailed',
] as const;

export type LeadMetric = (typeof LEAD_METRICS)[number];

/** The counts of SES delivery events, each with the mail stream as its dimension `Stream`. */
export const DELIVERY_METRICS = [
  'EmailDelivered',
  /** A permanent bounce: the address does not take mail. */
  'EmailBounced',
  /** A transient or undetermined bounce, reported once SES stopped retrying. */
  'EmailSoftBounced',
  'EmailComplained',
  'EmailDelayed',
  /** SES accepted the message, then refused to deliver it (a virus, say). */
  'EmailRejectedBySes',
  /** An event for a lead's message that matches no stored message (erased, or an older one). */
  'DeliveryEventUnmatched',
  /** An event of a type not acted on, or one that could not be read. */
  'DeliveryEventUnknown',
] as const;

export type DeliveryMetric = (typeof DELIVERY_METRICS)[number];

/**
 * The counts of lead-event deliveries (lead-event-queue.ts), each with the destination's name
 * as its dimension `Destination`: per attempt, so a delivery tried three times counts two
 * failures and one delivered.
 */
export const LEAD_EVENT_DELIVERY_METRICS = [
  /** The destination answered 2xx. */
  'LeadEventDelivered',
  /**
   * An attempt that failed (a status other than 2xx, a timeout, a network error, a secret that
   * cannot be used) or a message that is no lead event: tried again later, or dead-lettered.
   */
  'LeadEventDeliveryFailed',
  /**
   * A failed attempt whose receiver's wait (Retry-After on a 429 or a 503) made the event's
   * next attempt later than the schedule's: not counted when the schedule's wait was as long
   * or longer, nor after the last attempt, nor for the destination's other events held unsent
   * meanwhile (no attempt; logged with outcome retry-after). Also counted as
   * LeadEventDeliveryFailed.
   */
  'LeadEventRetryAfter',
  /**
   * A receiver answered 410 Gone and the event was moved to the dead-letter queue at once, not
   * tried again: counted once the move succeeded. A move that failed is seen in
   * LeadEventDeliveryFailed, which counts the attempt either way, and in an error log line;
   * that event is tried again on the schedule.
   */
  'LeadEventReceiverGone',
] as const;

export type LeadEventMetric = (typeof LEAD_EVENT_DELIVERY_METRICS)[number];
