import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent, sesEventRecord } from '../../local/ses-event-records.ts';

// The wiring reads its configuration once, on import: set it first, then load the handler.
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-unit',
  IP_HASH_SECRET: 'unit-secret',
  SES_CONFIGURATION_SET: 'sales-set',
  SES_VISITOR_CONFIGURATION_SET: 'visitor-set',
});
const { handler } = await import('./delivery-events.ts');

const documents = mockClient(DynamoDBDocumentClient);

const AT = '2026-11-26T10:00:00.000Z';
const delivery = eventBridgeEvent(
  sesEventRecord(
    {
      messageId: 'msg-1',
      destination: ['mei@harbour.example'],
      tags: { form: 'download', audience: 'visitor', submission: 'sub-1' },
      configurationSet: 'visitor-set',
      sentAt: AT,
    },
    { type: 'Delivery' },
    AT,
  ),
  AT,
);

beforeEach(() => {
  documents.reset();
});

describe('the delivery-events handler', () => {
  it('records an EventBridge-delivered SES event on the lead its tags name', async () => {
    documents.on(GetCommand).resolves({
      Item: { form: 'download', idempotencyKey: 'key-1' },
    });
    documents.on(UpdateCommand).resolves({});

    expect(await handler(delivery)).toBe('recorded');
    expect(documents).toHaveReceivedCommandWith(UpdateCommand, {
      TableName: 'leads-unit',
      Key: { pk: 'LEAD#download#key-1', sk: 'LEAD' },
      ExpressionAttributeNames: expect.objectContaining({ '#audience': 'visitor' }),
    });
  });

  it('does not throw on a poison event: nothing to retry', async () => {
    await expect(handler({ detail: 'not a record' })).resolves.toBe('unknown');
    await expect(handler(undefined as never)).resolves.toBe('unknown');
    expect(documents).not.toHaveReceivedCommand(GetCommand);
  });

  it('throws when the table fails, so EventBridge retries it', async () => {
    documents.on(GetCommand).rejects(new Error('throttled'));
    await expect(handler(delivery)).rejects.toThrow('database unavailable');
  });
});
