// The rollups' arithmetic (issue 11) against raw events with known counts: visits are distinct
// sessions, visitors distinct visitors, the funnel counts sessions reaching each step, products and
// forms are counted per day; orders and revenue come from the Order table by the site's day
// (cancelled and refunded excluded), never from purchase events. Recomputing gives the same rows.
// Also: the rollup job picks the changed days, retention purges old raw events, and a visitor's
// deletion takes them out of the counts.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { createJobs } from "../../../server/services/jobs/index.ts";
import { rollUpDay, RollupJob } from "../../../server/services/analytics/rollups.ts";
import { purgeExpiredEvents } from "../../../server/services/analytics/retention.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";
import { noTimers } from "../../support/timers.ts";

let store: DemoStoreServices;
const ZONE = "Asia/Tokyo";
beforeAll(async () => {
  store = await createDemoStoreServices();
  await store.db.website.update({ where: { id: DEMO_WEBSITE_ID }, data: { timeZone: ZONE } });
  store.services.settings.invalidate();
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  for (const table of [store.db.analyticsEvent, store.db.analyticsVisitorDay, store.db.analyticsDay, store.db.analyticsProductDay, store.db.analyticsFormDay])
    await (table as { deleteMany(): Promise<unknown> }).deleteMany();
  await store.db.analyticsSettings.deleteMany();
  await store.db.order.deleteMany();
});

type Event = { day: string; kind: string; visitor: string; session: string; productId?: number; formKey?: string; at?: Date };
const insert = (events: Event[]) =>
  store.db.analyticsEvent.createMany({
    data: events.map((event) => ({
      websiteId: DEMO_WEBSITE_ID,
      day: event.day,
      occurredAt: event.at ?? new Date(`${event.day}T03:00:00Z`),
      kind: event.kind,
      visitorKey: event.visitor,
      sessionKey: event.session,
      productId: event.productId ?? null,
      formKey: event.formKey ?? null,
    })),
  });

let orderNumber = 1;
async function order(state: string, createdAt: Date, items: { productId: number; quantity: number; unitPrice: number }[]) {
  const id = `order-${orderNumber}`;
  const total = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  await store.db.order.create({
    data: {
      id,
      orderNumber: orderNumber++,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `${id}-cart`,
      currency: "USD",
      ...{ subtotal: total, discountTotal: 0, taxTotal: 0, shippingTotal: 500, grandTotal: total + 500 },
      state,
      createdAt,
      items: { create: items.map((item) => ({ ...item, productName: "P", productType: 1 })) },
    },
  });
}

const DAY = "2026-03-02";
const NEXT = "2026-03-03";

async function seedDay() {
  const events: Event[] = [];
  // Alice: two sessions; views product 1 twice and 2 once, adds 1 to cart, starts checkout, buys.
  events.push({ day: DAY, kind: "page-view", visitor: "alice", session: "a1" });
  events.push({ day: DAY, kind: "view-product", visitor: "alice", session: "a1", productId: 1 });
  events.push({ day: DAY, kind: "view-product", visitor: "alice", session: "a1", productId: 1 });
  events.push({ day: DAY, kind: "add-to-cart", visitor: "alice", session: "a1", productId: 1 });
  events.push({ day: DAY, kind: "checkout-start", visitor: "alice", session: "a1" });
  events.push({ day: DAY, kind: "purchase", visitor: "alice", session: "a1" });
  events.push({ day: DAY, kind: "page-view", visitor: "alice", session: "a2" });
  events.push({ day: DAY, kind: "quick-view", visitor: "alice", session: "a2", productId: 2 });
  // Bob: one session crossing midnight (also on the next day); views and adds product 2; a form.
  events.push({ day: DAY, kind: "page-view", visitor: "bob", session: "b1" });
  events.push({ day: DAY, kind: "view-product", visitor: "bob", session: "b1", productId: 2 });
  events.push({ day: DAY, kind: "add-to-cart", visitor: "bob", session: "b1", productId: 2 });
  events.push({ day: DAY, kind: "form-render", visitor: "bob", session: "b1", formKey: "contact" });
  events.push({ day: DAY, kind: "form-submit", visitor: "bob", session: "b1", formKey: "contact" });
  events.push({ day: NEXT, kind: "page-view", visitor: "bob", session: "b1" });
  // Carol: a page view and a form render only; a forged purchase event brings no order.
  events.push({ day: DAY, kind: "page-view", visitor: "carol", session: "c1" });
  events.push({ day: DAY, kind: "form-render", visitor: "carol", session: "c1", formKey: "contact" });
  events.push({ day: DAY, kind: "form-render", visitor: "carol", session: "c1", formKey: "newsletter" });
  await insert(events);
  // Orders of DAY in Tokyo: 2026-03-01T15:00Z is midnight of March 2 there.
  await order("PLACED", new Date("2026-03-01T15:00:00Z"), [{ productId: 1, quantity: 2, unitPrice: 1000 }]);
  await order("FULFILLED", new Date("2026-03-02T14:59:59Z"), [
    { productId: 1, quantity: 1, unitPrice: 1000 },
    { productId: 2, quantity: 3, unitPrice: 250 },
  ]);
  await order("CANCELLED", new Date("2026-03-02T01:00:00Z"), [{ productId: 2, quantity: 9, unitPrice: 999 }]);
  await order("REFUNDED", new Date("2026-03-02T02:00:00Z"), [{ productId: 1, quantity: 9, unitPrice: 999 }]);
  // Outside DAY in Tokyo (the day before, and the day after).
  await order("PLACED", new Date("2026-03-01T14:59:59Z"), [{ productId: 1, quantity: 1, unitPrice: 7 }]);
  await order("PLACED", new Date("2026-03-02T15:00:00Z"), [{ productId: 1, quantity: 1, unitPrice: 7 }]);
}

