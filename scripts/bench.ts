// npm run bench: load benchmark of the GraphQL API against real server processes (SQLite unless
// DATABASE_URL is a postgres URL; then a throwaway database `<name>_bench_<catalogue>` is made on
// that server and dropped afterwards). For each catalogue (the demo store grown by a seeded
// generator to 50 products / 163 variants, and to 10,000 / 50,000) and each response-cache mode, one
// server process is started and measured: cold start (spawn to the first 200 on /healthz), idle and
// peak RSS, and per scenario at each connection count req/s, p50/p99 and the share of the
// `{ __typename }` ceiling of the same server.
//
//   BENCH_SECONDS      per run (default 10)
//   BENCH_CONNECTIONS  default "10,50"
//   BENCH_CATALOGUES   "small,large" (default both)
//   BENCH_CACHE        "on,off" (default both): SITECART_RESPONSE_CACHE of the server
//   BENCH_SCENARIOS    any of slug,list,search,add,cart,checkout (default all; the ceiling always runs)
//   BENCH_SEED         the generator's seed (default 1)
// Quick run: BENCH_SECONDS=3 BENCH_CONNECTIONS=10 BENCH_CATALOGUES=small BENCH_CACHE=off npm run bench
//
// Add to cart, cart read and checkout use a visitor (cookie) per connection. Checkout is a loop per
// connection (a new visitor adds one unit, then checks out), counted in orders/s; its variant has
// stock for every run. The per-visitor rate limit is off (RATE_LIMIT_BURST=0).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { isPostgresUrl, postgresConnectionFields, projectRoot, withDatabaseName } from "../server/db/urls.ts";
import { CATALOGUES, loadCatalogue, type BenchTargets, type CatalogueShape } from "./bench-catalogue.ts";

// `npm run bench -- --analytics`: the tracking ingestion benchmark instead (scripts/bench-analytics.ts).
if (process.argv.includes("--analytics")) {
  await import("./bench-analytics.ts");
  process.exit(0);
}

const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connectionCounts = list("BENCH_CONNECTIONS", "10,50").map(Number);
const catalogueNames = list("BENCH_CATALOGUES", "small,large");
const cacheModes = list("BENCH_CACHE", "on,off");
const scenarioNames = list("BENCH_SCENARIOS", "slug,list,search,add,cart,checkout");
const seed = Number(process.env.BENCH_SEED ?? 1);
for (const name of catalogueNames) if (!CATALOGUES[name]) throw new Error(`BENCH_CATALOGUES: unknown catalogue ${name}`);
for (const mode of cacheModes) if (mode !== "on" && mode !== "off") throw new Error(`BENCH_CACHE: ${mode} is not on or off`);

const postgresUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-"));

const graphqlBody = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });

const PRODUCT_BY_SLUG = `query Product($slug: String!) { product(slug: $slug) {
  id itemId name productType soldOut onSale variedPrices unlimitedStock quantityInputShown addButtonText
  price { value currency decimalValue formatted } priceDisplay { fromPrice { formatted } salePrice { formatted } normalPrice { formatted } }
  variantOptions { name values }
  variants { id sku attributes { name value } price { value currency decimalValue currencyCode } salePrice { value decimalValue } onSale unlimited qtyInStock }
} }`;
const PRODUCT_LIST = `query List($search: String) { products(first: 20, search: $search) { edges { node {
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
const CHECKOUT = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) {
  __typename ... on CheckoutSuccess { order { orderNumber } } ... on Error { message }
} }`;
const NY = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };

interface Scenario {
  key: string;
  name: string;
  body: (targets: BenchTargets) => string;
  perVisitor?: boolean;
  /** Measured by the checkout loop instead of autocannon. */
  loop?: boolean;
}

