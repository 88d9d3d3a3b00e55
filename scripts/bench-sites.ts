// npm run bench:sites (issue 21): what many sites cost one server process. The server runs as npm
// start runs it (scripts/start.ts, a child process, so its RSS is its own) with PLATFORM_DOMAIN, on a
// temporary SQLite database holding 1 site, then one holding BENCH_SITES (1,000) sites: the first is
// the demo store (prisma/seed.ts), the others copies of its rows made with SQL, ids shifted per site
// (seedDemoStore takes about a second a site: 1,000 would take a quarter of an hour). Requests are
// GET /shop/p/ceramic-mug over node:http with each site's Host header ({slug}.sites.test). It prints:
//  - idle RSS and V8 heap (after a full GC) after start, 1 site and 1,000 (BENCH_IDLE_RUNS starts each);
//  - RSS and heap after every site served a product page (and BENCH_SETTLE_SECONDS later), at the
//    default SITE_POOL_MAX, a small one (BENCH_SMALL_POOL) and one holding every site;
//  - a cold site's product page (its services not in the pool) against a warm one's: median and p95
//    over BENCH_SAMPLE (50) sites, for sites never served since start and for sites the pool retired,
//    and the server's CPU time per request (from /proc), which a busy machine moves less than latency.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";
import { seedDemoStore } from "../prisma/seed.ts";
import { createDb } from "../server/db/client.ts";
import { projectRoot } from "../server/db/urls.ts";
import { DEFAULT_MAX_SITES } from "../server/services/site/site-pool.ts";
import { migrateDatabase } from "./migrate.ts";

const SITES = Number(process.env.BENCH_SITES ?? 1000);
const SAMPLE = Math.min(Number(process.env.BENCH_SAMPLE ?? 50), SITES - 1);
const SMALL_POOL = Number(process.env.BENCH_SMALL_POOL ?? 20);
const WARM_REPEATS = 5;
const IDLE_RUNS = Number(process.env.BENCH_IDLE_RUNS ?? 3);
/** V8 gives committed heap back to the system some time after the work stops (its memory reducer), not at a forced GC. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const DOMAIN = "sites.test";
const PRODUCT_PAGE = "/shop/p/ceramic-mug";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

const siteId = (n: number) => `bench-${String(n).padStart(4, "0")}`;
const host = (n: number) => `s${n}.${DOMAIN}`;

/** The demo store as site 1, alone in its database. */
async function seedOneSite(url: string): Promise<void> {
  migrateDatabase({ ...process.env, DATABASE_URL: url });
  const db = await createDb(url);
  try {
    await seedDemoStore(db, siteId(1));
    await db.website.update({ where: { id: siteId(1) }, data: { slug: "s1", title: "Site 1" } });
  } finally {
    await db.$disconnect();
  }
}

interface Table {
  name: string;
  columns: string[];
  /** Integer columns that are this table's key or point at another copied table's: shifted per copy. */
  shifted: Set<string>;
  hasWebsiteId: boolean;
  /** Column -> table it references. */
  references: Map<string, string>;
}

/** The site's tables in an order where each comes after those it references (SQLite's own catalogue). */
function siteTables(sqlite: Database.Database): Table[] {
  const names = (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'").all() as {
      name: string;
    }[]
  )
    .map((row) => row.name)
    .filter((name) => !name.startsWith("ProductSearch")); // the search index: kept by triggers
  const tables = new Map<string, Table>();
  for (const name of names) {
    const info = sqlite.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string; pk: number }[];
    const keys = sqlite.prepare(`PRAGMA foreign_key_list("${name}")`).all() as { table: string; from: string }[];
    const references = new Map(keys.map((key) => [key.from, key.table]));
    const intKey = info.filter((column) => column.pk && column.type === "INTEGER").map((column) => column.name);
    tables.set(name, {
      name,
      columns: info.map((column) => column.name),
      shifted: new Set([...intKey, ...keys.filter((key) => key.table !== "Website").map((key) => key.from)]),
      hasWebsiteId: info.some((column) => column.name === "websiteId"),
      references,
    });
  }
  const ordered: Table[] = [];
  const visit = (table: Table) => {
    if (ordered.includes(table)) return;
    for (const target of table.references.values()) if (target !== table.name && tables.has(target)) visit(tables.get(target)!);
    ordered.push(table);
  };
  for (const table of tables.values()) visit(table);
  return ordered;
}

