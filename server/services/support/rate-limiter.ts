// Token buckets per key: a key may take `burst` tokens at once, refilled at `perSecond`. Used by the
// transports for visitors' state-changing calls (server/http/rate-limit.ts) and by the form service
// for submissions per client address. Buckets live in this process; idle ones are dropped.
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; updatedMs: number }>();
  #lastSweepMs = 0;

  constructor(
    private readonly options: { burst: number; perSecond: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; returns 0 when allowed, else the seconds until one is free. */
  take(key: string): number {
    const { burst, perSecond } = this.options;
    if (burst <= 0) return 0; // limiting switched off
    const now = this.now();
    this.#sweep(now);
    const bucket = this.#buckets.get(key) ?? { tokens: burst, updatedMs: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedMs) / 1000) * perSecond);
    bucket.updatedMs = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return perSecond > 0 ? Math.ceil((1 - bucket.tokens) / perSecond) : 60;
  }

  #sweep(now: number) {
    if (now - this.#lastSweepMs < 60_000) return;
    this.#lastSweepMs = now;
    const fullAfterMs = this.options.perSecond > 0 ? (this.options.burst / this.options.perSecond) * 1000 : Infinity;
    for (const [key, bucket] of this.#buckets) if (now - bucket.updatedMs > fullAfterMs) this.#buckets.delete(key);
  }
}
