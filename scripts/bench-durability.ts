// node --import tsx scripts/bench-durability.ts: the cost of SQLite's synchronous=FULL against NORMAL
// on add-to-cart throughput (docs/benchmarks.md "Durability"). Each run is a real server process on a
// fresh demo store (SQLITE_SYNCHRONOUS set), driven by autocannon as in scripts/bench.ts; the modes
// alternate (NORMAL, FULL, NORMAL, FULL, ...) so that load from other processes on the machine spreads
// over both. Prints one row per run and the median per mode.
//   BENCH_SECONDS (default 10) per run; BENCH_CONNECTIONS (default 10); BENCH_ROUNDS (default 2).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import type { SqliteSynchronous } from "../server/db/adapters.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { projectRoot } from "../server/db/urls.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

const ADD_TO_CART = `mutation Add($input: AddCartEntryInput!) { addCartEntry(input: $input) {
  __typename ... on AddCartEntrySuccess { cart { id totalQuantity subtotal { value } grandTotal { value } } } ... on Error { message }
} }`;

async function startServer(databaseUrl: string, synchronous: SqliteSynchronous): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      RATE_LIMIT_BURST: "0",
      NODE_ENV: "production",
      SQLITE_SYNCHRONOUS: synchronous,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl };
}

/** One run: a fresh store, a server in the mode, a warm-up, then add-to-cart from `connections` visitors. */
async function run(synchronous: SqliteSynchronous) {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-durability-"));
  const databaseUrl = `file:${join(folder, "bench.db")}`;
  await applyMigrations(databaseUrl);
  const db = await createDb(databaseUrl);
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  const posterId = (await db.product.findFirstOrThrow({ where: { slug: "city-poster" } })).id;
  await db.$disconnect();
  const { child, baseUrl } = await startServer(databaseUrl, synchronous);
  try {
    const body = JSON.stringify({ query: ADD_TO_CART, variables: { input: { itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 } } });
    // A visitor per connection, each with a cart (the first add creates it and sets the cookies).
    const cookies = await Promise.all(
      Array.from({ length: connections }, async () => {
        const response = await fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body });
        return response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; ");
      }),
    );
    const drive = (duration: number) => {
      let next = 0;
      return autocannon({
        url: `${baseUrl}/graphql`,
        method: "POST",
        connections,
        duration,
        headers: { "content-type": "application/json" },
        body,
        setupClient: (client) => client.setHeaders({ "content-type": "application/json", cookie: cookies[next++ % cookies.length] }),
      });
    };
    await drive(2); // warm-up: JIT, prepared statements
    const result = await drive(seconds);
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(folder, { recursive: true, force: true });
  }
}

const modes: SqliteSynchronous[] = Array.from({ length: rounds }, () => ["NORMAL", "FULL"] as const).flat();
const results: { mode: SqliteSynchronous; requestsPerSecond: number; p50: number; p99: number; failures: number }[] = [];
for (const mode of modes) {
  const measured = await run(mode);
  results.push({ mode, ...measured });
  console.error(`${mode}: ${measured.requestsPerSecond.toFixed(0)} req/s`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rows = results.map((result, index) => [
  String(index + 1),
  result.mode,
  result.requestsPerSecond.toFixed(0),
  result.p50.toFixed(1),
  result.p99.toFixed(1),
  String(result.failures),
]);
for (const mode of ["NORMAL", "FULL"] as const) {
  const of = results.filter((result) => result.mode === mode);
  rows.push([
    "median",
    mode,
    median(of.map((r) => r.requestsPerSecond)).toFixed(0),
    median(of.map((r) => r.p50)).toFixed(1),
    median(of.map((r) => r.p99)).toFixed(1),
    "",
  ]);
}
const header = ["run", "synchronous", "req/s", "p50 ms", "p99 ms", "errors"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
console.log(`\nSQLite durability: add to cart, ${connections} connections, ${seconds} s per run, server and load generator on the same machine`);
console.log(line(header));
console.log(`|${widths.map((width, column) => (column <= 1 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
for (const row of rows) console.log(line(row));
