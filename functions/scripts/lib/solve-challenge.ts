import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_DIFFICULTY, costLevel } from '../../src/adapters/altcha.ts';

/** A solved browser check, as the form posts it, with what it cost. */
export interface SolvedChallenge {
  /** The price level the challenge was issued at. */
  level: number;
  /** The form field's value: the challenge and its solution, as the browser widget sends it. */
  payload: string;
  solveMs: number;
}

/**
 * Solves one challenge as the browser does (altcha-lib, from the published lowest counter):
 * the one solver of the local tools, the flood's and `npm run invoke -- --solve-challenge`.
 */
export async function solveBrowserCheck(challenge: Challenge): Promise<SolvedChallenge> {
  const started = performance.now();
  const solution = await solveChallenge({
    challenge,
    deriveKey,
    counterStart: CHALLENGE_DIFFICULTY.counterMin,
  });
  if (!solution) throw new Error('a challenge could not be solved');
  return {
    level: costLevel(challenge.parameters.cost, CHALLENGE_DIFFICULTY.cost),
    payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    solveMs: performance.now() - started,
  };
}
