// A store for the limit tests: the demo store on a fresh database, served by createApp with the
// limit settings under test (rate limits, TRUST_PROXY, Redis, body size), and a redis-server of its
// own on a free port for the tests that need Redis (they may stop it; never the shared one).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { createApp, type App } from "../../server/app.ts";
import { DEMO_WEBSITE_ID, type AppConfig } from "../../server/config.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { createTestDb } from "./db.ts";
import { TestVisitor } from "./app.ts";

export type LimitConfig = Partial<Pick<AppConfig, "rateLimit" | "addressRateLimit" | "trustProxy" | "maxBodyBytes" | "redisUrl" | "formLimits">>;

export interface LimitStore {
  baseUrl: string;
  app: App;
  visitor(): TestVisitor;
  itemId(slug: string): Promise<number>;
  /** Another instance of the app on the same database (and the same Redis, if any). */
  another(): Promise<{ baseUrl: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

const listen = async (app: App) => {
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

export async function startLimitStore(config: LimitConfig = {}): Promise<LimitStore> {
  const { db, close: closeDb } = await createTestDb({ demoStore: true });
  const bus = createRealtimeBus(null);
  const make = () =>
    createApp({
      db,
      pubsub: bus.pubsub,
      config: { websiteId: DEMO_WEBSITE_ID, production: false, rateLimit: { burst: 10_000, perSecond: 10_000 }, ...config },
    });
  const app = make();
  await app.limiters.connected();
  const baseUrl = await listen(app);
  const others: App[] = [];
  return {
    baseUrl,
    app,
    visitor: () => new TestVisitor(baseUrl),
    itemId: async (slug) => (await db.product.findFirstOrThrow({ where: { slug }, select: { id: true } })).id,
    async another() {
      const other = make();
      others.push(other);
      await other.limiters.connected();
      return { baseUrl: await listen(other), close: () => other.close() };
    },
    async close() {
      for (const other of others) if (other.server.listening) await other.close();
      await app.close();
      await bus.close();
      await closeDb();
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A redis-server of the test's own, on a free port, without persistence; resolves once it accepts connections. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
