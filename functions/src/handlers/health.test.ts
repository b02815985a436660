import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';

Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-health',
  MAIL_FROM: 'no-reply@kryon.example',
  SES_IDENTITY: 'kryon.example',
});
const { handler } = await import('./health.ts');

const dynamo = mockClient(DynamoDBClient);
const ses = mockClient(SESv2Client);
const get = () => apiEvent({ method: 'GET', path: '/api/email/health', body: undefined });

beforeEach(() => {
  dynamo.reset();
  ses.reset();
  dynamo.on(DescribeTableCommand).resolves({ Table: { TableStatus: 'ACTIVE' } });
  ses.on(GetAccountCommand).resolves({ SendingEnabled: true });
  ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
});

describe('GET /api/email/health (AWS SDK mocked)', () => {
  it('answers 200 { success: true } when DynamoDB and SES both answer', async () => {
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bodyOf(response)).toEqual({
      success: true,
      services: { database: 'up', email: 'up' },
      timestamp: expect.any(String),
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
    ses.on(GetAccountCommand).rejects(new Error('AccessDenied'));
    const response = await handler(get());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response).services).toEqual({ database: 'up', email: 'down' });
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await handler(apiEvent({ method: 'POST', path: '/api/email/health' }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.methodNotAllowed });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
