import {
  type AttributeValue,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  paginateScan,
  ResourceNotFoundException,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import { LEADS_TABLE, PENDING_PARTITION } from '../src/adapters/table-schema.ts';

const { pendingSendsIndex: index } = LEADS_TABLE;
const INDEXES = [LEADS_TABLE.pendingSendsIndex, LEADS_TABLE.pendingEventsIndex];

/**
 * DynamoDB (and dynalite, even with its delays at 0) answers CreateTable and DeleteTable while
 * the table is still CREATING or DELETING, and refuses items until it is ACTIVE. The SDK's
 * waiters check at once, then poll; their delays are seconds, and fractions are accepted.
 */
const WAIT = { minDelay: 0.05, maxDelay: 0.5, maxWaitTime: 30 };

/**
 * Creates the leads table as infra/lib/submissions-table.ts defines it, if it is missing.
 * A table an older checkout created without one of its indexes (the re-send list, the event
 * outbox) is rebuilt with them, its items kept: dynalite cannot add an index to a table. This runs only against the local
 * emulator; the deployed table gets its shape from the CDK app.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  let indexes: string[];
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    indexes = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
    // Another process (a second `npm start`, a parallel test file) may have just created it.
    if (Table?.TableStatus !== 'ACTIVE') {
      await waitUntilTableExists({ client, ...WAIT }, { TableName: tableName });
    }
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await createTable(client, tableName);
    return;
  }
  if (INDEXES.some(({ name }) => !indexes.includes(name))) {
    await rebuildWithIndex(client, tableName);
  }
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: LEADS_TABLE.partitionKey, AttributeType: 'S' },
        { AttributeName: LEADS_TABLE.sortKey, AttributeType: 'S' },
        ...INDEXES.flatMap(({ partitionKey, sortKey }) => [
          { AttributeName: partitionKey.name, AttributeType: partitionKey.type },
          { AttributeName: sortKey.name, AttributeType: sortKey.type },
        ]),
      ],
      KeySchema: [
        { AttributeName: LEADS_TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: LEADS_TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: INDEXES.map(({ name, partitionKey, sortKey, projection }) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: partitionKey.name, KeyType: 'HASH' as const },
          { AttributeName: sortKey.name, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: projection },
      })),
    }),
  );
  await waitUntilTableExists({ client, ...WAIT }, { TableName: tableName });
}

async function rebuildWithIndex(client: DynamoDBClient, tableName: string): Promise<void> {
  const items: Record<string, AttributeValue>[] = [];
  for await (const page of paginateScan(
    { client },
    { TableName: tableName, ConsistentRead: true },
  )) {
    items.push(...(page.Items ?? []));
  }
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await waitUntilTableNotExists({ client, ...WAIT }, { TableName: tableName });
  await createTable(client, tableName);
  for (const item of items) {
    await client.send(new PutItemCommand({ TableName: tableName, Item: withResendListing(item) }));
  }
  console.log(`Rebuilt local table ${tableName} with its indexes (${items.length} items kept).`);
}

/** A lead stored before the re-send index that still owes its e-mail goes on the list. */
function withResendListing(item: Record<string, AttributeValue>): Record<string, AttributeValue> {
  const status = item.emailStatus?.S;
  const owed = item.entity?.S === 'lead' && (status === 'pending' || status === 'failed');
  if (!owed || item[index.partitionKey.name]) return item;
  return {
    ...item,
    [index.partitionKey.name]: { S: PENDING_PARTITION },
    [index.sortKey.name]: { N: '0' },
  };
}
