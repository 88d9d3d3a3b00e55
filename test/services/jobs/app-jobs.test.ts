// The app's jobs (server/app.ts) go over every site of the deployment (issue 21), not only the
// default site's; with JOBS=off, start() runs nothing.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { createApp, type App } from "../../../server/app.ts";
import type { Db } from "../../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { DEFAULT_JOB_INTERVALS, JOB_NAMES } from "../../../server/services/jobs/index.ts";
import { createTestDb } from "../../support/db.ts";

let db: Db;
let closeDb: () => Promise<void>;
let bus: RealtimeBus;
let app: App;
beforeAll(async () => {
  ({ db, close: closeDb } = await createTestDb());
  for (const [websiteId, slug] of [
    ["site-a", "a"],
    ["site-b", "b"],
  ]) {
    await seedDemoStore(db, websiteId);
    await db.website.update({ where: { id: websiteId }, data: { slug } });
  }
  bus = createRealtimeBus(null);
  app = createApp({
    db,
    pubsub: bus.pubsub,
    config: {
      websiteId: "site-a",
      production: false,
      rateLimit: { burst: 100, perSecond: 100 },
      platformDomain: "localhost",
      jobs: { onTimers: false, ...DEFAULT_JOB_INTERVALS },
    },
  });
}, 60_000);
afterAll(async () => {
  await app.close();
  await bus.close();
  await closeDb();
});

it("runs nothing on start() with JOBS=off", async () => {
  app.jobs.start();
  expect(await db.jobLease.count()).toBe(0);
});

it("runs each site's jobs: both sites' lapsed waitlist places expire", async () => {
  const lapsed = await Promise.all(
    ["site-a", "site-b"].map(async (websiteId) => {
      const variant = await db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL", product: { websiteId } }, select: { id: true, productId: true } });
      return db.restockSignUp.create({
        data: { websiteId, productId: variant.productId, variantId: variant.id, email: "lapsed@example.com", expiresAt: new Date(Date.now() - 1000) },
      });
    }),
  );
  expect(await app.jobs.runDue()).toContain(JOB_NAMES.waitlist);
  for (const place of lapsed) expect(await db.restockSignUp.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({ status: "EXPIRED" });
  const leases = await db.jobLease.findMany({ where: { name: { startsWith: `${JOB_NAMES.waitlist}:` } }, orderBy: { name: "asc" } });
  expect(leases.map((lease) => lease.name)).toEqual([`${JOB_NAMES.waitlist}:site-a`, `${JOB_NAMES.waitlist}:site-b`]);
});
