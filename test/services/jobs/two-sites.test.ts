// The jobs over two sites on one database (issue 21): a run gives each site its own turn, and each
// turn touches its own site's rows only: a subscription renewal, a waitlist expiry, the analytics
// rollups and the retention purge (each by its own site's settings). A site with many due items does
// not delay another's one; two processes run each site's job once; the outbox takes the sites in
// turn. Both sites are whole demo stores (seedDemoStore); the clock is a fake, no timer fires.
import { JOB_NAMES } from "../../../server/services/jobs/index.ts";
import type { OutgoingEmail } from "../../../server/services/mail/mailer.ts";
import { SITE_A, SITE_B, startTwoSiteJobs, type TwoSiteJobs } from "../../support/two-sites.ts";

const DAY = 24 * 60 * 60 * 1000;

const sent: { to: string }[] = [];
const transport = { sendMail: async (message: { to: string }) => void sent.push(message) };

let sites: TwoSiteJobs;
beforeAll(async () => {
  sites = await startTwoSiteJobs({ transport });
}, 60_000);
afterAll(() => sites.close());

let sequence = 0;
async function subscription(websiteId: string, nextBillingAt: Date) {
  const { db } = sites;
  const account = await db.account.findFirstOrThrow({ where: { websiteId, email: "member@sitecart.test" } });
  const product = await db.product.findFirstOrThrow({ where: { websiteId, slug: "coffee-club" }, include: { variants: true } });
  const orderId = `first-${websiteId}-${++sequence}`;
  const { nextOrderNumber } = await db.website.update({ where: { id: websiteId }, data: { nextOrderNumber: { increment: 1 } } });
  await db.order.create({
    data: {
      ...{ id: orderId, orderNumber: nextOrderNumber - 1, websiteId, purchasedCartId: `cart-${orderId}`, currency: "USD", accountId: account.id },
      ...{ subtotal: 2000, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 2000 },
    },
  });
  return db.subscription.create({
    data: {
      ...{ id: `sub-${orderId}`, websiteId, accountId: account.id, orderId, productId: product.id, variantId: product.variants[0].id },
      ...{ productName: product.name, quantity: 1, unitPrice: 2000, currency: "USD", billingPeriodValue: 1, billingPeriodUnit: "MONTH", nextBillingAt },
    },
  });
}

async function waitlistPlace(websiteId: string, expiresAt: Date) {
  const variant = await sites.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL", product: { websiteId } }, select: { id: true, productId: true } });
  return sites.db.restockSignUp.create({
    data: { websiteId, productId: variant.productId, variantId: variant.id, email: `waiter${++sequence}@example.com`, expiresAt },
  });
}

const pageViews = (websiteId: string, day: string, visitors: string[]) =>
  sites.db.analyticsEvent.createMany({
    data: visitors.map((visitor) => ({
      ...{ websiteId, day, occurredAt: new Date(`${day}T15:00:00Z`), kind: "page-view" },
      ...{ visitorKey: visitor, sessionKey: `${visitor}-session` },
    })),
  });

const renewalsOf = (subscriptionId: string) => sites.db.order.findMany({ where: { subscriptionId }, select: { websiteId: true, subscriptionCycle: true } });

/** Moves the fake clock past every lease the last run holds (the longest interval is an hour). */
const nextHour = () => void (sites.clock.nowMs += 60 * 60 * 1000 + 1);

