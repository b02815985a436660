import { describe, expect, it } from 'vitest';
import { PRICE_CURVE } from '../../src/leads/challenge-price.ts';
import { ceilingRoute, priceRoute, simulateFlood } from './pow-bench.ts';

/** One unit of CPU per solve at level 0, doubling per level, as PBKDF2's cost does. */
const cpuAt = (level: number) => 2 ** level;

describe('the attacker model of the bench', () => {
  it('charges a flat price for every confirmation without a curve', () => {
    expect(simulateFlood({ ceiling: 200, fillSeconds: 1 }, undefined, cpuAt)).toEqual({
      cpuSeconds: 200,
      topLevel: 0,
    });
    expect(ceilingRoute(200, undefined, cpuAt).cpuPerHour).toBeCloseTo(200, 0);
  });

  it('charges a burst the free rate, the ramp, then the top price', () => {
    const { free, perDoubling } = PRICE_CURVE;
    const ramp = free + perDoubling * (2 + 4 + 8);
    const top = 400 - free - 3 * perDoubling;
    expect(simulateFlood({ ceiling: 400, fillSeconds: 1 }, PRICE_CURVE, cpuAt)).toEqual({
      cpuSeconds: ramp + top * 16,
      topLevel: 4,
    });
  });

  it('finds no price route for a visitor who solves the top price in time', () => {
    const desktop = { name: 'desktop', p90Seconds: 0.61, budgetSeconds: 12 };
    expect(priceRoute(desktop, PRICE_CURVE, 400, cpuAt)).toBeUndefined();
    const phone = { name: 'phone', p90Seconds: 1.94, budgetSeconds: 12 };
    expect(priceRoute(phone, PRICE_CURVE, 400, cpuAt)).toMatchObject({
      level: 3,
      cpuPerHour: 6 * (PRICE_CURVE.free + 2 * PRICE_CURVE.perDoubling) * 8,
    });
  });
});
