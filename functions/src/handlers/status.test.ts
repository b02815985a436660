import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';

Object.assign(process.env, {
  APP_VERSION: '1.2.3',
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-status',
  MAIL_FROM: 'Kryon <no-reply@kryon.example>',
  SES_CONFIGURATION_SET: 'kryon-leads',
  SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
  SES_IDENTITY: 'kryon.example',
});
const { handler } = await import('./status.ts');

const dynamo = mockClient(DynamoDBClient);
const ses = mockClient(SESv2Client);
const get = () => apiEvent({ method: 'GET', path: '/api/email/status', body: undefined });

// The handler reuses a probe for 45 s (decision 056): each test starts a minute after the
// last, so it sees a fresh one. Only Date is faked, so the SDK's timers run as usual.
vi.useFakeTimers({ toFake: ['Date'] });
let clock = Date.parse('2026-11-26T09:00:00Z');
const later = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
};

beforeEach(() => {
  later(60_000);
  dynamo.reset();
  ses.reset();
  dynamo.on(DescribeTableCommand).resolves({ Table: { TableStatus: 'ACTIVE' } });
  ses.on(GetAccountCommand).resolves({ SendingEnabled: true });
  ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
  ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: true } });
});

describe('GET /api/email/status', () => {
  it('says only whether e-mail and storage are usable', async () => {
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bodyOf(response)).toEqual({
      success: true,
      email: 'up',
      storage: 'up',
      timestamp: expect.any(String),
    });
  });

  it('names no sender, configuration set, region, table or version', async () => {
    const text = (await handler(get())).body;
    for (const secret of [
      'kryon.example',
      'kryon-leads',
      'eu-central-1',
      'leads-status',
      '1.2.3',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('says e-mail is down, naming nothing more, while the sender is not verified', async () => {
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false });
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toMatchObject({ success: false, email: 'down', storage: 'up' });
  });

  it('answers 503 with the service that is down when SES refuses', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: false });
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toMatchObject({ success: false, email: 'down', storage: 'up' });
  });

  it('says e-mail is up, naming nothing more, while the SES account is in the sandbox', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({
      success: true,
      email: 'up',
      storage: 'up',
      timestamp: expect.any(String),
    });
    expect(response.body).not.toMatch(/sandbox|checkedAt/i);
  });

  it('says e-mail is up, naming nothing more, while the visitor stream is paused', async () => {
    ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: false } });
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({
      success: true,
      email: 'up',
      storage: 'up',
      timestamp: expect.any(String),
    });
    expect(response.body).not.toMatch(/visitor|paused/i);
  });

  it('probes once for many requests, concurrent or within 45 s, and keeps a failure', async () => {
    ses.on(GetAccountCommand).rejects(new Error('Throttling'));
    const burst = await Promise.all(Array.from({ length: 20 }, () => handler(get())));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(503));
    later(44_000);
    expect((await handler(get())).statusCode).toBe(503);
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(1);

    ses.on(GetAccountCommand).resolves({ SendingEnabled: true });
    later(1_000);
    expect((await handler(get())).statusCode).toBe(200);
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(2);
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await handler(apiEvent({ method: 'DELETE', path: '/api/email/status' }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(bodyOf(response).message).toBe(ERROR_MESSAGES.methodNotAllowed);
  });
});