it("gives each site its own turn of every job, and each turn touches its own site's rows only", async () => {
  const now = sites.clock.now();
  const dueA = await subscription(SITE_A, new Date(now.getTime() - DAY));
  const notDueB = await subscription(SITE_B, new Date(now.getTime() + 10 * DAY));
  const lapsedB = await waitlistPlace(SITE_B, new Date(now.getTime() - 1000));
  const waitingA = await waitlistPlace(SITE_A, new Date(now.getTime() + DAY));
  // Retention: site A keeps 30 days of raw events, site B the default 395.
  await sites.db.analyticsSettings.create({ data: { websiteId: SITE_A, retentionDays: 30 } });
  const old = new Date(now.getTime() - 100 * DAY).toISOString().slice(0, 10);
  await pageViews(SITE_A, old, ["a-old"]);
  await pageViews(SITE_B, old, ["b-old-1", "b-old-2"]);

  const jobs = sites.jobs("p");
  // Every job ran (the removed-site purge has no site to purge).
  expect(await jobs.runDue()).toEqual(Object.values(JOB_NAMES).filter((name) => name !== JOB_NAMES.removedSites));

  expect(await renewalsOf(dueA.id)).toEqual([{ websiteId: SITE_A, subscriptionCycle: 2 }]);
  expect(await renewalsOf(notDueB.id)).toEqual([]);
  expect(await sites.db.subscription.findUniqueOrThrow({ where: { id: notDueB.id } })).toMatchObject({ cyclesBilled: 1, nextBillingAt: notDueB.nextBillingAt });
  expect(await sites.db.restockSignUp.findUniqueOrThrow({ where: { id: lapsedB.id } })).toMatchObject({ status: "EXPIRED" });
  expect(await sites.db.restockSignUp.findUniqueOrThrow({ where: { id: waitingA.id } })).toMatchObject({ status: "RECEIVED" });
  // A's old events are past its 30 days and gone; B's are within its 395 days, kept and rolled up as B's.
  expect(await sites.db.analyticsEvent.count({ where: { websiteId: SITE_A, day: old } })).toBe(0);
  expect(await sites.db.analyticsEvent.count({ where: { websiteId: SITE_B, day: old } })).toBe(2);
  // Each site's turn took its own lease.
  const leases = await sites.db.jobLease.findMany({ where: { name: { startsWith: `${JOB_NAMES.renewals}:` } }, orderBy: { name: "asc" } });
  expect(leases.map((lease) => lease.name)).toEqual([`${JOB_NAMES.renewals}:${SITE_A}`, `${JOB_NAMES.renewals}:${SITE_B}`]);
});

it("rolls up each site's day from its own events", async () => {
  const day = sites.clock.now().toISOString().slice(0, 10);
  await pageViews(SITE_A, day, ["a1", "a2", "a3"]);
  await pageViews(SITE_B, day, ["b1"]);
  nextHour();
  const jobs = sites.jobs("p");
  const rollup = jobs.jobs.find((job) => job.name === JOB_NAMES.analyticsRollup)!;
  expect(await jobs.run(rollup)).toBe(true);
  const visitors = async (websiteId: string) => (await sites.db.analyticsDay.findUniqueOrThrow({ where: { websiteId_day: { websiteId, day } } })).visitors;
  expect([await visitors(SITE_A), await visitors(SITE_B)]).toEqual([3, 1]);
});

it("bills site B's one due renewal in the first run, however many site A has due", async () => {
  nextHour();
  const due = new Date(sites.clock.nowMs - DAY);
  const manyA = await Promise.all(Array.from({ length: 12 }, () => subscription(SITE_A, due)));
  const oneB = await subscription(SITE_B, due);
  const jobs = sites.jobs("p");
  expect(await jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.renewals)!)).toBe(true);
  expect(await renewalsOf(oneB.id)).toEqual([{ websiteId: SITE_B, subscriptionCycle: 2 }]);
  for (const sub of manyA) expect(await renewalsOf(sub.id)).toEqual([{ websiteId: SITE_A, subscriptionCycle: 2 }]);
});

it("runs each site's job once when two processes run the jobs at once", async () => {
  nextHour();
  const due = new Date(sites.clock.nowMs - DAY);
  const subA = await subscription(SITE_A, due);
  const subB = await subscription(SITE_B, due);
  const [p, q] = [sites.jobs("p"), sites.jobs("q")];
  const renewals = (scheduler: typeof p) => scheduler.run(scheduler.jobs.find((job) => job.name === JOB_NAMES.renewals)!);
  await Promise.all([renewals(p), renewals(q)]);
  // Each cycle billed once; and neither process runs either site again within the interval.
  expect(await renewalsOf(subA.id)).toHaveLength(1);
  expect(await renewalsOf(subB.id)).toHaveLength(1);
  expect([await renewals(p), await renewals(q)]).toEqual([false, false]);
  const leases = await sites.db.jobLease.findMany({ where: { name: { startsWith: `${JOB_NAMES.renewals}:` } } });
  expect(leases).toHaveLength(2);
  expect(leases.every((lease) => lease.expiresAt.getTime() > sites.clock.nowMs)).toBe(true);
});

