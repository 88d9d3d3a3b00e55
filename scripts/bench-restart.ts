// npm run bench:restart: how fast a crashed instance is back, and how long a SIGTERM drain takes.
//  - restart: `npm start` (scripts/start.ts) on a database that is already migrated, seeded and built,
//    after a SIGKILL, to the first 200 from /healthz; on SQLite and on PostgreSQL (DATABASE_URL's
//    server, or 127.0.0.1:5432).
//  - drain: SIGTERM while 32 clients keep add-to-cart mutations in flight; time to exit, and how
//    many requests in flight failed (0 expected: each finishes, new connections are refused).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { isPostgresUrl, postgresConnectionFields, projectRoot, withDatabaseName } from "../server/db/urls.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const pgServer =
  process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : "postgresql://postgres@127.0.0.1:5432/postgres";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: projectRoot,
    env: { ...process.env, REDIS_URL: "", NODE_OPTIONS: "", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function untilHealthy(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, "exit");
  child.kill(signal);
  return (await exited)[0] as number | null;
}

/** Milliseconds from spawning `npm start` to /healthz answering, after a SIGKILL, per run. */
async function restartTimes(databaseUrl: string): Promise<number[]> {
  const port = await freePort();
  const env = { PORT: String(port), DATABASE_URL: databaseUrl };
  let child = startServer(env); // first start: migrates, seeds, builds what is stale
  await untilHealthy(port, child);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await kill(child, "SIGKILL");
    const started = performance.now();
    child = startServer(env);
    await untilHealthy(port, child);
    times.push(performance.now() - started);
  }
  await kill(child, "SIGKILL");
  return times;
}

async function drain(databaseUrl: string): Promise<{ ms: number; inFlight: number; failed: number; code: number | null }> {
  const port = await freePort();
  const child = startServer({ PORT: String(port), DATABASE_URL: databaseUrl });
  await untilHealthy(port, child);
  const base = `http://127.0.0.1:${port}`;
  const first = await fetch(`${base}/healthz`);
  const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const crumb = cookies.find((cookie) => cookie.startsWith("crumb="))!.slice("crumb=".length);
  const products = await (
    await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ products(first: 50) { edges { node { id slug } } } }" }),
    })
  ).json();
  const poster = products.data.products.edges.find((edge: { node: { slug: string } }) => edge.node.slug === "city-poster").node.id;
  const body = JSON.stringify({
    query: "mutation ($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }",
    variables: { input: { itemId: poster, sku: "POSTER-SMALL" } },
  });
  let stopping = false;
  let inFlight = 0;
  let failed = 0;
  const client = async () => {
    while (!stopping) {
      inFlight++;
      try {
        const response = await fetch(`${base}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: cookies.join("; "), "x-csrf-token": crumb },
          body,
        });
        await response.text();
      } catch {
        if (!stopping) failed++;
      } finally {
        inFlight--;
      }
    }
  };
  const clients = Array.from({ length: 32 }, client);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const atSignal = inFlight;
  const started = performance.now();
  // Requests already sent must finish; ones sent after the signal may be refused (counted apart).
  const before = failed;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  stopping = true;
  const [code] = await exited;
  const ms = performance.now() - started;
  await Promise.all(clients);
  return { ms, inFlight: atSignal, failed: failed - before, code: code as number | null };
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-restart-"));
  const sqliteUrl = `file:${join(folder, "bench.db")}`;
  const database = `sitecart_bench_restart_${process.pid}`;
  const admin = new pg.Client(postgresConnectionFields(pgServer));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const postgresUrl = withDatabaseName(pgServer, database);
  try {
    const rows: string[][] = [];
    for (const [name, url] of [
      ["SQLite", sqliteUrl],
      ["PostgreSQL", postgresUrl],
    ]) {
      const times = await restartTimes(url);
      const drained = await drain(url);
      const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      rows.push([
        name,
        times.map(fmt).join(", "),
        fmt(Math.max(...times)),
        `${fmt(drained.ms)} (exit ${drained.code}, ${drained.inFlight} in flight, ${drained.failed} failed)`,
      ]);
    }
    const header = ["database", `restart to /healthz after SIGKILL (${RUNS} runs)`, "worst", "SIGTERM drain with 32 clients"];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
    console.log(line(header));
    console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
