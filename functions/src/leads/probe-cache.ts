/**
 * How long a warm health or status function reuses its last probe, failures included, so a
 * flood of requests never reaches the control-plane quotas (decision 056).
 */
export const PROBE_CACHE_MS = 45_000;

export interface Probed<T> {
  value: T;
  /** When the probe that produced `value` started (epoch milliseconds). */
  checkedAtMs: number;
}

/**
 * `probe` called at most once per `ttlMs`: calls within the window share its result, and
 * calls while it runs share the one in flight. A probe that throws is cached like one that
 * answers (its rejection is handed to every caller in the window).
 */
export function cachedProbe<T>(
  probe: () => Promise<T>,
  options: { ttlMs?: number; now?: () => number } = {},
): () => Promise<Probed<T>> {
  const ttlMs = options.ttlMs ?? PROBE_CACHE_MS;
  const now = options.now ?? (() => Date.now());
  let last: { startedAtMs: number; result: Promise<Probed<T>> } | undefined;
  return () => {
    const at = now();
    // A clock that went back (a corrected system time) starts a new probe rather than
    // trusting a result from the future.
    if (last && at >= last.startedAtMs && at - last.startedAtMs < ttlMs) return last.result;
    const result = Promise.resolve()
      .then(probe)
      .then((value) => ({ value, checkedAtMs: at }));
    // Handled here so an unobserved cached rejection is never reported as unhandled.
    result.catch(() => {});
    last = { startedAtMs: at, result };
    return result;
  };
}
