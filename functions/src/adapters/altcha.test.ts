import { CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_DIFFICULTY, createAltchaService } from './altcha.ts';

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

  it('refuses to start without a secret', () => {
    expect(() => createAltchaService({ secret: '' })).toThrow(/secret/);
  });
});
