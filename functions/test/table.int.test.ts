import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startDynamo } from '../local/emulators.ts';
import { ensureTable } from '../local/table.ts';
import { useEmulators } from './integration.ts';

let dynamo: DynamoDBClient;

beforeAll(async () => {
  ({ dynamo } = await useEmulators('table'));
});

/** The leads table as checkouts before the re-send index created it. */
const olderTable = {
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
} satisfies Omit<CreateTableCommandInput, 'TableName'>;

/** The re-send list and the lead-event outbox (decision 090). */
const BOTH_INDEXES = ['pending-sends', 'pending-events'];

/** The leads table as checkouts before the event outbox created it: the re-send index only. */
const tableBeforeOutbox = {
  ...olderTable,
  AttributeDefinitions: [
    ...olderTable.AttributeDefinitions,
    { AttributeName: 'resendPartition', AttributeType: 'S' },
    { AttributeName: 'leaseUntil', AttributeType: 'N' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'pending-sends',
      KeySchema: [
        { AttributeName: 'resendPartition', KeyType: 'HASH' },
        { AttributeName: 'leaseUntil', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    },
  ],
} satisfies Omit<CreateTableCommandInput, 'TableName'>;

async function indexNamesOf(client: DynamoDBClient, tableName: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName);
}

describe('ensureTable', () => {
  it('creates the table with the re-send and outbox indexes, and leaves it alone the second time', async () => {
    const tableName = `fresh-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo, tableName);
    await ensureTable(dynamo, tableName);
    expect(await indexNamesOf(dynamo, tableName)).toEqual(BOTH_INDEXES);
  });

  it('rebuilds a table an older checkout created without the index, keeping its items', async () => {
    const tableName = `older-${randomUUID().slice(0, 8)}`;
    await dynamo.send(new CreateTableCommand({ ...olderTable, TableName: tableName }));
    await waitUntilTableExists(
      { client: dynamo, minDelay: 0.05, maxDelay: 0.5, maxWaitTime: 30 },
      { TableName: tableName },
    );
    const lead = (pk: string, emailStatus: string) => ({
      pk: { S: pk },
      sk: { S: 'LEAD' },
      entity: { S: 'lead' },
      emailStatus: { S: emailStatus },
    });
    await dynamo.send(
      new PutItemCommand({ TableName: tableName, Item: lead('LEAD#contact#a1b2c3d4', 'sent') }),
    );
    await dynamo.send(
      new PutItemCommand({ TableName: tableName, Item: lead('LEAD#contact#e5f6a7b8', 'failed') }),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});

    await ensureTable(dynamo, tableName);

    expect(await indexNamesOf(dynamo, tableName)).toEqual(BOTH_INDEXES);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('2 items kept'));
    // The lead that still owed its e-mail is on the re-send list; the sent one is not.
    const { Items } = await dynamo.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'pending-sends',
        KeyConditionExpression: 'resendPartition = :p',
        ExpressionAttributeValues: { ':p': { S: 'PENDING' } },
      }),
    );
    expect(Items?.map((item) => item.pk?.S)).toEqual(['LEAD#contact#e5f6a7b8']);
  });

  it('adds the outbox index to a table that has only the re-send index, keeping its items', async () => {
    const tableName = `before-outbox-${randomUUID().slice(0, 8)}`;
    await dynamo.send(new CreateTableCommand({ ...tableBeforeOutbox, TableName: tableName }));
    await waitUntilTableExists(
      { client: dynamo, minDelay: 0.05, maxDelay: 0.5, maxWaitTime: 30 },
      { TableName: tableName },
    );
    const item = { pk: { S: 'LEAD#contact#c0ffee00' }, sk: { S: 'LEAD' }, entity: { S: 'lead' } };
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: item }));
    vi.spyOn(console, 'log').mockImplementation(() => {});

    await ensureTable(dynamo, tableName);

    expect(await indexNamesOf(dynamo, tableName)).toEqual(BOTH_INDEXES);
    const { Item } = await dynamo.send(
      new GetItemCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }),
    );
    expect(Item).toEqual(item);
  });
});

describe('ensureTable against tables that take time to change state', () => {
  // DynamoDB answers CreateTable while the table is CREATING and refuses items until it is
  // ACTIVE; dynalite does the same for createTableMs. With the delays at 0 the window is a
  // timer tick, which a busy CI machine once lost: here it is wide enough to hit every time.
  it('returns only when the table takes items, whether created or rebuilt', async () => {
    const slow = await startDynamo({ port: 0, tableDelayMs: 400 });
    try {
      const client = new DynamoDBClient({
        endpoint: slow.url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const item = { pk: { S: 'LEAD#contact#slow' }, sk: { S: 'LEAD' } };

      await ensureTable(client, 'slow-fresh');
      await client.send(new PutItemCommand({ TableName: 'slow-fresh', Item: item }));

      await client.send(new CreateTableCommand({ ...olderTable, TableName: 'slow-older' }));
      vi.spyOn(console, 'log').mockImplementation(() => {});
      await ensureTable(client, 'slow-older');
      await client.send(new PutItemCommand({ TableName: 'slow-older', Item: item }));
      expect(await indexNamesOf(client, 'slow-older')).toEqual(BOTH_INDEXES);
    } finally {
      await slow.close();
    }
  });
});
