import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTable } from '../local/table.ts';
import { useEmulators } from './integration.ts';

let dynamo: DynamoDBClient;

beforeAll(async () => {
  ({ dynamo } = await useEmulators('table'));
});

async function indexNames(tableName: string) {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName);
}

describe('ensureTable', () => {
  it('creates the table with the re-send index, and leaves it alone the second time', async () => {
    const tableName = `fresh-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo, tableName);
    await ensureTable(dynamo, tableName);
    expect(await indexNames(tableName)).toEqual(['pending-sends']);
  });

  it('rebuilds a table an older checkout created without the index, keeping its items', async () => {
    const tableName = `older-${randomUUID().slice(0, 8)}`;
    await dynamo.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
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

    expect(await indexNames(tableName)).toEqual(['pending-sends']);
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
});
