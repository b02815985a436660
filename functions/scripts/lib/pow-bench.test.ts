import { describe, expect, it } from 'vitest';
import { createAltchaService, honoursLevel } from '../../src/adapters/altcha.ts';
import type { ChallengePrice } from '../../src/leads/challenge-price.ts';
import { PRICE_CURVE } from '../../src/leads/challenge-price.ts';
import { ceilingRoute, priceRoute, simulateFlood, stockpiledLevel } from './pow-bench.ts';

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
      // 600 an hour: more than the ceiling lets through, so the ceiling trips first.
      tripsCeiling: true,
      cpuPerHour: 6 * (PRICE_CURVE.free + 2 * PRICE_CURVE.perDoubling) * 8,
    });
  });

  it("spends a stockpile by the verifier's own rule: no token below the price of the moment", async () => {
    // The service's verdict on a token bought at each level, with the price at 3.
    let level = 0;
    const price: ChallengePrice = {
      level: async () => level,
      admit: async () => ({ admitted: true, giveBack: async () => undefined }),
    };
    const service = createAltchaService({
      secret: 's',
      price,
      difficulty: { cost: 1, counterMin: 1, counterMax: 1 },
    });
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const honouredAt3: number[] = [];
    for (const issued of [0, 1, 2, 3, 4]) {
      level = issued;
      // biome-ignore lint/suspicious/noExplicitAny: altcha-lib's Challenge, as issued
      const challenge = (await service.issue('demo')) as any;
      const solution = await solveChallenge({ challenge, deriveKey, counterStart: 1 });
      level = 3;
      const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      if ((await service.verify(payload, 'demo')).verdict === 'verified') honouredAt3.push(issued);
    }

    expect(honouredAt3).toEqual([3, 4]);
    expect(stockpiledLevel(3, honoursLevel)).toBe(Math.min(...honouredAt3));
  });

  it('makes a stockpile pay the current price, where one level of slack would have halved it', () => {
    const atPrice = simulateFlood({ ceiling: 400, fillSeconds: 1 }, PRICE_CURVE, cpuAt);
    const slack = (issued: number, current: number) => issued >= current - 1;
    const withSlack = simulateFlood({ ceiling: 400, fillSeconds: 1 }, PRICE_CURVE, cpuAt, slack);
    const { free, perDoubling } = PRICE_CURVE;

    expect(atPrice.cpuSeconds).toBe(
      free + perDoubling * (2 + 4 + 8) + (400 - free - 3 * perDoubling) * 16,
    );
    expect(withSlack.cpuSeconds).toBe(
      free + perDoubling * (1 + 2 + 4) + (400 - free - 3 * perDoubling) * 8,
    );
    expect(ceilingRoute(400, PRICE_CURVE, cpuAt, slack).cpuPerHour).toBeLessThan(
      ceilingRoute(400, PRICE_CURVE, cpuAt).cpuPerHour,
    );
  });
});
