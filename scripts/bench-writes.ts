// npm run bench:writes: the write path (issue 13) against a real server process on a fresh demo
// store (SQLite unless DATABASE_URL is a postgres URL): add to cart (a cart per connection), the cart
// query, and checkout (orders/s: every connection checks out carts made beforehand, each holding one
// unit of a variant with fewer units in stock than carts, so some checkouts must be refused; the run
// then counts orders and stock: no oversell).
//   BENCH_SECONDS (default 5) per run; BENCH_CONNECTIONS (default "10,50");
//   BENCH_SCENARIOS (default "add,cart,checkout"); BENCH_PROFILE=1 writes the server's CPU profile
//   (node --cpu-prof) to BENCH_PROFILE_DIR (default a temporary folder, printed).
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

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);
const wanted = new Set((process.env.BENCH_SCENARIOS ?? "add,cart,checkout").split(","));
const profileDir = process.env.BENCH_PROFILE ? (process.env.BENCH_PROFILE_DIR ?? mkdtempSync(join(tmpdir(), "sitecart-profile-"))) : null;

const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-"));
const databaseUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : `file:${join(folder, "bench.db")}`;
if (!isPostgresUrl(databaseUrl)) await applyMigrations(databaseUrl);
const db = await createDb(databaseUrl);
await seedDemoStore(db, DEMO_WEBSITE_ID);
const posterId = (await db.product.findFirstOrThrow({ where: { slug: "city-poster" } })).id;

const server = spawn(process.execPath, [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--import", "tsx", "server/main.ts"], {
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
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;

const graphqlBody = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });
const ADD_TO_CART = `mutation Add($input: AddCartEntryInput!) { addCartEntry(input: $input) {
  __typename ... on AddCartEntrySuccess { cart { id totalQuantity subtotal { value } grandTotal { value } } } ... on Error { message }
} }`;
const CART = `query Cart { cart { id totalQuantity subtotal { value } tax { value } shippingCost { value } grandTotal { value formatted }
  entries { id title quantity purchasePrice { value } subtotal { value } chosenVariant { sku attributes { name value } } }
} }`;
const CHECKOUT = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) {
  __typename ... on CheckoutSuccess { order { id orderNumber grandTotal { value } } } ... on Error { message }
} }`;
const ADDRESS = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };

/** A visitor's cookies after adding one unit of `sku` (a new cart). */
async function newVisitor(sku: string): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: graphqlBody(ADD_TO_CART, { input: { itemId: String(posterId), sku, quantity: 1 } }),
  });
  const body = (await response.json()) as { data?: { addCartEntry?: { __typename: string } } };
  if (body.data?.addCartEntry?.__typename !== "AddCartEntrySuccess") throw new Error(`could not fill a cart: ${JSON.stringify(body)}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function visitors(count: number, sku: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < count; start += 20) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, () => newVisitor(sku)))));
  }
  return cookies;
}

interface Row {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  rss: number;
  failures: number;
  note: string;
}

async function steady(name: string, body: string, connections: number): Promise<Row> {
  const cookies = await visitors(connections, "POSTER-SMALL");
  let next = 0;
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json" },
    body,
    setupClient: (client) => client.setHeaders({ "content-type": "application/json", cookie: cookies[next++ % cookies.length] }),
  });
  return {
    scenario: name,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rss: rssMb(),
    failures: result.errors + result.timeouts + result.non2xx,
    note: "",
  };
}

/** Checkout: `carts` one-unit carts of a variant with `stock` units; every cart is submitted once. */
async function checkoutRun(connections: number, carts: number, stock: number): Promise<Row> {
  const variant = await db.variant.findFirstOrThrow({ where: { productId: posterId, sku: "POSTER-LARGE" } });
  await db.variant.update({ where: { id: variant.id }, data: { unlimited: false, qtyInStock: carts } });
  const cookies = await visitors(carts, "POSTER-LARGE");
  await db.variant.update({ where: { id: variant.id }, data: { qtyInStock: stock } });
  const ordersBefore = await db.order.count();
  let next = 0;
  const outcomes = new Map<string, number>();
  const started = performance.now();
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    method: "POST",
    connections,
    amount: carts,
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { "content-type": "application/json", cookie: cookies[next++ % cookies.length] },
          body: graphqlBody(CHECKOUT, { input: { email: "ada@example.com", shippingAddress: ADDRESS } }),
        }),
        onResponse: (_status, body) => {
          const typename = /"__typename":"(\w+)"/.exec(body)?.[1] ?? "other";
          outcomes.set(typename, (outcomes.get(typename) ?? 0) + 1);
        },
      },
    ],
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const orders = (await db.order.count()) - ordersBefore;
  const left = (await db.variant.findUniqueOrThrow({ where: { id: variant.id } })).qtyInStock;
  const oversold = orders > stock || left < 0 || left !== stock - orders;
  return {
    scenario: "checkout (orders/s)",
    connections,
    requestsPerSecond: orders / elapsedSeconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rss: rssMb(),
    failures: result.errors + result.timeouts + result.non2xx,
    note: `${orders} orders of ${carts} carts, stock ${stock} -> ${left}${oversold ? " OVERSOLD" : ", no oversell"}; ${[...outcomes].map(([kind, count]) => `${kind} ${count}`).join(", ")}`,
  };
}

// Warm-up: JIT, caches, SQLite pages.
await steady("warm-up", graphqlBody(ADD_TO_CART, { input: { itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 } }), 10);

const rows: Row[] = [];
for (const connections of connectionCounts) {
  if (wanted.has("add"))
    rows.push(await steady("add to cart", graphqlBody(ADD_TO_CART, { input: { itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 } }), connections));
}
for (const connections of connectionCounts) if (wanted.has("cart")) rows.push(await steady("cart query", graphqlBody(CART), connections));
if (wanted.has("checkout")) {
  const carts = Math.max(200, Math.round(seconds * 200));
  for (const connections of connectionCounts) rows.push(await checkoutRun(connections, carts, Math.round(carts * 0.9)));
}

server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
await db.$disconnect();
rmSync(folder, { recursive: true, force: true });

const header = ["scenario", "conns", "req/s", "p50 ms", "p99 ms", "RSS MB", "errors", "note"];
const cells = rows.map((row) => [
  row.scenario,
  String(row.connections),
  row.requestsPerSecond.toFixed(0),
  row.p50.toFixed(1),
  row.p99.toFixed(1),
  row.rss.toFixed(0),
  String(row.failures),
  row.note,
]);
const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
const line = (row: string[]) =>
  `| ${row.map((cell, column) => (column === 0 || column === 7 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`\nSitecart write path: ${isPostgresUrl(databaseUrl) ? "PostgreSQL" : "SQLite"}, ${seconds} s per run, load average ${load}`);
console.log(line(header));
console.log(`|${widths.map((width, column) => (column === 0 || column === 7 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
for (const row of cells) console.log(line(row));
if (profileDir) console.log(`CPU profile: ${profileDir}`);
