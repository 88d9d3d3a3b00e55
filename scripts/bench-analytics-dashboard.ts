// npm run bench:dashboard: how fast the owner's analytics screen answers over a year of data. On a
// fresh SQLite database (or DATABASE_URL's PostgreSQL database, emptied of analytics rows first) with
// the demo store, it writes a year of rollups: 365 days of AnalyticsDay, 200 products x 365 days of
// AnalyticsProductDay, 20 forms x 365 days of AnalyticsFormDay, 1,000 visitors a day drawn from a pool
// of 120,000 (so many come back) into AnalyticsVisitorDay, and 3,000 raw events of the last hour.
// Then, for ranges of 7, 30 and 365 days ending today, it times everything ownerAnalytics reads (the
// range and its comparison's totals with unique visitors, the days, top products, forms, waitlist
// demand, visitors now), run together as the GraphQL resolvers run them. Printed as a table.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { isPostgresUrl } from "../server/db/urls.ts";
import { addDays } from "../server/domain/date-range.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import { createServices } from "../server/services/index.ts";

const DAYS = 365;
const PRODUCTS = 200;
const FORMS = 20;
const VISITORS_PER_DAY = 1000;
const VISITOR_POOL = 120_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
// BENCH_DB=file:/path/bench.db keeps the generated year between runs (written on the first).
const CHUNK = 2000;

const given = process.env.DATABASE_URL;
const url =
  process.env.BENCH_DB ?? (given && isPostgresUrl(given) ? given : `file:${join(mkdtempSync(join(tmpdir(), "sitecart-bench-dashboard-")), "bench.db")}`);
await applyMigrations(url);
const db = await createDb(url);
if (!(await db.website.findUnique({ where: { id: DEMO_WEBSITE_ID } }))) await seedDemoStore(db, DEMO_WEBSITE_ID);

const bus = createRealtimeBus(null);
const services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID });
const analytics = services.analyticsDashboard;
const { today } = await analytics.period({ preset: "TODAY" });
const days = Array.from({ length: DAYS }, (_, index) => addDays(today, index - DAYS + 1));
const kept = process.env.BENCH_DB && (await db.analyticsDay.count({ where: { websiteId: DEMO_WEBSITE_ID, day: { gte: days[0], lte: today } } })) === DAYS;

async function generate() {
  for (const table of [db.analyticsDay, db.analyticsProductDay, db.analyticsFormDay, db.analyticsVisitorDay, db.analyticsEvent] as {
    deleteMany(args: object): Promise<unknown>;
  }[]) {
    await table.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID } });
  }

  // A small deterministic generator (mulberry32), so every run writes the same year.
  let seed = 42;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

  async function insert<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
    for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
  }

  const productIds = Array.from({ length: PRODUCTS }, (_, index) => 100_000 + index);
  await insert(
    days.map((day) => {
      const visits = between(1100, 1500);
      const views = between(300, 600);
      const adds = Math.floor(views * (0.2 + random() * 0.1));
      const checkouts = Math.floor(adds * 0.5);
      const orders = Math.floor(checkouts * 0.6);
      return {
        websiteId: DEMO_WEBSITE_ID,
        day,
        visits,
        visitors: VISITORS_PER_DAY,
        pageViews: visits * between(3, 6),
        productViewSessions: views,
        addToCartSessions: adds,
        checkoutSessions: checkouts,
        orderSessions: orders,
        orders,
        revenueCents: orders * between(2000, 9000),
        formViews: between(50, 120),
        formSubmissions: between(5, 20),
      };
    }),
    (chunk) => db.analyticsDay.createMany({ data: chunk }),
  );
  await insert(
    days.flatMap((day) =>
      productIds.map((productId) => {
        const views = between(0, 40);
        const adds = Math.floor(views * random() * 0.3);
        const orders = Math.floor(adds * random() * 0.6);
        return { websiteId: DEMO_WEBSITE_ID, day, productId, views, adds, orders, unitsSold: orders, revenueCents: orders * between(1000, 5000) };
      }),
    ),
    (chunk) => db.analyticsProductDay.createMany({ data: chunk }),
  );
  await insert(
    days.flatMap((day) =>
      Array.from({ length: FORMS }, (_, index) => {
        const views = between(0, 10);
        return { websiteId: DEMO_WEBSITE_ID, day, formKey: `form-${index}`, views, submissions: between(0, views) };
      }),
    ),
    (chunk) => db.analyticsFormDay.createMany({ data: chunk }),
  );
  await insert(
    days.flatMap((day) => {
      const keys = new Set<number>();
      while (keys.size < VISITORS_PER_DAY) keys.add(between(1, VISITOR_POOL));
      return [...keys].map((key) => ({ websiteId: DEMO_WEBSITE_ID, day, visitorKey: `visitor-${key.toString(36).padStart(8, "0")}` }));
    }),
    (chunk) => db.analyticsVisitorDay.createMany({ data: chunk }),
  );
  const now = Date.now();
  await insert(
    Array.from({ length: 3000 }, () => {
      const visitor = between(1, 400);
      return {
        websiteId: DEMO_WEBSITE_ID,
        day: today,
        occurredAt: new Date(now - between(0, 3_600_000)),
        kind: "page-view",
        visitorKey: `visitor-${visitor}`,
        sessionKey: `session-${visitor}`,
        path: "/shop",
      };
    }),
    (chunk) => db.analyticsEvent.createMany({ data: chunk }),
  );
}

