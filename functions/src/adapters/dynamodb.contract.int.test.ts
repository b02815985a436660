import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll } from 'vitest';
import { ensureTable } from '../../local/table.ts';
import { type IntegrationEnv, useEmulators } from '../../test/integration.ts';
import { leadStoreContract } from '../../test/lead-store-contract.ts';
import {
  createDynamoLeadStore,
  createDynamoWindowCounter,
  createLeadRequest,
  leadKey,
} from './dynamodb.ts';

let env: IntegrationEnv;

beforeAll(async () => {
  env = await useEmulators('contract');
});

// A table per test: the re-send list is a query over the whole table, so one test's owed
// leads would show up in the next one's list.
leadStoreContract('the DynamoDB adapter on dynalite', async () => {
  const tableName = `${env.tableName}-${randomUUID().slice(0, 8)}`;
  await ensureTable(env.dynamo, tableName);
  const doc = DynamoDBDocumentClient.from(env.dynamo, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return {
    store: createDynamoLeadStore(env.dynamo, tableName),
    counter: createDynamoWindowCounter(env.dynamo, tableName),
    async storeUnreadable(lead) {
      const { Item } = createLeadRequest(tableName, lead);
      await doc.send(
        new PutCommand({ TableName: tableName, Item: { ...Item, emailStatus: 'lost' } }),
      );
    },
    async oweUnreadableEvent(lead, id, dueAt) {
      // An owed event as no code writes it: its attribute holds no type, form or JSON.
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: leadKey(lead.form, lead.idempotencyKey),
          UpdateExpression:
            'SET #id = :garbage, eventsPartition = :partition, eventsDueAt = :due ADD eventsOwed :ids',
          ExpressionAttributeNames: { '#id': id },
          ExpressionAttributeValues: {
            ':garbage': 'edited by hand',
            ':partition': 'EVENTS',
            ':due': dueAt,
            ':ids': new Set([id]),
          },
        }),
      );
    },
  };
});
