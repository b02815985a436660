import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { API_PATHS } from '@kryon/shared/api';
import { CHALLENGE_RATE_LIMIT } from '@kryon/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf, type Handler } from '../../test/events.ts';
import { type IntegrationEnv, useEmulators } from '../../test/integration.ts';
import { CONFIRMATION_RATE_KEY, PRICE_CURVE } from '../leads/challenge-price.ts';

let env: IntegrationEnv;
let doc: DynamoDBDocumentClient;
let handler: Handler;
let seeded: number[];
const SEEDED_HITS = PRICE_CURVE.free + 2 * PRICE_CURVE.perDoubling;
const counterKey = (index: number) => ({
  pk: `RATE#${CONFIRMATION_RATE_KEY}#${index}`,
  sk: 'RATE',
});

beforeAll(async () => {
  env = await useEmulators('challenge');
  doc = DynamoDBDocumentClient.from(env.dynamo);
  // A flood's worth of confirmations in the running window and the one before, as the form
  // functions count them: the price is at least two levels up whatever the clock does.
  const running = Math.floor(Date.now() / PRICE_CURVE.windowMs);
  seeded = [running - 1, running];
  for (const index of seeded) {
    await doc.send(
      new PutCommand({
        TableName: env.tableName,
        Item: { ...counterKey(index), hits: SEEDED_HITS },
      }),
    );
  }
  ({ handler } = await import('./challenge.ts'));
});

const get = (sourceIp: string) => ({
  ...apiEvent({ method: 'GET', path: API_PATHS.challenge, body: undefined, sourceIp }),
  queryStringParameters: { form: 'download' },
});

describe('GET /api/email/challenge against dynalite', () => {
  it('prices the challenge from the confirmations the table counted', async () => {
    const response = await handler(get('198.51.100.1'));

    expect(response.statusCode).toBe(200);
    const { parameters } = bodyOf(response) as { parameters: { cost: number } };
    expect(parameters.cost).toBeGreaterThanOrEqual(4 * 5_000);
    expect(parameters.cost).toBeLessThanOrEqual(2 ** PRICE_CURVE.maxLevel * 5_000);
  });

  it('answers one network 429 with Retry-After past its limit, atomically across calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: CHALLENGE_RATE_LIMIT.max + 5 }, () => handler(get('198.51.100.2'))),
    );
    const codes = answers.map((answer) => answer.statusCode);

    expect(codes.filter((code) => code === 200)).toHaveLength(CHALLENGE_RATE_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('60');
    expect((await handler(get('198.51.100.3'))).statusCode).toBe(200);
  });

  it('leaves the price counters as they were, however many challenges are fetched', async () => {
    for (const index of seeded) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: env.tableName, Key: counterKey(index), ConsistentRead: true }),
      );
      expect(Item?.hits).toBe(SEEDED_HITS);
    }
    const next = Math.max(...seeded) + 1;
    const { Item } = await doc.send(
      new GetCommand({ TableName: env.tableName, Key: counterKey(next), ConsistentRead: true }),
    );
    expect(Item).toBeUndefined();
  });
});
