// Rate limits shared by every instance of the server: rate-limiter-flexible counters in Redis when
// REDIS_URL is set (one budget for N instances), in this process's memory otherwise. With Redis set
// but unreachable, each counter falls back to its memory twin (the library's insurance limiter): the
// limits keep holding, per instance, instead of failing open or failing the request.
//
// A budget is a fixed window: `points` calls per `durationSeconds`. The configuration speaks in
// token-bucket terms (`burst` at once, refilled at `perSecond`); budgetOf turns one into the other.
import { createRequire } from "node:module";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** ioredis (about 17 MB resident) is loaded only when REDIS_URL is set (issue 13: idle memory). */
const loadRedis = () => (createRequire(import.meta.url)("ioredis") as typeof import("ioredis")).Redis;
import { processLogger } from "./log.ts";

export interface Budget {
  /** Calls allowed per window; 0 turns the limit off. */
  points: number;
  /** The window; 0 means the budget never refills. */
  durationSeconds: number;
  /** Once the budget is spent, refuse for this long (a lockout), not only until the window ends. */
  blockSeconds?: number;
}

/** `burst` calls at once, refilled at `perSecond`, as a fixed window of `burst` calls. */
export const budgetOf = ({ burst, perSecond }: { burst: number; perSecond: number }): Budget => ({
  points: Math.floor(burst),
  durationSeconds: perSecond > 0 ? Math.max(1, Math.ceil(burst / perSecond)) : 0,
});

/** When a spent budget never refills, callers are told to come back in a minute. */
const NEVER_REFILLS_RETRY_SECONDS = 60;

export interface Limiter {
  /** Spends one call of `key`'s budget: 0 when allowed, else the seconds until it has room again. */
  take(key: string): Promise<number>;
  /** The seconds before `key` may call again (0: it may now). Spends nothing. */
  retryAfter(key: string): Promise<number>;
  /** Forgets what `key` spent (a successful sign-in clears its failures). */
  forget(key: string): Promise<void>;
}

const OFF: Limiter = { take: async () => 0, retryAfter: async () => 0, forget: async () => {} };

const secondsOf = (result: RateLimiterRes): number =>
  result.msBeforeNext > 0 ? Math.max(1, Math.ceil(result.msBeforeNext / 1000)) : NEVER_REFILLS_RETRY_SECONDS;

class FlexibleLimiter implements Limiter {
  constructor(
    private readonly counter: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  async take(key: string): Promise<number> {
    try {
      await this.counter.consume(key);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return secondsOf(refusal);
      throw refusal;
    }
  }

  async retryAfter(key: string): Promise<number> {
    const state = await this.counter.get(key);
    return state && state.consumedPoints >= this.points ? secondsOf(state) : 0;
  }

  async forget(key: string): Promise<void> {
    await this.counter.delete(key);
  }
}

/** Makes the server's limiters, all on one Redis connection (or in memory). */
export class LimiterStore {
  readonly #redis: Redis | null;
  #outageLogged = false;

  constructor(redisUrl: string | null) {
    // No offline queue: while Redis is away a count fails at once and the memory twin answers.
    this.#redis = redisUrl ? new (loadRedis())(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
    this.#redis?.on("error", (error: Error) => {
      if (this.#outageLogged) return;
      this.#outageLogged = true;
      processLogger().error(`Rate limits: Redis unreachable (${error.message}); counting in this process until it is back.`);
    });
    this.#redis?.on("ready", () => (this.#outageLogged = false));
  }

  /** Whether the counters are shared through Redis (when it is reachable). */
  get shared(): boolean {
    return this.#redis !== null;
  }

  /** Resolves once the counters are in Redis (at once without Redis); until then they count in memory. */
  async connected(): Promise<void> {
    const redis = this.#redis;
    if (!redis || redis.status === "ready") return;
    await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
  }

  /** A limiter named `name` (its keys' prefix) with this budget. */
  limiter(name: string, budget: Budget): Limiter {
    if (budget.points <= 0) return OFF;
    const options = { keyPrefix: `sitecart:limit:${name}`, points: budget.points, duration: budget.durationSeconds, blockDuration: budget.blockSeconds ?? 0 };
    const memory = new RateLimiterMemory(options);
    const counter = this.#redis
      ? new RateLimiterRedis({ ...options, storeClient: this.#redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    return new FlexibleLimiter(counter, budget.points);
  }

  async close(): Promise<void> {
    if (!this.#redis) return;
    this.#redis.removeAllListeners("error");
    this.#redis.on("error", () => {});
    this.#redis.disconnect();
  }
}
