import { solveChallengeWorkers } from 'altcha-lib';
import type { Challenge, Solution } from 'altcha-lib/types';

/** The name of the performance measure each solve records, read by scripts/bench-solver.ts. */
export const SOLVE_MEASURE = 'kryon-challenge-solve';

export interface SolveMeasureDetail {
  /** The counter that solved it. */
  counter: number;
  /** Key-derivation iterations per attempt (PBKDF2 rounds). */
  cost: number;
  /** Worker threads that shared the counters. */
  concurrency: number;
  /** The solving worker's own time from its start to the solution, if it said. */
  workMs: number | null;
}

/**
 * Give up on a solve after this long: the visitor has long since been sent on without one
 * (the form waits CHALLENGE_WAIT_MS at most), and a device this slow should stop spending
 * its battery on it.
 */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Two threads at most: PBKDF2 keeps each one busy, and the visitor is typing on the main
 * thread meanwhile. Two halves the expected time on any multi-core device, and on the
 * low-end phones that report many cores but throttle them, more would mostly spend battery.
 */
export function solverConcurrency(): number {
  return Math.min(2, navigator.hardwareConcurrency || 1);
}

/**
 * Solves `challenge` off the main thread. Loaded only by dynamic import once a visitor starts
 * on a form, so altcha-lib is in no page's initial JavaScript. Resolves null when aborted or
 * timed out, and rejects when no worker can start (no Worker, no WebCrypto, a refused script).
 */
export async function solveInWorkers(
  challenge: Challenge,
  signal: AbortSignal,
): Promise<Solution | null> {
  const controller = new AbortController();
  if (signal.aborted) return null;
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const concurrency = solverConcurrency();
  const start = performance.now();
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency,
    controller,
    timeout: SOLVE_TIMEOUT_MS,
    createWorker: () =>
      new Worker(new URL('./challenge.worker.ts', import.meta.url), {
        type: 'module',
        name: 'kryon-challenge',
      }),
  });
  if (solution) {
    // The detail lets a benchmark tell the work (workMs: the winning worker's own time, for
    // `counter` key derivations spread over `concurrency` threads) from starting the workers.
    const detail: SolveMeasureDetail = {
      counter: solution.counter,
      cost: challenge.parameters.cost,
      concurrency,
      workMs: solution.time ?? null,
    };
    performance.measure(SOLVE_MEASURE, { start, end: performance.now(), detail });
  }
  return solution;
}