const dayRow = async (day: string) => {
  const row = await store.db.analyticsDay.findUniqueOrThrow({ where: { websiteId_day: { websiteId: DEMO_WEBSITE_ID, day } } });
  const { updatedAt, ...figures } = row;
  expect(updatedAt).toBeInstanceOf(Date);
  return figures;
};
const productRows = () =>
  store.db.analyticsProductDay.findMany({
    where: { day: DAY },
    orderBy: { productId: "asc" },
    select: { productId: true, views: true, adds: true, orders: true, unitsSold: true, revenueCents: true },
  });
const formRows = () =>
  store.db.analyticsFormDay.findMany({ where: { day: DAY }, orderBy: { formKey: "asc" }, select: { formKey: true, views: true, submissions: true } });

it("counts visits, visitors, page views, the funnel, products, forms, orders and revenue of a day", async () => {
  await seedDay();
  await rollUpDay(store.db, DEMO_WEBSITE_ID, DAY, ZONE);
  expect(await dayRow(DAY)).toEqual({
    websiteId: DEMO_WEBSITE_ID,
    day: DAY,
    visits: 4,
    visitors: 3,
    pageViews: 4,
    productViewSessions: 3,
    addToCartSessions: 2,
    checkoutSessions: 1,
    orderSessions: 1,
    orders: 2,
    revenueCents: 2000 + 500 + 1750 + 500,
    formViews: 3,
    formSubmissions: 1,
  });
  expect(await productRows()).toEqual([
    { productId: 1, views: 2, adds: 1, orders: 2, unitsSold: 3, revenueCents: 3000 },
    { productId: 2, views: 2, adds: 1, orders: 1, unitsSold: 3, revenueCents: 750 },
  ]);
  expect(await formRows()).toEqual([
    { formKey: "contact", views: 2, submissions: 1 },
    { formKey: "newsletter", views: 1, submissions: 0 },
  ]);
  // The session crossing midnight is a visit on both days.
  await rollUpDay(store.db, DEMO_WEBSITE_ID, NEXT, ZONE);
  expect(await dayRow(NEXT)).toMatchObject({ visits: 1, visitors: 1, pageViews: 1, orders: 1, revenueCents: 507 });
});

it("gives the same rows when run again, and follows a cancellation", async () => {
  await seedDay();
  await rollUpDay(store.db, DEMO_WEBSITE_ID, DAY, ZONE);
  const first = [await dayRow(DAY), await productRows(), await formRows()];
  await rollUpDay(store.db, DEMO_WEBSITE_ID, DAY, ZONE);
  expect([await dayRow(DAY), await productRows(), await formRows()]).toEqual(first);
  const fulfilled = await store.db.order.findFirstOrThrow({ where: { state: "FULFILLED" } });
  await store.db.order.update({ where: { id: fulfilled.id }, data: { state: "CANCELLED", cancelledAt: new Date() } });
  await rollUpDay(store.db, DEMO_WEBSITE_ID, DAY, ZONE);
  expect(await dayRow(DAY)).toMatchObject({ orders: 1, revenueCents: 2500 });
});

