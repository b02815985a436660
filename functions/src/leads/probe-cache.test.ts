import { describe, expect, it } from 'vitest';
import { cachedProbe, PROBE_CACHE_MS } from './probe-cache.ts';

/** A clock the test moves by hand. */
function fakeClock(start = 1_800_000_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

/** A probe that counts its calls and answers (or fails) as told. */
function countingProbe() {
  const probe = {
    calls: 0,
    fail: false,
    run: async () => {
      probe.calls += 1;
      if (probe.fail) throw new Error(`probe ${probe.calls} failed`);
      return probe.calls;
    },
  };
  return probe;
}

describe('cachedProbe', () => {
  it('keeps results for 30-60 s', () => {
    expect(PROBE_CACHE_MS).toBeGreaterThanOrEqual(30_000);
    expect(PROBE_CACHE_MS).toBeLessThanOrEqual(60_000);
  });

  it('probes once for many requests within the window, with when it ran', async () => {
    const clock = fakeClock();
    const probe = countingProbe();
    const cached = cachedProbe(probe.run, { now: clock.now });
    const startedAt = clock.now();
    for (let i = 0; i < 20; i++) {
      await expect(cached()).resolves.toEqual({ value: 1, checkedAtMs: startedAt });
      clock.advance((PROBE_CACHE_MS - 1) / 20);
    }
    expect(probe.calls).toBe(1);
  });

  it('probes again once the window has passed', async () => {
    const clock = fakeClock();
    const probe = countingProbe();
    const cached = cachedProbe(probe.run, { now: clock.now });
    await cached();
    clock.advance(PROBE_CACHE_MS);
    await expect(cached()).resolves.toEqual({ value: 2, checkedAtMs: clock.now() });
    clock.advance(PROBE_CACHE_MS - 1);
    await expect(cached()).resolves.toMatchObject({ value: 2 });
    expect(probe.calls).toBe(2);
  });

  it('caches a failed probe too, so a flood during an outage does not hammer the service', async () => {
    const clock = fakeClock();
    const probe = countingProbe();
    probe.fail = true;
    const cached = cachedProbe(probe.run, { now: clock.now });
    for (let i = 0; i < 10; i++) {
      await expect(cached()).rejects.toThrow('probe 1 failed');
      clock.advance(1_000);
    }
    expect(probe.calls).toBe(1);
    probe.fail = false;
    clock.advance(PROBE_CACHE_MS);
    await expect(cached()).resolves.toMatchObject({ value: 2 });
  });

  it('lets concurrent requests share the one probe in flight', async () => {
    const clock = fakeClock();
    let calls = 0;
    let answer: (value: string) => void = () => {};
    const cached = cachedProbe(
      () => {
        calls += 1;
        return new Promise<string>((resolve) => {
          answer = resolve;
        });
      },
      { now: clock.now },
    );
    const waiting = Array.from({ length: 50 }, () => cached());
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer('up');
    const results = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(['up']));
  });

  it('probes anew when the clock goes back rather than trusting a result from the future', async () => {
    const clock = fakeClock();
    const probe = countingProbe();
    const cached = cachedProbe(probe.run, { now: clock.now });
    await cached();
    clock.advance(-10_000);
    await expect(cached()).resolves.toMatchObject({ value: 2 });
  });
});