/** Sites 2..count as copies of site 1: every row it owns, ids shifted by a per-site offset. */
function copySites(path: string, count: number): void {
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  const tables = siteTables(sqlite);
  // The template's rows, table by table: owned through websiteId, or through a row of an owned table.
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const table of tables) {
    if (table.name === "Website") rows.set(table.name, sqlite.prepare(`SELECT * FROM "Website" WHERE id = ?`).all(siteId(1)) as Record<string, unknown>[]);
    else if (table.hasWebsiteId)
      rows.set(table.name, sqlite.prepare(`SELECT * FROM "${table.name}" WHERE "websiteId" = ?`).all(siteId(1)) as Record<string, unknown>[]);
    else {
      const [column, parent] = [...table.references].find(([, target]) => rows.get(target)?.length) ?? [];
      if (!column || !parent) continue;
      const owned = new Set(rows.get(parent)!.map((row) => row.id));
      rows.set(
        table.name,
        (sqlite.prepare(`SELECT * FROM "${table.name}"`).all() as Record<string, unknown>[]).filter((row) => owned.has(row[column])),
      );
    }
  }
  const largestId = Math.max(...tables.flatMap((table) => (rows.get(table.name) ?? []).map((row) => (typeof row.id === "number" ? row.id : 0))));
  const offset = 10 ** Math.ceil(Math.log10(largestId + 1));
  const inserts = new Map(
    tables.map((table) => [
      table.name,
      sqlite.prepare(`INSERT INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${table.columns.map(() => "?").join(", ")})`),
    ]),
  );
  sqlite.transaction(() => {
    for (let n = 2; n <= count; n++) {
      const shift = (n - 1) * offset;
      for (const table of tables) {
        for (const row of rows.get(table.name) ?? []) {
          const copy = { ...row };
          for (const column of table.shifted)
            if (typeof copy[column] === "number" || typeof copy[column] === "bigint") copy[column] = Number(copy[column]) + shift;
          if (table.hasWebsiteId) copy.websiteId = siteId(n);
          if (table.name === "Website") Object.assign(copy, { id: siteId(n), slug: `s${n}`, title: `Site ${n}` });
          // The navigation's links name collections by id (JSON): the copy's own.
          if (table.name === "Navigation") copy.items = String(copy.items).replace(/"collectionId":(\d+)/g, (_, id) => `"collectionId":${Number(id) + shift}`);
          inserts.get(table.name)!.run(table.columns.map((column) => copy[column]));
        }
      }
    }
  })();
  sqlite.close();
}

// A full GC and the memory figures on SIGUSR2, printed on one line the benchmark reads (no sleeping).
const MEMORY_HOOK = `data:text/javascript,${encodeURIComponent(
  'process.on("SIGUSR2", () => { globalThis.gc(); const m = process.memoryUsage(); console.log("BENCH-MEMORY " + JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal })); });',
)}`;

/** process.memoryUsage() of the server, after a full GC. */
interface Memory {
  rss: number;
  heapUsed: number;
  /** The heap V8 has from the system (used or not). */
  heapTotal: number;
}

