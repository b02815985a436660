/*
 * SES's documented sample events, in the EventBridge envelope the default bus carries them in.
 *
 * - The records (eventType, mail with its tags, bounce / complaint / delivery), shaped as
 *   "Examples of event data that Amazon SES publishes to Amazon SNS" shows them (the record is
 *   the same for every destination, decision 057); the `mail.tags` of an event published
 *   through a configuration set include `"ses:configuration-set": [<set name>]`:
 *   https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-examples.html
 * - The envelope: version, id, detail-type, source, account, time, region, resources, detail
 *   ("Event structure reference", and TestEventPattern's mandatory id, account, source, time,
 *   region, resources, detail-type):
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-events-structure.html
 *   https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_TestEventPattern.html
 * - source `aws.ses` and the detail-types "Email Bounced", "Email Complaint Received",
 *   "Email Delivered" ("Amazon Simple Email Service events"):
 *   https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-ses.html
 *
 * The detail-type names are written here as the documentation spells them, not taken from the
 * stack's own list (functions/src/leads/ses-event-types.ts): a wrong name there must not match.
 */

import type { EventBridgeEnvelope } from '@kryon/functions/eventbridge-envelope';

/** The SES event types whose documented samples the rule is tested with. */
export const SAMPLE_EVENT_TYPES = ['Bounce', 'Complaint', 'Delivery'] as const;
export type SampleEventType = (typeof SAMPLE_EVENT_TYPES)[number];

/** The detail-type EventBridge gives each, as the EventBridge events reference lists them. */
export const DOCUMENTED_DETAIL_TYPES: Record<SampleEventType, string> = {
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Delivery: 'Email Delivered',
};

/** An SES event as EventBridge hands it to a rule's target. */
export type SesSampleEvent = EventBridgeEnvelope<Record<string, unknown>>;

const ACCOUNT = '123456789012';
const RECIPIENT = 'recipient@example.com';

/**
 * The documented sample of `type` as the default bus would carry it for a message sent with
 * the configuration set `configurationSet`: SES puts the set's name in the record's
 * `mail.tags["ses:configuration-set"]`, an array.
 */
export function sesSampleEvent(
  type: SampleEventType,
  configurationSet: string,
  region = 'us-east-1',
): SesSampleEvent {
  const mail = {
    timestamp: '2017-08-05T00:40:02.012Z',
    source: 'Sender Name <sender@example.com>',
    sourceArn: `arn:aws:ses:${region}:${ACCOUNT}:identity/sender@example.com`,
    sendingAccountId: ACCOUNT,
    messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
    destination: [RECIPIENT],
    headersTruncated: false,
    commonHeaders: {
      from: ['Sender Name <sender@example.com>'],
      to: [RECIPIENT],
      messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
      subject: 'Message sent from Amazon SES',
    },
    tags: {
      'ses:configuration-set': [configurationSet],
      'ses:source-ip': ['192.0.2.0'],
      'ses:from-domain': ['example.com'],
      'ses:caller-identity': ['ses_user'],
    },
  };
  const records: Record<SampleEventType, Record<string, unknown>> = {
    Bounce: {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [
          {
            emailAddress: RECIPIENT,
            action: 'failed',
            status: '5.1.1',
            diagnosticCode: 'smtp; 550 5.1.1 user unknown',
          },
        ],
        timestamp: '2017-08-05T00:41:02.669Z',
        feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
        reportingMTA: 'dsn; mta.example.com',
      },
      mail,
    },
    Complaint: {
      eventType: 'Complaint',
      complaint: {
        complainedRecipients: [{ emailAddress: RECIPIENT }],
        timestamp: '2017-08-05T00:41:02.669Z',
        feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
        complaintFeedbackType: 'abuse',
        arrivalDate: '2017-08-05T00:41:02.669Z',
      },
      mail,
    },
    Delivery: {
      eventType: 'Delivery',
      mail,
      delivery: {
        timestamp: '2016-10-19T23:21:04.133Z',
        processingTimeMillis: 11893,
        recipients: [RECIPIENT],
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'mta.example.com',
      },
    },
  };
  return {
    version: '0',
    id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
    'detail-type': DOCUMENTED_DETAIL_TYPES[type],
    source: 'aws.ses',
    account: ACCOUNT,
    time: '2017-08-05T00:41:02Z',
    region,
    resources: [],
    detail: records[type],
  };
}
