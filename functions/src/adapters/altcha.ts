import type { LeadForm } from '@kryon/shared/api';
import { CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import { type ChallengeParameters, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as z from 'zod/mini';
import { type ChallengePrice, FLAT_PRICE } from '../leads/challenge-price.ts';
import { derivedSecret, sha256 } from '../leads/hash.ts';
import type { BrowserCheck } from '../leads/lead.ts';
import type { ChallengeService } from '../leads/ports.ts';

/**
 * The browser check's difficulty at rest, about 300 keys, sized for a median under 1.5 s on a
 * CPU four times slower (decision 029); a flood doubles the cost, not the counters (decision 051).
 */
export const CHALLENGE_DIFFICULTY = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 100,
  counterMax: 500,
} as const;

/** A base64 JSON payload longer than this is not one this service issued. */
const MAX_PAYLOAD_CHARS = 4_096;

export interface AltchaOptions {
  /** The site's secret; the two ALTCHA keys are derived from it. */
  secret: string;
  now?: () => number;
  difficulty?: { cost: number; counterMin: number; counterMax: number };
  /** The price level of the moment; flat (level 0) when not given. */
  price?: ChallengePrice;
}

/** The price level a challenge was issued at, from the cost inside its signed parameters. */
export function costLevel(cost: unknown, baseCost: number): number {
  if (typeof cost !== 'number' || !(cost >= baseCost)) return 0;
  return Math.floor(Math.log2(cost / baseCost) + 1e-9);
}

/**
 * Whether a solved challenge is worth the price of the moment: only at the current level or
 * above, so stockpiling ahead of a rise buys nothing (decision 072). `npm run bench:api`'s
 * attacker model spends its stockpile by this same rule.
 */
export function honoursLevel(issuedLevel: number, currentLevel: number): boolean {
  return issuedLevel >= currentLevel;
}

/**
 * ALTCHA's open protocol through altcha-lib, self-hosted, with deterministic challenges:
 * verifying costs two HMACs whatever the difficulty (decision 029).
 */
export function createAltchaService(options: AltchaOptions): ChallengeService {
  if (!options.secret) throw new Error('The browser check needs the site secret');
  const hmacSignatureSecret = derivedSecret(options.secret, 'altcha-challenge-signature');
  const hmacKeySignatureSecret = derivedSecret(options.secret, 'altcha-key-signature');
  const now = options.now ?? (() => Date.now());
  const difficulty = options.difficulty ?? CHALLENGE_DIFFICULTY;
  const price = options.price ?? FLAT_PRICE;

  return {
    async admitConfirmation(issuedLevel: number, nowMs: number) {
      return price.admit(issuedLevel, nowMs);
    },

    async issue(form: LeadForm) {
      const level = await price.level(now());
      return createChallenge({
        algorithm: CHALLENGE_DIFFICULTY.algorithm,
        // The cost is signed with the rest of the parameters, so the price cannot be edited.
        cost: difficulty.cost * 2 ** level,
        counter: randomInt(difficulty.counterMax, difficulty.counterMin),
        deriveKey,
        data: { form },
        expiresAt: Math.floor((now() + CHALLENGE_TTL_MS) / 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    async verify(payload: unknown, form: LeadForm) {
      if (payload === undefined || payload === null || payload === '') {
        return { verdict: 'missing' };
      }
      const decoded = decodePayload(payload);
      if (!decoded) return { verdict: 'malformed' };
      const { challenge, solution } = decoded;
      const expiresAt = challenge.parameters.expiresAt;
      // altcha-lib reads the wall clock for expiry; the service's own clock decides here, so
      // tests control time and a challenge without an expiry is never taken.
      if (typeof expiresAt !== 'number' || expiresAt * 1000 < now()) {
        return { verdict: typeof expiresAt === 'number' ? 'expired' : 'invalid' };
      }
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return { verdict: 'malformed' };
      }
      if (result.expired) return { verdict: 'expired' };
      if (!result.verified) return { verdict: 'invalid' };
      // The form is inside the signed parameters, so it cannot be edited after issue.
      if (challenge.parameters.data?.form !== form) return { verdict: 'wrong-form' };
      const issuedAt = costLevel(challenge.parameters.cost, difficulty.cost);
      // A quick refusal at the price this function read lately; what decides is the
      // confirmation's admission (ChallengePrice.admit), which a burst cannot race.
      if (!honoursLevel(issuedAt, await price.level(now()))) return { verdict: 'underpriced' };
      const verdict: BrowserCheck = 'verified';
      return {
        verdict,
        token: sha256(challenge.signature ?? ''),
        expiresAtMs: expiresAt * 1000,
        level: issuedAt,
      };
    },
  };
}

/*
 * What the site sends, base64 of `{ challenge, solution }`, as a zod schema of the parts read
 * here and by altcha-lib's verifySolution; other fields are left out. What their values must
 * be beyond their types (a signature over the parameters, a counter that solves them) is
 * altcha-lib's to check, and it answers a wrong one as invalid, not malformed.
 */
const PAYLOAD = z.object({
  challenge: z.object({
    // Handed on as sent, not copied: the signature covers every key of the parameters, and
    // zod's copy of an object leaves out a key named `__proto__`, so a copy could verify
    // parameters that were edited after signing.
    parameters: z.custom<ChallengeParameters>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    ),
    signature: z.string(),
  }),
  solution: z.object({
    // Any number, an infinite one too (`1e999` in JSON): z.number() would refuse it as
    // malformed, where altcha-lib answers a counter it cannot use as an invalid solution.
    counter: z.custom<number>((value) => typeof value === 'number'),
    derivedKey: z.string(),
  }),
});

/** base64 of `{ challenge, solution }`, as the site sends it; undefined for anything else. */
function decodePayload(payload: unknown): z.infer<typeof PAYLOAD> | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_CHARS) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const decoded = z.safeParse(PAYLOAD, value);
  return decoded.success ? decoded.data : undefined;
}
