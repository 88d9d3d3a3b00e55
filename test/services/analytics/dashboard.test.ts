// The owner's analytics (services/analytics/dashboard.ts) over rollup and event rows inserted here:
// every figure of a range and of its comparison, zero-filled days, top products and forms with their
// names, waitlist demand, the visitors of the last five minutes and the CSV rows. Another site's rows
// and rows outside the range never count.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { InvalidInputError } from "../../../server/domain/errors.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { AnalyticsDashboardService } from "../../../server/services/analytics/dashboard.ts";
import { createServices, type Services } from "../../../server/services/index.ts";
import { createTestDb } from "../../support/db.ts";
import { manualTimers } from "../../support/timers.ts";

const OTHER_SITE = "analytics-dashboard-other-site";
let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let services: Services;
// 10:00 in New York (the demo store's zone) on 2030-05-10.
let nowMs = Date.parse("2030-05-10T14:00:00Z");
let mug: { id: number; productId: number };
let tote: { productId: number };
let shirt: { productId: number };

const day = (date: string, figures: Partial<Record<string, number>>, websiteId = DEMO_WEBSITE_ID) => ({
  websiteId,
  day: date,
  visits: 0,
  visitors: 0,
  pageViews: 0,
  productViewSessions: 0,
  addToCartSessions: 0,
  checkoutSessions: 0,
  orderSessions: 0,
  orders: 0,
  revenueCents: 0,
  formViews: 0,
  formSubmissions: 0,
  ...figures,
});

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  await db.website.create({ data: { id: OTHER_SITE, title: "Another store" } });
  bus = createRealtimeBus(null);
  services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID, options: { now: () => new Date(nowMs) } });
  mug = await db.variant.findFirstOrThrow({ where: { sku: "MUG-1" }, select: { id: true, productId: true } });
  tote = await db.product.findFirstOrThrow({ where: { name: "Canvas Tote" }, select: { id: true } }).then((p) => ({ productId: p.id }));
  shirt = await db.product.findFirstOrThrow({ where: { name: "Linen Shirt" }, select: { id: true } }).then((p) => ({ productId: p.id }));

  // The last 7 days are 2030-05-04 .. 2030-05-10; the 7 before, 2030-04-27 .. 2030-05-03.
  await db.analyticsDay.createMany({
    data: [
      day("2030-05-10", {
        visits: 10,
        visitors: 8,
        pageViews: 40,
        productViewSessions: 6,
        addToCartSessions: 3,
        checkoutSessions: 2,
        orderSessions: 1,
        orders: 1,
        revenueCents: 2500,
        formViews: 5,
        formSubmissions: 1,
      }),
      day("2030-05-08", {
        visits: 20,
        visitors: 15,
        pageViews: 60,
        productViewSessions: 14,
        addToCartSessions: 5,
        checkoutSessions: 4,
        orderSessions: 3,
        orders: 3,
        revenueCents: 9000,
        formViews: 7,
        formSubmissions: 2,
      }),
      day("2030-05-04", { visits: 5, visitors: 5, pageViews: 10 }),
      // The comparison period
      day("2030-05-01", {
        visits: 20,
        visitors: 18,
        pageViews: 50,
        productViewSessions: 10,
        addToCartSessions: 2,
        checkoutSessions: 2,
        orderSessions: 2,
        orders: 2,
        revenueCents: 4000,
      }),
      // Outside both periods, and another site's day inside the range
      day("2030-04-26", { visits: 1000, pageViews: 1000 }),
      day("2030-05-09", { visits: 999, pageViews: 999, orders: 99, revenueCents: 99_999 }, OTHER_SITE),
    ],
  });
  await db.analyticsVisitorDay.createMany({
    data: [
      // v1 comes on three days of the range and counts once; v2 and v3 once each.
      ...["2030-05-04", "2030-05-08", "2030-05-10"].map((date) => ({ websiteId: DEMO_WEBSITE_ID, day: date, visitorKey: "v1" })),
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-08", visitorKey: "v2" },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-10", visitorKey: "v3" },
      // Comparison: v1 and v4
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-01", visitorKey: "v1" },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-04-30", visitorKey: "v4" },
      // Elsewhere
      { websiteId: DEMO_WEBSITE_ID, day: "2030-04-26", visitorKey: "v5" },
      { websiteId: OTHER_SITE, day: "2030-05-09", visitorKey: "v6" },
    ],
  });
  await db.analyticsProductDay.createMany({
    data: [
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-08", productId: mug.productId, views: 30, adds: 4, orders: 2, unitsSold: 3, revenueCents: 4500 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-10", productId: mug.productId, views: 10, adds: 1, orders: 1, unitsSold: 1, revenueCents: 1500 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-09", productId: tote.productId, views: 50, adds: 0, orders: 0, unitsSold: 0, revenueCents: 0 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-09", productId: shirt.productId, views: 5, adds: 2, orders: 1, unitsSold: 1, revenueCents: 7000 },
      // A deleted product keeps its figures, without a name
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-09", productId: 987_654, views: 1, adds: 0, orders: 0, unitsSold: 0, revenueCents: 0 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-04-20", productId: tote.productId, views: 500, adds: 50, orders: 5, unitsSold: 5, revenueCents: 50_000 },
      { websiteId: OTHER_SITE, day: "2030-05-09", productId: mug.productId, views: 900, adds: 90, orders: 9, unitsSold: 9, revenueCents: 90_000 },
    ],
  });
  await db.analyticsFormDay.createMany({
    data: [
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-08", formKey: "contact", views: 7, submissions: 2 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-10", formKey: "contact", views: 3, submissions: 1 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-10", formKey: "newsletter", views: 12, submissions: 0 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-05-10", formKey: "gone-form", views: 1, submissions: 1 },
      { websiteId: DEMO_WEBSITE_ID, day: "2030-04-01", formKey: "contact", views: 100, submissions: 100 },
      { websiteId: OTHER_SITE, day: "2030-05-10", formKey: "contact", views: 100, submissions: 100 },
    ],
  });
});

