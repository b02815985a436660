import { API_PATHS } from '@kryon/shared/api';
import { CHALLENGE_RATE_LIMIT } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';
import { FakeLeadStore } from '../../test/fake-lead-store.ts';
import { createAltchaService } from '../adapters/altcha.ts';
import type { ChallengePrice } from '../leads/challenge-price.ts';
import { challengeRateKey } from '../leads/rate-limit.ts';

Object.assign(process.env, { IP_HASH_SECRET: 'unit-secret', TABLE_NAME: 'unit-table' });
const { createChallengeHandler } = await import('./challenge.ts');

const NOW = Date.parse('2026-11-26T08:00:00Z');

function setup(options: { level?: number } = {}) {
  const store = new FakeLeadStore();
  const counted: number[] = [];
  const price: ChallengePrice = {
    level: async () => options.level ?? 0,
    admit: async (_level, nowMs) => {
      counted.push(nowMs);
      return { admitted: true, giveBack: async () => undefined };
    },
  };
  const clock = { now: NOW };
  const handler = createChallengeHandler({
    challenges: createAltchaService({ secret: 'unit-secret', price }),
    store,
    hashSecret: 'unit-secret',
    limit: CHALLENGE_RATE_LIMIT,
    now: () => clock.now,
  });
  return { handler, store, counted, clock };
}

const get = (query: Record<string, string> | undefined, sourceIp = '203.0.113.7') => ({
  ...apiEvent({ method: 'GET', path: API_PATHS.challenge, body: undefined, sourceIp }),
  queryStringParameters: query,
});

describe('GET /api/email/challenge', () => {
  it('answers a signed challenge for the form, never cached', async () => {
    const response = await setup().handler(get({ form: 'beta-access' }));

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bodyOf(response)).toMatchObject({
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        cost: 5_000,
        data: { form: 'beta-access' },
      },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('answers at the price of the moment', async () => {
    const response = await setup({ level: 2 }).handler(get({ form: 'demo' }));
    expect(bodyOf(response)).toMatchObject({ parameters: { cost: 20_000 } });
  });

  it.each([
    ['no query', undefined],
    ['no form', { other: 'x' }],
    ['an unknown form', { form: 'admin' }],
    ['a prototype key', { form: '__proto__' }],
  ])('answers 400 JSON for %s', async (_label, query) => {
    const response = await setup().handler(get(query));
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.unknownForm });
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await setup().handler(
      apiEvent({ method: 'POST', path: API_PATHS.challenge, body: '{}' }),
    );
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
  });
});

describe('the per-client limit on challenges', () => {
  it('gives one network 30 a minute, then a 429 a person can read, with Retry-After', async () => {
    const { handler, clock } = setup();
    for (let i = 0; i < CHALLENGE_RATE_LIMIT.max; i += 1) {
      expect((await handler(get({ form: 'contact' }))).statusCode).toBe(200);
    }
    const refused = await handler(get({ form: 'demo' }));

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(bodyOf(refused)).toEqual({
      success: false,
      message: ERROR_MESSAGES.challengeRateLimited,
    });
    // Another network is not affected, and the same one gets challenges again a minute on.
    expect((await handler(get({ form: 'demo' }, '198.51.100.9'))).statusCode).toBe(200);
    clock.now += CHALLENGE_RATE_LIMIT.windowMs + 1;
    expect((await handler(get({ form: 'demo' }))).statusCode).toBe(200);
  });

  it("counts an IPv6 client by its /64, under the shared helper's key", async () => {
    const { handler, store } = setup();
    for (let i = 0; i < CHALLENGE_RATE_LIMIT.max; i += 1) {
      await handler(get({ form: 'contact' }, `2001:db8:1:2::${i.toString(16)}`));
    }
    expect((await handler(get({ form: 'contact' }, '2001:db8:1:2::ffff'))).statusCode).toBe(429);
    const keys = [...store.windows.keys()];
    expect(keys).toEqual([challengeRateKey('2001:db8:1:2::ffff', 'unit-secret')]);
  });

  it('does not raise the price, however many are fetched', async () => {
    const { handler, counted } = setup();
    for (let i = 0; i < 40; i += 1) await handler(get({ form: 'contact' }));
    expect(counted).toEqual([]);
  });
});
