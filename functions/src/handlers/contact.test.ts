import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { mockClient } from 'aws-sdk-client-mock';
import { CONTACT_ENV } from './contact-env.fixture.ts';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf, contactBody, contactEvent } from '../../test/events.ts';
import { emailHash } from '../leads/hash.ts';
import { rateLimitKeys } from '../leads/rate-limit.ts';

// The wiring reads its configuration once, on import: set it first, then load the handler.
Object.assign(process.env, CONTACT_ENV);
const { handler } = await import('./contact.ts');

const dynamo = mockClient(DynamoDBClient);
const documents = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

/** Leads by key: Get and Put behave as the table does, so replays can be followed. */
let items: Map<string, Record<string, unknown>>;
const itemKey = (key: Record<string, unknown> | undefined) => `${key?.pk}|${key?.sk}`;

function conditionFailed() {
  return new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });
}

beforeEach(() => {
  dynamo.reset();
  documents.reset();
  ses.reset();
  items = new Map();
  documents.on(GetCommand).callsFake(async (input) => ({ Item: items.get(itemKey(input.Key)) }));
  documents.on(PutCommand).callsFake(async (input) => {
    const key = itemKey(input.Item);
    if (items.has(key)) throw conditionFailed();
    items.set(key, structuredClone(input.Item));
    return {};
  });
  documents.on(UpdateCommand).resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' });
});

/** One client, so the address budget's key (kept per client network) is known. */
const CLIENT = '203.0.113.50';
const clientEvent = (key: string) =>
  apiEvent({ body: contactBody(), headers: { 'idempotency-key': key }, sourceIp: CLIENT });
const rateKey = (email: string) => ({
  pk: `RATE#${rateLimitKeys(emailHash('unit-secret', email), CLIENT, 'unit-secret', 'unverified').email}`,
  sk: 'RATE',
});
const leadKey = (key: string) => ({ pk: `LEAD#contact#${key}`, sk: 'LEAD' });

