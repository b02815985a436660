import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import {
  DependencyError,
  type LeadStore,
  type RateLimitRequest,
  type StoredLead,
} from '../leads/ports.ts';

/**
 * One table holds every form's leads and the rate-limit counters:
 * - lead:    pk `LEAD#<form>#<idempotency key>`, sk `LEAD`
 * - counter: pk `RATE#<hashed key>`,              sk `RATE`
 * Keying leads by the Idempotency-Key makes "store once" a conditional put, with no
 * transaction (dynalite has none, and none is needed).
 */
export function leadKey(form: LeadForm, idempotencyKey: string) {
  return { pk: `LEAD#${form}#${idempotencyKey}`, sk: 'LEAD' };
}

export function createDynamoLeadStore(client: DynamoDBClient, tableName: string): LeadStore {
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });

  return {
    async findLead(form, idempotencyKey) {
      const out = await guard(() =>
        doc.send(
          new GetCommand({
            TableName: tableName,
            Key: leadKey(form, idempotencyKey),
            ConsistentRead: true,
          }),
        ),
      );
      if (!out.Item) return undefined;
      const { pk: _pk, sk: _sk, entity: _entity, ...lead } = out.Item;
      return lead as StoredLead;
    },

    async createLead(lead) {
      try {
        await guard(() =>
          doc.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...leadKey(lead.form, lead.idempotencyKey), entity: 'lead', ...lead },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionFailed) return false;
        throw error;
      }
    },

    async recordEmail(lead, outcome) {
      await guard(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: leadKey(lead.form, lead.idempotencyKey),
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression:
              'SET emailStatus = :status, emailUpdatedAt = :at, emailMessageId = :messageId, emailError = :error ADD emailAttempts :one',
            ExpressionAttributeValues: {
              ':status': outcome.status,
              ':at': outcome.at,
              ':messageId': outcome.messageId ?? null,
              ':error': outcome.error ?? null,
              ':one': 1,
            },
          }),
        ),
      );
    },

    async takeRateLimit(request) {
      // A window opens at the first hit and lasts windowMs, as the client's limit does.
      // Two conditional writes make it atomic without a transaction: open a new window if
      // none is running, else count within the running one while under the budget.
      if (await conditionalUpdate(() => openWindow(doc, tableName, request))) return true;
      return conditionalUpdate(() => countInWindow(doc, tableName, request));
    },

    async ping() {
      await guard(() => client.send(new DescribeTableCommand({ TableName: tableName })));
    },
  };
}

function rateKey(request: RateLimitRequest) {
  return { pk: `RATE#${request.key}`, sk: 'RATE' };
}

function openWindow(doc: DynamoDBDocumentClient, tableName: string, request: RateLimitRequest) {
  return doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: rateKey(request),
      ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
      UpdateExpression:
        'SET hits = :one, windowStart = :now, expiresAt = :expires, entity = :entity',
      ExpressionAttributeValues: {
        ':cutoff': request.nowMs - request.windowMs,
        ':now': request.nowMs,
        ':one': 1,
        ':expires': Math.ceil((request.nowMs + request.windowMs) / 1000) + 3600,
        ':entity': 'rate-limit',
      },
    }),
  );
}

function countInWindow(doc: DynamoDBDocumentClient, tableName: string, request: RateLimitRequest) {
  return doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: rateKey(request),
      ConditionExpression: 'windowStart > :cutoff AND hits < :max',
      UpdateExpression: 'ADD hits :one',
      ExpressionAttributeValues: {
        ':cutoff': request.nowMs - request.windowMs,
        ':max': request.max,
        ':one': 1,
      },
    }),
  );
}

class ConditionFailed extends Error {}

/** Runs a conditional write: true if it applied, false if its condition did not hold. */
async function conditionalUpdate(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await guard(write);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/** SDK failures become the domain's DependencyError; a failed condition is not a failure. */
async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof ConditionalCheckFailedException ||
      (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException'
    ) {
      throw new ConditionFailed();
    }
    throw new DependencyError('database', { cause: error });
  }
}
