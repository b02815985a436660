import { describe, expect, it } from 'vitest';
import {
  admissionLimit,
  CONFIRMATION_RATE_KEY,
  createChallengePrice,
  PRICE_CURVE,
  priceLevel,
  slidingRate,
} from './challenge-price.ts';
import type { WindowCounter } from './ports.ts';

const W = PRICE_CURVE.windowMs;
/** The start of a window, far from the epoch. */
const T0 = 2_000 * W;

/** Fixed windows in memory, as the table's counters behave. */
class MemoryWindows implements WindowCounter {
  readonly counts = new Map<string, number>();
  reads = 0;
  async add(key: string, windowMs: number, nowMs: number, below?: number) {
    const id = `${key}#${Math.floor(nowMs / windowMs)}`;
    const count = this.counts.get(id) ?? 0;
    if (below !== undefined && count >= below) return false;
    this.counts.set(id, count + 1);
    return true;
  }
  async subtract(key: string, windowMs: number, nowMs: number) {
    const id = `${key}#${Math.floor(nowMs / windowMs)}`;
    this.counts.set(id, Math.max(0, (this.counts.get(id) ?? 0) - 1));
  }
  async read(key: string, windowMs: number, nowMs: number) {
    this.reads += 1;
    const index = Math.floor(nowMs / windowMs);
    return {
      current: this.counts.get(`${key}#${index}`) ?? 0,
      previous: this.counts.get(`${key}#${index - 1}`) ?? 0,
    };
  }
}

describe('the sliding rate', () => {
  it('is the running window plus the share of the previous one the last window still covers', () => {
    expect(slidingRate({ current: 10, previous: 40 }, W, T0)).toBe(50);
    expect(slidingRate({ current: 10, previous: 40 }, W, T0 + W / 4)).toBe(40);
    expect(slidingRate({ current: 10, previous: 40 }, W, T0 + W - 1)).toBeCloseTo(10, 3);
  });

  it('does not fall off a cliff when a window turns over', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 0 });
    // 150 confirmations late in one window: the price is at its top...
    for (let i = 0; i < 150; i += 1) await price.admit(PRICE_CURVE.maxLevel, T0 + W - 1_000);
    expect(await price.level(T0 + W - 1)).toBe(PRICE_CURVE.maxLevel);
    // ...and still is just after the window turned over, easing off over the next one.
    expect(await price.level(T0 + W + 1)).toBe(PRICE_CURVE.maxLevel);
    expect(await price.level(T0 + W + W / 2)).toBe(2);
    expect(await price.level(T0 + 2 * W + 1)).toBe(0);
  });
});

describe('the price curve', () => {
  it('keeps the price of a quiet hour up to the free rate, then doubles per step, up to a cap', () => {
    const { free, perDoubling, maxLevel } = PRICE_CURVE;
    expect(priceLevel(0, PRICE_CURVE)).toBe(0);
    expect(priceLevel(free - 0.01, PRICE_CURVE)).toBe(0);
    expect(priceLevel(free, PRICE_CURVE)).toBe(1);
    expect(priceLevel(free + perDoubling, PRICE_CURVE)).toBe(2);
    expect(priceLevel(free + 3 * perDoubling - 0.01, PRICE_CURVE)).toBe(3);
    expect(priceLevel(10_000, PRICE_CURVE)).toBe(maxLevel);
  });
});

describe('the price as read from the counters', () => {
  it('counts confirmations under one key and reads them back as a level', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 0 });
    for (let i = 0; i < PRICE_CURVE.free + PRICE_CURVE.perDoubling; i += 1)
      await price.admit(PRICE_CURVE.maxLevel, T0);

    expect(windows.counts.get(`${CONFIRMATION_RATE_KEY}#${T0 / W}`)).toBe(
      PRICE_CURVE.free + PRICE_CURVE.perDoubling,
    );
    expect(await price.level(T0 + 1)).toBe(2);
  });

  it('reads the counters at most once per cache period in a warm function', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 5_000 });
    await price.level(T0);
    // Counted by other functions meanwhile.
    for (let i = 0; i < PRICE_CURVE.free + 2 * PRICE_CURVE.perDoubling; i += 1) {
      await windows.add(CONFIRMATION_RATE_KEY, W, T0);
    }
    expect(await price.level(T0 + 4_999)).toBe(0);
    expect(windows.reads).toBe(1);
    expect(await price.level(T0 + 5_000)).toBe(3);
    expect(windows.reads).toBe(2);
  });

  it('admits a burst of cheap proofs only up to the rate at which their price rises, in one write each', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 5_000 });
    // A warm function read level 0 a moment ago: the cache says nothing of what follows.
    expect(await price.level(T0)).toBe(0);

    const burst = await Promise.all(Array.from({ length: 150 }, () => price.admit(0, T0 + 10)));

    // As many as a quiet window lets through at the base price, and no more.
    expect(burst.filter((a) => a.admitted)).toHaveLength(PRICE_CURVE.free);
    expect(windows.counts.get(`${CONFIRMATION_RATE_KEY}#${T0 / W}`)).toBe(PRICE_CURVE.free);
    // A proof at the price the burst raised is admitted; the top level always is.
    expect((await price.admit(1, T0 + 20)).admitted).toBe(true);
    expect((await price.admit(PRICE_CURVE.maxLevel, T0 + 30)).admitted).toBe(true);
  });

  it('counts the previous window’s share against a cheap proof, and gives an admission back', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 0 });
    // 80 confirmations in the window before; a quarter into this one, 60 of them still count.
    for (let i = 0; i < 80; i += 1) await windows.add(CONFIRMATION_RATE_KEY, W, T0 - 1);
    expect(admissionLimit(0, 80, PRICE_CURVE, T0 + W / 4)).toBe(0);
    expect(admissionLimit(1, 80, PRICE_CURVE, T0 + W / 4)).toBe(15);
    expect(admissionLimit(PRICE_CURVE.maxLevel, 80, PRICE_CURVE, T0)).toBeUndefined();
    expect((await price.admit(0, T0 + W / 4)).admitted).toBe(false);

    const admission = await price.admit(1, T0 + W / 4);
    expect(admission.admitted).toBe(true);
    expect(windows.counts.get(`${CONFIRMATION_RATE_KEY}#${T0 / W}`)).toBe(1);
    await admission.giveBack();
    expect(windows.counts.get(`${CONFIRMATION_RATE_KEY}#${T0 / W}`)).toBe(0);
  });

  it('reads afresh after admitting a confirmation itself, and the ended window once', async () => {
    const windows = new MemoryWindows();
    const price = createChallengePrice(windows, PRICE_CURVE, { cacheMs: 5_000 });
    for (let i = 0; i < PRICE_CURVE.free; i += 1) await price.admit(PRICE_CURVE.maxLevel, T0);
    // The ended window was read for the first admission only.
    expect(windows.reads).toBe(1);
    await price.level(T0);
    expect(windows.reads).toBe(2);
    await price.admit(PRICE_CURVE.maxLevel, T0 + 1);
    expect(windows.reads).toBe(2);
    expect(await price.level(T0 + 2)).toBe(1);
    expect(windows.reads).toBe(3);
  });
});
