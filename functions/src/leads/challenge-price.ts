import type { Admission, WindowCounter } from './ports.ts';

/**
 * The browser check's price follows the recent rate of confirmations: a level, the PBKDF2 cost
 * doubled per level past `free`, one per `perDoubling`, at most `maxLevel` (decision 051).
 */
export interface PriceCurve {
  /** The fixed windows the rate is counted in; the estimate slides across two of them. */
  windowMs: number;
  /** Confirmations per window at the price of a quiet hour. */
  free: number;
  /** Each this many more confirmations per window doubles the price. */
  perDoubling: number;
  /** The highest level. */
  maxLevel: number;
}

export const PRICE_CURVE: PriceCurve = {
  windowMs: 10 * 60_000,
  free: 50,
  perDoubling: 25,
  maxLevel: 4,
};

/** The counter every confirmation is added to (a table key under `RATE#`). */
export const CONFIRMATION_RATE_KEY = 'visitor-mail-rate';

/**
 * The count of the last `windowMs`, estimated from the running fixed window and the one
 * before it, weighted by how much of it the last `windowMs` still covers. It falls smoothly
 * as time passes rather than dropping to nothing when a window turns over.
 */
export function slidingRate(
  counts: { current: number; previous: number },
  windowMs: number,
  nowMs: number,
): number {
  const elapsed = (nowMs % windowMs) / windowMs;
  return counts.current + counts.previous * (1 - elapsed);
}

/** The price level at a rate of confirmations per window. */
export function priceLevel(rate: number, curve: PriceCurve): number {
  if (rate < curve.free) return 0;
  return Math.min(curve.maxLevel, Math.floor((rate - curve.free) / curve.perDoubling) + 1);
}

export interface ChallengePrice {
  /** The level of the moment (possibly a few seconds old, see cacheMs). */
  level(nowMs: number): Promise<number>;
  /**
   * Counts one confirmation paid with a proof of `issuedLevel`, only if the price with it
   * counted stays at or below that level (`admissionLimit`), in one conditional write.
   */
  admit(issuedLevel: number, nowMs: number): Promise<Admission>;
}

/**
 * The most confirmations the running window may already hold for one more, paid at `level`,
 * to be admitted: the rate it is priced by, that of the confirmations before it, must be below
 * the next level's threshold, `free + level x perDoubling` (as `priceLevel` reads it). Undefined
 * at the top level: nothing is dearer. The previous window's share is read, not written, so
 * it may be a second old.
 */
export function admissionLimit(
  level: number,
  previous: number,
  curve: PriceCurve,
  nowMs: number,
): number | undefined {
  if (level >= curve.maxLevel) return undefined;
  const elapsed = (nowMs % curve.windowMs) / curve.windowMs;
  const room = curve.free + level * curve.perDoubling - previous * (1 - elapsed);
  // current + previous share < threshold, for a whole current: current < ceil(room).
  return Math.max(0, Math.ceil(room));
}

/**
 * The price as the table's counters give it, the level kept `cacheMs` by a warm function and
 * forgotten when it admits a confirmation; `admit`'s conditional write decides (decision 072).
 * An ended window's count changes no more, so it is kept until the window turns.
 */
export function createChallengePrice(
  counter: WindowCounter,
  curve: PriceCurve,
  options: { cacheMs: number },
): ChallengePrice {
  let cached: { level: number; until: number } | undefined;
  let ended: { index: number; count: number } | undefined;
  const read = async (nowMs: number) => {
    const counts = await counter.read(CONFIRMATION_RATE_KEY, curve.windowMs, nowMs);
    ended = { index: Math.floor(nowMs / curve.windowMs) - 1, count: counts.previous };
    return counts;
  };
  const previousCount = async (nowMs: number) => {
    const index = Math.floor(nowMs / curve.windowMs) - 1;
    return ended?.index === index ? ended.count : (await read(nowMs)).previous;
  };
  return {
    async level(nowMs) {
      if (cached && nowMs < cached.until && options.cacheMs > 0) return cached.level;
      const counts = await read(nowMs);
      const level = priceLevel(slidingRate(counts, curve.windowMs, nowMs), curve);
      cached = { level, until: nowMs + options.cacheMs };
      return level;
    },
    async admit(issuedLevel, nowMs) {
      const previous = await previousCount(nowMs);
      const limit = admissionLimit(issuedLevel, previous, curve, nowMs);
      const admitted = await counter.add(CONFIRMATION_RATE_KEY, curve.windowMs, nowMs, limit);
      // This function just moved the rate, or learnt it is past this level: read it afresh.
      cached = undefined;
      return {
        admitted,
        giveBack: async () => {
          if (admitted) await counter.subtract(CONFIRMATION_RATE_KEY, curve.windowMs, nowMs);
        },
      };
    },
  };
}

/** A price that never moves: for tools and tests that do not exercise the curve. */
export const FLAT_PRICE: ChallengePrice = {
  level: async () => 0,
  admit: async () => ({ admitted: true, giveBack: async () => undefined }),
};
