/**
 * The browser check's price, measured and modelled for `npm run bench:api`: what one solve
 * costs a script at each price level, and what it costs an attacker to withhold every other
 * visitor's confirmation for an hour, with a flat price and the hourly ceiling (before) and
 * with the price that follows the flood (after). The attacker buys tokens ahead and spends each
 * at the cheapest price the verifier's rule honours (decision 072). Decision 051 states the
 * figures.
 */
import type { LeadForm } from '@kryon/shared/api';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CHALLENGE_DIFFICULTY,
  createAltchaService,
  honoursLevel,
} from '../../src/adapters/altcha.ts';
import {
  type ChallengePrice,
  type PriceCurve,
  priceLevel,
  slidingRate,
} from '../../src/leads/challenge-price.ts';

export interface LevelCost {
  level: number;
  cost: number;
  /** CPU-seconds of an average solve: the keys it derives at this cost. */
  cpuSeconds: number;
  solves: number;
}

/**
 * Issues and solves challenges at each level as a script would: altcha-lib's solver in Node
 * (native PBKDF2), starting at the published lowest counter. CPU is process.cpuUsage over
 * the solves alone (libuv's PBKDF2 threads included): the challenges are issued first.
 */
export async function measureLevels(
  levels: readonly number[],
  cpuSecondsPerLevel: number,
): Promise<LevelCost[]> {
  let level = 0;
  const price: ChallengePrice = {
    level: async () => level,
    admit: async () => ({ admitted: true, giveBack: async () => undefined }),
  };
  const service = createAltchaService({ secret: 'bench-pow', price });
  const out: LevelCost[] = [];
  for (const at of levels) {
    level = at;
    const challenges: Challenge[] = [];
    // Enough solves for about cpuSecondsPerLevel, at least 3; at level 0 about 0.15 s each.
    const solves = Math.max(3, Math.round(cpuSecondsPerLevel / (0.15 * 2 ** at)));
    for (let i = 0; i < solves; i += 1) {
      challenges.push((await service.issue('download' as LeadForm)) as Challenge);
    }
    let keys = 0;
    const before = process.cpuUsage();
    for (const challenge of challenges) {
      const solution = await solveChallenge({
        challenge,
        deriveKey,
        counterStart: CHALLENGE_DIFFICULTY.counterMin,
      });
      if (!solution) throw new Error(`level ${at}: not solved`);
      keys += solution.counter - CHALLENGE_DIFFICULTY.counterMin + 1;
    }
    const used = process.cpuUsage(before);
    // Per key derived, times the keys an average solve derives: the counter is drawn
    // uniformly, so a few solves' own counters would make a noisy figure.
    const { counterMin, counterMax } = CHALLENGE_DIFFICULTY;
    out.push({
      level: at,
      cost: CHALLENGE_DIFFICULTY.cost * 2 ** at,
      cpuSeconds: ((used.user + used.system) / 1e6 / keys) * ((counterMax - counterMin) / 2 + 1),
      solves,
    });
  }
  return out;
}

/** A verifier's rule: whether a token issued at one price level is honoured at another. */
export type HonoursLevel = (issuedLevel: number, currentLevel: number) => boolean;

/**
 * The level a stockpiling attacker buys a token at to spend it when the price is `level`: the
 * cheapest one the verifier still honours then. Fetching challenges moves no price, so any
 * level at or below the price of the moment can be bought ahead at leisure.
 */
export function stockpiledLevel(level: number, honours: HonoursLevel): number {
  for (let issued = 0; issued < level; issued += 1) if (honours(issued, level)) return issued;
  return level;
}

export interface FloodPlan {
  /** Confirmations the attacker must have permitted in one hour: the ceiling. */
  ceiling: number;
  /** Seconds over which the attacker spreads them, from the start of the hour. */
  fillSeconds: number;
}

/**
 * One hour's flood against the curve: `ceiling` confirmations evenly over `fillSeconds`,
 * each priced by the sliding rate of those before it (no other traffic, the price read
 * fresh). The attacker stockpiles: each confirmation is paid at the cheapest token the
 * verifier's rule (`honours`, the service's own by default) honours at that moment, bought
 * ahead. CPU-seconds spent, and the level reached.
 */
