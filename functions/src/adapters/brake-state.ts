import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type BrakeState, type BrakeStateStore, RUNNING } from '../leads/visitor-brake.ts';
import { conditional, guard } from './dynamodb.ts';

/**
 * The visitor brake's one item: pk `BRAKE#visitor`, sk `BRAKE`, with a version that every
 * write checks and raises, so an alarm and the schedule running at once cannot overwrite each
 * other (a conditional put: no transaction, which dynalite lacks). No TTL: a hold must outlive
 * any retention.
 */
export const BRAKE_KEY = { pk: 'BRAKE#visitor', sk: 'BRAKE' } as const;

const isoTime = z.iso.datetime();

/** A stored item is parsed, never cast: a hand-edited or older item must not crash the brake. */
const storedBrake = z.object({
  version: z.number().check(z.int(), z.gte(1)),
  mode: z.enum(['running', 'paused', 'held']),
  trips: z.number().check(z.int(), z.gte(0)),
  pausedAt: z.optional(isoTime),
  pausedUntil: z.optional(isoTime),
  lastResumedAt: z.optional(isoTime),
  alarms: z.record(z.string(), z.object({ state: z.string(), at: isoTime })),
  changedBy: z.string(),
  reason: z.optional(z.string()),
  changedAt: isoTime,
});

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
      const parsed = z.safeParse(storedBrake, out.Item);
      if (!parsed.success) {
        throw new Error(
          `The visitor brake's item (${BRAKE_KEY.pk}) is not what the brake writes: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
        );
      }
      const { version, ...state } = parsed.data;
      return { state: state as BrakeState, version };
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
