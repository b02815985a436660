import type { LeadForm } from '@kryon/shared/api';
import { CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import type { Challenge, Solution } from 'altcha-lib/types';
import * as z from 'zod/mini';

/**
 * Fetches a challenge for `form`: resolves with the route's answer, unread (the session reads
 * it with challengeSchema), and rejects when there is none to be had.
 */
export type FetchChallenge = (form: LeadForm, signal: AbortSignal) => Promise<unknown>;

/** Solves a challenge; null when it gave up. */
export type SolveChallenge = (
  challenge: Challenge,
  signal: AbortSignal,
) => Promise<Solution | null>;

export interface ChallengeDeps {
  fetchChallenge: FetchChallenge;
  solve: SolveChallenge;
  /** Starts loading the solver's code while the challenge is on its way. */
  preload?: () => void;
  /** The browser's clocks: wall time (Date.now) and monotonic time (performance.now). */
  clock?: { wall: () => number; mono: () => number };
  /** How long a submit waits for a solve still running before it is sent without one. */
  waitMs?: number;
}

/**
 * How long a submit waits for the solver. A person who submits seconds after starting (an
 * autofilled dialog) waits at most this long, with the progress shown; after it, the lead is
 * sent without the proof, which costs them only the confirmation e-mail.
 */
export const CHALLENGE_WAIT_MS = 10_000;

/**
 * A challenge older than its lifetime less this is replaced before use. The margin covers
 * what can pass between that check on submit and the server's: the wait for a solve (10 s)
 * and the submission with its retries (3 tries of up to 10 s, a second apart). With the
 * 5-minute lifetime a challenge is used for up to 4 minutes.
 */
export const CHALLENGE_RENEW_MARGIN_MS = 60_000;

/**
 * A whole number above zero that is exact in a double: no 1e999 (Infinity), no 2^53. A
 * refinement rather than z.int() and z.positive(), which bring 0.4 kB (gzip) more of zod.
 */
const positiveInt = z.number().check(z.refine((n) => Number.isSafeInteger(n) && n > 0));

/**
 * The parts of a challenge the solver reads, each of the type altcha-lib's `Challenge` gives
 * it, its numbers the positive whole ones altcha-lib asserts when it creates one. Typed as a
 * schema of that `Challenge`, so a part altcha-lib comes to require fails the typecheck here.
 * Parts it does not name are let through, unread. What the text must hold (the hex of the
 * nonce, the salt and the key prefix) is the solver's to check: it throws on a wrong one, and
 * the form goes without a proof all the same.
 */
const challengeParts: z.ZodMiniType<Challenge> = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: positiveInt,
    keyLength: positiveInt,
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    memoryCost: z.optional(positiveInt),
    parallelism: z.optional(positiveInt),
    expiresAt: z.optional(z.number().check(z.refine((n) => n > 0))),
    // An object with a catch-all rather than z.record, as fieldErrorsSchema is, for size.
    data: z.optional(
      z.catchall(z.object({}), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ),
  }),
  signature: z.optional(z.string()),
});

/**
 * The answer of the challenge route (`GET challenge?form=<form>`), as the browser reads it:
 * an altcha-lib v2 `Challenge` whose parts all check out (challengeParts), handed on as sent,
 * not copied. The proof carries it back, and the server verifies a signature over every key
 * of its parameters; zod's copy of an object would leave out keys it does not name (and one
 * named `__proto__`). Anything else is refused, and the form is sent without a proof, as
 * when no challenge could be fetched.
 */
export const challengeSchema = z.custom<Challenge>(
  (value) => z.safeParse(challengeParts, value).success,
);

/**
 * The value of the submission's CHALLENGE_FIELD: base64 of the JSON `{ challenge, solution }`.
 * Encoded from UTF-8 so that text the server might put in the challenge's data cannot make
 * btoa throw; for the ASCII the server issues today it is plain btoa of the JSON.
 */
