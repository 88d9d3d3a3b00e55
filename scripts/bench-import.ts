// npm run bench:import (issue 23): the product CSV import of a 10,000-row file, on the database of
// DATABASE_URL (SQLite by default). Works on a throwaway database beside it (PostgreSQL: a new
// database, dropped afterwards; SQLite: a file in the temporary directory), with the demo store.
// Four runs: the first creates every product, the second finds every row unchanged, the third
// changes every price, the fourth every stock (locked and read again, waitlists checked). Prints rows, seconds and rows per second for each.
//   BENCH_ROWS (default 10,000 rows: 2,500 products of 4 variants)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb, siteClient } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { isPostgresUrl, postgresConnectionFields, withDatabaseName } from "../server/db/urls.ts";
import { PRODUCT_CSV_COLUMNS } from "../server/domain/catalog/product-csv.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import { createServices } from "../server/services/index.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const VARIANTS = 4;
const baseUrl = process.env.DATABASE_URL ?? "file:./dev.db";
const postgres = isPostgresUrl(baseUrl);

/** A file of ROWS rows: products of VARIANTS sizes each, `cents` added to every price, `units` to every stock. */
function generate(cents: number, units = 0): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [PRODUCT_CSV_COLUMNS.join(",")];
  for (let row = 0; row < ROWS; row++) {
    const product = Math.floor(row / VARIANTS);
    const size = row % VARIANTS;
    const first = size === 0;
    const cells: Record<string, string> = {
      Handle: `bench-product-${product}`,
      Title: first ? `Bench product ${product}` : "",
      "Body (HTML)": first ? `<p>Product ${product}, made for the import benchmark, with a comma, and "quotes".</p>` : "",
      Published: first ? "TRUE" : "",
      "Option1 Name": first ? "Size" : "",
      "Option1 Value": ["S", "M", "L", "XL"][size] ?? `Size ${size}`,
      "Variant SKU": `BENCH-${product}-${size}`,
      "Variant Inventory Qty": String(((product + size) % 50) + units),
      "Variant Price": ((1000 + size * 100 + cents) / 100).toFixed(2),
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((column) => quote(cells[column] ?? "")).join(","));
  }
  return lines.join("\n");
}

let url: string;
let cleanUp: () => Promise<void>;
if (postgres) {
  const name = `${postgresConnectionFields(baseUrl).database}_bench_import`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = new pg.Client(postgresConnectionFields(baseUrl));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  url = withDatabaseName(baseUrl, name);
  cleanUp = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
} else {
  const dir = await mkdtemp(join(tmpdir(), "bench-import-"));
  url = `file:${join(dir, "bench.db")}`;
  cleanUp = () => rm(dir, { recursive: true, force: true });
}

await applyMigrations(url);
const db = await createDb(url);
const bus = createRealtimeBus(null);
try {
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  const services = createServices({ db: siteClient(db, DEMO_WEBSITE_ID), pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID });
  const runs: [string, string][] = [
    ["create", generate(0)],
    ["unchanged", generate(0)],
    ["update prices", generate(1)],
    ["update stock", generate(1, 3)],
  ];
  const table = [["run", "rows", "products", "seconds", "rows/s"]];
  for (const [label, file] of runs) {
    const start = performance.now();
    const result = await services.productImport.import(file);
    const seconds = (performance.now() - start) / 1000;
    if (result.errors.length) throw new Error(result.errors[0].text);
    table.push([
      label,
      String(result.rows),
      `${result.create + result.update + result.unchanged}`,
      seconds.toFixed(2),
      Math.round(result.rows / seconds).toString(),
    ]);
  }
  services.stop();
  console.log(`product CSV import on ${postgres ? "PostgreSQL" : "SQLite"}, ${ROWS} rows (${ROWS / VARIANTS} products of ${VARIANTS} variants)`);
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const row of table) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
} finally {
  await bus.close();
  await db.$disconnect();
  await cleanUp();
}