interface Server {
  port: number;
  /** The server's CPU time so far (user + system), from /proc: ms granularity of the kernel's clock ticks. */
  cpuMs(): number;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string, poolMax: number): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "--import", MEMORY_HOOK, "scripts/start.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: databaseUrl,
      PLATFORM_DOMAIN: DOMAIN,
      SITE_POOL_MAX: String(poolMax),
      // The default site is site 1, so start-up seeds nothing.
      SITECART_WEBSITE_ID: siteId(1),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      JOBS: "off",
      REDIS_URL: "",
      RATE_LIMIT_BURST: "0",
      RATE_LIMIT_ADDRESS_BURST: "0",
      NODE_OPTIONS: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => boolean)[] = [];
  lines.on("line", (line) => {
    const index = waiting.findIndex((accept) => accept(line));
    if (index >= 0) waiting.splice(index, 1);
  });
  const nextLine = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
      waiting.push((line) => {
        const match = pattern.exec(line);
        if (match) resolve(match);
        return match !== null;
      });
    });
  const port = Number((await nextLine(/serving on http:\/\/[^:\s]+:(\d+)/))[1]);
  return {
    port,
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      // utime and stime: fields 14 and 15 of stat(5), the 12th and 13th after the command name.
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    async memory() {
      const line = nextLine(/^BENCH-MEMORY (.*)$/);
      child.kill("SIGUSR2");
      return JSON.parse((await line)[1]);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds to the last byte of site n's product page (which must answer 200). */
function productPage(port: number, n: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path: PRODUCT_PAGE, agent, headers: { host: host(n) } }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${host(n)}${PRODUCT_PAGE}: ${response.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    sent.on("error", reject);
    sent.end();
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

interface Timings {
  cold: number[];
  warm: number[];
  /** The server's mean CPU time per request: a figure the other processes of a shared machine barely move. */
  coldCpuMs: number;
  warmCpuMs: number;
}

/** Cold (first request of each site) and warm (the median of the next ones) times over `sites`. */
async function coldAndWarm(server: Server, sites: number[]): Promise<Timings> {
  const timings: Timings = { cold: [], warm: [], coldCpuMs: 0, warmCpuMs: 0 };
  for (const n of sites) {
    let cpu = server.cpuMs();
    timings.cold.push(await productPage(server.port, n));
    timings.coldCpuMs += server.cpuMs() - cpu;
    const repeats: number[] = [];
    cpu = server.cpuMs();
    for (let i = 0; i < WARM_REPEATS; i++) repeats.push(await productPage(server.port, n));
    timings.warmCpuMs += server.cpuMs() - cpu;
    timings.warm.push(quantile(repeats, 0.5));
  }
  timings.coldCpuMs /= sites.length;
  timings.warmCpuMs /= sites.length * WARM_REPEATS;
  return timings;
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(1);

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  console.log();
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-sites-"));
  const oneUrl = `file:${join(folder, "one.db")}`;
  const manyPath = join(folder, "many.db");
  try {
    let started = performance.now();
    await seedOneSite(oneUrl);
    const one = new Database(join(folder, "one.db"));
    one.exec(`VACUUM INTO '${manyPath}'`);
    one.close();
    console.log(`seeded 1 site (seedDemoStore) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    copySites(manyPath, SITES);
    console.log(`copied it into ${SITES - 1} more sites (SQL) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    // Idle after start: a few starts each, as RSS moves by several MiB from one start to the next.
    const idleRows: string[][] = [];
    for (const sites of [1, SITES]) {
      const figures: Memory[] = [];
      for (let run = 0; run < IDLE_RUNS; run++) {
        const server = await startServer(sites === 1 ? oneUrl : `file:${manyPath}`, DEFAULT_MAX_SITES);
        try {
          figures.push(await server.memory());
        } finally {
          await server.stop();
        }
      }
      const rss = figures.map((figure) => figure.rss);
      const heap = figures.map((figure) => figure.heapUsed);
      idleRows.push([String(sites), mib(quantile(rss, 0.5)), rss.map(mib).join(", "), mib(quantile(heap, 0.5))]);
    }
    printTable(["sites", `idle RSS MiB (median of ${IDLE_RUNS} starts)`, "each start", "idle heap MiB (after a full GC)"], idleRows);

    const memoryRows: string[][] = [];
    const timingRows: string[][] = [];
    const all = Array.from({ length: SITES }, (_, index) => index + 1);
    const sample = all.slice(1, SAMPLE + 1);
    for (const [sites, poolMax] of [
      [1, DEFAULT_MAX_SITES],
      [SITES, DEFAULT_MAX_SITES],
      [SITES, SMALL_POOL],
      [SITES, SITES],
    ] as const) {
      const server = await startServer(sites === 1 ? oneUrl : `file:${manyPath}`, poolMax);
      try {
        const idle = await server.memory();
        // Site 1 (the default site, whose services exist from start) first: code paths compiled, caches of the process warmed.
        await productPage(server.port, 1);
        const firstSeen = sites > 1 ? await coldAndWarm(server, sample) : null;
        // As many requests with one site as with many, so the difference is the sites'.
        for (const n of all) await productPage(server.port, sites === 1 ? 1 : n);
        const served = await server.memory();
        await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
        const settled = await server.memory();
        // The sample's services were retired by the sweep unless the pool holds every site.
        const retired = sites > 1 && poolMax < SITES - SAMPLE ? await coldAndWarm(server, sample) : null;
        const steps = (pick: (memory: Memory) => number) => [idle, served, settled].map((memory) => mib(pick(memory))).join(" / ");
        memoryRows.push([
          String(sites),
          String(poolMax),
          steps((memory) => memory.rss),
          steps((memory) => memory.heapUsed),
          steps((memory) => memory.heapTotal),
        ]);
        for (const [label, figures] of [
          ["never served since start", firstSeen],
          ["retired by the pool", retired],
        ] as const) {
          if (!figures) continue;
          timingRows.push([
            String(sites),
            String(poolMax),
            label,
            ms(quantile(figures.cold, 0.5)),
            ms(quantile(figures.cold, 0.95)),
            ms(quantile(figures.warm, 0.5)),
            ms(quantile(figures.warm, 0.95)),
            `${ms(figures.coldCpuMs)} / ${ms(figures.warmCpuMs)}`,
          ]);
        }
      } finally {
        await server.stop();
      }
    }
    printTable(
      [
        "sites",
        "SITE_POOL_MAX",
        `RSS MiB: idle / after ${SITES} product pages / ${SETTLE_SECONDS} s later`,
        "heap used MiB (after a full GC), same times",
        "heap committed MiB, same times",
      ],
      memoryRows,
    );
    printTable(
      [
        "sites",
        "SITE_POOL_MAX",
        `cold site (${SAMPLE} sites)`,
        "cold p50 ms",
        "cold p95 ms",
        "warm p50 ms",
        "warm p95 ms",
        "server CPU ms per request, cold / warm",
      ],
      timingRows,
    );
  } finally {
    agent.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
