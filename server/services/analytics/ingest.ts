// Tracking ingestion (issue 11): a tracking call's events, once its input is valid, are stamped (site,
// day in the site's time zone, keyed hashes of the ids: HMAC-SHA256 with the server's analytics
// secret; no raw id or address is kept) and queued; the call is answered 202 without waiting for the
// database. The queue is bounded (shed: 503 and counted); the writer batches (event-writer.ts), through
// a Redis stream when REDIS_URL is set (event-stream.ts). Dropped here, accepted but never stored:
// tracking disabled (TRACKING_DISABLED=1), Sec-GPC: 1, calls that name no visitor; the writer drops
// contributors' events and events without consent under a restrictive cookie policy.
import { createHmac } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Db } from "../../db/client.ts";
import { ANALYTICS_ID_COOKIE, COOKIE_ALLOWED_COOKIE, resolveIdentity, SESSION_ID_COOKIE, toEventRow, type EventDraft } from "../../domain/analytics/events.ts";
import { JobLeases, processHolder } from "../jobs/lease.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { newSecret, sha256 } from "../support/ids.ts";
import { EventQueue } from "./event-queue.ts";
import { deleteVisitorData } from "./visitor-data.ts";
import { StreamConsumer, StreamProducer } from "./event-stream.ts";
import type { SharedEventStream } from "./sites-stream.ts";
import type { AnalyticsSettingsService } from "./analytics-settings.ts";
import { DEFAULT_BATCH_SIZE, DEFAULT_FLUSH_MS, DEFAULT_QUEUE_MAX, EventWriter, QueuePump, type PendingEvent } from "./event-writer.ts";

export interface AnalyticsOptions {
  /** The key of the ids' HMAC (ANALYTICS_SECRET, or the persisted default: persistedSecret). */
  secret?: string;
  /** TRACKING_DISABLED=1: every call is accepted and nothing is stored. */
  trackingDisabled?: boolean;
  /** Events the in-process queue holds at most (ANALYTICS_QUEUE_MAX). */
  queueMax?: number;
  batchSize?: number;
  flushMs?: number;
  /** Events from every instance through one Redis stream and one writer. */
  redisUrl?: string | null;
  /** The process's one stream for every site (sites-stream.ts): given, this site opens no Redis connection of its own. */
  stream?: SharedEventStream | null;
  streamKey?: string;
  now?: () => Date;
}

/** What the request says about who sends it (cookies, headers), for the server-side drops. */
export interface TrackingRequest {
  cookies: Record<string, string>;
  /** Sec-GPC: 1 (Global Privacy Control). */
  gpc: boolean;
  /** The site-user session cookie's token, if any (contributors are not tracked). */
  sessionToken: string | null;
}

export type TrackingOutcome = "queued" | "dropped" | "shed";

/**
 * The analytics secret kept in `file` (created with a random value on first use, readable by the
 * owner only; `generate` makes another kind of secret, e.g. the development payments key): stable across restarts, so a visitor's hash stays the same. Several instances need the
 * same ANALYTICS_SECRET instead (docs/operations.md).
 */