const CEILING: Scenario = { key: "ceiling", name: "{ __typename } (ceiling)", body: () => graphqlBody("{ __typename }") };
const addBody = (targets: BenchTargets) => graphqlBody(ADD_TO_CART, { input: { itemId: targets.cartItemId, sku: targets.cartSku, quantity: 1 } });
const SCENARIOS: Scenario[] = [
  { key: "slug", name: "product by slug", body: (targets) => graphqlBody(PRODUCT_BY_SLUG, { slug: targets.pageSlug }) },
  { key: "list", name: "products (first 20)", body: () => graphqlBody(PRODUCT_LIST) },
  { key: "search", name: "search (first 20)", body: (targets) => graphqlBody(PRODUCT_LIST, { search: targets.searchWord }) },
  { key: "add", name: "add to cart", body: addBody, perVisitor: true },
  { key: "cart", name: "cart read", body: () => graphqlBody(CART), perVisitor: true },
  { key: "checkout", name: "checkout (orders/s)", body: addBody, loop: true },
];
for (const key of scenarioNames) if (!SCENARIOS.some((scenario) => scenario.key === key)) throw new Error(`BENCH_SCENARIOS: unknown scenario ${key}`);
const chosen = [CEILING, ...SCENARIOS.filter((scenario) => scenarioNames.includes(scenario.key))];

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const procStatus = (pid: number, field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

interface Server {
  process: ChildProcess;
  baseUrl: string;
  coldStartMs: number;
}

/** Starts `server/main.ts` the way `npm start` runs it and waits for /healthz to answer 200. */
async function startServer(databaseUrl: string, cache: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, RATE_LIMIT_BURST: "0", NODE_ENV: "production", SITECART_RESPONSE_CACHE: cache },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error("the server exited before answering /healthz");
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { process: child, baseUrl, coldStartMs: performance.now() - startedAt };
}

/** A cookie jar per connection: a visitor whose cart holds one unit of the cart product. */
async function visitorCookies(baseUrl: string, targets: BenchTargets, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, () => newVisitor(baseUrl, targets)));
}

async function newVisitor(baseUrl: string, targets: BenchTargets): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: addBody(targets) });
  const answer = (await response.json()) as { data?: { addCartEntry?: { __typename: string } } };
  if (answer.data?.addCartEntry?.__typename !== "AddCartEntrySuccess") throw new Error(`add to cart failed: ${JSON.stringify(answer)}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function runAutocannon(baseUrl: string, body: string, connections: number, cookies: string[] = []): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json" },
    body,
    setupClient: (client) => {
      if (cookies.length) client.setHeaders({ "content-type": "application/json", cookie: cookies[next++ % cookies.length] });
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** `connections` shoppers in a loop: a new visitor adds one unit and checks out. Orders/s, checkout latency. */
async function runCheckouts(baseUrl: string, targets: BenchTargets, connections: number): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  let orders = 0;
  const endAt = performance.now() + seconds * 1000;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < endAt) {
        const cookie = await newVisitor(baseUrl, targets);
        const startedAt = performance.now();
        const response = await fetch(`${baseUrl}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: graphqlBody(CHECKOUT, { input: { email: `bench-${sequence++}@example.com`, shippingAddress: NY } }),
        });
        const answer = (await response.json()) as { data?: { checkout?: { __typename: string } } };
        latencies.push(performance.now() - startedAt);
        if (answer.data?.checkout?.__typename === "CheckoutSuccess") orders++;
        else if (failures++ === 0) console.error(`checkout failed: ${JSON.stringify(answer)}`);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return { requestsPerSecond: orders / seconds, p50: at(0.5), p99: at(0.99), failures };
}

