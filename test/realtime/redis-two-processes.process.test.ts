// With REDIS_URL, events fan out through Redis: a cart changed on one server process reaches a
// subscriber connected to another. The control shows the same pair without Redis does not share.
import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../prisma/seed.ts";
import { createApp } from "../../server/app.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb, type Db } from "../../server/db/client.ts";
import { projectRoot } from "../../server/db/urls.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { TestVisitor } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { ADD, cartUpdatedDocument } from "../support/graphql.ts";
import { repeatUntil, subscribe, wsClientFor } from "../support/ws.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const CART_UPDATED = cartUpdatedDocument();

let database: TestDatabase;
let db: Db;
let posterId: string;
const children: ChildProcess[] = [];

/** Starts `server/main.ts` in its own process; resolves with its base URL once it listens. */
function startServerProcess(): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: "0", DATABASE_URL: database.url, REDIS_URL, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = await createDb(database.url);
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  posterId = String((await db.product.findFirstOrThrow({ where: { slug: "city-poster" } })).id);
}, 30_000);

afterAll(async () => {
  const stopped = children
    .filter((child) => child.exitCode === null)
    .map(
      (child) =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    );
  await Promise.all(stopped);
  await db.$disconnect();
  await database.drop();
});

it("delivers a mutation on one server process to a subscriber of another, through Redis", async () => {
  const [serverA, serverB] = await Promise.all([startServerProcess(), startServerProcess()]);
  const shopper = await new TestVisitor(serverA).arrive();
  await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
  const client = wsClientFor(serverB, shopper);
  const events = subscribe<{ cartUpdated: { totalQuantity: number } }>(client, CART_UPDATED);
  try {
    const event = await repeatUntil(events.next(), () => shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } }));
    expect(event.cartUpdated.totalQuantity).toBeGreaterThan(1);
  } finally {
    events.dispose();
    await client.dispose();
  }
}, 60_000);

it("control: two servers without Redis do not share events", async () => {
  const start = async () => {
    const bus = createRealtimeBus(null);
    const app = createApp({
      db,
      pubsub: bus.pubsub,
      config: { websiteId: DEMO_WEBSITE_ID, production: false, rateLimit: { burst: 10_000, perSecond: 10_000 } },
    });
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const [a, b] = await Promise.all([start(), start()]);
  const shopper = await new TestVisitor(a.url).arrive();
  await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
  const client = wsClientFor(b.url, shopper);
  const events = subscribe(client, CART_UPDATED);
  try {
    await expect(repeatUntil(events.next(), () => shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } }), 10)).rejects.toThrow(
      "no event after 10 changes",
    );
  } finally {
    events.dispose();
    await client.dispose();
    await a.app.close();
    await b.app.close();
  }
}, 30_000);
