import { CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Challenge, Solution } from 'altcha-lib/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  CHALLENGE_RENEW_MARGIN_MS,
  CHALLENGE_WAIT_MS,
  type ChallengeDeps,
  challengeSchema,
  createChallengeSession,
  encodeProof,
} from './challenge-session.ts';

/** A challenge as the API issues it; `n` tells one from the next. */
function challengeNo(n: number): Challenge {
  return {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: `nonce-${n}`,
      salt: 'aa',
      cost: 5000,
      keyLength: 32,
      keyPrefix: '00',
      expiresAt: 1_800_000_000,
      data: { form: 'contact' },
    },
    signature: `sig-${n}`,
  };
}

function solutionNo(n: number): Solution {
  return { counter: n, derivedKey: `00${n}`, time: 12 };
}

/** What the server reads out of the submission's CHALLENGE_FIELD. */
function decode(proof: string | undefined) {
  if (proof === undefined) return undefined;
  return JSON.parse(atob(proof)) as { challenge: Challenge; solution: Solution };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Fakes for the API and the solver. Each fetch answers the next numbered challenge, each solve
 * answers the solution of the same number; `holdSolves` leaves solves waiting for `release`.
 */
function fakes({ holdSolves = false } = {}) {
  const held: Deferred<Solution | null>[] = [];
  const signals: AbortSignal[] = [];
  const clock = { wall: 1_000_000, mono: 5_000 };
  // Numbered by call, answered or not, so a failed fetch still uses up its number.
  const fetchChallenge = vi.fn(async (_form: string, signal: AbortSignal): Promise<unknown> => {
    signals.push(signal);
    return challengeNo(fetchChallenge.mock.calls.length);
  });
  const deps = {
    fetchChallenge,
    solve: vi.fn(async (challenge: Challenge) => {
      const n = Number(challenge.parameters.nonce.split('-')[1]);
      if (!holdSolves) return solutionNo(n);
      const wait = deferred<Solution | null>();
      held.push(wait);
      return wait.promise;
    }),
    preload: vi.fn(),
    clock: { wall: () => clock.wall, mono: () => clock.mono },
  } satisfies ChallengeDeps;
  return {
    deps,
    signals,
    /** Lets the solve that started `index`-th (0-based) finish with the matching solution. */
    release: (index: number) => held[index]?.resolve(solutionNo(index + 1)),
    /** Moves both clocks on, as time passing does. */
    advanceClocks: (ms: number, { wall = ms, mono = ms } = {}) => {
      clock.wall += wall;
      clock.mono += mono;
    },
  };
}

/** Lets pending promise callbacks (fetch, solve, settle) run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('browser check session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing until the visitor starts on the form', async () => {
    const { deps } = fakes();
    createChallengeSession('contact', deps);
    await flush();
    expect(deps.fetchChallenge).not.toHaveBeenCalled();
    expect(deps.preload).not.toHaveBeenCalled();
  });

  it('starts once, however often the visitor interacts, and loads the solver meanwhile', async () => {
    const { deps } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    session.start();
    await flush();
    session.start();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);
    expect(deps.fetchChallenge).toHaveBeenCalledWith('contact', expect.any(AbortSignal));
    expect(deps.preload).toHaveBeenCalledTimes(1);
    expect(deps.solve).toHaveBeenCalledTimes(1);
  });

  it('hands a ready proof over at once, without saying it waits', async () => {
    const { deps } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    const onWait = vi.fn();
    const proof = await session.take(onWait);

    expect(onWait).not.toHaveBeenCalled();
    expect(decode(proof)).toEqual({ challenge: challengeNo(1), solution: solutionNo(1) });
  });

  it('encodes the proof as base64 of the JSON of the challenge and the solution', () => {
    const proof = encodeProof(challengeNo(1), solutionNo(1));
    expect(proof).toBe(
      btoa(JSON.stringify({ challenge: challengeNo(1), solution: solutionNo(1) })),
    );
  });

  it('while the solver still works, says so and waits for it', async () => {
    const { deps, release } = fakes({ holdSolves: true });
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    const onWait = vi.fn();
    let proof: string | undefined | null = null;
    void session.take(onWait).then((p) => {
      proof = p;
    });
    await vi.advanceTimersByTimeAsync(CHALLENGE_WAIT_MS / 2);
    expect(onWait).toHaveBeenCalledTimes(1);
    expect(proof).toBeNull();

    release(0);
    await flush();
    expect(decode(proof ?? undefined)?.solution).toEqual(solutionNo(1));
  });

  it('sends without a proof when the solver is slower than the wait, and keeps it for next time', async () => {
    const { deps, release } = fakes({ holdSolves: true });
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    let proof: string | undefined | null = null;
    void session.take(vi.fn()).then((p) => {
      proof = p;
    });
    await vi.advanceTimersByTimeAsync(CHALLENGE_WAIT_MS - 1);
    expect(proof).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(proof).toBeUndefined();

    // The unfinished check was never sent, so it is not replaced: once solved, it serves the
    // next submission.
    session.afterSubmit();
    release(0);
    await flush();
    expect(decode(await session.take())?.challenge).toEqual(challengeNo(1));
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);
  });

  it('sends without a proof at once when the challenge cannot be fetched', async () => {
    const { deps } = fakes();
    deps.fetchChallenge.mockRejectedValueOnce(new Error('challenge: HTTP 404'));
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    const onWait = vi.fn();
    const proof = await session.take(onWait);

    expect(proof).toBeUndefined();
    expect(onWait).not.toHaveBeenCalled();
    expect(deps.solve).not.toHaveBeenCalled();
  });

  it('sends without a proof at once when the answer is no challenge', async () => {
    const { deps } = fakes();
    deps.fetchChallenge.mockResolvedValueOnce({ success: false, message: 'Not found.' });
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    expect(await session.take()).toBeUndefined();
    expect(deps.solve).not.toHaveBeenCalled();
  });

  it('sends without a proof at once when the answer is a challenge with a part of the wrong type', async () => {
    const { deps } = fakes();
    const { parameters, signature } = challengeNo(1);
    deps.fetchChallenge.mockResolvedValueOnce({
      parameters: { ...parameters, cost: '5000' },
      signature,
    });
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    const onWait = vi.fn();
    expect(await session.take(onWait)).toBeUndefined();
    expect(onWait).not.toHaveBeenCalled();
    expect(deps.solve).not.toHaveBeenCalled();
  });

  it('sends without a proof when the solver fails or gives up', async () => {
    const { deps } = fakes();
    deps.solve.mockRejectedValueOnce(new Error('Worker is not defined'));
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    expect(await session.take()).toBeUndefined();

    session.afterSubmit();
    deps.solve.mockResolvedValueOnce(null);
    await flush();
    expect(await session.take()).toBeUndefined();
  });

  it('asks again after a failed check only once a submission is over, not at every keystroke', async () => {
    const { deps } = fakes();
    deps.fetchChallenge.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    session.start();
    session.start();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);

    expect(await session.take()).toBeUndefined();
    session.afterSubmit();
    await flush();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(2);
    expect(decode(await session.take())?.challenge).toEqual(challengeNo(2));
  });

  it('starts a fresh challenge after each submission that spent one', async () => {
    const { deps } = fakes();
    const session = createChallengeSession('download', deps);
    session.start();
    await flush();
    const first = decode(await session.take());
    session.afterSubmit();
    await flush();

    expect(deps.fetchChallenge).toHaveBeenCalledTimes(2);
    const onWait = vi.fn();
    const second = decode(await session.take(onWait));
    expect(onWait).not.toHaveBeenCalled();
    expect(first?.challenge).toEqual(challengeNo(1));
    expect(second?.challenge).toEqual(challengeNo(2));
  });

  it('never hands the same proof to two submissions', async () => {
    const { deps } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    const first = await session.take();
    // No afterSubmit in between (it runs once the first submission is over): still a new one.
    const second = await session.take();
    expect(decode(first)?.challenge).toEqual(challengeNo(1));
    expect(decode(second)?.challenge).toEqual(challengeNo(2));
  });

  it('replaces a challenge about to expire before it is used', async () => {
    const { deps, advanceClocks, signals } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();

    advanceClocks(CHALLENGE_TTL_MS - CHALLENGE_RENEW_MARGIN_MS - 1);
    expect(decode(await session.take())?.challenge).toEqual(challengeNo(1));
    session.afterSubmit();
    await flush();

    advanceClocks(CHALLENGE_TTL_MS - CHALLENGE_RENEW_MARGIN_MS);
    const proof = await session.take();
    expect(decode(proof)?.challenge).toEqual(challengeNo(3));
    expect(signals[1]?.aborted).toBe(true);
  });

  it('renews an ageing challenge when the visitor comes back to the form', async () => {
    const { deps, advanceClocks } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    advanceClocks(CHALLENGE_TTL_MS);
    session.start();
    await flush();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(2);
    const onWait = vi.fn();
    expect(decode(await session.take(onWait))?.challenge).toEqual(challengeNo(2));
    expect(onWait).not.toHaveBeenCalled();
  });

  it('counts age by whichever clock saw more time pass: a sleeping laptop, a clock set back', async () => {
    const { deps, advanceClocks } = fakes();
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    // Asleep: the monotonic clock stood still, the wall clock did not.
    advanceClocks(CHALLENGE_TTL_MS, { mono: 0 });
    expect(decode(await session.take())?.challenge).toEqual(challengeNo(2));
    session.afterSubmit();
    await flush();
    // The wall clock set back an hour while the page stayed open.
    advanceClocks(CHALLENGE_TTL_MS, { wall: -3_600_000 });
    expect(decode(await session.take())?.challenge).toEqual(challengeNo(4));
  });

  it('stops the fetch and the solver when the form goes away', async () => {
    const { deps, signals } = fakes({ holdSolves: true });
    const session = createChallengeSession('contact', deps);
    session.start();
    await flush();
    session.dispose();
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe("the challenge route's answer, as the browser reads it", () => {
  /** A challenge made as the API makes one (functions/src/adapters/altcha.ts), off the wire. */
  async function issued(): Promise<unknown> {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 3,
      deriveKey,
      data: { form: 'contact' },
      expiresAt: Math.floor((Date.now() + CHALLENGE_TTL_MS) / 1000),
      hmacSignatureSecret: 'signature-secret',
      hmacKeySignatureSecret: 'key-signature-secret',
    });
    return JSON.parse(JSON.stringify(challenge));
  }

  /** The test's challenge with `change` made to its parameters; undefined removes a part. */
  function withParameters(change: Record<string, unknown>): unknown {
    const { parameters, signature } = challengeNo(1);
    return { parameters: { ...parameters, ...change }, signature };
  }

  const refused = (answer: unknown) => !z.safeParse(challengeSchema, answer).success;

  it('takes the challenge altcha-lib makes as the API issues it, and hands it on as sent', async () => {
    const answer = await issued();
    const read = z.safeParse(challengeSchema, answer);
    expect(read.success).toBe(true);
    expect(read.data).toBe(answer);
  });

  it('keeps parameters it does not name, as the signature covers them all', async () => {
    const answer = (await issued()) as Challenge & { parameters: Record<string, unknown> };
    answer.parameters.addedLater = 'x';
    expect(z.parse(challengeSchema, answer).parameters).toHaveProperty('addedLater', 'x');
    expect(z.safeParse(challengeSchema, withParameters({ memoryCost: 16 })).success).toBe(true);
  });

  it('refuses what is no challenge at all', () => {
    for (const answer of [undefined, null, 'challenge', 42, [], {}, { success: false }]) {
      expect(refused(answer), JSON.stringify(answer)).toBe(true);
    }
  });

  it('refuses a challenge without a part the solver reads', () => {
    const { parameters, signature } = challengeNo(1);
    expect(refused({ signature })).toBe(true);
    for (const part of ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix']) {
      const { [part as keyof typeof parameters]: _gone, ...rest } = parameters;
      expect(refused({ parameters: rest, signature }), part).toBe(true);
    }
  });

  it('refuses parts of the wrong type', () => {
    const { parameters } = challengeNo(1);
    expect(refused({ parameters, signature: 42 })).toBe(true);
    expect(refused({ parameters: 'parameters', signature: 's' })).toBe(true);
    for (const change of [
      { algorithm: 1 },
      { nonce: null },
      { salt: ['aa'] },
      { cost: '5000' },
      { keyLength: true },
      { keyPrefix: 0 },
      { keySignature: 1 },
      { memoryCost: '16' },
      { parallelism: null },
      { expiresAt: '1800000000' },
      { data: 'contact' },
      { data: { form: { nested: true } } },
    ]) {
      expect(refused(withParameters(change)), JSON.stringify(change)).toBe(true);
    }
  });

  it('refuses numbers the solver cannot use: infinite, inexact, fractional, zero or below', () => {
    // `1e999` in the JSON of an answer parses to Infinity.
    const infinity = JSON.parse('1e999') as number;
    for (const cost of [infinity, 2 ** 53, 1.5, 0, -5000, Number.NaN]) {
      expect(refused(withParameters({ cost })), `cost ${cost}`).toBe(true);
    }
    for (const keyLength of [infinity, 2 ** 64, 0.5, 0, -32]) {
      expect(refused(withParameters({ keyLength })), `keyLength ${keyLength}`).toBe(true);
    }
    expect(refused(withParameters({ memoryCost: 0 }))).toBe(true);
    expect(refused(withParameters({ parallelism: 1.5 }))).toBe(true);
    for (const expiresAt of [infinity, 0, -1]) {
      expect(refused(withParameters({ expiresAt })), `expiresAt ${expiresAt}`).toBe(true);
    }
  });
});
