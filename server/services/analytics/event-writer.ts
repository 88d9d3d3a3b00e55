// The event writer (issue 11): stores accepted events in batches (one createMany and the visitors'
// days in one transaction per batch), after the drops that need the database: events of a signed-in
// contributor (any role but viewer; a viewer's in /config too), and events without consent under a
// restrictive cookie policy. QueuePump feeds it from the in-process queue: every FLUSH_MS, or at once
// when a batch is full; close() writes what is left.
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import type { EventRow } from "../../domain/analytics/events.ts";
import { isTrackingAllowed, type CookiePolicy } from "../../domain/analytics/tracking-rules.ts";
import { processLogger } from "../support/log.ts";
import type { EventQueue } from "./event-queue.ts";

/** An accepted event on its way to the table: plain JSON (it may travel through a Redis stream). */
export interface PendingEvent {
  row: Omit<EventRow, "occurredAt"> & { occurredAt: number };
  /** The visitor sent `ss_cookieAllowed=true` (needed under a restrictive cookie policy). */
  consent: boolean;
  /** sha256 of the session cookie's token when the request had one (contributors are not tracked). */
  sessionTokenHash: string | null;
}

export const DEFAULT_FLUSH_MS = 250;
export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_QUEUE_MAX = 20_000;
/** Rows per INSERT statement (16 parameters each: well under SQLite's and PostgreSQL's limits). */
const INSERT_ROWS = 250;

/** The owner's cookie policy, from the one settings reader (analytics-settings.ts: cached, dropped on settingsChanged). */
export interface CookiePolicySource {
  get(): Promise<{ cookiePolicy: CookiePolicy }>;
}

export class EventWriter {
  /** Events stored, and events dropped by the writer's checks, since start. */
  written = 0;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly policy: CookiePolicySource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a batch in one transaction (throws when the database refuses: the caller retries it). */
  async write(batch: readonly PendingEvent[]): Promise<void> {
    const kept = await this.#keep(batch);
    this.dropped += batch.length - kept.length;
    if (kept.length === 0) return;
    const rows = kept.map(({ row }) => ({ ...row, occurredAt: new Date(row.occurredAt) }));
    const visitorDays = new Map<string, { websiteId: string; day: string; visitorKey: string }>();
    for (const { websiteId, day, visitorKey } of rows) visitorDays.set(`${websiteId}\n${day}\n${visitorKey}`, { websiteId, day, visitorKey });
    const days = [...visitorDays.values()];
    // Multi-row INSERTs rather than createMany: the same rows for a fraction of the client's work
    // (Prisma's query compiler costs about 0.5 ms per row of a createMany; docs/benchmarks.md).
    await this.db.$transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += INSERT_ROWS) {
        const values = rows.slice(start, start + INSERT_ROWS).map((row) => ({
          websiteId: row.websiteId,
          day: row.day,
          occurredAt: row.occurredAt,
          kind: row.kind,
          visitorKey: row.visitorKey,
          sessionKey: row.sessionKey,
          path: row.path,
          referrer: row.referrer,
          productId: row.productId,
          variantId: row.variantId,
          formKey: row.formKey,
          orderId: row.orderId,
          quantity: row.quantity,
          amountCents: row.amountCents,
          currency: row.currency,
          data: row.data,
        }));
        await sql(tx).insertInto("AnalyticsEvent").values(values).execute();
      }
      for (let start = 0; start < days.length; start += INSERT_ROWS) {
        await sql(tx)
          .insertInto("AnalyticsVisitorDay")
          .values(days.slice(start, start + INSERT_ROWS))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
    });
    this.written += rows.length;
  }

  /** The events the server-side rules let through: consent under a restrictive policy, no contributor. */
  async #keep(batch: readonly PendingEvent[]): Promise<PendingEvent[]> {
    const policy = await this.policy.get();
    let kept = policy.cookiePolicy === "restrictive" ? batch.filter((event) => event.consent) : [...batch];
    const hashes = [...new Set(kept.flatMap((event) => (event.sessionTokenHash ? [event.sessionTokenHash] : [])))];
    if (hashes.length === 0) return kept;
    const sessions = await this.db.session.findMany({
      where: { tokenHash: { in: hashes }, revokedAt: null, expiresAt: { gt: this.now() } },
      select: { tokenHash: true, account: { select: { role: true, websiteId: true } } },
    });
    const accounts = new Map(sessions.map((session) => [session.tokenHash, session.account]));
    kept = kept.filter((event) => {
      const account = event.sessionTokenHash ? accounts.get(event.sessionTokenHash) : null;
      // Another site's session counts as an unknown one: its contributor is a visitor on this site.
      const role = account === null ? null : account === undefined || account.websiteId !== event.row.websiteId ? undefined : account.role;
      if (role === undefined) return true;
      return isTrackingAllowed({ disabled: false, role, path: event.row.path ?? "" });
    });
    return kept;
  }
}

/** Feeds the writer from the in-process queue: a batch every `flushMs`, or as soon as one is full. */
export class QueuePump {
  #stopped = false;
  #loop: Promise<void> | null = null;
  /** The drain in progress (the timer's or a flush's): the next one starts after it. */
  #draining: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: EventQueue<PendingEvent>,
    private readonly writer: { write(batch: readonly PendingEvent[]): Promise<void> },
    private readonly options: { flushMs: number; batchSize: number },
  ) {}

  start(): void {
    this.#stopped = false;
    this.#loop ??= this.#run();
  }

  /**
   * Writes every batch waiting now; false when the database refused one (it is put back). Drains run
   * one after another: a flush that finds the queue empty while the timer's drain is still writing
   * the batch it took waits for that write (a caller of flush() reads what it queued).
   */
  drain(): Promise<boolean> {
    const run = this.#draining.then(() => this.#drainNow());
    this.#draining = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async #drainNow(): Promise<boolean> {
    while (this.queue.size > 0) {
      const batch = this.queue.take(this.options.batchSize);
      try {
        await this.writer.write(batch);
      } catch (error) {
        this.queue.putBack(batch);
        processLogger().error({ err: error, events: batch.length }, "analytics: could not store a batch of events; retrying");
        return false;
      }
    }
    return true;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      await this.queue.wait(this.options.flushMs);
      // After a refusal, wait a full interval before trying again.
      if (!(await this.drain())) await new Promise((resolve) => setTimeout(resolve, this.options.flushMs * 4));
    }
  }

  /** Stops the timer and writes what is left (a few tries when the database refuses). */
  async close(): Promise<void> {
    this.#stopped = true;
    this.queue.wake();
    await this.#loop;
    this.#loop = null;
    for (let attempt = 0; attempt < 3 && !(await this.drain()); attempt++) await new Promise((resolve) => setTimeout(resolve, 200));
    if (this.queue.size > 0) processLogger().error({ events: this.queue.size }, "analytics: events left unstored at shutdown");
  }
}
