// npm run bench: load benchmark of the GraphQL API against a real server process on a fresh demo store
// (SQLite unless DATABASE_URL is a postgres URL). Scenarios at 10 and 50 connections: the stack's
// ceiling `{ __typename }`, a product page query, a 20-product page, add-to-cart and the cart query.
// Prints requests/s, p50/p99 latency, each scenario's share of the ceiling and the server's RSS.
//   BENCH_SECONDS (default 10) per run; BENCH_CONNECTIONS (default "10,50").
// The per-visitor rate limit is switched off for the run (RATE_LIMIT_BURST=0): the load comes from
// a few cookies, not from real shoppers.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { isPostgresUrl, projectRoot } from "../server/db/urls.ts";

// `npm run bench -- --analytics`: the tracking ingestion benchmark instead (scripts/bench-analytics.ts).
if (process.argv.includes("--analytics")) {
  await import("./bench-analytics.ts");
  process.exit(0);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);

const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-"));
const databaseUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : `file:${join(folder, "bench.db")}`;
if (!isPostgresUrl(databaseUrl)) await applyMigrations(databaseUrl);
const db = await createDb(databaseUrl);
await seedDemoStore(db, DEMO_WEBSITE_ID);
const posterId = (await db.product.findFirstOrThrow({ where: { slug: "city-poster" } })).id;
await db.$disconnect();

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: projectRoot,
  env: { ...process.env, PORT: "0", DATABASE_URL: databaseUrl, RATE_LIMIT_BURST: "0", NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "inherit"],
});
const baseUrl = await new Promise<string>((resolve, reject) => {
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
    if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
  });
  server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

const graphqlBody = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });

const PRODUCT_BY_SLUG = `query Product($slug: String!) { product(slug: $slug) {
  id itemId name productType soldOut onSale variedPrices unlimitedStock quantityInputShown addButtonText
  price { value currency decimalValue formatted } priceDisplay { fromPrice { formatted } salePrice { formatted } normalPrice { formatted } }
  variantOptions { name values }
  variants { id sku attributes { name value } price { value currency decimalValue currencyCode } salePrice { value decimalValue } onSale unlimited qtyInStock }
} }`;
const PRODUCT_LIST = `query List { products(first: 20) { edges { node {
  id itemId slug name productType soldOut onSale variedPrices unlimitedStock
  price { value currency decimalValue formatted }
  variants { sku price { value currency decimalValue } salePrice { value } onSale unlimited qtyInStock }
} } pageInfo { hasNextPage endCursor } } }`;
const ADD_TO_CART = `mutation Add($input: AddCartEntryInput!) { addCartEntry(input: $input) {
  __typename ... on AddCartEntrySuccess { cart { id totalQuantity subtotal { value } grandTotal { value } } } ... on Error { message }
} }`;
const CART = `query Cart { cart { id totalQuantity subtotal { value } tax { value } shippingCost { value } grandTotal { value formatted }
  entries { id title quantity purchasePrice { value } subtotal { value } chosenVariant { sku attributes { name value } } }
} }`;

/** A cookie jar per connection: a visitor with a cart holding one poster. */
async function visitorCookies(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: graphqlBody(ADD_TO_CART, { input: { itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 } }),
      });
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }),
  );
}

interface Scenario {
  name: string;
  body: string;
  perVisitor?: boolean;
}

const scenarios: Scenario[] = [
  { name: "{ __typename } (ceiling)", body: graphqlBody("{ __typename }") },
  { name: "product by slug", body: graphqlBody(PRODUCT_BY_SLUG, { slug: "linen-shirt" }) },
  { name: "products (first 20)", body: graphqlBody(PRODUCT_LIST) },
  { name: "add to cart", body: graphqlBody(ADD_TO_CART, { input: { itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 } }), perVisitor: true },
  { name: "cart query", body: graphqlBody(CART), perVisitor: true },
];

async function run(scenario: Scenario, connections: number) {
  const cookies = scenario.perVisitor ? await visitorCookies(connections) : [];
  let next = 0;
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json" },
    body: scenario.body,
    setupClient: (client) => {
      if (cookies.length) client.setHeaders({ "content-type": "application/json", cookie: cookies[next++ % cookies.length] });
    },
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures };
}

// Warm-up: JIT, caches, SQLite pages.
await autocannon({
  url: `${baseUrl}/graphql`,
  method: "POST",
  connections: 10,
  duration: 2,
  headers: { "content-type": "application/json" },
  body: scenarios[2].body,
});

const rows: string[][] = [];
const ceiling = new Map<number, number>();
let peakRss = 0;
for (const scenario of scenarios) {
  for (const connections of connectionCounts) {
    const measured = await run(scenario, connections);
    const rss = rssMb();
    peakRss = Math.max(peakRss, rss);
    if (scenario === scenarios[0]) ceiling.set(connections, measured.requestsPerSecond);
    rows.push([
      scenario.name,
      String(connections),
      measured.requestsPerSecond.toFixed(0),
      measured.p50.toFixed(1),
      measured.p99.toFixed(1),
      `${((measured.requestsPerSecond / ceiling.get(connections)!) * 100).toFixed(0)} %`,
      rss.toFixed(0),
      String(measured.failures),
    ]);
  }
}

server.kill("SIGTERM");
rmSync(folder, { recursive: true, force: true });

const header = ["scenario", "conns", "req/s", "p50 ms", "p99 ms", "of ceiling", "RSS MB", "errors"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
console.log(
  `\nSitecart GraphQL benchmark: ${isPostgresUrl(databaseUrl) ? "PostgreSQL" : "SQLite"}, ${seconds} s per run, server and load generator on the same machine`,
);
console.log(line(header));
console.log(`|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
for (const row of rows) console.log(line(row));
console.log(`peak server RSS: ${peakRss.toFixed(0)} MB`);