it("the rollup job rolls up the days of new events, of changed orders, and today", async () => {
  const now = new Date("2026-03-05T03:00:00Z");
  const job = new RollupJob(store.db, DEMO_WEBSITE_ID, store.services.settings, () => now);
  await insert([{ day: DAY, kind: "page-view", visitor: "v", session: "s" }]);
  expect(await job.run()).toEqual([DAY, "2026-03-05"]);
  expect(await job.run()).toEqual(["2026-03-05"]);
  await insert([{ day: NEXT, kind: "page-view", visitor: "v", session: "s" }]);
  expect(await job.run()).toEqual([NEXT, "2026-03-05"]);
  expect(await dayRow(NEXT)).toMatchObject({ visits: 1, pageViews: 1 });
  // A fresh process starts from the rollups' last update: nothing older is rolled again.
  const fresh = new RollupJob(store.db, DEMO_WEBSITE_ID, store.services.settings, () => now);
  expect(await fresh.run()).toEqual(["2026-03-05"]);
});

it("runs through the scheduler as analytics-rollup and analytics-retention", async () => {
  const jobs = createJobs(store.services, { timers: noTimers, holder: "rollup-test" });
  await insert([{ day: DAY, kind: "page-view", visitor: "v", session: "s" }]);
  expect(await jobs.runDue()).toEqual(expect.arrayContaining(["analytics-rollup", "analytics-retention"]));
  expect(await dayRow(DAY)).toMatchObject({ visits: 1 });
});

it("retention purges raw events and visitors' days before the retention period, keeping the rollups", async () => {
  const now = new Date("2026-03-10T03:00:00Z"); // March 10 in Tokyo
  const visitorDay = (day: string) => store.db.analyticsVisitorDay.create({ data: { websiteId: DEMO_WEBSITE_ID, day, visitorKey: "v" } });
  const dayCount = async () => (await store.db.analyticsEvent.findMany({ select: { day: true }, orderBy: { day: "asc" } })).map((row) => row.day);
  // Default: 395 days.
  await insert([
    { day: "2025-02-07", kind: "page-view", visitor: "v", session: "s" },
    { day: "2025-02-08", kind: "page-view", visitor: "v", session: "s" },
  ]);
  await visitorDay("2025-02-07");
  await visitorDay("2025-02-08");
  await rollUpDay(store.db, DEMO_WEBSITE_ID, "2025-02-07", ZONE);
  expect(await purgeExpiredEvents(store.db, DEMO_WEBSITE_ID, store.services.settings, store.services.analytics.policy, now)).toEqual({
    events: 1,
    visitorDays: 1,
  });
  expect(await dayCount()).toEqual(["2025-02-08"]);
  expect(await store.db.analyticsDay.count({ where: { day: "2025-02-07" } })).toBe(1);
  // The owner's period.
  await store.db.analyticsSettings.create({ data: { websiteId: DEMO_WEBSITE_ID, retentionDays: 30 } });
  await insert([
    { day: "2026-02-07", kind: "page-view", visitor: "v", session: "s" },
    { day: "2026-02-08", kind: "page-view", visitor: "v", session: "s" },
  ]);
  const policy = new (store.services.analytics.policy.constructor as new (...args: unknown[]) => typeof store.services.analytics.policy)(
    store.db,
    DEMO_WEBSITE_ID,
    0,
  );
  expect(await purgeExpiredEvents(store.db, DEMO_WEBSITE_ID, store.services.settings, policy, now)).toEqual({ events: 2, visitorDays: 1 });
  expect(await dayCount()).toEqual(["2026-02-08"]);
});

it("a visitor's deletion removes their events and visitors' days and takes them out of the rollups", async () => {
  const analytics = store.services.analytics;
  const key = analytics.hash("visitor:erase-me");
  await insert([
    { day: DAY, kind: "page-view", visitor: key, session: "e1" },
    { day: NEXT, kind: "page-view", visitor: key, session: "e1" },
    { day: DAY, kind: "page-view", visitor: "someone-else", session: "o1" },
  ]);
  await store.db.analyticsVisitorDay.createMany({
    data: [
      { websiteId: DEMO_WEBSITE_ID, day: DAY, visitorKey: key },
      { websiteId: DEMO_WEBSITE_ID, day: DAY, visitorKey: "someone-else" },
    ],
  });
  await rollUpDay(store.db, DEMO_WEBSITE_ID, DAY, ZONE);
  expect(await dayRow(DAY)).toMatchObject({ visits: 2, visitors: 2 });
  expect(await analytics.deleteVisitor({ SS_ANALYTICS_ID: "erase-me" })).toEqual({ events: 2 });
  expect(await store.db.analyticsEvent.count({ where: { visitorKey: key } })).toBe(0);
  expect(await store.db.analyticsVisitorDay.findMany({ select: { visitorKey: true } })).toEqual([{ visitorKey: "someone-else" }]);
  expect(await dayRow(DAY)).toMatchObject({ visits: 1, visitors: 1 });
  expect(await analytics.deleteVisitor({})).toBeNull();
});
