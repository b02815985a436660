import type { WindowCounter } from './ports.ts';

/**
 * How the browser check's price follows the recent rate of confirmations let through to
 * visitors (docs/decisions/051). The price is a level: the PBKDF2 cost is the base cost times
 * 2^level. Level 0 up to `free` confirmations per window; one level more for each further
 * `perDoubling`; never above `maxLevel`, where a desktop visitor still solves within the
 * form's wait.
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

/** Throws when a curve cannot work; called when a function starts, with its configuration. */
export function checkPriceCurve(curve: PriceCurve): PriceCurve {
  const whole = (value: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (!whole(curve.windowMs, 60_000, 24 * 3_600_000)) {
    throw new Error('The challenge price window must be a whole number of ms from 1 min to 1 day');
  }
  if (!whole(curve.free, 0)) throw new Error('The free confirmations must be a whole number');
  if (!whole(curve.perDoubling, 1)) {
    throw new Error('The confirmations per price doubling must be a whole number of at least 1');
  }
  // Each level doubles the visitor's solve time; 6 (64 times) is past any visitor's patience.
  if (!whole(curve.maxLevel, 0, 6)) {
    throw new Error('The highest challenge price level must be a whole number from 0 to 6');
  }
  return curve;
}

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
  /** Counts one confirmation let through. */
  count(nowMs: number): Promise<void>;
}

/**
 * The price as the table's counters give it. A warm function keeps the level it read for
 * `cacheMs` (short: a function that served a stale low price to a burst would let the burst
 * through at it), and forgets it when it counts a confirmation itself.
 */
export function createChallengePrice(
  counter: WindowCounter,
  curve: PriceCurve,
  options: { cacheMs: number },
): ChallengePrice {
  let cached: { level: number; until: number } | undefined;
  return {
    async level(nowMs) {
      if (cached && nowMs < cached.until && options.cacheMs > 0) return cached.level;
      const counts = await counter.read(CONFIRMATION_RATE_KEY, curve.windowMs, nowMs);
      const level = priceLevel(slidingRate(counts, curve.windowMs, nowMs), curve);
      cached = { level, until: nowMs + options.cacheMs };
      return level;
    },
    async count(nowMs) {
      await counter.add(CONFIRMATION_RATE_KEY, curve.windowMs, nowMs);
      // This function just raised the rate: its next price is read, not remembered.
      cached = undefined;
    },
  };
}

/** A price that never moves: for tools and tests that do not exercise the curve. */
export const FLAT_PRICE: ChallengePrice = {
  level: async () => 0,
  count: async () => undefined,
};
