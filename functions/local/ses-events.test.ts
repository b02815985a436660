import { describe, expect, it } from 'vitest';
import { parseSesEvent } from '../src/leads/delivery-events.ts';
import { accountSuppressionList, eventsFor, sentMessage, simulatedEvents } from './ses-events.ts';

describe('simulatedEvents', () => {
  it.each([
    ['success@simulator.amazonses.com', ['Delivery']],
    ['bounce@simulator.amazonses.com', ['Bounce:Permanent:General']],
    ['Bounce+lead7@Simulator.AmazonSES.com', ['Bounce:Permanent:General']],
    ['complaint@simulator.amazonses.com', ['Delivery', 'Complaint']],
    ['suppressionlist@simulator.amazonses.com', ['Bounce:Permanent:OnAccountSuppressionList']],
    ['ooto@simulator.amazonses.com', ['Delivery']],
    ['mei@harbour.example', ['Delivery']],
  ])('answers %s as SES does', (address, expected) => {
    expect(
      simulatedEvents(address).map((event) =>
        event.type === 'Bounce' ? `Bounce:${event.bounceType}:${event.bounceSubType}` : event.type,
      ),
    ).toEqual(expected);
  });
});

describe('sentMessage', () => {
  const request = JSON.stringify({
    FromEmailAddress: 'Kryon <no-reply@kryon.example>',
    Destination: { ToAddresses: ['complaint@simulator.amazonses.com'] },
    ConfigurationSetName: 'visitor-set',
    EmailTags: [
      { Name: 'form', Value: 'download' },
      { Name: 'audience', Value: 'visitor' },
      { Name: 'submission', Value: 'sub-1' },
    ],
  });

  it("reads the SendEmail request and the emulator's message id", () => {
    expect(sentMessage(request, '{"MessageId":"m-1"}', '2026-11-26T10:00:00.000Z')).toEqual({
      messageId: 'm-1',
      destination: ['complaint@simulator.amazonses.com'],
      tags: { form: 'download', audience: 'visitor', submission: 'sub-1' },
      configurationSet: 'visitor-set',
      sentAt: '2026-11-26T10:00:00.000Z',
      source: 'Kryon <no-reply@kryon.example>',
    });
  });

  it('reads nothing from an answer without a message id, or a body that is not JSON', () => {
    expect(sentMessage(request, '{}', 'now')).toBeUndefined();
    expect(sentMessage('<xml/>', '{"MessageId":"m"}', 'now')).toBeUndefined();
  });

  it('builds EventBridge events whose detail the delivery-events domain reads', () => {
    const message = sentMessage(request, '{"MessageId":"m-1"}', '2026-11-26T10:00:00.000Z');
    if (!message) throw new Error('unread');
    const events = eventsFor(message, Date.parse('2026-11-26T10:00:00.000Z'), 200);

    expect(events.map((e) => [e.afterMs, e.event['detail-type'], e.event.source])).toEqual([
      [200, 'Email Delivered', 'aws.ses'],
      [400, 'Email Complaint Received', 'aws.ses'],
    ]);
    const parsed = events.map((e) => parseSesEvent(e.event.detail, e.event.time));
    expect(parsed[1]).toMatchObject({
      ok: true,
      event: {
        type: 'Complaint',
        messageId: 'm-1',
        at: '2026-11-26T10:00:00.400Z',
        recipients: ['complaint@simulator.amazonses.com'],
        tags: {
          submission: ['sub-1'],
          audience: ['visitor'],
          'ses:configuration-set': ['visitor-set'],
        },
      },
    });
  });

  it('bounces a message to an address on the account suppression list, as SES does', () => {
    const message = sentMessage(request, '{"MessageId":"m-2"}', '2026-11-26T10:00:00.000Z');
    if (!message) throw new Error('unread');
    const list = accountSuppressionList();
    const listed = (address: string) => list.has(address);
    expect(eventsFor(message, 0, 200, listed).map((e) => e.event['detail-type'])).toEqual([
      'Email Delivered',
      'Email Complaint Received',
    ]);
    list.answer(
      'PUT',
      '/v2/email/suppression/addresses',
      JSON.stringify({ EmailAddress: 'Complaint@Simulator.AmazonSES.com', Reason: 'COMPLAINT' }),
    );
    const events = eventsFor(message, 0, 200, listed);
    expect(events.map((e) => e.event['detail-type'])).toEqual(['Email Bounced']);
    expect(parseSesEvent(events[0]?.event.detail, events[0]?.event.time)).toMatchObject({
      event: { type: 'Bounce', bounceType: 'permanent', bounceSubType: 'OnAccountSuppressionList' },
    });
    const path = '/v2/email/suppression/addresses/complaint%40simulator.amazonses.com';
    expect(list.answer('GET', path, '')).toMatchObject({
      status: 200,
      body: { SuppressedDestination: { Reason: 'COMPLAINT' } },
    });
    expect(list.answer('DELETE', path, '')).toMatchObject({ status: 200 });
    expect(list.answer('GET', path, '')).toMatchObject({
      status: 404,
      errorType: 'NotFoundException',
    });
  });
});
