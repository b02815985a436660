/**
 * API Gateway's throttle, as the local server applies it: one token bucket of `burstLimit`
 * tokens refilled at `rateLimit` a second; a request takes one or is refused. The same numbers
 * as the deployed stage (API_STAGE_THROTTLE), so a flood test against `npm start` meets the
 * bucket a deployed flood would.
 */
export interface TokenBucket {
  /** Takes a token at `nowMs`: false when the bucket is empty (API Gateway answers 429). */
  take(nowMs: number): boolean;
}

export function createTokenBucket(throttle: {
  rateLimit: number;
  burstLimit: number;
}): TokenBucket {
  let tokens = throttle.burstLimit;
  let lastMs: number | undefined;
  return {
    take(nowMs) {
      // A clock that steps back refills nothing, and the next refill counts from the latest time.
      if (lastMs !== undefined && nowMs > lastMs) {
        tokens = Math.min(
          throttle.burstLimit,
          tokens + ((nowMs - lastMs) / 1000) * throttle.rateLimit,
        );
      }
      lastMs = Math.max(lastMs ?? nowMs, nowMs);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
