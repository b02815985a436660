import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.ts';

describe('the local stage throttle', () => {
  it('lets a burst through, refuses the next, and refills at the rate', () => {
    const bucket = createTokenBucket({ rateLimit: 5, burstLimit: 10 });
    const burst = Array.from({ length: 11 }, () => bucket.take(1_000));
    expect(burst.filter(Boolean)).toHaveLength(10);
    expect(burst.at(-1)).toBe(false);
    // 200 ms at 5 a second: one token back, not two.
    expect(bucket.take(1_200)).toBe(true);
    expect(bucket.take(1_200)).toBe(false);
    // Never more than the burst, however long it rested.
    const later = Array.from({ length: 12 }, () => bucket.take(60_000));
    expect(later.filter(Boolean)).toHaveLength(10);
  });

  it('refills nothing when the clock steps back, and not twice when it steps forward again', () => {
    const bucket = createTokenBucket({ rateLimit: 5, burstLimit: 10 });
    for (let i = 0; i < 10; i += 1) bucket.take(10_000);
    expect(bucket.take(9_000)).toBe(false);
    // 200 ms after the latest time seen: one token, however far back the clock went between.
    expect(bucket.take(10_200)).toBe(true);
    expect(bucket.take(10_200)).toBe(false);
  });
});
