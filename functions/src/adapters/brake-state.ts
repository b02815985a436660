import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type BrakeStateStore, RUNNING } from '../leads/visitor-brake.ts';
import { conditional, guard } from './dynamodb.ts';
import { brakeItem } from './table-items.ts';

/**
 * The visitor brake's one item: each write names the version it read, so an alarm and the
 * schedule cannot overwrite each other (a conditional put: dynalite has no transactions); no
 * TTL, so a hold outlives any retention (decision 075).
 */
export const BRAKE_KEY = { pk: 'BRAKE#visitor', sk: 'BRAKE' } as const;

export function createDynamoBrakeStateStore(
  client: DynamoDBClient,
  tableName: string,
): BrakeStateStore {
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return {
    async read() {
      const out = await guard(() =>
        doc.send(new GetCommand({ TableName: tableName, Key: BRAKE_KEY, ConsistentRead: true })),
      );
      if (!out.Item) return { state: RUNNING, version: 0 };
      // Not readItem's DependencyError: the brake's item holds no visitor's data, so every
      // issue is named, for the person who runs `npm run brake` on a hand-edited item.
      const parsed = z.safeParse(brakeItem, out.Item);
      if (!parsed.success) {
        throw new Error(
          `The visitor brake's item (${BRAKE_KEY.pk}) is not what the brake writes: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
        );
      }
      const { version, ...state } = parsed.data;
      return { state, version };
    },
    async write(state, version) {
      return conditional(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...BRAKE_KEY, ...state, version: version + 1 },
            ...(version === 0
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : {
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': version },
                }),
          }),
        ),
      );
    },
  };
}
