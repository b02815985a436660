import { CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import type { ChallengePrice } from '../leads/challenge-price.ts';
import { CHALLENGE_DIFFICULTY, costLevel, createAltchaService, honoursLevel } from './altcha.ts';

const EASY = { cost: 10, counterMin: 1, counterMax: 40 };

/** What the site's worker does: solve the challenge and send both, base64 JSON. */
async function solved(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return payload(challenge, solution);
}

function payload(challenge: unknown, solution: unknown) {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the ALTCHA challenge service', () => {
  const service = createAltchaService({ secret: 'site-secret', difficulty: EASY });

  it('issues signed PBKDF2 challenges for one form that expire with the challenge lifetime', async () => {
    const before = Date.now();
    const challenge = (await createAltchaService({ secret: 's' }).issue('demo')) as Challenge;

    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: CHALLENGE_DIFFICULTY.cost,
      data: { form: 'demo' },
    });
    const expiresAtMs = (challenge.parameters.expiresAt ?? 0) * 1000;
    expect(expiresAtMs).toBeGreaterThanOrEqual(before + CHALLENGE_TTL_MS - 1000);
    expect(expiresAtMs).toBeLessThanOrEqual(Date.now() + CHALLENGE_TTL_MS);
  });

  it('verifies a solved challenge for its form, with a token that names it', async () => {
    const challenge = (await service.issue('demo')) as Challenge;

    const result = await service.verify(await solved(challenge), 'demo');

    expect(result.verdict).toBe('verified');
    expect(result.token).toMatch(/^[0-9a-f]{64}$/);
    expect(result.expiresAtMs).toBe((challenge.parameters.expiresAt ?? 0) * 1000);
  });

  it('gives two challenges two tokens', async () => {
    const a = await service.verify(
      await solved((await service.issue('demo')) as Challenge),
      'demo',
    );
    const b = await service.verify(
      await solved((await service.issue('demo')) as Challenge),
      'demo',
    );
    expect(a.token).not.toBe(b.token);
  });

  it('refuses a solution for another form', async () => {
    const challenge = (await service.issue('partner')) as Challenge;
    expect((await service.verify(await solved(challenge), 'demo')).verdict).toBe('wrong-form');
  });

  it('refuses a challenge whose form was edited after signing', async () => {
    const challenge = (await service.issue('partner')) as Challenge;
    const edited = {
      ...challenge,
      parameters: { ...challenge.parameters, data: { form: 'demo' } },
    };
    const solution = await solveChallenge({ challenge: edited, deriveKey });
    expect((await service.verify(payload(edited, solution), 'demo')).verdict).toBe('invalid');
  });

  it('refuses a challenge made easier after signing', async () => {
    const challenge = (await service.issue('demo')) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    expect((await service.verify(payload(easier, solution), 'demo')).verdict).toBe('invalid');
  });

  it('refuses a wrong answer', async () => {
    const challenge = (await service.issue('demo')) as Challenge;
    const wrong = { counter: 0, derivedKey: '00'.repeat(32) };
    expect((await service.verify(payload(challenge, wrong), 'demo')).verdict).toBe('invalid');
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = createAltchaService({ secret: 'another-secret', difficulty: EASY });
    const challenge = (await other.issue('demo')) as Challenge;
    expect((await service.verify(await solved(challenge), 'demo')).verdict).toBe('invalid');
  });

  it('refuses a challenge past its lifetime, by the service clock', async () => {
    const challenge = (await service.issue('demo')) as Challenge;
    const answer = await solved(challenge);
    const later = createAltchaService({
      secret: 'site-secret',
      difficulty: EASY,
      now: () => Date.now() + CHALLENGE_TTL_MS + 1000,
    });

    expect((await later.verify(answer, 'demo')).verdict).toBe('expired');
  });

  it.each([
    ['nothing', undefined, 'missing'],
    ['null', null, 'missing'],
    ['an empty string', '', 'missing'],
    ['a number', 42, 'malformed'],
    ['an object', { challenge: {} }, 'malformed'],
    ['text that is not base64 JSON', 'not a payload', 'malformed'],
    [
      'base64 of JSON without a solution',
      payload({ parameters: {}, signature: 'x' }, null),
      'malformed',
    ],
    ['an oversized payload', 'A'.repeat(10_000), 'malformed'],
    ['a lone surrogate', '\ud800', 'malformed'],
  ])('answers %s as %s, without throwing', async (_label, value, verdict) => {
    expect((await service.verify(value, 'demo')).verdict).toBe(verdict);
  });

  describe('a payload of the wrong shape', () => {
    /** base64 of JSON text as it is, so it can hold what JSON.stringify would not write. */
    const raw = (json: string) => Buffer.from(json).toString('base64');

    it.each([
      ['JSON null', raw('null')],
      ['a JSON array', raw('[1, 2]')],
      ['a JSON string', raw('"challenge"')],
      ['a challenge that is an array', payload([], { counter: 1, derivedKey: 'ab' })],
      [
        'parameters that are an array',
        payload({ parameters: [], signature: 'x' }, { counter: 1, derivedKey: 'ab' }),
      ],
      [
        'a signature that is a number',
        payload({ parameters: {}, signature: 7 }, { counter: 1, derivedKey: 'ab' }),
      ],
      [
        'a challenge without a signature',
        payload({ parameters: {} }, { counter: 1, derivedKey: 'ab' }),
      ],
      [
        'a counter that is a string',
        payload({ parameters: {}, signature: 'x' }, { counter: '1', derivedKey: 'ab' }),
      ],
      [
        'a derived key that is a number',
        payload({ parameters: {}, signature: 'x' }, { counter: 1, derivedKey: 171 }),
      ],
    ])('answers %s as malformed', async (_label, value) => {
      expect((await service.verify(value, 'demo')).verdict).toBe('malformed');
    });

    it('answers a challenge without an expiry, or with one that is not a number, as invalid', async () => {
      const challenge = (await service.issue('demo')) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const { expiresAt, ...timeless } = challenge.parameters;
      for (const parameters of [timeless, { ...timeless, expiresAt: String(expiresAt) }]) {
        const edited = payload({ ...challenge, parameters }, solution);
        expect((await service.verify(edited, 'demo')).verdict).toBe('invalid');
      }
    });

    it('leaves the solution to altcha-lib once its counter is a number: an infinite one is invalid', async () => {
      const challenge = (await service.issue('demo')) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const infinite = raw(
        `{"challenge":${JSON.stringify(challenge)},"solution":{"counter":1e999,"derivedKey":"${solution?.derivedKey}"}}`,
      );
      expect((await service.verify(infinite, 'demo')).verdict).toBe('invalid');
    });

    it('ignores what it does not read beside the signed parameters', async () => {
      const challenge = (await service.issue('demo')) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const extra = payload(
        { ...challenge, codeChallenge: { image: 'x' }, note: 'hi' },
        { ...solution, time: 12, note: 'hi' },
      );
      expect((await service.verify(extra, 'demo')).verdict).toBe('verified');
    });

    it('checks the signature over every key of the parameters as sent, even one named __proto__', async () => {
      const challenge = (await service.issue('demo')) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const sent = (parameters: string) =>
        raw(
          `{"challenge":{"parameters":${parameters},"signature":"${challenge.signature}"},"solution":${JSON.stringify(solution)}}`,
        );
      const parameters = JSON.stringify(challenge.parameters);
      expect((await service.verify(sent(parameters), 'demo')).verdict).toBe('verified');
      const smuggled = parameters.replace(/^\{/, '{"__proto__":{},');
      expect((await service.verify(sent(smuggled), 'demo')).verdict).toBe('invalid');
    });
  });

  it('refuses a challenge kept for more than five minutes: tokens are not for storing', async () => {
    const challenge = (await service.issue('demo')) as Challenge;
    const answer = await solved(challenge);
    const later = createAltchaService({
      secret: 'site-secret',
      difficulty: EASY,
      now: () => Date.now() + 5 * 60_000 + 1000,
    });

    expect((await later.verify(answer, 'demo')).verdict).toBe('expired');
  });

  it('refuses to start without a secret', () => {
    expect(() => createAltchaService({ secret: '' })).toThrow(/secret/);
  });
});

