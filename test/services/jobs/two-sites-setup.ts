// Two demo sites on one database (issue 21) and the pieces createApp builds over them: the site
// directory (with PLATFORM_DOMAIN set, so it lists every site), the pool of their services and the
// jobs of every site, on a fake clock and timers that never fire.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoStore } from "../../../prisma/seed.ts";
import type { Db } from "../../../server/db/client.ts";
import { createRealtimeBus, type StorePubSub } from "../../../server/realtime/pubsub.ts";
import { createServices } from "../../../server/services/index.ts";
import { createSiteJobs, type JobOptions } from "../../../server/services/jobs/index.ts";
import { Mailer } from "../../../server/services/mail/mailer.ts";
import { SiteDirectory } from "../../../server/services/site/site-directory.ts";
import { SitePool } from "../../../server/services/site/site-pool.ts";
import { createTestDb } from "../../support/db.ts";
import { noTimers } from "../../support/timers.ts";

export const SITE_A = "site-a";
export const SITE_B = "site-b";

export interface TwoSites {
  db: Db;
  pubsub: StorePubSub;
  directory: SiteDirectory;
  pool: SitePool;
  mailer: Mailer;
  /** MEDIA_DIR of both sites. */
  mediaDir: string;
  /** The fake clock: every service and job reads it. */
  clock: { nowMs: number; now(): Date };
  /** The jobs of every site as one process (`holder`) runs them. */
  jobs(holder: string, options?: JobOptions): ReturnType<typeof createSiteJobs>;
  close(): Promise<void>;
}

/** A whole demo store under `websiteId`, at {slug}.localhost. */
export async function seedSite(db: Db, websiteId: string, slug: string): Promise<void> {
  await seedDemoStore(db, websiteId);
  await db.website.update({ where: { id: websiteId }, data: { slug } });
}

/**
 * Sites A (slug "a") and B (slug "b"), each a whole demo store (only A with `onlyA`: the test seeds B
 * itself); `transport` receives the mail (default: none).
 */
export async function startTwoSites({
  transport = null,
  onlyA = false,
}: { transport?: ConstructorParameters<typeof Mailer>[1]; onlyA?: boolean } = {}): Promise<TwoSites> {
  const { db, close } = await createTestDb();
  await seedSite(db, SITE_A, "a");
  if (!onlyA) await seedSite(db, SITE_B, "b");
  const clock = { nowMs: Date.now(), now: () => new Date(clock.nowMs) };
  const bus = createRealtimeBus(null);
  const mediaDir = mkdtempSync(join(tmpdir(), "sitecart-two-sites-"));
  const mailer = new Mailer(db, transport, undefined, clock.now);
  const directory = new SiteDirectory(db, {
    platformDomain: "localhost",
    defaultWebsiteId: SITE_A,
    publicUrl: "http://localhost:4000",
    now: clock.now,
    ttlMs: 0,
  });
  directory.follow(bus.pubsub);
  const pool = new SitePool((site) => createServices({ db, pubsub: bus.pubsub, websiteId: site.id, options: { mailer, mediaDir, now: clock.now } }));
  return {
    db,
    pubsub: bus.pubsub,
    directory,
    pool,
    mailer,
    mediaDir,
    clock,
    jobs: (holder, options = {}) =>
      createSiteJobs({ db, pubsub: bus.pubsub, mailer, directory, pool, mediaDir }, { now: clock.now, timers: noTimers, holder, ...options }),
    async close() {
      directory.stop();
      await pool.close();
      await bus.close();
      await close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