export function encodeProof(challenge: Challenge, solution: Solution): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ challenge, solution }));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface Attempt {
  /** When the challenge was asked for, on both clocks: it was issued no earlier. */
  askedAt: { wall: number; mono: number };
  controller: AbortController;
  /** The encoded proof, or undefined when the challenge could not be had or solved. */
  outcome: Promise<string | undefined>;
  settled: boolean;
  /** Once settled: the proof, or undefined when the check failed. */
  proof: string | undefined;
  /** Taken for a submission: the server accepts it once, so the next one needs another. */
  spent: boolean;
}

const browserClock = { wall: () => Date.now(), mono: () => performance.now() };

/**
 * One form's browser check, from first interaction to submit: fetches and solves a challenge
 * in the background, hands the proof to a submission, and replaces a spent, failed or ageing
 * one. It never fails a submission: whatever goes wrong, `take` resolves, at worst with no
 * proof, and the lead is sent without it.
 */
export function createChallengeSession(form: LeadForm, deps: ChallengeDeps) {
  const { fetchChallenge, solve, preload, clock = browserClock, waitMs = CHALLENGE_WAIT_MS } = deps;
  let current: Attempt | undefined;

  // The larger of the two clocks' readings: the wall clock keeps counting while a laptop
  // sleeps (the monotonic one may not), and the monotonic one is immune to the wall clock
  // being set back. Either way a challenge is never thought younger than it is.
  const ageOf = (attempt: Attempt) =>
    Math.max(clock.wall() - attempt.askedAt.wall, clock.mono() - attempt.askedAt.mono);
  const isStale = (attempt: Attempt) =>
    ageOf(attempt) >= CHALLENGE_TTL_MS - CHALLENGE_RENEW_MARGIN_MS;

  function begin(): Attempt {
    current?.controller.abort();
    const controller = new AbortController();
    preload?.();
    const attempt: Attempt = {
      askedAt: { wall: clock.wall(), mono: clock.mono() },
      controller,
      outcome: Promise.resolve(undefined),
      settled: false,
      proof: undefined,
      spent: false,
    };
    attempt.outcome = (async () => {
      try {
        const answer = z.safeParse(challengeSchema, await fetchChallenge(form, controller.signal));
        if (!answer.success || controller.signal.aborted) return undefined;
        const challenge = answer.data;
        const solution = await solve(challenge, controller.signal);
        if (solution) attempt.proof = encodeProof(challenge, solution);
      } catch {
        // No route (an older API), no network, no Worker or WebCrypto: the form goes on
        // without a proof, which the server accepts.
      } finally {
        attempt.settled = true;
      }
      return attempt.proof;
    })();
    current = attempt;
    return attempt;
  }

  return {
    /**
     * Starts the check if none is under way: called on every interaction with the form, so it
     * is cheap when there is nothing to do. A failed check is left alone until the next
     * submission, so a missing route is asked for once per submission, not per keystroke.
     */
    start(): void {
      if (!current || current.spent || isStale(current)) begin();
    },

    /**
     * The proof for the submission about to be sent, or undefined to send it without one. A
     * ready proof is handed over at once and a failed check answers at once; a check still
     * under way is waited for (`onWait` says so, to show it) for at most `waitMs`, and if it
     * is not done by then it goes on in the background for the next submission.
     */
    async take(onWait?: () => void): Promise<string | undefined> {
      const attempt = !current || current.spent || isStale(current) ? begin() : current;
      let proof: string | undefined;
      if (attempt.settled) {
        proof = await attempt.outcome;
      } else {
        onWait?.();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<undefined>((resolve) => {
          timer = setTimeout(resolve, waitMs, undefined);
        });
        proof = await Promise.race([attempt.outcome, timeout]);
        clearTimeout(timer);
      }
      if (proof !== undefined) attempt.spent = true;
      return proof;
    },

    /**
     * Once a submission is over: a spent proof or a failed check is replaced at once, so the
     * next submission (another download, the form sent again) finds a fresh one ready.
     */
    afterSubmit(): void {
      if (current?.settled && (current.spent || current.proof === undefined)) begin();
    },

    /** Stops the fetch and the solver: the form is gone. */
    dispose(): void {
      current?.controller.abort();
      current = undefined;
    },
  };
}

export type ChallengeSession = ReturnType<typeof createChallengeSession>;
