import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryEventEnvelope } from './ses-event-records.ts';
import { type SesWithEvents, startSesWithEvents } from './ses-events.ts';
import { storedEmails } from './ses-inbox.ts';

let ses: SesWithEvents;
const delivered: DeliveryEventEnvelope[] = [];

beforeAll(async () => {
  ses = await startSesWithEvents({
    port: 0,
    // Long enough that the events cannot come before the reply is read, on any machine;
    // settled() waits for them.
    delayMs: 1_000,
    deliver: async (event) => {
      delivered.push(event);
    },
  });
});

afterAll(async () => {
  await ses.close();
});

describe('the SES emulator behind the event-publishing proxy', () => {
  it('passes SendEmail through to the emulator, then publishes its events', async () => {
    const client = new SESv2Client({
      endpoint: ses.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const out = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@kryon.example',
        Destination: { ToAddresses: ['bounce@simulator.amazonses.com'] },
        EmailTags: [{ Name: 'submission', Value: 'sub-9' }],
        Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
      }),
    );
    client.destroy();
    expect(delivered).toEqual([]);
    await ses.settled();

    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        mail: { messageId: out.MessageId, tags: { submission: ['sub-9'] } },
        bounce: { bounceType: 'Permanent', bounceSubType: 'General' },
      },
    });
    // The emulator's store and inbox answer through the proxy, as before.
    const stored = await storedEmails(ses.url);
    expect(stored.map((email) => email.messageId)).toContain(out.MessageId);
    const inbox = await fetch(`${ses.url}/`);
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toMatch(/<html/i);
  });
});

describe('closing the proxy', () => {
  it('drops the events not yet due: a stopped stack has no handler to call', async () => {
    const handled: unknown[] = [];
    const slow = await startSesWithEvents({
      port: 0,
      delayMs: 60_000,
      deliver: async (event) => {
        handled.push(event);
      },
    });
    const client = new SESv2Client({
      endpoint: slow.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@kryon.example',
        Destination: { ToAddresses: ['success@simulator.amazonses.com'] },
        Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
      }),
    );
    client.destroy();
    await slow.close();
    await slow.settled();
    expect(handled).toEqual([]);
  });
});
