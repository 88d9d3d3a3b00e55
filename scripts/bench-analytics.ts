// npm run bench:analytics (or `npm run bench -- --analytics`): tracking ingestion under load against a
// real server process on a fresh demo store (SQLite unless DATABASE_URL is a postgres URL).
//  1. events accepted per second: POST /api/census/RecordHit as fast as BENCH_CONNECTIONS connections
//     can send it (202s per second; 503s are the queue shedding);
//  2. the product page (GET /shop/p/linen-shirt) at a steady rate: p50/p99 alone, then with 1,000
//     events/s arriving.
// After the server's graceful stop, the stored events are counted: every 202 must be a row.
// Prints a table and the load average (other processes share the cores: figures are noisy).
//   BENCH_SECONDS (default 10) per run; BENCH_CONNECTIONS (default 20); BENCH_EVENT_RATE (default 1000);
//   BENCH_PAGE_RATE (default 40 product pages a second, over 10 connections).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { isPostgresUrl, projectRoot } from "../server/db/urls.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const eventRate = Number(process.env.BENCH_EVENT_RATE ?? 1000);
const pageRate = Number(process.env.BENCH_PAGE_RATE ?? 40);

const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-analytics-"));
const databaseUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : `file:${join(folder, "bench.db")}`;
// A fresh SQLite file, or the PostgreSQL database of DATABASE_URL brought up to date.
await applyMigrations(databaseUrl);
const db = await createDb(databaseUrl);
await seedDemoStore(db, DEMO_WEBSITE_ID);
const eventsBefore = await db.analyticsEvent.count();

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: "0",
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_BURST: "0",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ANALYTICS_SECRET: "bench-".repeat(8),
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
const baseUrl = await new Promise<string>((resolve, reject) => {
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
    if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
  });
  void exited.then((code) => reject(new Error(`server exited with ${code}`)));
});

const PRODUCT_PAGE = "/shop/p/linen-shirt";
const hitBody = (visitor: number) =>
  new URLSearchParams({
    event: "page-view",
    data: JSON.stringify({ visitorCookie: `bench-visitor-${visitor}`, url: `http://shop.test${PRODUCT_PAGE}`, title: "Linen shirt", queryString: "" }),
    ss_cvr: "",
  }).toString();

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  shed: number;
  failures: number;
}

const summary = (result: autocannon.Result, okStatus: number): Measured => {
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const ok = codes[String(okStatus)]?.count ?? 0;
  const shed = codes["503"]?.count ?? 0;
  return {
    requestsPerSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    shed,
    failures: result.errors + result.timeouts + result.non2xx - shed,
  };
};

function events(options: { connections: number; overallRate?: number }) {
  let visitor = 0;
  return autocannon({
    url: `${baseUrl}/api/census/RecordHit`,
    method: "POST",
    connections: options.connections,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    duration: seconds,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    setupClient: (client) => {
      const id = visitor++;
      client.setHeaders({
        "content-type": "application/x-www-form-urlencoded",
        cookie: `SS_ANALYTICS_ID=bench-visitor-${id}; SS_SESSION_ID=bench-session-${id}`,
      });
      client.setBody(hitBody(id));
    },
  });
}

// The page at a steady rate below what the server can render (a closed loop would saturate the CPU with
// pages alone and measure only queueing): its latency is what a shopper meets.
const productPage = () => autocannon({ url: `${baseUrl}${PRODUCT_PAGE}`, connections: 10, overallRate: pageRate, duration: seconds });

// Warm-up: JIT, template cache, SQLite pages.
await autocannon({ url: `${baseUrl}${PRODUCT_PAGE}`, connections: 10, duration: 2 });
const warmUp = summary(await events({ connections: 10 }), 202);

const rows: string[][] = [];
const row = (scenario: string, measured: Measured, unit: string) =>
  rows.push([
    scenario,
    `${measured.requestsPerSecond.toFixed(0)} ${unit}`,
    measured.p50.toFixed(1),
    measured.p99.toFixed(1),
    String(measured.shed),
    String(measured.failures),
    loadavg()[0].toFixed(2),
  ]);

const accepted = summary(await events({ connections }), 202);
row(`events accepted (RecordHit, ${connections} conns)`, accepted, "events/s");
const alone = summary(await productPage(), 200);
row(`product page alone (${pageRate}/s)`, alone, "req/s");
const [withEvents, background] = await Promise.all([productPage(), events({ connections: 20, overallRate: eventRate })]);
row(`product page (${pageRate}/s) with ${eventRate} events/s`, summary(withEvents, 200), "req/s");
row(`  the ${eventRate} events/s beside it`, summary(background, 202), "events/s");

// Graceful stop: the server writes every accepted event before it exits.
server.kill("SIGTERM");
await exited;
const stored = (await db.analyticsEvent.count()) - eventsBefore;
await db.$disconnect();
rmSync(folder, { recursive: true, force: true });

const totalAccepted = warmUp.ok + accepted.ok + summary(background, 202).ok;
const header = ["scenario", "rate", "p50 ms", "p99 ms", "shed (503)", "errors", "load avg"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column].length)));
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
console.log(
  `\nSitecart tracking ingestion: ${isPostgresUrl(databaseUrl) ? "PostgreSQL" : "SQLite"}, ${seconds} s per run, server and load generator on the same machine`,
);
console.log(line(header));
console.log(`|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
for (const cells of rows) console.log(line(cells));
console.log(
  `events answered 202: ${totalAccepted}; stored after the graceful stop: ${stored}${stored >= totalAccepted ? " (every 202 stored; requests still in flight when a run ended were answered after autocannon stopped counting)" : " (LOST EVENTS)"}`,
);
