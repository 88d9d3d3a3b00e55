// With REDIS_URL, events fan out through Redis: a cart changed on one server process reaches a
// subscriber connected to another. The control shows the same pair without Redis does not share.
import { Redis } from "ioredis";
import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../prisma/seed.ts";
import { createApp } from "../../server/app.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb, type Db } from "../../server/db/client.ts";
import { projectRoot } from "../../server/db/urls.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { TestVisitor, watchSubscriptions } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { ADD, cartUpdatedDocument } from "../support/graphql.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";

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

/**
 * Resolves once some Redis client subscribes to `channel`. graphql-ws does not acknowledge a
 * subscribe, and a server process subscribes to a cart's channel only when a subscription to that
 * cart starts; PUBSUB NUMSUB counts it, and Redis runs commands in order, so a PUBLISH sent after it
 * counts one reaches the subscriber. (MONITOR is not used: ioredis fails a monitor connection with
 * "Command queue state error" when a busy server's first lines beat its OK, as the analytics stream's
 * reads here do.) Each try is one round trip, no timer; it gives up after 20,000.
 */
async function subscribedTo(channel: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  try {
    for (let attempt = 0; attempt < 20_000; attempt++) {
      const [, count] = (await client.pubsub("NUMSUB", channel)) as [string, number];
      if (Number(count) > 0) return;
    }
    throw new Error(`nobody subscribed to ${channel}`);
  } finally {
    client.disconnect();
  }
}

it("delivers a mutation on one server process to a subscriber of another, through Redis", async () => {
  const [serverA, serverB] = await Promise.all([startServerProcess(), startServerProcess()]);
  const shopper = await new TestVisitor(serverA).arrive();
  // Both processes write the one SQLite file (their jobs too): transactions wait for its write lock.
  expect((await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } })).errors).toBeUndefined();
  const cart = await db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken } });
  const client = wsClientFor(serverB, shopper);
  const events = subscribe<{ cartUpdated: { totalQuantity: number } }>(client, CART_UPDATED);
  try {
    await subscribedTo(`cartUpdated:${cart.id}`);
    await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
    const event = await events.next();
    expect(event.cartUpdated.totalQuantity).toBeGreaterThan(1);
  } finally {
    events.dispose();
    await client.dispose();
  }
}, 60_000);

it("control: two servers without Redis do not share events", async () => {
  const start = async () => {
    const bus = watchSubscriptions(createRealtimeBus(null).pubsub);
    const app = createApp({
      db,
      pubsub: bus.pubsub,
      config: { websiteId: DEMO_WEBSITE_ID, production: false, rateLimit: { burst: 10_000, perSecond: 10_000 } },
    });
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    return { app, bus, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const [a, b] = await Promise.all([start(), start()]);
  const shopper = await new TestVisitor(a.url).arrive();
  await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
  const cart = await db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken } });
  // Another cart, whose id marks the end: an in-process bus delivers in order, so had any of A's
  // changes reached B's bus, B's subscriber would hear it before the marker.
  const other = await new TestVisitor(a.url).arrive();
  const marker = (await other.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } })).data.addCartEntry.cart.id;
  const markerCart = await db.cart.findUniqueOrThrow({ where: { token: other.cartToken } });
  const client = wsClientFor(b.url, shopper);
  const listening = b.bus.listening("cartUpdated");
  const events = subscribe<{ cartUpdated: { id: string } }>(client, CART_UPDATED);
  try {
    await listening;
    for (let change = 0; change < 10; change++) await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
    b.bus.pubsub.publish("cartUpdated", cart.id, { cartId: markerCart.id });
    expect((await events.next()).cartUpdated.id).toBe(marker);
    expect(events.values).toHaveLength(1);
  } finally {
    events.dispose();
    await client.dispose();
    await a.app.close();
    await b.app.close();
  }
}, 30_000);