const started = performance.now();
if (!kept) await generate();
const generatedSeconds = (performance.now() - started) / 1000;

/** Everything the analytics screen's query reads for a range, concurrently as the resolvers ask. */
async function dashboard(preset: "LAST_7_DAYS" | "LAST_30_DAYS" | "CUSTOM", from?: string) {
  const period = await analytics.period({ preset, from, to: today });
  await Promise.all([
    analytics.totals(period.range),
    analytics.totals(period.previous),
    analytics.days(period.range),
    analytics.topProducts(period.range),
    analytics.forms(period.range),
    analytics.waitlistDemand(),
    analytics.activeVisitors(),
  ]);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const ranges = [
  { label: "7 days", run: () => dashboard("LAST_7_DAYS") },
  { label: "30 days", run: () => dashboard("LAST_30_DAYS") },
  { label: "365 days", run: () => dashboard("CUSTOM", days[0]) },
];
const results = [];
for (const range of ranges) {
  for (let i = 0; i < 3; i++) await range.run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await range.run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  results.push({ range: range.label, runs: RUNS, "p50 ms": percentile(times, 50).toFixed(1), "p99 ms": percentile(times, 99).toFixed(1) });
}

// Each part alone over the year (median), to see where the time goes.
const year = (await analytics.period({ preset: "CUSTOM", from: days[0], to: today })).range;
const parts: Record<string, () => Promise<unknown>> = {
  "totals (sums)": () => db.analyticsDay.aggregate({ where: { websiteId: DEMO_WEBSITE_ID, day: { gte: year.from, lte: year.to } }, _sum: { visits: true } }),
  "unique visitors": () => analytics.uniqueVisitors(year),
  days: () => analytics.days(year),
  "top products": () => analytics.topProducts(year),
  forms: () => analytics.forms(year),
  "waitlist demand": () => analytics.waitlistDemand(),
  "visitors now": () => analytics.activeVisitors(),
};
const breakdown = [];
for (const [part, run] of Object.entries(parts)) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(RUNS / 4)); i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  breakdown.push({ "part (365 days)": part, "p50 ms": percentile(times, 50).toFixed(1) });
}

console.log(
  `analytics dashboard on ${isPostgresUrl(url) ? "PostgreSQL" : "SQLite"}: ${DAYS} days, ${PRODUCTS} products, ${FORMS} forms, ` +
    `${VISITORS_PER_DAY} visitors/day (${DAYS * VISITORS_PER_DAY} visitor-day rows), ${kept ? "kept from an earlier run" : `generated in ${generatedSeconds.toFixed(1)} s`}`,
);
console.table(results);
console.table(breakdown);
services.stop();
await bus.close();
await db.$disconnect();
