// A real `npm start` on a fresh SQLite database (the client is built by it), for browser tests. It
// listens on port 0 and the harness reads the port the server prints, so no port is picked, released
// and raced for. JOBS=off: no scheduled job rewrites what a test wrote into the database behind its
// back (the rollups, the retention); a test that needs a job runs it itself.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoStore } from "../../../prisma/seed.ts";
import { createDb } from "../../../server/db/client.ts";
import { projectRoot } from "../../../server/db/urls.ts";
import { createRealtimeBus } from "../../../server/realtime/pubsub.ts";
import { ProductDefinitions } from "../../../server/services/catalog/product-definitions.ts";
import { StoreAdminService } from "../../../server/services/store/store-admin.ts";
import { StoreSettingsService } from "../../../server/services/store/store-settings.ts";
import { setStoreCurrency } from "../store-currency.ts";

export interface RunningStore {
  baseUrl: string;
  /** The server's address under another host name (a site's `{slug}.localhost`: Chromium sends those to loopback). */
  hostUrl(host: string): string;
  /** The store's SQLite database, for the rare fixture no public call can make (time passing). */
  databaseUrl: string;
  /** What the server has printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in what the server prints (e.g. the first owner's setup link). */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

/** The line main.ts prints once it serves, with the port it was given. */
const SERVING = /serving on http:\/\/[^:\s]+:(\d+)/;

/** A demo store (prisma/seed.ts) on its own platform subdomain, in `currency` (default USD). */
export interface SiteSeed {
  id: string;
  slug: string;
  currency?: string;
}

export interface StoreOptions {
  /** PLATFORM_DOMAIN (issue 21): each site answers on {slug}.{platformDomain}; unset, one site answers every host. */
  platformDomain?: string;
  /** Sites seeded once the server serves (and before any request names them). */
  sites?: SiteSeed[];
  /** More variables for the server. */
  env?: Record<string, string>;
  /** Fills the database before the server starts (several sites, their plans). */
  prepare?(databaseUrl: string): Promise<void>;
}

export async function startStore({ platformDomain, sites = [], env = {}, prepare }: StoreOptions = {}): Promise<RunningStore> {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-e2e-"));
  const databaseUrl = `file:${join(folder, "e2e.db")}`;
  await prepare?.(databaseUrl);
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      CAPTCHA_VERIFIER: "test",
      JOBS: "off",
      NODE_OPTIONS: "",
      PLATFORM_DOMAIN: platformDomain ?? "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const watchers: (() => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const watcher of watchers) watcher();
      const serving = SERVING.exec(output);
      if (serving) resolve(Number(serving[1]));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  await seedSites(databaseUrl, sites);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hostUrl: (host) => `http://${host}:${port}`,
    databaseUrl,
    output: () => output,
    printed: (pattern) =>
      new Promise((resolve) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) resolve(match);
          return match;
        };
        if (!check()) watchers.push(check);
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid!, "SIGTERM"); // npm and the server it started
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Each site as the demo store, with its slug; a currency other than USD set as its owner would (every price re-expressed). */
async function seedSites(databaseUrl: string, sites: SiteSeed[]): Promise<void> {
  if (sites.length === 0) return;
  const db = await createDb(databaseUrl);
  const bus = createRealtimeBus(null);
  try {
    for (const site of sites) {
      await seedDemoStore(db, site.id);
      const website = await db.website.update({ where: { id: site.id }, data: { slug: site.slug } });
      if (!site.currency || site.currency === website.currency) continue;
      const storeAdmin = new StoreAdminService(db, site.id, bus.pubsub, new StoreSettingsService(db, site.id), new ProductDefinitions(db, site.id));
      await setStoreCurrency(db, site.id, storeAdmin, site.currency);
    }
  } finally {
    await bus.close();
    await db.$disconnect();
  }
}