/** A database holding the demo store grown to `shape`; the URL and a clean-up. */
async function prepareDatabase(shape: CatalogueShape): Promise<{ url: string; targets: BenchTargets; drop: () => Promise<void> }> {
  let url = `file:${join(folder, `${shape.name}.db`)}`;
  let drop = async () => {};
  if (postgresUrl) {
    const name = `${postgresConnectionFields(postgresUrl).database}_bench_${shape.name}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
    const admin = new pg.Client(postgresConnectionFields(postgresUrl));
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    url = withDatabaseName(postgresUrl, name);
    drop = async () => {
      const client = new pg.Client(postgresConnectionFields(postgresUrl));
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  await applyMigrations(url);
  const db = await createDb(url);
  try {
    await seedDemoStore(db, DEMO_WEBSITE_ID);
    const targets = await loadCatalogue(db, DEMO_WEBSITE_ID, shape, seed);
    return { url, targets, drop };
  } finally {
    await db.$disconnect();
  }
}

const rows: string[][] = [];
const servers: string[][] = [];
const loads: number[] = [];
for (const catalogueName of catalogueNames) {
  const shape = CATALOGUES[catalogueName];
  const loadStarted = performance.now();
  const database = await prepareDatabase(shape);
  console.error(`${shape.name}: ${shape.products} products / ${shape.variants} variants loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  try {
    for (const cache of cacheModes) {
      const server = await startServer(database.url, cache);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const idleRss = procStatus(server.process.pid!, "VmRSS");
        // Warm-up: JIT, caches, database pages.
        await runAutocannon(server.baseUrl, SCENARIOS[1].body(database.targets), 10).catch(() => undefined);
        const ceiling = new Map<number, number>();
        for (const scenario of chosen) {
          for (const connections of connectionCounts) {
            loads.push(loadavg()[0]);
            const measured = scenario.loop
              ? await runCheckouts(server.baseUrl, database.targets, connections)
              : await runAutocannon(
                  server.baseUrl,
                  scenario.body(database.targets),
                  connections,
                  scenario.perVisitor ? await visitorCookies(server.baseUrl, database.targets, connections) : [],
                );
            if (scenario === CEILING) ceiling.set(connections, measured.requestsPerSecond);
            rows.push([
              shape.name,
              cache,
              scenario.name,
              String(connections),
              measured.requestsPerSecond.toFixed(0),
              measured.p50.toFixed(1),
              measured.p99.toFixed(1),
              `${((measured.requestsPerSecond / ceiling.get(connections)!) * 100).toFixed(0)} %`,
              String(measured.failures),
            ]);
            console.error(rows.at(-1)!.join(" | "));
          }
        }
        servers.push([shape.name, cache, server.coldStartMs.toFixed(0), idleRss.toFixed(0), procStatus(server.process.pid!, "VmHWM").toFixed(0)]);
      } finally {
        server.process.kill("SIGTERM");
        await new Promise((resolve) => server.process.once("exit", resolve));
      }
    }
  } finally {
    await database.drop();
  }
}
rmSync(folder, { recursive: true, force: true });

function table(header: string[], body: string[][], textColumns: number) {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column < textColumns ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const row of body) console.log(line(row));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `\nSitecart GraphQL benchmark: ${postgresUrl ? "PostgreSQL" : "SQLite"}, ${seconds} s per run, server and load generator on the same machine ` +
    `(load average during runs: median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)})\n`,
);
table(["catalogue", "cache", "scenario", "conns", "req/s", "p50 ms", "p99 ms", "of ceiling", "errors"], rows, 3);
console.log("");
table(["catalogue", "cache", "cold start ms", "idle RSS MB", "peak RSS MB"], servers, 2);

// Growth (issue 13: within 1.5x): how much slower each scenario is on the large catalogue.
const growth = rows.flatMap((row) => {
  if (row[0] !== "small" || row[2] === CEILING.name) return [];
  const large = rows.find((other) => other[0] === "large" && other[1] === row[1] && other[2] === row[2] && other[3] === row[3]);
  return large ? [[row[1], row[2], row[3], row[4], large[4], `${(Number(row[4]) / Math.max(Number(large[4]), 1)).toFixed(2)}x`]] : [];
});
if (growth.length > 0) {
  console.log("");
  table(["cache", "scenario", "conns", "small req/s", "large req/s", "small / large"], growth, 2);
}
