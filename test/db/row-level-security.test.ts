// Row-level security on PostgreSQL (issue 21, server/db/site-scope.ts): a site's client sees and writes
// only its own site's rows even when a query forgets its websiteId filter. SQLite has none: skipped there.
import pg from "pg";
import { seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { siteClient, type Db } from "../../server/db/client.ts";
import { SITE_ROLE, SiteBoundPool } from "../../server/db/site-scope.ts";
import { sql } from "../../server/db/sql.ts";
import { postgresConnectionFields } from "../../server/db/urls.ts";
import { createTestDb, testProvider } from "../support/db.ts";

const SITE_A = DEMO_WEBSITE_ID;
const SITE_B = "sitecart-row-security-b";

const onPostgres = testProvider() === "postgresql" ? describe : describe.skip;

onPostgres("row-level security: a site's queries without a websiteId filter", () => {
  let db: Db;
  let url: string;
  let close: () => Promise<void>;
  let productsOf: Record<string, number[]>;

  beforeAll(async () => {
    const made = await createTestDb({ demoStore: true });
    ({ db, close } = made);
    url = made.database.url;
    await seedDemoStore(db, SITE_B);
    const products = await db.product.findMany({ select: { id: true, websiteId: true } });
    productsOf = { [SITE_A]: [], [SITE_B]: [] };
    for (const product of products) productsOf[product.websiteId]!.push(product.id);
  });
  afterAll(() => close());

  const sorted = (rows: { id: number }[]) => rows.map((row) => row.id).sort((x, y) => x - y);

  it("see only the site's own rows: Prisma, Kysely, interactive and batch transactions", async () => {
    expect(productsOf[SITE_A]!.length).toBeGreaterThan(0);
    expect(productsOf[SITE_B]!.length).toBeGreaterThan(0);
    for (const site of [SITE_A, SITE_B]) {
      const client = siteClient(db, site);
      const own = [...productsOf[site]!].sort((x, y) => x - y);
      expect(sorted(await client.product.findMany({ select: { id: true } }))).toEqual(own);
      expect(sorted(await sql(client).selectFrom("Product").select("id").execute())).toEqual(own);
      expect(sorted(await client.$transaction((tx) => tx.product.findMany({ select: { id: true } })))).toEqual(own);
      expect(sorted(await client.$transaction(async (tx) => sql(tx).selectFrom("Product").select("id").execute()))).toEqual(own);
      const [batched] = await client.$transaction([client.product.findMany({ select: { id: true } })]);
      expect(sorted(batched)).toEqual(own);
      expect(await client.website.findMany({ select: { id: true } })).toEqual([{ id: site }]);
    }
  });

  it("two sites' statements interleaved on the shared pool each see their own site", async () => {
    const reads = Array.from({ length: 40 }, (_, i) => {
      const site = i % 2 === 0 ? SITE_A : SITE_B;
      return siteClient(db, site)
        .product.findMany({ select: { websiteId: true } })
        .then((rows) => ({ site, seen: [...new Set(rows.map((row) => row.websiteId))] }));
    });
    for (const { site, seen } of await Promise.all(reads)) expect(seen).toEqual([site]);
  });

  it("change only the site's own rows, and cannot write a row of another site", async () => {
    const a = siteClient(db, SITE_A);
    const changed = await a.product.updateMany({ data: { updatedAt: new Date("2026-01-01T00:00:00Z") } });
    expect(changed.count).toBe(productsOf[SITE_A]!.length);
    const untouched = await db.product.count({ where: { websiteId: SITE_B, updatedAt: new Date("2026-01-01T00:00:00Z") } });
    expect(untouched).toBe(0);
    await expect(a.collection.create({ data: { websiteId: SITE_B, title: "Planted", urlId: "planted" } })).rejects.toThrow(/row-level security/);
    await expect(a.product.update({ where: { id: productsOf[SITE_B]![0]! }, data: { name: "Taken" } })).rejects.toThrow();
    expect(await db.collection.count({ where: { urlId: "planted" } })).toBe(0);
  });

  it("a connection of the sites' pool used without a site sees nothing (fails closed)", async () => {
    const pool = new SiteBoundPool({ ...postgresConnectionFields(url), max: 1 });
    try {
      const { rows } = await pool.query(`SELECT current_user::text AS role, (SELECT count(*) FROM "Product")::int AS products`);
      expect(rows).toEqual([{ role: SITE_ROLE, products: 0 }]);
    } finally {
      await pool.end();
    }
  });

  it("every table with a websiteId column has row-level security and a policy (a new table cannot forget it)", async () => {
    const client = new pg.Client(postgresConnectionFields(url));
    await client.connect();
    try {
      const { rows } = await client.query<{ table: string; secured: boolean; policies: number }>(`
        SELECT c.relname AS table, c.relrowsecurity AS secured,
               (SELECT count(*) FROM pg_policies p WHERE p.schemaname = n.nspname AND p.tablename = c.relname)::int AS policies
        FROM information_schema.columns col
        JOIN pg_namespace n ON n.nspname = col.table_schema
        JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = col.table_name
        WHERE col.table_schema = current_schema() AND col.column_name = 'websiteId'`);
      expect(rows.length).toBeGreaterThan(30);
      expect(rows.filter((row) => !row.secured || row.policies !== 1).map((row) => row.table)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
