/** A rate: `perSecond` on average, `burst` at once after a quiet spell. */
export interface RateSettings {
  perSecond: number;
  burst: number;
}

/**
 * A token bucket, full at first, refilled at the rate up to the burst; time in milliseconds on the caller's
 * clock. The server's intake limits, its rate budget toward the marketplace in process, and the simulator's
 * own rate limit all count with it.
 */
export function createTokenBucket({ perSecond, burst }: RateSettings, now: () => number) {
  let tokens = burst;
  let at = now();
  const refill = () => {
    const time = now();
    // `at` may lie ahead (emptied until then): nothing refills before it.
    if (time <= at) return;
    tokens = Math.min(burst, tokens + ((time - at) / 1000) * perSecond);
    at = time;
  };
  return {
    /** Takes up to `wanted` whole tokens: how many. */
    take(wanted = 1): number {
      refill();
      const taken = Math.max(0, Math.min(wanted, Math.floor(tokens)));
      tokens -= taken;
      return taken;
    },
    /** Tokens there now (with a fraction). */
    left(): number {
      refill();
      return tokens;
    },
    /** Milliseconds until `count` tokens are there. */
    msUntil(count = 1): number {
      refill();
      return Math.max(0, at - now()) + Math.max(0, Math.ceil(((count - tokens) / perSecond) * 1000));
    },
    /** Empty now and until `until`, refilling from then. */
    emptyUntil(until: number): void {
      refill();
      tokens = 0;
      at = Math.max(at, until);
    },
  };
}
