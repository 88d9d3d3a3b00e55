// The removed-site purge (issue 21): a site removed more than 30 days ago loses all its data, in every
// table (those its Website row cascades to and those that only name its websiteId), its media folder
// and its job leases; the `siteChanged` event goes out and the pool lets the site go. Before the
// retention ends nothing is deleted; the other site is untouched; a purge that stopped halfway (a
// crash after its transaction) is finished by the next run, and running it again changes nothing.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../../../server/db/client.ts";
import { JOB_NAMES } from "../../../server/services/jobs/index.ts";
import { SitePurge } from "../../../server/services/site/site-purge.ts";
import { seedDemoStore } from "../../../prisma/seed.ts";
import { SITE_A, SITE_B, startTwoSiteJobs, type TwoSiteJobs } from "../../support/two-sites.ts";

const DAY = 24 * 60 * 60 * 1000;
const REMOVED = 5;

let sites: TwoSiteJobs;
beforeAll(async () => {
  sites = await startTwoSiteJobs({ onlyA: true });
}, 60_000);
afterAll(() => sites.close());

/** Every model of prisma/schema.prisma: a table added later is checked without editing this test. */
const models = [...readFileSync(join(__dirname, "../../../prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);
type Counter = { count(args?: object): Promise<number> };
const table = (db: Db, model: string) => (db as unknown as Record<string, Counter>)[model[0].toLowerCase() + model.slice(1)];
const rowCounts = async (db: Db) => Object.fromEntries(await Promise.all(models.map(async (model) => [model, await table(db, model).count()] as const)));

/** A file in the site's media folder, as ProductImagesService writes them (MEDIA_DIR/<websiteId>/<key>/). */
function mediaFile(websiteId: string, key: string): string {
  const folder = join(sites.mediaDir, websiteId, key);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "original"), "image bytes");
  return folder;
}

/** Rows of the site in the tables that no seed fills: everything its visitors, jobs and owner leave behind. */
async function useSite(websiteId: string) {
  const { db, mailer } = sites;
  const owner = await db.account.findFirstOrThrow({ where: { websiteId, email: "owner@sitecart.test" } });
  const product = await db.product.findFirstOrThrow({ where: { websiteId, slug: "canvas-tote" }, include: { variants: true } });
  const form = await db.form.findFirstOrThrow({ where: { websiteId } });
  const future = new Date(sites.clock.nowMs + DAY);
  const id = (name: string) => `${name}-${websiteId}`;
  await db.session.create({ data: { id: id("session"), tokenHash: id("token"), xsrfTokenHash: "x", accountId: owner.id, expiresAt: future } });
  await db.passwordReset.create({ data: { id: id("reset"), tokenHash: id("reset"), accountId: owner.id, expiresAt: future } });
  await db.cart.create({ data: { id: id("cart"), token: id("cart-token"), websiteId, entries: { create: [] } } });
  await db.idempotencyRecord.create({ data: { key: id("idem"), operation: "addCartEntry", requestHash: "h", response: "{}", cartId: id("cart") } });
  await db.formSubmissionKey.create({ data: { keyHash: id("key"), websiteId, expiresAt: future } });
  await db.submissionFingerprint.create({
    data: { formId: form.id, answersHash: id("answers"), submissionId: id("submission"), createdAt: sites.clock.now() },
  });
  await db.siteDomain.create({ data: { host: `shop.${websiteId}.test`, websiteId, primary: true } });
  await db.$transaction((tx) =>
    mailer.enqueue(tx, websiteId, [{ kind: "RESTOCK", dedupeKey: id("mail"), toEmail: "w@example.com", subject: "s", textBody: "t" }]),
  );
  await db.restockSignUp.create({ data: { websiteId, productId: product.id, variantId: product.variants[0].id, email: "w@example.com", expiresAt: future } });
  const day = sites.clock.now().toISOString().slice(0, 10);
  await db.analyticsEvent.create({
    data: { websiteId, day, occurredAt: sites.clock.now(), kind: "view-product", visitorKey: "v", sessionKey: "s", productId: product.id },
  });
  await db.analyticsVisitorDay.create({ data: { websiteId, day, visitorKey: "v" } });
  await db.analyticsFormDay.create({ data: { websiteId, day, formKey: form.key, views: 1 } });
  const key = id("image");
  await db.productImage.create({
    data: { websiteId, productId: product.id, key, filename: "tote.jpg", position: 0, width: 10, height: 10, contentType: "image/jpeg", byteSize: 11 },
  });
  // The rollups (AnalyticsDay, AnalyticsProductDay) and the jobs' leases of the site, by the jobs themselves.
  await sites.jobs("user").runDue();
  return mediaFile(websiteId, key);
}

const errors: string[] = [];
const purgeJob = (holder = "p") => {
  const jobs = sites.jobs(holder, { onError: (lease, error) => errors.push(`${lease}: ${String(error)}`) });
  return { run: () => jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.removedSites)!) };
};

