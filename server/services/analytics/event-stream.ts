// Several instances, one writer (issue 11): with REDIS_URL every instance forwards its accepted events
// to a Redis stream (XADD, one entry per batch, the stream capped with MAXLEN ~), and the one instance
// holding the `analytics-writer` lease (jobs/lease.ts) reads them through a consumer group under a
// single consumer name, stores each batch (event-writer.ts) and then acknowledges and deletes it.
// A writer that dies leaves its unacknowledged entries pending; the next lease holder reads those
// first, so nothing accepted is lost (a batch stored just before a crash may be stored twice).
import { Redis } from "ioredis";
import type { JobLeases } from "../jobs/lease.ts";
import { processLogger } from "../support/log.ts";
import type { PendingEvent } from "./event-writer.ts";

export const STREAM_KEY = "sitecart:analytics:events";
export const STREAM_GROUP = "writers";
/** The consumer name every lease holder reads as: a new holder inherits its predecessor's pending entries. */
const STREAM_CONSUMER = "writer";
export const WRITER_LEASE = "analytics-writer";
/** Stream entries kept at most (each a batch of up to a few hundred events): a writer down for long loses the oldest. */
export const DEFAULT_STREAM_MAX_ENTRIES = 100_000;
const LEASE_MS = 30_000;

type StreamEntries = [stream: string, entries: [id: string, fields: string[]][]][] | null;

/** Forwards batches to the stream: the QueuePump's "writer" on instances with Redis. */
export class StreamProducer {
  readonly #redis: Redis;

  constructor(
    redisUrl: string,
    private readonly key = STREAM_KEY,
    private readonly maxEntries = DEFAULT_STREAM_MAX_ENTRIES,
  ) {
    this.#redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.#redis.on("error", () => undefined);
  }

  async write(batch: readonly PendingEvent[]): Promise<void> {
    await this.#redis.xadd(this.key, "MAXLEN", "~", this.maxEntries, "*", "e", JSON.stringify(batch));
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/** Reads the stream while this instance holds the writer lease, and stores what it reads. */
export class StreamConsumer {
  readonly #redis: Redis;
  #stopped = false;
  #loop: Promise<void> | null = null;
  #held = false;
  #renewedAt = 0;

  constructor(
    redisUrl: string,
    private readonly writer: { write(batch: readonly PendingEvent[]): Promise<void> },
    private readonly leases: JobLeases,
    private readonly options: { key?: string; blockMs?: number; idleMs?: number } = {},
  ) {
    this.#redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.#redis.on("error", () => undefined);
  }

  get #key(): string {
    return this.options.key ?? STREAM_KEY;
  }

  start(): void {
    this.#stopped = false;
    this.#loop ??= this.#run();
  }

  async #run(): Promise<void> {
    let groupReady = false;
    while (!this.#stopped) {
      try {
        if (!(await this.#holdLease())) {
          await this.#sleep(this.options.idleMs ?? 2000);
          continue;
        }
        if (!groupReady) {
          await this.#redis.xgroup("CREATE", this.#key, STREAM_GROUP, "0", "MKSTREAM").catch((error: Error) => {
            if (!/BUSYGROUP/.test(error.message)) throw error;
          });
          groupReady = true;
        }
        // First what a previous holder read and did not acknowledge, then new entries.
        if ((await this.#readOnce("0", 0)) === 0) await this.#readOnce(">", this.options.blockMs ?? 250);
      } catch (error) {
        groupReady = false;
        processLogger().error({ err: error }, "analytics: the event stream writer failed; retrying");
        await this.#sleep(1000);
      }
    }
  }

  /** Reads up to 50 entries after `id` and stores them; how many it read. */
  async #readOnce(id: string, blockMs: number): Promise<number> {
    const args: (string | number)[] = ["GROUP", STREAM_GROUP, STREAM_CONSUMER, "COUNT", 50];
    if (blockMs > 0) args.push("BLOCK", blockMs);
    const reply = (await (this.#redis.xreadgroup as (...args: (string | number)[]) => Promise<unknown>)(...args, "STREAMS", this.#key, id)) as StreamEntries;
    const entries = reply?.[0]?.[1] ?? [];
    if (entries.length === 0) return 0;
    const events: PendingEvent[] = [];
    for (const [, fields] of entries) {
      const index = fields.indexOf("e");
      if (index >= 0) events.push(...(JSON.parse(fields[index + 1]) as PendingEvent[]));
    }
    await this.writer.write(events);
    const ids = entries.map(([entryId]) => entryId);
    await this.#redis.xack(this.#key, STREAM_GROUP, ...ids);
    await this.#redis.xdel(this.#key, ...ids);
    return entries.length;
  }

  async #holdLease(): Promise<boolean> {
    const now = Date.now();
    if (this.#held && now - this.#renewedAt < LEASE_MS / 3) return true;
    this.#held = this.#held ? await this.leases.renew(WRITER_LEASE, LEASE_MS) : await this.leases.acquire(WRITER_LEASE, LEASE_MS);
    if (this.#held) this.#renewedAt = now;
    return this.#held;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Stops reading and lets the lease go, so another instance takes over at once. */
  async close(): Promise<void> {
    this.#stopped = true;
    await this.#loop;
    this.#loop = null;
    if (this.#held) await this.leases.holdUntil(WRITER_LEASE, new Date(0)).catch(() => undefined);
    this.#held = false;
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