it("delivers site B's password reset in the next batch while site A has 60 emails queued before it", async () => {
  nextHour();
  const email = (websiteId: string, n: number, kind: OutgoingEmail["kind"] = "RESTOCK"): OutgoingEmail => ({
    kind,
    dedupeKey: `fair:${websiteId}:${n}`,
    toEmail: `${websiteId}-${n}@example.com`,
    subject: "Hello",
    textBody: "Hello.",
  });
  for (let n = 0; n < 60; n++) {
    sites.clock.nowMs += 1;
    await sites.db.$transaction((tx) => sites.mailer.enqueue(tx, SITE_A, [email(SITE_A, n)]));
  }
  sites.clock.nowMs += 1;
  await sites.db.$transaction((tx) => sites.mailer.enqueue(tx, SITE_B, [email(SITE_B, 0, "PASSWORD_RESET")]));
  sent.length = 0;
  await sites.mailer.deliverPending(); // one batch (50)
  expect(sent.map((message) => message.to).slice(0, 2)).toEqual([`${SITE_A}-0@example.com`, `${SITE_B}-0@example.com`]);
  expect(sent).toHaveLength(50);
  expect(await sites.db.outboxEmail.count({ where: { websiteId: SITE_A, status: "PENDING" } })).toBe(11);
});

it("gives a removed site no jobs (only the purge, after its retention)", async () => {
  nextHour();
  await sites.db.website.update({ where: { id: SITE_B }, data: { status: 5, statusChangedAt: sites.clock.now() } });
  const lapsedB = await waitlistPlace(SITE_B, new Date(sites.clock.nowMs - 1000));
  const lapsedA = await waitlistPlace(SITE_A, new Date(sites.clock.nowMs - 1000));
  const jobs = sites.jobs("p");
  expect(await jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.waitlist)!)).toBe(true);
  expect(await sites.db.restockSignUp.findUniqueOrThrow({ where: { id: lapsedA.id } })).toMatchObject({ status: "EXPIRED" });
  expect(await sites.db.restockSignUp.findUniqueOrThrow({ where: { id: lapsedB.id } })).toMatchObject({ status: "RECEIVED" });
  expect(await sites.db.jobLease.count({ where: { name: `${JOB_NAMES.waitlist}:${SITE_B}`, expiresAt: { gt: sites.clock.now() } } })).toBe(0);
  await sites.db.website.update({ where: { id: SITE_B }, data: { status: 8 } });
});

it("bills no renewal while a site's plan refuses purchases (expired), and the due cycle once it is paid again", async () => {
  nextHour();
  await sites.db.website.update({ where: { id: SITE_B }, data: { status: 1, statusChangedAt: sites.clock.now() } });
  const due = new Date(sites.clock.nowMs - DAY);
  const subA = await subscription(SITE_A, due);
  const subB = await subscription(SITE_B, due);
  const renewals = (scheduler: ReturnType<TwoSiteJobs["jobs"]>) => scheduler.run(scheduler.jobs.find((job) => job.name === JOB_NAMES.renewals)!);
  await renewals(sites.jobs("p"));
  expect(await renewalsOf(subA.id)).toHaveLength(1);
  expect(await renewalsOf(subB.id)).toEqual([]);
  await sites.db.website.update({ where: { id: SITE_B }, data: { status: 8, statusChangedAt: sites.clock.now() } });
  nextHour();
  await renewals(sites.jobs("p"));
  expect(await renewalsOf(subB.id)).toEqual([{ websiteId: SITE_B, subscriptionCycle: 2 }]);
});