afterAll(async () => {
  services.stop();
  await bus.close();
  await close();
});

const last7 = { preset: "LAST_7_DAYS" as const };

describe("period", () => {
  it("resolves a preset on the site's calendar and its comparison", async () => {
    expect(await services.analyticsDashboard.period(last7)).toEqual({
      range: { from: "2030-05-04", to: "2030-05-10", days: 7 },
      previous: { from: "2030-04-27", to: "2030-05-03", days: 7 },
      today: "2030-05-10",
      timeZone: "America/New_York",
      currency: "USD",
    });
  });

  it("is still yesterday in New York just after midnight UTC", async () => {
    nowMs = Date.parse("2030-05-11T02:00:00Z");
    try {
      expect((await services.analyticsDashboard.period({ preset: "TODAY" })).range).toEqual({ from: "2030-05-10", to: "2030-05-10", days: 1 });
    } finally {
      nowMs = Date.parse("2030-05-10T14:00:00Z");
    }
  });

  it("refuses a bad range with its reason", async () => {
    const refusal = services.analyticsDashboard.period({ preset: "CUSTOM", from: "2030-05-09", to: "2030-05-11" });
    await expect(refusal).rejects.toThrow(InvalidInputError);
    await expect(refusal).rejects.toThrow(ownerMessages.analyticsRangeFuture);
  });
});

