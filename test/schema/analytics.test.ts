// The owner's analytics over GraphQL and its CSV export (issue 11): the figures of rollup and event
// rows inserted here for the last 7 days and the 7 before, the comparison's changes, a refused range's
// reason, the roles that may not read analytics, and the visitors-now subscription over graphql-ws.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { addDays, dayIn } from "../../server/domain/date-range.ts";
import { ownerMessages } from "../../server/domain/messages/owner.ts";
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";

let store: TestStore;
let owner: Caller;
let reporting: Caller;
let editor: Caller;
let viewer: Caller;
let today: string;
let mugId: number;

const rollupDay = (day: string, figures: Record<string, number>) => ({ websiteId: DEMO_WEBSITE_ID, day, ...figures });

beforeAll(async () => {
  store = await startTestStore();
  await createRoleAccounts(store);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  reporting = await signedIn(store, "reporting", roleEmail(3), PASSWORD, 3);
  editor = await signedIn(store, "editor", roleEmail(4), PASSWORD, 4);
  viewer = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
  today = dayIn(new Date(), "America/New_York");
  mugId = (await store.db.product.findFirstOrThrow({ where: { name: "Ceramic Mug" }, select: { id: true } })).id;
  await store.db.analyticsDay.createMany({
    data: [
      rollupDay(today, {
        visits: 30,
        visitors: 25,
        pageViews: 90,
        productViewSessions: 20,
        addToCartSessions: 10,
        checkoutSessions: 5,
        orderSessions: 4,
        orders: 4,
        revenueCents: 10_000,
        formViews: 10,
        formSubmissions: 4,
      }),
      rollupDay(addDays(today, -3), {
        visits: 10,
        visitors: 10,
        pageViews: 30,
        productViewSessions: 5,
        addToCartSessions: 2,
        checkoutSessions: 1,
        orderSessions: 1,
        orders: 1,
        revenueCents: 2000,
      }),
      rollupDay(addDays(today, -8), {
        visits: 20,
        visitors: 20,
        pageViews: 40,
        productViewSessions: 10,
        addToCartSessions: 4,
        checkoutSessions: 2,
        orderSessions: 2,
        orders: 2,
        revenueCents: 8000,
        formViews: 5,
        formSubmissions: 0,
      }),
    ],
  });
  await store.db.analyticsVisitorDay.createMany({
    data: [
      { websiteId: DEMO_WEBSITE_ID, day: today, visitorKey: "a" },
      { websiteId: DEMO_WEBSITE_ID, day: addDays(today, -3), visitorKey: "a" },
      { websiteId: DEMO_WEBSITE_ID, day: addDays(today, -3), visitorKey: "b" },
      { websiteId: DEMO_WEBSITE_ID, day: addDays(today, -8), visitorKey: "c" },
    ],
  });
  await store.db.analyticsProductDay.create({
    data: { websiteId: DEMO_WEBSITE_ID, day: today, productId: mugId, views: 12, adds: 3, orders: 2, unitsSold: 2, revenueCents: 3000 },
  });
  await store.db.analyticsFormDay.create({ data: { websiteId: DEMO_WEBSITE_ID, day: today, formKey: "contact", views: 10, submissions: 4 } });
  const now = Date.now();
  await store.db.analyticsEvent.createMany({
    data: ["x", "y", "x"].map((visitorKey, index) => ({
      websiteId: DEMO_WEBSITE_ID,
      day: today,
      occurredAt: new Date(now - (index + 1) * 10_000),
      kind: "page-view",
      visitorKey,
      sessionKey: `s-${visitorKey}`,
    })),
  });
}, 60_000);
afterAll(() => store.close());

const ANALYTICS = `query ($range: AnalyticsRangeInput!) { ownerAnalytics(range: $range) {
  range { from to days } comparisonRange { from to days } timeZone currency
  totals { visits uniqueVisitors pageViews orders revenue { value currency } averageOrderValue { value } conversionRate formViews formSubmissions
    funnel { step sessions fromPrevious fromFirst } }
  comparison { visits uniqueVisitors orders revenue { value } averageOrderValue { value } }
  changes { visits uniqueVisitors pageViews orders revenue averageOrderValue conversionRate formSubmissions }
  days { day visits orders revenue { value } averageOrderValue { value } }
  topProducts { productId productName views adds orders unitsSold revenue { value } }
  forms { formKey formName views submissions conversion }
  waitlistDemand { sku received }
  activeVisitors
} }`;