it("deletes a removed site's rows in every table, its media and its leases after the retention, and nothing before it nor of the other site", async () => {
  const { db, pool, directory } = sites;
  const folderA = await useSite(SITE_A);
  const withSiteA = await rowCounts(db);
  await seedDemoStore(db, SITE_B);
  const folderB = await useSite(SITE_B);
  const b = (await directory.site(SITE_B))!;
  pool.acquire(b).release(); // the pool holds B's services, as after a request
  expect(await db.jobLease.count({ where: { name: { endsWith: `:${SITE_B}` } } })).toBeGreaterThan(0);
  const changed: string[] = [];
  const events = sites.pubsub.subscribe("siteChanged");
  void (async () => {
    for await (const { websiteId } of events) changed.push(websiteId);
  })();

  await db.website.update({ where: { id: SITE_B }, data: { status: REMOVED, statusChangedAt: sites.clock.now() } });
  // Day 29 of the retention: kept.
  sites.clock.nowMs += 29 * DAY;
  const withBoth = await rowCounts(db);
  expect(await purgeJob().run()).toBe(false);
  expect(await rowCounts(db)).toEqual(withBoth);
  expect(existsSync(folderB)).toBe(true);

  // Day 31: purged.
  sites.clock.nowMs += 2 * DAY;
  expect(await purgeJob().run()).toBe(true);
  expect(errors).toEqual([]);
  expect(await rowCounts(db)).toEqual(withSiteA);
  expect(existsSync(join(sites.mediaDir, SITE_B))).toBe(false);
  expect(existsSync(folderA)).toBe(true);
  expect(await db.website.count({ where: { id: SITE_A } })).toBe(1);
  expect(changed).toContain(SITE_B);
  expect(pool.size).toBe(0);
  await events.return?.();
}, 30_000);

it("finishes a purge that stopped after its transaction (media and leases left), and a purge run again changes nothing", async () => {
  const { db } = sites;
  await seedDemoStore(db, "site-c");
  const folderC = mediaFile("site-c", "image-c");
  // What a crash right after the transaction leaves: no rows of the site, its media and the purge's own lease.
  await db.website.delete({ where: { id: "site-c" } });
  await db.jobLease.create({ data: { name: `${JOB_NAMES.removedSites}:site-c`, holder: "crashed", expiresAt: new Date(sites.clock.nowMs - 1) } });
  await db.jobLease.create({ data: { name: `${JOB_NAMES.analyticsRollup}:site-c`, holder: "crashed", expiresAt: new Date(sites.clock.nowMs + DAY) } });
  const before = await rowCounts(db);

  sites.clock.nowMs += 2 * 60 * 60 * 1000;
  expect(await purgeJob("q").run()).toBe(true);
  expect(existsSync(folderC)).toBe(false);
  expect(await db.jobLease.count({ where: { name: { endsWith: ":site-c" } } })).toBe(0);
  expect(await rowCounts(db)).toEqual({ ...before, JobLease: before.JobLease - 2 });

  sites.clock.nowMs += 2 * 60 * 60 * 1000;
  const settled = await rowCounts(db);
  expect(await purgeJob("r").run()).toBe(false);
  expect(await rowCounts(db)).toEqual(settled);
  expect(errors).toEqual([]);
});

it("keeps a site the operator restored after it was found due", async () => {
  const { db } = sites;
  await seedDemoStore(db, "site-d");
  await db.website.update({ where: { id: "site-d" }, data: { status: REMOVED, statusChangedAt: new Date(sites.clock.nowMs - 40 * DAY) } });
  const purge = new SitePurge(db, { mediaDir: sites.mediaDir, pubsub: sites.pubsub, forget: async () => {}, siteJobs: [] });
  expect(await purge.due(sites.clock.now())).toEqual(["site-d"]);
  await db.website.update({ where: { id: "site-d" }, data: { status: 8, statusChangedAt: sites.clock.now() } });
  expect(await purge.purge("site-d", sites.clock.now())).toBe("kept");
  expect(await db.product.count({ where: { websiteId: "site-d" } })).toBeGreaterThan(0);
});
