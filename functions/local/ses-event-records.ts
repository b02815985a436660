/**
 * SES event publishing records and the EventBridge events that carry them, shaped as the AWS
 * documentation shows them (docs/decisions/057): what the local SES simulator feeds the
 * delivery-events handler, and what the tests feed it.
 */
import { SES_EVENT_TYPES } from '../src/leads/ses-event-types.ts';
import { type EventBridgeEnvelope, LOCAL_ACCOUNT } from './eventbridge-envelope.ts';

/** What one sent message looked like, as the SendEmail request named it. */
export interface SentMessage {
  messageId: string;
  /** The recipients of the message (SES's `mail.destination`). */
  destination: string[];
  /** The message's tags, as SendEmail's EmailTags named them. */
  tags: Record<string, string>;
  configurationSet?: string;
  /** When it was sent (ISO 8601). */
  sentAt: string;
  source?: string;
}

export type SimulatedEvent =
  | { type: 'Delivery' }
  | { type: 'DeliveryDelay' }
  | { type: 'Reject' }
  | { type: 'Complaint'; recipients?: string[] }
  | {
      type: 'Bounce';
      bounceType: 'Permanent' | 'Transient' | 'Undetermined';
      bounceSubType: string;
      recipients?: string[];
    };

/** The SES event publishing record of one event on one message. */
export function sesEventRecord(
  message: SentMessage,
  event: SimulatedEvent,
  at: string,
): Record<string, unknown> {
  const tags: Record<string, string[]> = Object.fromEntries(
    Object.entries(message.tags).map(([name, value]) => [name, [value]]),
  );
  if (message.configurationSet) tags['ses:configuration-set'] = [message.configurationSet];
  const mail = {
    timestamp: message.sentAt,
    source: message.source ?? 'no-reply@kryon.example',
    sendingAccountId: LOCAL_ACCOUNT,
    messageId: message.messageId,
    destination: message.destination,
    headersTruncated: false,
    tags,
  };
  switch (event.type) {
    case 'Delivery':
      return {
        eventType: 'Delivery',
        mail,
        delivery: {
          timestamp: at,
          processingTimeMillis: 200,
          recipients: message.destination,
          smtpResponse: '250 2.6.0 Message received',
          reportingMTA: 'a8-70.smtp-out.amazonses.com',
        },
      };
    case 'DeliveryDelay':
      return {
        eventType: 'DeliveryDelay',
        mail,
        deliveryDelay: {
          timestamp: at,
          delayType: 'MailboxFull',
          expirationTime: at,
          delayedRecipients: message.destination.map((emailAddress) => ({
            emailAddress,
            status: '4.2.2',
            diagnosticCode: 'smtp; 452 4.2.2 mailbox full',
          })),
        },
      };
    case 'Reject':
      return { eventType: 'Reject', mail, reject: { reason: 'Bad content' } };
    case 'Complaint':
      return {
        eventType: 'Complaint',
        mail,
        complaint: {
          timestamp: at,
          feedbackId: `feedback-${message.messageId}`,
          complaintFeedbackType: 'abuse',
          complainedRecipients: (event.recipients ?? message.destination).map((emailAddress) => ({
            emailAddress,
          })),
        },
      };
    case 'Bounce':
      return {
        eventType: 'Bounce',
        mail,
        bounce: {
          bounceType: event.bounceType,
          bounceSubType: event.bounceSubType,
          timestamp: at,
          feedbackId: `feedback-${message.messageId}`,
          reportingMTA: 'dsn; local.simulator',
          bouncedRecipients: (event.recipients ?? message.destination).map((emailAddress) => ({
            emailAddress,
            action: 'failed',
            status: '5.1.1',
            diagnosticCode: 'smtp; 550 5.1.1 user unknown',
          })),
        },
      };
  }
}

/** The record as the default event bus hands it to a rule's target: in `detail`. */
export function eventBridgeEvent(
  record: Record<string, unknown>,
  at: string,
): DeliveryEventEnvelope {
  const type = String(record.eventType) as SimulatedEvent['type'];
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': SES_EVENT_TYPES[type]?.detailType ?? String(record.eventType),
    source: 'aws.ses',
    account: LOCAL_ACCOUNT,
    time: at,
    region: 'us-east-1',
    resources: [],
    detail: record,
  };
}

/** An EventBridge event whose detail is an SES event publishing record. */
export type DeliveryEventEnvelope = EventBridgeEnvelope;
