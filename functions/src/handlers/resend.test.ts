import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';

// The wiring reads its configuration once, on import: set it first, then load the handler.
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-unit',
  MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
  MAIL_TO: 'sales@kryon.example',
  // Signs the research download's personal links in the e-mails it re-sends.
  IP_HASH_SECRET: 'unit-secret',
  SITE_ORIGIN: 'https://www.kryon.example',
  LEAD_EVENT_BUS_NAME: 'kryon-unit-leads',
});
const { handler } = await import('./resend.ts');

const documents = mockClient(DynamoDBDocumentClient);

function contextWith(remainingMs: number): Context {
  return { getRemainingTimeInMillis: () => remainingMs } as Context;
}

beforeEach(() => {
  documents.reset();
  documents.on(QueryCommand).resolves({ Items: [] });
});

describe('the scheduled re-send', () => {
  it('reads the re-send index for leads that are due, then the outbox of lead events', async () => {
    const summary = await handler({}, contextWith(110_000));
    expect(summary).toEqual({
      examined: 0,
      claimed: 0,
      skipped: 0,
      sent: 0,
      failed: 0,
      digests: 0,
      digested: 0,
      digestCounted: 0,
      digestFailed: 0,
      digestDeferred: 0,
      events: { leads: 0, published: 0, failed: 0, unreadable: 0 },
    });
    expect(documents).toHaveReceivedCommandWith(QueryCommand, {
      TableName: 'leads-unit',
      IndexName: 'pending-sends',
    });
    expect(documents).toHaveReceivedCommandWith(QueryCommand, {
      TableName: 'leads-unit',
      IndexName: 'pending-events',
    });
  });

  it('starts no page of work when the invocation is about to time out', async () => {
    await handler({}, contextWith(10_000));
    expect(documents).not.toHaveReceivedCommand(QueryCommand);
  });
});
