/**
 * How long a visitor's browser takes to solve the lead forms' browser check
 * (docs/decisions/028), for choosing its difficulty. Against a running site and API (`npm start`,
 * or a deployment), each run opens /contact in a fresh Chromium context with the CPU throttled
 * through CDP (4x by default, a mid-range phone), focuses the form as a visitor would, and reads
 * the `kryon-challenge-solve` measure the page records.
 *
 *   npx tsx web/scripts/bench-solver.ts [baseUrl]      (BENCH_SOLVER_RUNS, default 10)
 *
 * Chromium applies `Emulation.setCPUThrottlingRate` to the page's main thread only: on a worker
 * target it answers "only supported for pages" (Chromium 156), and the solving happens in
 * workers. So each sample is also projected: the winning worker's own time (`workMs`) scaled by
 * the rate, plus the rest of the measured time (loading the solver, starting the workers,
 * messages), which the throttle did slow. Where a browser does throttle its workers, the
 * measured time is used as it is. `medianMs` and `p90Ms` are those projected figures; the
 * measured ones are reported beside them.
 */
import { pathToFileURL } from 'node:url';
import { type CDPSession, chromium } from 'playwright-core';
import { SOLVE_MEASURE, type SolveMeasureDetail } from '../app/lib/lead-form/challenge-solver.ts';
import { browserExecutable, CHROMIUM_ARGS } from './chromium.ts';

export interface SolverBenchOptions {
  /** Origin of a running site whose /api answers the challenge route. */
  baseUrl: string;
  /** Fresh pages to measure (default 10). */
  runs?: number;
  /** CDP CPU throttling rate (default 4). */
  cpuThrottleRate?: number;
  /** The page whose form is focused (default /contact). */
  path?: string;
  /** How long one solve may take before the run fails (default 120 s). */
  timeoutMs?: number;
  executablePath?: string;
}

export interface SolverSample {
  /** The page's measure: from calling the solver to its solution. */
  measuredMs: number;
  /** The measured time with the workers' share slowed by the throttle rate. */
  projectedMs: number;
  /** Whether the browser accepted the throttle for the solving workers too. */
  workersThrottled: boolean;
  detail: SolveMeasureDetail;
  /** One key derivation on one worker thread, from the winning worker's own time. */
  msPerAttempt: number | null;
}

export interface SolverBenchResult {
  runs: number;
  cpuThrottleRate: number;
  /** Median and 90th percentile of the projected solve time, ms. */
  medianMs: number;
  p90Ms: number;
  /** The same as measured (workers unthrottled where the browser refused the throttle). */
  measuredMedianMs: number;
  measuredP90Ms: number;
  /** Median cost of one key derivation per thread, unthrottled where the browser refused. */
  msPerAttempt: number | null;
  samples: SolverSample[];
}

/** Nearest-rank percentile of `values` (0 < p <= 100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * Asks every worker the page starts to throttle too, over the page's own CDP session
 * (auto-attach without flattening, so messages go through Target.sendMessageToTarget).
 * Resolves each worker's answer into `accepted`.
 */
async function throttleWorkers(cdp: CDPSession, rate: number, accepted: boolean[]) {
  let id = 0;
  const pending = new Map<number, number>();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message) as { id?: number; error?: unknown };
    const index = reply.id === undefined ? undefined : pending.get(reply.id);
    if (index !== undefined) accepted[index] = reply.error === undefined;
  });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    id += 1;
    pending.set(id, accepted.length);
    accepted.push(false);
    const message = JSON.stringify({
      id,
      method: 'Emulation.setCPUThrottlingRate',
      params: { rate },
    });
    cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => {});
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
}

export async function benchSolver(options: SolverBenchOptions): Promise<SolverBenchResult> {
  const {
    baseUrl,
    runs = 10,
    cpuThrottleRate = 4,
    path = '/contact',
    timeoutMs = 120_000,
    executablePath = browserExecutable(),
  } = options;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const samples: SolverSample[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      // A fresh context each time: no cached solver, no earlier measure, no warm workers.
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottleRate });
        const workersAccepted: boolean[] = [];
        await throttleWorkers(cdp, cpuThrottleRate, workersAccepted);

        await page.goto(new URL(path, baseUrl).href);
        // The form is an island that hydrates at the visitor's first touch, and its browser
        // check starts once hydrated with the focus inside it: focus a field as a visitor
        // would, then wait for React. Its wrapper has no box of its own (display: contents).
        const island = page.locator('[data-island]').filter({ has: page.locator('form') });
        await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
        await page.locator('form').getByRole('textbox').first().focus();
        await page
          .locator('[data-island][data-hydrated] form')
          .first()
          .waitFor({ state: 'attached', timeout: timeoutMs });
        const measure = await page.waitForFunction(
          (name) => {
            const [entry] = performance.getEntriesByName(name, 'measure') as PerformanceMeasure[];
            return entry ? { duration: entry.duration, detail: entry.detail } : null;
          },
          SOLVE_MEASURE,
          { timeout: timeoutMs },
        );
        const { duration, detail } = (await measure.jsonValue()) as {
          duration: number;
          detail: SolveMeasureDetail;
        };

        const workersThrottled =
          workersAccepted.length > 0 && workersAccepted.every((accepted) => accepted);
        const workMs = detail.workMs ?? duration;
        const projectedMs = workersThrottled
          ? duration
          : duration - workMs + workMs * cpuThrottleRate;
        // Worker i tries counters i, i + n, i + 2n ...: the winner made counter / n + 1 tries.
        const attempts = Math.floor(detail.counter / detail.concurrency) + 1;
        samples.push({
          measuredMs: duration,
          projectedMs,
          workersThrottled,
          detail,
          msPerAttempt: detail.workMs === null ? null : detail.workMs / attempts,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }

  const projected = samples.map((s) => s.projectedMs);
  const measured = samples.map((s) => s.measuredMs);
  const perAttempt = samples.flatMap((s) => (s.msPerAttempt === null ? [] : [s.msPerAttempt]));
  return {
    runs,
    cpuThrottleRate,
    medianMs: percentile(projected, 50),
    p90Ms: percentile(projected, 90),
    measuredMedianMs: percentile(measured, 50),
    measuredP90Ms: percentile(measured, 90),
    msPerAttempt: perAttempt.length > 0 ? percentile(perAttempt, 50) : null,
    samples,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000';
  const runs = Number(process.env.BENCH_SOLVER_RUNS ?? 10);
  const result = await benchSolver({ baseUrl, runs });
  const ms = (value: number) => `${Math.round(value)} ms`;
  for (const [i, s] of result.samples.entries()) {
    console.log(
      `run ${String(i + 1).padStart(2)}: ${ms(s.projectedMs).padStart(8)} projected, ${ms(s.measuredMs).padStart(8)} measured, counter ${s.detail.counter}, cost ${s.detail.cost}, ${s.detail.concurrency} workers${s.workersThrottled ? ', workers throttled' : ''}`,
    );
  }
  console.log(
    `\n${result.runs} runs at ${result.cpuThrottleRate}x CPU: median ${ms(result.medianMs)}, p90 ${ms(result.p90Ms)}` +
      ` (measured: median ${ms(result.measuredMedianMs)}, p90 ${ms(result.measuredP90Ms)})` +
      (result.msPerAttempt === null
        ? ''
        : `; ${result.msPerAttempt.toFixed(2)} ms per attempt per thread, unthrottled`),
  );
}