describe("ownerAnalytics", () => {
  it("answers the last 7 days beside the 7 before, with the funnel, days, products and forms", async () => {
    const result = await owner.graphql(ANALYTICS, { range: { preset: "LAST_7_DAYS" } });
    expect(result.errors).toBeUndefined();
    const analytics = result.data.ownerAnalytics;
    expect(analytics.range).toEqual({ from: addDays(today, -6), to: today, days: 7 });
    expect(analytics.comparisonRange).toEqual({ from: addDays(today, -13), to: addDays(today, -7), days: 7 });
    expect(analytics.timeZone).toBe("America/New_York");
    expect(analytics.totals).toEqual({
      visits: 40,
      uniqueVisitors: 2,
      pageViews: 120,
      orders: 5,
      revenue: { value: 12_000, currency: "USD" },
      averageOrderValue: { value: 2400 },
      conversionRate: 5 / 40,
      formViews: 10,
      formSubmissions: 4,
      funnel: [
        { step: "PRODUCT_VIEW", sessions: 25, fromPrevious: null, fromFirst: 1 },
        { step: "ADD_TO_CART", sessions: 12, fromPrevious: 12 / 25, fromFirst: 12 / 25 },
        { step: "CHECKOUT", sessions: 6, fromPrevious: 0.5, fromFirst: 6 / 25 },
        { step: "ORDER", sessions: 5, fromPrevious: 5 / 6, fromFirst: 0.2 },
      ],
    });
    expect(analytics.comparison).toEqual({ visits: 20, uniqueVisitors: 1, orders: 2, revenue: { value: 8000 }, averageOrderValue: { value: 4000 } });
    expect(analytics.changes).toEqual({
      visits: 1,
      uniqueVisitors: 1,
      pageViews: 2,
      orders: 1.5,
      revenue: 0.5,
      averageOrderValue: -0.4,
      conversionRate: (5 / 40 - 0.1) / 0.1,
      // 4 submissions after none: no percentage
      formSubmissions: null,
    });
    expect(analytics.days).toHaveLength(7);
    expect(analytics.days[3]).toEqual({ day: addDays(today, -3), visits: 10, orders: 1, revenue: { value: 2000 }, averageOrderValue: { value: 2000 } });
    expect(analytics.days[4]).toEqual({ day: addDays(today, -2), visits: 0, orders: 0, revenue: { value: 0 }, averageOrderValue: null });
    expect(analytics.topProducts).toEqual([
      { productId: mugId, productName: "Ceramic Mug", views: 12, adds: 3, orders: 2, unitsSold: 2, revenue: { value: 3000 } },
    ]);
    expect(analytics.forms).toEqual([{ formKey: "contact", formName: expect.any(String), views: 10, submissions: 4, conversion: 0.4 }]);
    expect(analytics.waitlistDemand).toEqual([]);
    expect(analytics.activeVisitors).toBe(2);
  });

  it("refuses a bad custom range with its reason", async () => {
    const result = await owner.graphql(ANALYTICS, { range: { preset: "CUSTOM", from: today, to: addDays(today, 1) } });
    expect(result.errors?.[0]).toMatchObject({ message: ownerMessages.analyticsRangeFuture, extensions: { code: "INVALID_INPUT" } });
    const tooLong = await owner.graphql(ANALYTICS, { range: { preset: "CUSTOM", from: addDays(today, -400), to: today } });
    expect(tooLong.errors?.[0]?.message).toBe("A range can be at most 400 days long.");
  });

  it("is for the roles holding analytics.read: reporting yes, editor and viewer no", async () => {
    const allowed = await reporting.graphql("{ ownerAnalytics(range: { preset: TODAY }) { totals { visits } } }");
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data.ownerAnalytics.totals.visits).toBe(30);
    for (const caller of [editor, viewer]) {
      const refused = await caller.graphql("{ ownerAnalytics(range: { preset: TODAY }) { totals { visits } } }");
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(refused.data).toBeNull();
    }
  });
});

describe("ownerActiveVisitors", () => {
  it("answers the visitors of the last five minutes on connect", async () => {
    const client = wsClientFor(store.baseUrl, owner.visitor, { xsrfToken: owner.xsrfToken! });
    const subscription = subscribe<{ ownerActiveVisitors: number }>(client, "subscription { ownerActiveVisitors }");
    try {
      expect(await subscription.next()).toEqual({ ownerActiveVisitors: 2 });
    } finally {
      subscription.dispose();
      await client.dispose();
    }
  });
});

describe("GET /api/owner/analytics/export.csv", () => {
  async function download(caller: Caller, path: string) {
    const cookie = [...caller.visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(caller.visitor.baseUrl + path, { headers: { cookie, "x-siteuser-xsrf-token": caller.xsrfToken! } });
    return { status: response.status, headers: response.headers, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
  }

  it("downloads one row per day of a custom range", async () => {
    const from = addDays(today, -3);
    const response = await download(owner, `/api/owner/analytics/export.csv?from=${from}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="analytics-${from}-to-${today}.csv"`);
    const lines = response.text.slice(1).replace(/\r\n$/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Date,Visits,Visitors,Page views,Product view sessions,Add-to-cart sessions,Checkout sessions,Order sessions,Orders,Revenue,Average order value,Currency,Form views,Form submissions",
    );
    expect(lines.slice(1)).toEqual([
      `${from},10,10,30,5,2,1,1,1,20.00,20.00,USD,0,0`,
      `${addDays(today, -2)},0,0,0,0,0,0,0,0,0.00,,USD,0,0`,
      `${addDays(today, -1)},0,0,0,0,0,0,0,0,0.00,,USD,0,0`,
      `${today},30,25,90,20,10,5,4,4,100.00,25.00,USD,10,4`,
    ]);
  });

  it("takes a preset too, and refuses a bad range with its reason (400)", async () => {
    const week = await download(owner, "/api/owner/analytics/export.csv?preset=LAST_7_DAYS");
    expect(week.status).toBe(200);
    expect(week.text.slice(1).replace(/\r\n$/, "").split("\r\n")).toHaveLength(8);
    const missing = await owner.request("GET", "/api/owner/analytics/export.csv?from=2026-01-01");
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(ownerMessages.analyticsRangeCustom);
    const reversed = await owner.request("GET", `/api/owner/analytics/export.csv?from=${today}&to=${addDays(today, -1)}`);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain(ownerMessages.analyticsRangeOrder);
  });

  it("is refused to a role without analytics.read (403)", async () => {
    expect((await download(viewer, "/api/owner/analytics/export.csv?preset=TODAY")).status).toBe(403);
  });
});
