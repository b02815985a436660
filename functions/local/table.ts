import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { LEADS_TABLE } from '../src/adapters/table-schema.ts';

const { pendingSendsIndex: index } = LEADS_TABLE;

const INDEX_DEFINITION = {
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey.name, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: index.projection },
};

const ATTRIBUTES = [
  { AttributeName: LEADS_TABLE.partitionKey, AttributeType: 'S' as const },
  { AttributeName: LEADS_TABLE.sortKey, AttributeType: 'S' as const },
  { AttributeName: index.partitionKey.name, AttributeType: index.partitionKey.type },
  { AttributeName: index.sortKey.name, AttributeType: index.sortKey.type },
];

/**
 * Creates the leads table as infra/lib/submissions-table.ts defines it, if it is missing, and
 * adds the re-send index to a table an older checkout created without it.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexes = Table?.GlobalSecondaryIndexes ?? [];
    if (!indexes.some((i) => i.IndexName === index.name)) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: ATTRIBUTES,
          GlobalSecondaryIndexUpdates: [{ Create: INDEX_DEFINITION }],
        }),
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ATTRIBUTES,
      KeySchema: [
        { AttributeName: LEADS_TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: LEADS_TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [INDEX_DEFINITION],
    }),
  );
}