describe('the price of the browser check', () => {
  /** A price that is whatever the test sets, and counts what it is told. */
  function settablePrice() {
    const state = { level: 0, counted: [] as number[] };
    const price: ChallengePrice = {
      level: async () => state.level,
      admit: async (_level, nowMs) => {
        state.counted.push(nowMs);
        return { admitted: true, giveBack: async () => undefined };
      },
    };
    return {
      state,
      service: createAltchaService({ secret: 'site-secret', difficulty: EASY, price }),
    };
  }

  it('issues at the cost of the moment, doubled per level, inside the signed parameters', async () => {
    const { state, service } = settablePrice();
    state.level = 3;
    const challenge = (await service.issue('demo')) as Challenge;

    expect(challenge.parameters.cost).toBe(EASY.cost * 8);
    expect(costLevel(challenge.parameters.cost, EASY.cost)).toBe(3);
    expect((await service.verify(await solved(challenge), 'demo')).verdict).toBe('verified');
  });

  it('takes a challenge at the price of the moment or above, and refuses one any level below', async () => {
    const { state, service } = settablePrice();
    const cheap = (await service.issue('demo')) as Challenge;
    const cheapAnswer = await solved(cheap);
    state.level = 1;
    const atPrice = (await service.issue('demo')) as Challenge;
    const atPriceAnswer = await solved(atPrice);
    state.level = 2;
    const above = await solved((await service.issue('demo')) as Challenge);

    state.level = 1;
    expect((await service.verify(cheapAnswer, 'demo')).verdict).toBe('underpriced');
    expect((await service.verify(atPriceAnswer, 'demo')).verdict).toBe('verified');
    expect((await service.verify(above, 'demo')).verdict).toBe('verified');
    state.level = 2;
    expect((await service.verify(atPriceAnswer, 'demo')).verdict).toBe('underpriced');
  });

  it('states the rule the bench spends a stockpile by: a token at or above the price', () => {
    expect(honoursLevel(0, 0)).toBe(true);
    expect(honoursLevel(3, 2)).toBe(true);
    expect(honoursLevel(2, 3)).toBe(false);
    expect(honoursLevel(0, 1)).toBe(false);
  });

  it('does not raise the price for challenges only fetched', async () => {
    const { state, service } = settablePrice();
    for (let i = 0; i < 5; i += 1) await service.issue('demo');
    expect(state.counted).toEqual([]);
    await service.admitConfirmation(0, 123);
    expect(state.counted).toEqual([123]);
  });

  it('issues at the base cost, at rest', async () => {
    const challenge = (await createAltchaService({ secret: 's' }).issue('demo')) as Challenge;
    expect(challenge.parameters.cost).toBe(CHALLENGE_DIFFICULTY.cost);
    expect(costLevel(5_000, 5_000)).toBe(0);
    expect(costLevel(80_000, 5_000)).toBe(4);
    expect(costLevel(undefined, 5_000)).toBe(0);
  });
});
