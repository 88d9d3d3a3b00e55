// npm run bench:rls (issue 21): what PostgreSQL row-level security costs a site's statements
// (server/db/site-scope.ts). Needs DATABASE_URL=postgres://…; makes a throwaway database beside it with
// two copies of the demo store, and drops it afterwards. In-process, no HTTP: the same reads run
//  - on the platform client (the connecting role, no policies, no query extension): the baseline;
//  - on one site's client (the policies, the extension's scope; the connection stays bound to the site);
//  - on two sites' clients in turn (every connection hand-out binds the connection to the other site:
//    the worst case of a deployment whose consecutive requests are for different sites).
// Reads: a product by slug (Prisma, with variants), a page of 20 products (Prisma) and the cart
// line's stock read through Kysely; sequentially (one at a time: latency) and 10 at once (throughput).
//   BENCH_ROUNDS (default 2,000 per read and mode), BENCH_RUNS (default 3, interleaved; the median is printed)
import pg from "pg";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb, siteClient, type Db } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { sql } from "../server/db/sql.ts";
import { isPostgresUrl, postgresConnectionFields, withDatabaseName } from "../server/db/urls.ts";

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl || !isPostgresUrl(baseUrl)) {
  console.error("bench:rls measures PostgreSQL's row-level security: set DATABASE_URL=postgresql://…");
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECOND_SITE = "bench-rls-second";

const name = `${postgresConnectionFields(baseUrl).database}_bench_rls`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
const admin = new pg.Client(postgresConnectionFields(baseUrl));
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
const url = withDatabaseName(baseUrl, name);
await applyMigrations(url);
const db = await createDb(url);

/** A client and the site its reads filter by (as the services do). */
type Site = { client: Db; websiteId: string };
type Read = (site: Site) => Promise<unknown>;
const reads: Record<string, Read> = {
  "product by slug": ({ client, websiteId }) => client.product.findFirst({ where: { websiteId, slug: "ceramic-mug" }, include: { variants: true } }),
  "20 products": ({ client, websiteId }) =>
    client.product.findMany({ where: { websiteId }, take: 20, orderBy: { id: "asc" }, select: { id: true, name: true, slug: true } }),
  "stock (Kysely)": ({ client, websiteId }) =>
    sql(client)
      .selectFrom("Variant")
      .innerJoin("Product", "Product.id", "Variant.productId")
      .where("Product.websiteId", "=", websiteId)
      .select(["Variant.id", "Variant.qtyInStock"])
      .limit(5)
      .execute(),
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Sequential latency (p50, p99 in ms) and the throughput with 10 in flight (reads/s). */
async function measure(clients: Site[], read: Read) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await read(clients[i % clients.length]!);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < ROUNDS) await read(clients[next++ % clients.length]!);
    }),
  );
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), perSecond: ROUNDS / ((performance.now() - start) / 1000) };
}

try {
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  await seedDemoStore(db, SECOND_SITE);
  const site = (websiteId: string) => ({ client: siteClient(db, websiteId), websiteId });
  const modes: Record<string, Site[]> = {
    "platform (no RLS)": [{ client: db, websiteId: DEMO_WEBSITE_ID }],
    "one site (RLS)": [site(DEMO_WEBSITE_ID)],
    "two sites in turn (RLS)": [site(DEMO_WEBSITE_ID), site(SECOND_SITE)],
  };
  // Warm every client and connection before measuring.
  for (const clients of Object.values(modes)) for (const read of Object.values(reads)) for (const client of clients) await read(client);
  const results = new Map<string, { p50: number[]; p99: number[]; perSecond: number[] }>();
  for (let run = 0; run < RUNS; run++) {
    for (const [readName, read] of Object.entries(reads)) {
      for (const [mode, clients] of Object.entries(modes)) {
        const key = `${readName}|${mode}`;
        const result = await measure(clients, read);
        const entry = results.get(key) ?? { p50: [], p99: [], perSecond: [] };
        entry.p50.push(result.p50);
        entry.p99.push(result.p99);
        entry.perSecond.push(result.perSecond);
        results.set(key, entry);
      }
    }
  }
  console.log(`\nRow-level security on PostgreSQL: ${ROUNDS} reads per mode, median of ${RUNS} interleaved runs\n`);
  console.log("| read | mode | p50 ms | p99 ms | reads/s (10 in flight) | vs platform |");
  console.log("|---|---|---|---|---|---|");
  for (const readName of Object.keys(reads)) {
    const baseline = median(results.get(`${readName}|platform (no RLS)`)!.perSecond);
    for (const mode of Object.keys(modes)) {
      const entry = results.get(`${readName}|${mode}`)!;
      const perSecond = median(entry.perSecond);
      console.log(
        `| ${readName} | ${mode} | ${median(entry.p50).toFixed(3)} | ${median(entry.p99).toFixed(3)} | ${Math.round(perSecond)} | ${((perSecond / baseline) * 100).toFixed(0)} % |`,
      );
    }
  }
} finally {
  await db.$disconnect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
