import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../../test/browser-check.ts';
import { apiEvent, bodyOf, type Handler, sampleBody } from '../../test/events.ts';
import {
  type IntegrationEnv,
  storedLeadItem,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';
import { CONFIRMATION_RATE_KEY, PRICE_CURVE } from './challenge-price.ts';

/*
 * The browser check's price counts confirmations let through, once per stored lead, through
 * the real download handler, the real SDK clients and the emulators. An attacker who re-sends
 * one solved lead (same Idempotency-Key, same token) from many addresses must not move it.
 */
let env: IntegrationEnv;
let handler: Handler;

/** A small curve, so a burst past its free rate takes a handful of solves, not hundreds. */
const FREE = 5;

beforeAll(async () => {
  env = await useEmulators('price');
  process.env.CHALLENGE_FREE_PER_WINDOW = String(FREE);
  process.env.CHALLENGE_PER_DOUBLING = '5';
  handler = ((await import('../handlers/download.ts')) as { handler: Handler }).handler;
});

/** The confirmations counted in the running 10-minute window, read strongly consistent. */
async function countedNow(): Promise<number> {
  const { Item } = await DynamoDBDocumentClient.from(env.dynamo).send(
    new GetCommand({
      TableName: env.tableName,
      Key: {
        pk: `RATE#${CONFIRMATION_RATE_KEY}#${Math.floor(Date.now() / PRICE_CURVE.windowMs)}`,
        sk: 'RATE',
      },
      ConsistentRead: true,
    }),
  );
  return Number(Item?.hits ?? 0);
}

/** Not at a window's turn: a test's reads must fall in one 10-minute window. */
async function awayFromWindowTurn() {
  const intoWindow = Date.now() % PRICE_CURVE.windowMs;
  if (intoWindow > PRICE_CURVE.windowMs - 30_000) {
    await new Promise((resolve) => setTimeout(resolve, PRICE_CURVE.windowMs - intoWindow + 50));
  }
}

function post(body: Record<string, unknown>, key: string) {
  // Each call comes from another client address, as the attacker's did.
  return handler(
    apiEvent({ path: '/api/email/download', body, headers: { 'idempotency-key': key } }),
  );
}

describe('the challenge price against the emulators', () => {
  it('counts a verified lead once: 100 replays of it leave the price where it was', async () => {
    await awayFromWindowTurn();
    const key = uniqueKey();
    const body = {
      ...sampleBody('download'),
      email: uniqueEmail('replayed'),
      [CHALLENGE_FIELD]: await solvedChallenge('download'),
    };
    const before = await countedNow();

    const first = await post(body, key);
    const afterFirst = await countedNow();
    const replays = [];
    for (let i = 0; i < 100; i += 1) replays.push(await post(body, key));

    expect(first.statusCode).toBe(200);
    expect(bodyOf(first)).toMatchObject({ success: true, confirmation: 'sent' });
    expect(afterFirst).toBe(before + 1);
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(bodyOf(replay).submissionId).toBe(bodyOf(first).submissionId);
    }
    expect(await countedNow()).toBe(afterFirst);
    expect(await storedLeadItem(env, 'download', key)).toMatchObject({
      browserCheck: 'verified',
      emails: { visitor: { status: 'sent' } },
    });
  }, 60_000);

  it('admits a concurrent burst of cheap proofs only up to the free rate, however warm the price cache', async () => {
    await awayFromWindowTurn();
    // Every proof bought at the base price, before the burst.
    const proofs = [];
    for (let i = 0; i < 12; i += 1) proofs.push(await solvedChallenge('download'));
    const before = await countedNow();

    const answers = await Promise.all(
      proofs.map((proof, i) =>
        post(
          { ...sampleBody('download'), email: uniqueEmail(`burst-${i}`), [CHALLENGE_FIELD]: proof },
          uniqueKey(),
        ),
      ),
    );

    const sent = answers.filter(
      (answer) => answer.statusCode === 200 && bodyOf(answer).confirmation === 'sent',
    );
    const repriced = answers.filter((answer) => answer.statusCode === 409);
    expect(sent).toHaveLength(Math.max(0, FREE - before));
    expect(repriced).toHaveLength(12 - sent.length);
    for (const answer of repriced) {
      expect(bodyOf(answer)).toMatchObject({ reason: 'challenge-repriced' });
    }
    expect(await countedNow()).toBe(Math.max(before, FREE));
  }, 60_000);
});