export function persistedSecret(file: string, generate: () => string = () => `${newSecret()}${newSecret()}`): string {
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return saved;
  }
  const secret = generate();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export class AnalyticsIngest {
  readonly queue: EventQueue<PendingEvent>;
  readonly writer: EventWriter;
  /** The owner's tracking settings (the one reader and cache: analytics-settings.ts). */
  readonly policy: Pick<AnalyticsSettingsService, "get" | "invalidate">;
  /** Calls accepted and not stored (disabled, GPC, no visitor), since start. */
  dropped = 0;
  readonly #secret: string;
  readonly #pump: QueuePump;
  readonly #producer: StreamProducer | null;
  readonly #consumer: StreamConsumer | null;
  readonly #now: () => Date;
  readonly #store: { write(batch: readonly PendingEvent[]): Promise<void> };
  #started = false;
  #writtenWaiters: { count: number; resolve: () => void }[] = [];

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: Pick<StoreSettingsService, "get">,
    policy: Pick<AnalyticsSettingsService, "get" | "invalidate">,
    private readonly options: AnalyticsOptions = {},
  ) {
    this.#secret = options.secret ?? newSecret();
    this.#now = options.now ?? (() => new Date());
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.queue = new EventQueue(options.queueMax ?? DEFAULT_QUEUE_MAX, batchSize);
    this.policy = policy;
    this.writer = new EventWriter(db, this.policy, this.#now);
    // Whoever stores the batches (the pump, or the stream's consumer) wakes those awaiting written().
    const storing = {
      write: async (batch: readonly PendingEvent[]) => {
        await this.writer.write(batch);
        this.#wakeWritten();
      },
    };
    this.#store = storing;
    const ownStream = options.redisUrl && !options.stream;
    this.#producer = ownStream ? new StreamProducer(options.redisUrl!, options.streamKey) : null;
    this.#consumer = ownStream
      ? new StreamConsumer(options.redisUrl!, storing, new JobLeases(db, processHolder(), this.#now), { key: options.streamKey })
      : null;
    const toStream = options.stream?.producer ?? this.#producer;
    // Without Redis the queue feeds the writer; with it, the stream (a shorter interval: it is cheap).
    this.#pump = new QueuePump(this.queue, toStream ?? storing, {
      flushMs: toStream ? Math.min(50, options.flushMs ?? DEFAULT_FLUSH_MS) : (options.flushMs ?? DEFAULT_FLUSH_MS),
      batchSize,
    });
  }

  /** Starts writing (the app starts it on its first tracking call, so tests that never track run no timers). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#pump.start();
    this.#consumer?.start();
    this.options.stream?.start();
  }

  /** Stores a batch read from the shared stream (sites-stream.ts) through this site's writer and policy. */
  store(batch: readonly PendingEvent[]): Promise<void> {
    return this.#store.write(batch);
  }

  /** The keyed hash of a text: what is stored instead of an id. */
  hash(text: string): string {
    return createHmac("sha256", this.#secret).update(text).digest("base64url");
  }

  /** Whether the request's events are dropped before validation matters: tracking off, or GPC. */
  refusesTracking(request: Pick<TrackingRequest, "gpc">): boolean {
    return this.options.trackingDisabled === true || request.gpc;
  }

  /** Queues a call's events (all or none); "dropped" when the rules say not to store them, "shed" when full. */
  async record(drafts: readonly EventDraft[], request: TrackingRequest): Promise<TrackingOutcome> {
    if (this.refusesTracking(request)) {
      this.dropped += drafts.length;
      return "dropped";
    }
    const { timeZone } = await this.settings.get();
    const occurredAt = this.#now();
    const pending: PendingEvent[] = [];
    for (const draft of drafts) {
      const identity = resolveIdentity(request.cookies, draft);
      if (!identity) continue;
      const row = toEventRow(draft, identity, { websiteId: this.websiteId, occurredAt, timeZone, hash: (text) => this.hash(text) });
      pending.push({
        row: { ...row, occurredAt: occurredAt.getTime() },
        consent: request.cookies[COOKIE_ALLOWED_COOKIE] === "true",
        sessionTokenHash: request.sessionToken ? sha256(request.sessionToken) : null,
      });
    }
    this.dropped += drafts.length - pending.length;
    if (pending.length === 0) return "dropped";
    this.start();
    return this.queue.offer(pending) ? "queued" : "shed";
  }

  /** The session-recording id of GET /api/commerce/fullstory/getId: a keyed hash of the session id. */
  sessionRecordingId(cookies: Record<string, string>, fallback: string): string {
    const sessionId = cookies[SESSION_ID_COOKIE] || fallback;
    return this.hash(`recording:${sessionId}`).slice(0, 32);
  }

  /** The counters: events accepted and queued, shed, dropped, stored, waiting. */
  stats() {
    return {
      accepted: this.queue.accepted,
      shed: this.queue.shed,
      dropped: this.dropped + this.writer.dropped,
      written: this.writer.written,
      queued: this.queue.size,
    };
  }

  /** Writes everything accepted (to the table, or to the stream) and stops. */
  async close(): Promise<void> {
    await this.#pump.close();
    await this.#consumer?.close();
    await this.#producer?.close();
    this.#started = false;
  }

  /**
   * Deletes every stored event of the caller's analytics id (the cookie) and their visitors' days, after
   * writing what this process still holds; null when the request names no analytics id.
   */
  async deleteVisitor(cookies: Record<string, string>): Promise<{ events: number } | null> {
    const analyticsId = resolveIdentity(cookies, { visitorId: null, sessionId: null })?.visitorId ?? cookies[ANALYTICS_ID_COOKIE];
    if (!analyticsId) return null;
    await this.flush();
    return deleteVisitorData(this.db, this.websiteId, this.hash(`visitor:${analyticsId}`), this.settings);
  }

  /**
   * Resolves once this instance has stored at least `count` events since start (on its timer, a
   * flush, or as the stream's writer): tests await it rather than poll the table or sleep.
   */
  written(count: number): Promise<void> {
    if (this.writer.written >= count) return Promise.resolve();
    return new Promise((resolve) => this.#writtenWaiters.push({ count, resolve }));
  }

  #wakeWritten(): void {
    const due = this.#writtenWaiters.filter((waiter) => this.writer.written >= waiter.count);
    this.#writtenWaiters = this.#writtenWaiters.filter((waiter) => !due.includes(waiter));
    for (const waiter of due) waiter.resolve();
  }

  /** Writes what the queue holds now (tests, the benchmark): the queue's pump does the same on its timer. */
  async flush(): Promise<void> {
    await this.#pump.drain();
  }
}