export function simulateFlood(
  plan: FloodPlan,
  curve: PriceCurve | undefined,
  cpuAt: (level: number) => number,
  honours: HonoursLevel = honoursLevel,
): { cpuSeconds: number; topLevel: number } {
  const windows = new Map<number, number>();
  // Starts just after a window opens: the previous window is empty.
  const start = 1_000 * (curve?.windowMs ?? 600_000);
  let cpuSeconds = 0;
  let topLevel = 0;
  for (let i = 0; i < plan.ceiling; i += 1) {
    const nowMs = start + (i * plan.fillSeconds * 1000) / plan.ceiling;
    let level = 0;
    if (curve) {
      const index = Math.floor(nowMs / curve.windowMs);
      const rate = slidingRate(
        { current: windows.get(index) ?? 0, previous: windows.get(index - 1) ?? 0 },
        curve.windowMs,
        nowMs,
      );
      level = priceLevel(rate, curve);
      windows.set(index, (windows.get(index) ?? 0) + 1);
    }
    cpuSeconds += cpuAt(stockpiledLevel(level, honours));
    topLevel = Math.max(topLevel, level);
  }
  return { cpuSeconds, topLevel };
}

export interface WithholdCost {
  /** CPU-seconds per hour during which no other visitor gets a confirmation. */
  cpuPerHour: number;
  how: string;
}

/** The fills tried: a burst, and spreads up to three quarters of the hour. */
const FILLS = [1, 60, 300, 600, 1_200, 1_800, 2_700];

/**
 * The cheapest way to withhold every confirmation by the ceiling: fill it over some part of
 * the hour; the rest of the hour is withheld. Cost per withheld hour, the cheapest fill.
 */
export function ceilingRoute(
  ceiling: number,
  curve: PriceCurve | undefined,
  cpuAt: (level: number) => number,
  honours: HonoursLevel = honoursLevel,
): WithholdCost & { topLevel: number } {
  let best: (WithholdCost & { topLevel: number }) | undefined;
  for (const fillSeconds of FILLS) {
    const flood = simulateFlood({ ceiling, fillSeconds }, curve, cpuAt, honours);
    const cpuPerHour = flood.cpuSeconds / (1 - fillSeconds / 3_600);
    if (!best || cpuPerHour < best.cpuPerHour) {
      best = {
        cpuPerHour,
        topLevel: flood.topLevel,
        how: `${ceiling} confirmations over ${fillSeconds} s (price up to level ${flood.topLevel})`,
      };
    }
  }
  return best as WithholdCost & { topLevel: number };
}

export interface Visitor {
  name: string;
  /** The 90th percentile of their solve at level 0, in seconds. */
  p90Seconds: number;
  /** How long they have: a solve slower than this leaves them without a verified proof. */
  budgetSeconds: number;
}

/**
 * Withholding one kind of visitor by price alone: hold the rate at the first level whose p90
 * solve exceeds their time, for an hour. Undefined when the curve never gets there.
 */
export function priceRoute(
  visitor: Visitor,
  curve: PriceCurve,
  ceiling: number,
  cpuAt: (level: number) => number,
  honours: HonoursLevel = honoursLevel,
): (WithholdCost & { level: number; tripsCeiling: boolean }) | undefined {
  let level = 0;
  while (level <= curve.maxLevel && visitor.p90Seconds * 2 ** level <= visitor.budgetSeconds) {
    level += 1;
  }
  if (level > curve.maxLevel) return undefined;
  // The steady rate that keeps this level: its threshold, every window of the hour.
  const perWindow = level === 0 ? 0 : curve.free + (level - 1) * curve.perDoubling;
  const perHour = Math.ceil((perWindow * 3_600_000) / curve.windowMs);
  return {
    level,
    // Past the ceiling every confirmation is withheld anyway: the ceiling route, not this one.
    tripsCeiling: perHour >= ceiling,
    // Each of them paid with the cheapest token honoured at that level, bought ahead.
    cpuPerHour: perHour * cpuAt(stockpiledLevel(level, honours)),
    how: `${perHour} confirmations an hour hold level ${level}${perHour >= ceiling ? ' (the ceiling trips first)' : ''}`,
  };
}
