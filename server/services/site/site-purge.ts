// The removed-site purge (issue 21): a site removed more than REMOVED_RETENTION_DAYS ago loses all its
// data. One transaction deletes the rows that name the site without a foreign key (analytics events
// and rollups, submission keys and fingerprints, idempotency records of its carts) and then the
// Website row, whose foreign keys cascade to everything else (products, orders, carts, accounts and
// their sessions, the outbox, subscriptions, domains...). The transaction deletes the Website row only
// if the site is still removed as it was when found due, so a site the operator restores meanwhile
// keeps everything. After it commits: the media folder, the site's job leases, the `siteChanged`
// event and what this process keeps of the site.
//
// A crash after the commit leaves the media folder and the leases: the purge job's own lease of the
// site (written before the purge began, deleted last) stays as the mark of an unfinished purge, and
// the next run finishes it (`unfinished`). Every step is safe to run again.
import { rm } from "node:fs/promises";
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { removalPurgeDue, SITE_STATUS } from "../../domain/site/site-status.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { siteMediaFolder } from "../catalog/product-images.ts";
import { siteLeaseName } from "../jobs/lease.ts";

/** A big site's rows may take a while to delete: far longer than an interactive transaction's default 5 s. */
const PURGE_TRANSACTION_TIMEOUT_MS = 10 * 60 * 1000;

export type PurgeOutcome = "purged" | "finished" | "kept";

export class SitePurge {
  constructor(
    private readonly db: Db,
    private readonly options: {
      /** MEDIA_DIR: the sites' media folders are in it. */
      mediaDir: string;
      pubsub: StorePubSub;
      /** Drops what this process keeps of the site (its pooled services, the jobs' state of it). */
      forget: (websiteId: string) => Promise<void>;
      /** The jobs with a lease per site: the site's leases of them are deleted. */
      siteJobs: readonly string[];
    },
  ) {}

  /** Removed sites whose retention is over at `now`, the earliest removed first. */
  async due(now: Date): Promise<string[]> {
    const removed = await this.db.website.findMany({
      where: { status: SITE_STATUS.removed },
      select: { id: true, status: true, statusChangedAt: true, trialEndsAt: true },
      orderBy: [{ statusChangedAt: "asc" }, { id: "asc" }],
    });
    return removed.filter((site) => removalPurgeDue(site, now)).map((site) => site.id);
  }

  /** Sites whose rows are gone but whose purge did not finish: those with a lease of `job` left and no Website row. */
  async unfinished(job: string): Promise<string[]> {
    const prefix = siteLeaseName(job, "");
    const marks = await this.db.jobLease.findMany({ where: { name: { startsWith: prefix } }, select: { name: true } });
    const ids = marks.map((mark) => mark.name.slice(prefix.length));
    const existing = new Set((await this.db.website.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((site) => site.id));
    return ids.filter((id) => !existing.has(id));
  }

  /**
   * Purges the site if it is due at `now`: "purged"; finishes an unfinished purge (no Website row any
   * more): "finished"; a site that is not removed, or still within its retention: "kept".
   */
  async purge(websiteId: string, now: Date): Promise<PurgeOutcome> {
    const site = await this.db.website.findUnique({ where: { id: websiteId }, select: { status: true, statusChangedAt: true, trialEndsAt: true } });
    if (site) {
      if (!removalPurgeDue(site, now)) return "kept";
      try {
        await this.db.$transaction((tx) => this.#deleteRows(tx, websiteId, site.statusChangedAt), {
          timeout: PURGE_TRANSACTION_TIMEOUT_MS,
          maxWait: PURGE_TRANSACTION_TIMEOUT_MS,
        });
      } catch (error) {
        if (error instanceof SiteRestored) return "kept";
        throw error;
      }
    }
    await rm(siteMediaFolder(this.options.mediaDir, websiteId), { recursive: true, force: true });
    // The site's leases, the running purge's own among them: until now it marked the purge as unfinished.
    // By exact name: a LIKE pattern would take an id's "_" for a wildcard, and SQLite's ignores case.
    const leases = this.options.siteJobs.map((job) => siteLeaseName(job, websiteId));
    await this.db.jobLease.deleteMany({ where: { name: { in: leases } } });
    this.options.pubsub.publish("siteChanged", { websiteId });
    await this.options.forget(websiteId);
    return site ? "purged" : "finished";
  }

  /** The site's rows; throws SiteRestored (the transaction rolls back, nothing deleted) when it is no longer removed as found. */
  async #deleteRows(tx: Tx, websiteId: string, removedAt: Date): Promise<void> {
    const db = sql(tx);
    // Rows reached through the site's carts and forms, while those still exist.
    await db
      .deleteFrom("IdempotencyRecord")
      .where("cartId", "in", db.selectFrom("Cart").select("id").where("websiteId", "=", websiteId))
      .execute();
    await db
      .deleteFrom("SubmissionFingerprint")
      .where("formId", "in", db.selectFrom("Form").select("id").where("websiteId", "=", websiteId))
      .execute();
    // Rows that name the site without a foreign key to it.
    for (const table of UNLINKED_SITE_TABLES) await db.deleteFrom(table).where("websiteId", "=", websiteId).execute();
    const website = await tx.website.deleteMany({ where: { id: websiteId, status: SITE_STATUS.removed, statusChangedAt: removedAt } });
    if (website.count !== 1) throw new SiteRestored();
  }
}

/** Tables with a websiteId column and no foreign key to Website (test/services/jobs/site-purge.test.ts checks every table). */
const UNLINKED_SITE_TABLES = [
  "AnalyticsEvent",
  "AnalyticsDay",
  "AnalyticsProductDay",
  "AnalyticsFormDay",
  "AnalyticsVisitorDay",
  "FormSubmissionKey",
  "ProductImage",
] as const;

class SiteRestored extends Error {}