describe("figures", () => {
  it("sums the range's days and counts each visitor once", async () => {
    const { range, previous } = await services.analyticsDashboard.period(last7);
    expect(await services.analyticsDashboard.totals(range)).toEqual({
      visits: 35,
      uniqueVisitors: 3,
      pageViews: 110,
      productViewSessions: 20,
      addToCartSessions: 8,
      checkoutSessions: 6,
      orderSessions: 4,
      orders: 4,
      revenueCents: 11_500,
      formViews: 12,
      formSubmissions: 3,
    });
    expect(await services.analyticsDashboard.totals(previous)).toEqual({
      visits: 20,
      uniqueVisitors: 2,
      pageViews: 50,
      productViewSessions: 10,
      addToCartSessions: 2,
      checkoutSessions: 2,
      orderSessions: 2,
      orders: 2,
      revenueCents: 4000,
      formViews: 0,
      formSubmissions: 0,
    });
  });

  it("has zeros for a range without data", async () => {
    const totals = await services.analyticsDashboard.totals({ from: "2029-01-01", to: "2029-01-31", days: 31 });
    expect(Object.values(totals).every((value) => value === 0)).toBe(true);
  });

  it("gives every day of the range, oldest first, zeros where no rollup exists", async () => {
    const days = await services.analyticsDashboard.days({ from: "2030-05-04", to: "2030-05-10", days: 7 });
    expect(days.map((entry) => [entry.day, entry.visits, entry.visitors, entry.orders, entry.revenueCents])).toEqual([
      ["2030-05-04", 5, 5, 0, 0],
      ["2030-05-05", 0, 0, 0, 0],
      ["2030-05-06", 0, 0, 0, 0],
      ["2030-05-07", 0, 0, 0, 0],
      ["2030-05-08", 20, 15, 3, 9000],
      ["2030-05-09", 0, 0, 0, 0],
      ["2030-05-10", 10, 8, 1, 2500],
    ]);
    expect(days[6]).toEqual({
      day: "2030-05-10",
      visits: 10,
      visitors: 8,
      pageViews: 40,
      productViewSessions: 6,
      addToCartSessions: 3,
      checkoutSessions: 2,
      orderSessions: 1,
      orders: 1,
      revenueCents: 2500,
      formViews: 5,
      formSubmissions: 1,
    });
  });

  it("lists the top products by views, adds or revenue with their names, most viewed first", async () => {
    const range = { from: "2030-05-04", to: "2030-05-10", days: 7 };
    expect(await services.analyticsDashboard.topProducts(range)).toEqual([
      { productId: tote.productId, productName: "Canvas Tote", views: 50, adds: 0, orders: 0, unitsSold: 0, revenueCents: 0 },
      { productId: mug.productId, productName: "Ceramic Mug", views: 40, adds: 5, orders: 3, unitsSold: 4, revenueCents: 6000 },
      { productId: shirt.productId, productName: "Linen Shirt", views: 5, adds: 2, orders: 1, unitsSold: 1, revenueCents: 7000 },
      { productId: 987_654, productName: null, views: 1, adds: 0, orders: 0, unitsSold: 0, revenueCents: 0 },
    ]);
    // With room for one per ranking: the most viewed (tote), most added (mug) and best-selling (shirt).
    const top1 = await services.analyticsDashboard.topProducts(range, 1);
    expect(top1.map((product) => product.productName)).toEqual(["Canvas Tote", "Ceramic Mug", "Linen Shirt"]);
  });

  it("gives each form's views and submissions with its name, most viewed first", async () => {
    expect(await services.analyticsDashboard.forms({ from: "2030-05-04", to: "2030-05-10", days: 7 })).toEqual([
      { formKey: "newsletter", formName: expect.any(String), views: 12, submissions: 0 },
      { formKey: "contact", formName: expect.any(String), views: 10, submissions: 3 },
      { formKey: "gone-form", formName: null, views: 1, submissions: 1 },
    ]);
    const names = await db.form.findMany({ where: { websiteId: DEMO_WEBSITE_ID, key: { in: ["contact", "newsletter"] } }, select: { key: true, name: true } });
    const forms = await services.analyticsDashboard.forms({ from: "2030-05-04", to: "2030-05-10", days: 7 });
    for (const form of names) expect(forms.find((entry) => entry.formKey === form.key)?.formName).toBe(form.name);
  });

  it("shows waitlist demand per variant: people waiting", async () => {
    const expiresAt = new Date(nowMs + 30 * 86_400_000);
    await db.restockSignUp.createMany({
      data: ["a@example.com", "b@example.com", "c@example.com"].map((email) => ({
        websiteId: DEMO_WEBSITE_ID,
        productId: mug.productId,
        variantId: mug.id,
        email,
        expiresAt,
        createdAt: new Date(nowMs - 86_400_000),
      })),
    });
    const demand = await services.analyticsDashboard.waitlistDemand();
    expect(demand[0]).toMatchObject({ productId: mug.productId, variantId: mug.id, productName: "Ceramic Mug", sku: "MUG-1", received: 3 });
  });
});

describe("visitors now", () => {
  const event = (visitorKey: string, secondsAgo: number, websiteId = DEMO_WEBSITE_ID) => {
    const occurredAt = new Date(nowMs - secondsAgo * 1000);
    return { websiteId, day: "2030-05-10", occurredAt, kind: "page-view", visitorKey, sessionKey: `s-${visitorKey}` };
  };

  it("counts distinct visitors with an event in the last five minutes, on this site", async () => {
    expect(await services.analyticsDashboard.activeVisitors()).toBe(0);
    await db.analyticsEvent.createMany({
      data: [event("a", 10), event("a", 20), event("b", 299), event("c", 301), event("d", 3600), event("e", 5, OTHER_SITE)],
    });
    expect(await services.analyticsDashboard.activeVisitors()).toBe(2);
  });

  it("streams the count at once, then every interval, and stops its timer when the subscriber leaves", async () => {
    const timers = manualTimers();
    const live = new AnalyticsDashboardService(db, DEMO_WEBSITE_ID, services.settings, services.restock, () => new Date(nowMs), { ms: 20, timers });
    const iterator = live.activeVisitorsStream()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe(2);
    expect(timers.active()).toBe(1);
    await db.analyticsEvent.create({ data: event("f", 1) });
    const next = iterator.next();
    timers.fire();
    expect((await next).value).toBe(3);
    await iterator.return?.();
    expect(timers.active()).toBe(0);
  });
});

describe("export", () => {
  it("writes one row per day of the range, zeros included", async () => {
    const csv = await services.analyticsDashboard.export({ preset: "CUSTOM", from: "2030-05-08", to: "2030-05-10" });
    expect(csv.filename).toBe("analytics-2030-05-08-to-2030-05-10.csv");
    expect(csv.columns[0]).toBe("Date");
    expect(csv.rows).toEqual([
      ["2030-05-08", "20", "15", "60", "14", "5", "4", "3", "3", "90.00", "30.00", "USD", "7", "2"],
      ["2030-05-09", "0", "0", "0", "0", "0", "0", "0", "0", "0.00", "", "USD", "0", "0"],
      ["2030-05-10", "10", "8", "40", "6", "3", "2", "1", "1", "25.00", "25.00", "USD", "5", "1"],
    ]);
  });
});
