import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';

Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-health',
  MAIL_FROM: 'no-reply@kryon.example',
  SES_IDENTITY: 'kryon.example',
  SES_CONFIGURATION_SET: 'kryon-sales',
  SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
});
const { handler } = await import('./health.ts');

const dynamo = mockClient(DynamoDBClient);
const ses = mockClient(SESv2Client);
const get = () => apiEvent({ method: 'GET', path: '/api/email/health', body: undefined });

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

describe('GET /api/email/health (AWS SDK mocked)', () => {
  it('answers 200 { success: true } when DynamoDB and SES both answer', async () => {
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bodyOf(response)).toEqual({
      success: true,
      services: { database: 'up', email: 'up' },
      timestamp: new Date(clock).toISOString(),
      checkedAt: new Date(clock).toISOString(),
    });
    expect(dynamo).toHaveReceivedCommandWith(DescribeTableCommand, { TableName: 'leads-health' });
    expect(ses).toHaveReceivedCommandOnce(GetAccountCommand);
    expect(ses).toHaveReceivedCommandWith(GetEmailIdentityCommand, {
      EmailIdentity: 'kryon.example',
    });
  });

  it('answers 503 with e-mail unverified while SES will not send as the sender identity', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      VerifiedForSendingStatus: false,
      VerificationStatus: 'PENDING',
    });
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toEqual({
      success: false,
      services: { database: 'up', email: 'unverified' },
      timestamp: expect.any(String),
      checkedAt: expect.any(String),
    });
  });

  it('answers 503 naming the database when DynamoDB does not answer', async () => {
    dynamo.on(DescribeTableCommand).rejects(new Error('connect ECONNREFUSED'));
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toMatchObject({
      success: false,
      services: { database: 'down', email: 'up' },
    });
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it('answers 503 naming e-mail when SES fails or has sending disabled', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: false });
    expect(bodyOf(await handler(get())).services).toEqual({ database: 'up', email: 'down' });
    later(60_000);
    ses.on(GetAccountCommand).rejects(new Error('AccessDenied'));
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response).services).toEqual({ database: 'up', email: 'down' });
  });

  it('answers 200 with e-mail sandbox while the SES account has no production access', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({
      success: true,
      services: { database: 'up', email: 'sandbox' },
    });
  });

  it('does not tell anyone the visitor set is paused: it answers what it would without the brake', async () => {
    ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: false } });
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({
      success: true,
      services: { database: 'up', email: 'sandbox' },
    });
    // Health is reachable through the site by anyone (decision 075): nothing says "paused".
    expect(JSON.stringify(bodyOf(response))).not.toMatch(/pause|brake|visitor/i);
    // No configuration set is even read: the brake's state is ops' (npm run brake -- status).
    expect(ses).not.toHaveReceivedCommand(GetConfigurationSetCommand);
  });

  it('answers up when the visitor set cannot be read: not known is not paused, nor down', async () => {
    ses.on(GetConfigurationSetCommand).rejects(
      new NotFoundException({
        message: 'Configuration set <kryon-visitor> does not exist.',
        $metadata: {},
      }),
    );
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).services).toEqual({ database: 'up', email: 'up' });
  });

  it('answers up once the account has production access', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true });
    expect(bodyOf(await handler(get())).services).toEqual({ database: 'up', email: 'up' });
  });

  it('probes DynamoDB and SES once for many requests within 45 s, then again', async () => {
    const first = clock;
    for (let i = 0; i < 10; i++) {
      const response = await handler(get());
      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toMatchObject({
        timestamp: new Date(clock).toISOString(),
        checkedAt: new Date(first).toISOString(),
      });
      later(4_000);
    }
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(1);
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(1);
    expect(ses.commandCalls(GetEmailIdentityCommand)).toHaveLength(1);

    later(5_000); // 45 s after the first probe
    expect(bodyOf(await handler(get())).checkedAt).toBe(new Date(clock).toISOString());
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(2);
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(2);
  });

  it('keeps a failed probe for the window too, so a flood in an outage does not hammer SES', async () => {
    ses.on(GetAccountCommand).rejects(new Error('Throttling'));
    for (let i = 0; i < 5; i++) {
      const response = await handler(get());
      expect(response.statusCode).toBe(503);
      expect(bodyOf(response).services).toEqual({ database: 'up', email: 'down' });
      later(1_000);
    }
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(1);
  });

  it('lets concurrent requests share one probe', async () => {
    const responses = await Promise.all(Array.from({ length: 25 }, () => handler(get())));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    expect(dynamo.commandCalls(DescribeTableCommand)).toHaveLength(1);
    expect(ses.commandCalls(GetAccountCommand)).toHaveLength(1);
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await handler(apiEvent({ method: 'POST', path: '/api/email/health' }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.methodNotAllowed });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