describe('POST /api/email/contact (AWS SDK mocked)', () => {
  it('answers 200 with the success message, stores the lead and mails sales', async () => {
    const response = await handler(clientEvent('key-00000001'));

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = bodyOf(response);
    expect(body).toEqual({
      success: true,
      message: SUCCESS_MESSAGES.contact,
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.any(String),
    });
    expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);

    expect(documents).toHaveReceivedCommandWith(UpdateCommand, {
      TableName: 'leads-unit',
      Key: rateKey('ada@example.com'),
    });
    // The lead's id points at its key first, so a link naming the id finds the lead.
    expect(documents).toHaveReceivedNthCommandWith(PutCommand, 1, {
      TableName: 'leads-unit',
      Item: {
        pk: `LEADID#${body.submissionId}`,
        sk: 'LEADID',
        entity: 'lead-id',
        form: 'contact',
        idempotencyKey: 'key-00000001',
        expiresAt: expect.any(Number),
      },
    });
    expect(documents).toHaveReceivedNthCommandWith(PutCommand, 2, {
      TableName: 'leads-unit',
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: expect.objectContaining({
        ...leadKey('key-00000001'),
        submissionId: body.submissionId,
        fields: expect.objectContaining({ email: 'ada@example.com', name: 'Ada Lovelace' }),
        emailStatus: 'pending',
        // On the re-send list from the start, leased to this request while it sends.
        resendPartition: 'PENDING',
        leaseToken: body.submissionId,
      }),
    });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: 'Kryon Website <no-reply@kryon.example>',
      Destination: { ToAddresses: ['sales@kryon.example', 'ops@kryon.example'] },
      ReplyToAddresses: ['ada@example.com'],
      // The sales stream's own set, not the visitor one.
      ConfigurationSetName: 'kryon-sales',
      EmailTags: [
        { Name: 'form', Value: 'contact' },
        { Name: 'audience', Value: 'sales' },
        // Finds the lead when SES reports what became of the message.
        { Name: 'submission', Value: String(body.submissionId) },
      ],
      Content: {
        Simple: expect.objectContaining({
          Subject: {
            Data: 'Contact · Request Demo · from “Analytical Engines”',
            Charset: 'UTF-8',
          },
        }),
      },
    });
    expect(documents).toHaveReceivedLastCommandWith(UpdateCommand, {
      Key: leadKey('key-00000001'),
      ConditionExpression: 'leaseToken = :token',
      ExpressionAttributeValues: expect.objectContaining({
        ':status': 'sent',
        ':emails': {
          sales: expect.objectContaining({
            status: 'sent',
            attempts: 1,
            messageId: 'ses-message-1',
          }),
        },
      }),
    });
    // Sent: the update takes the lead off the re-send list.
    expect(documents.commandCalls(UpdateCommand).at(-1)?.args[0].input.UpdateExpression).toMatch(
      /REMOVE leaseToken, leaseUntil, resendPartition/,
    );
  });

  it('answers 400 with the schema messages keyed by field, touching no AWS service', async () => {
    const response = await handler(
      contactEvent(
        { name: 'A', email: 'nope', subject: 'lunch', message: 'hi', phone: 'call me' },
        'key-00000001',
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toEqual({
      success: false,
      message: ERROR_MESSAGES.validation,
      details: {
        name: ['Please enter your full name (minimum 2 characters)'],
        email: ['Please enter a valid work email address'],
        subject: ['Please choose a subject'],
        message: ['Message must be at least 10 characters long'],
        phone: ['Please enter a valid phone number'],
      },
    });
    expect(documents.calls()).toHaveLength(0);
    expect(ses.calls()).toHaveLength(0);
  });

  it('answers 400 with a message for every missing required field', async () => {
    const response = await handler(contactEvent({}, 'key-00000001'));
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).details).toEqual({
      name: ['Please enter your full name'],
      email: ['Please enter a valid work email address'],
      subject: ['Please choose a subject'],
      message: ['Please enter a message'],
    });
  });

  it('answers 429 with the rate-limit message and Retry-After while the limit holds', async () => {
    documents.on(UpdateCommand, { Key: rateKey('ada@example.com') }).rejects(conditionFailed());
    const response = await handler(clientEvent('key-00000001'));

    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.rateLimited });
    expect(bodyOf(response).message).toBe('Too many requests. Please wait a moment and try again.');
    // Both conditional writes were tried: open a new window, then count in the running one.
    expect(documents).toHaveReceivedCommandTimes(UpdateCommand, 2);
    expect(documents).not.toHaveReceivedCommand(PutCommand);
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
  });

  it('still answers 200 when SES fails, and marks the kept lead as failed', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(
        new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }),
      );
    const response = await handler(contactEvent(contactBody(), 'key-00000001'));

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).success).toBe(true);
    expect(items.has(itemKey(leadKey('key-00000001')))).toBe(true);
    expect(documents).toHaveReceivedLastCommandWith(UpdateCommand, {
      Key: leadKey('key-00000001'),
      ExpressionAttributeValues: expect.objectContaining({
        ':status': 'failed',
        ':emails': {
          sales: expect.objectContaining({
            status: 'failed',
            attempts: 1,
            error: 'TooManyRequestsException: Maximum sending rate exceeded.',
          }),
        },
      }),
    });
    // Still owed: the lead stays on the re-send list, due at once.
    expect(documents.commandCalls(UpdateCommand).at(-1)?.args[0].input.UpdateExpression).toMatch(
      /leaseUntil = :retryAt REMOVE leaseToken$/,
    );
  });

  it('answers 200 while the sender is not verified, and keeps the lead waiting, no attempt used', async () => {
    ses.on(SendEmailCommand).rejects(
      new MessageRejected({
        message:
          'Email address is not verified. The following identities failed the check in region EU-WEST-1: no-reply@kryon.example',
        $metadata: {},
      }),
    );
    const response = await handler(contactEvent(contactBody(), 'key-00000009'));

    expect(response.statusCode).toBe(200);
    expect(documents).toHaveReceivedLastCommandWith(UpdateCommand, {
      Key: leadKey('key-00000009'),
      ExpressionAttributeValues: expect.objectContaining({
        ':status': 'pending',
        ':emails': {
          sales: expect.objectContaining({
            status: 'pending',
            attempts: 0,
            waitingFor: 'sender-verification',
          }),
        },
      }),
    });
  });

  it.each([
    ['Put', PutCommand],
    ['rate-limit Update', UpdateCommand],
  ] as const)('answers 503 JSON without internals when DynamoDB %s fails', async (_l, command) => {
    const failure = new Error('connect ECONNREFUSED 10.0.0.1:443 at /var/task/index.mjs:1:1');
    failure.name = 'InternalServerError';
    documents.on(command as typeof PutCommand).rejects(failure);
    const response = await handler(contactEvent(contactBody(), 'key-00000001'));

    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['retry-after']).toBe('60');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.unavailable });
    expect(response.body).not.toMatch(/ECONNREFUSED|InternalServerError|\/var\/task|\bat\s/);
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
  });

  it('answers 500 JSON without internals on an unexpected failure', async () => {
    // A conditional put that conflicts with a lead that then cannot be read is impossible
    // in a working table; the handler must still answer JSON.
    documents.on(PutCommand).rejects(conditionFailed());
    const response = await handler(contactEvent(contactBody(), 'key-00000001'));
    expect(response.statusCode).toBe(500);
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.server });
  });

  it('answers a filled honeypot with the usual 200 and sends no e-mail', async () => {
    const response = await handler(
      contactEvent(contactBody({ website: 'https://cheap-pills.example' }), 'key-00000001'),
    );
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({ success: true, message: SUCCESS_MESSAGES.contact });
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
    expect(documents).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ spam: true }),
    });
  });

  it('replays the first answer for the same Idempotency-Key and sends no second e-mail', async () => {
    const first = await handler(contactEvent(contactBody(), 'key-00000001'));
    const second = await handler(contactEvent(contactBody(), 'key-00000001'));

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(bodyOf(second)).toEqual(bodyOf(first));
    // The retry's conditional put is refused: one lead stored, one e-mail sent.
    expect([...items.keys()].filter((key) => key.startsWith('LEAD#'))).toHaveLength(1);
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });

  it('answers 409 for the same Idempotency-Key with a different payload', async () => {
    await handler(contactEvent(contactBody(), 'key-00000001'));
    const response = await handler(
      contactEvent(contactBody({ message: 'Something else entirely, please.' }), 'key-00000001'),
    );
    expect(response.statusCode).toBe(409);
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.conflict });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });

  it('gives each request without an Idempotency-Key its own submission', async () => {
    const first = bodyOf(await handler(contactEvent(contactBody())));
    const second = bodyOf(await handler(contactEvent(contactBody())));
    expect(first.submissionId).not.toBe(second.submissionId);
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 2);
  });

  it('answers 400 for a malformed Idempotency-Key', async () => {
    const response = await handler(contactEvent(contactBody(), 'bad key'));
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).message).toBe(ERROR_MESSAGES.badIdempotencyKey);
    expect(documents.calls()).toHaveLength(0);
  });

  it.each([
    [415, ERROR_MESSAGES.unsupportedMediaType, { 'content-type': 'text/plain' }, 'name=Ada'],
    [400, ERROR_MESSAGES.malformedJson, {}, '{"name":'],
    [413, ERROR_MESSAGES.bodyTooLarge, {}, JSON.stringify({ message: 'x'.repeat(70_000) })],
  ])('answers %i before touching AWS', async (status, message, headers, body) => {
    const response = await handler(apiEvent({ body, headers }));
    expect(response.statusCode).toBe(status);
    expect(bodyOf(response)).toEqual({ success: false, message });
    expect(documents.calls()).toHaveLength(0);
  });

  it('answers 405 JSON with Allow: POST for another method', async () => {
    const response = await handler(apiEvent({ method: 'GET' }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.methodNotAllowed });
  });
});
