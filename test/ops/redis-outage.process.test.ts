// Redis goes away under two server instances (point 1): cart writes keep answering 200 on each
// instance (events to the other instance are dropped, logged once, never a crash), /readyz names
// Redis while it is down, and when Redis returns on the same port the instances reconnect and an
// event crosses from one to the other again. The test runs its own redis-server (never the shared one).
import type { ChildProcess } from "node:child_process";
import Redis from "ioredis";
import { createRealtimeBus, type RealtimeBus } from "../../server/realtime/pubsub.ts";
import { startAnotherInstance, startTestStore, type TestStore } from "../support/app.ts";
import { ADD, cartUpdatedDocument } from "../support/graphql.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";
import { freePort, startRedis, stopProcess } from "../support/processes.ts";

let port: number;
let redis: ChildProcess;
let store: TestStore;
let busB: RealtimeBus;
let instanceB: Awaited<ReturnType<typeof startAnotherInstance>>;
const logB: string[] = [];
const waitersB: { pattern: RegExp; resolve: () => void }[] = [];
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

/** Resolves when instance B's bus logs a line matching `pattern` (now or later). */
const loggedByB = (pattern: RegExp) =>
  new Promise<void>((resolve) => (logB.some((line) => pattern.test(line)) ? resolve() : waitersB.push({ pattern, resolve })));

/**
 * Makes changes until `arrived` settles. Each change is followed by one round trip to this test's
 * Redis instead of a timer: publishes, subscriptions and reconnections all go through that server, so
 * every turn waits on something real. Bounded: it fails after `attempts` changes.
 */
async function changeUntil<T>(arrived: Promise<T>, change: () => Promise<unknown>, attempts = 300): Promise<T> {
  let settled = false;
  const result = arrived.then((value) => {
    settled = true;
    return value;
  });
  const probe = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 1 });
  try {
    for (let attempt = 0; attempt < attempts && !settled; attempt++) {
      await change();
      await Promise.race([result, probe.ping()]);
    }
  } finally {
    probe.disconnect();
  }
  if (!settled) throw new Error(`no event after ${attempts} changes`);
  return result;
}

beforeAll(async () => {
  process.on("unhandledRejection", recordUnhandled);
  port = await freePort();
  redis = await startRedis(port);
  const redisUrl = `redis://127.0.0.1:${port}`;
  store = await startTestStore({ redisUrl });
  busB = createRealtimeBus(redisUrl, (line) => {
    logB.push(line);
    for (const waiter of waitersB.filter(({ pattern }) => pattern.test(line))) waiter.resolve();
  });
  instanceB = await startAnotherInstance(store, busB.pubsub, busB.redisReady);
}, 60_000);

afterAll(async () => {
  process.off("unhandledRejection", recordUnhandled);
  await instanceB.close();
  await busB.close();
  await store.close();
  await stopProcess(redis);
});

it("keeps serving while Redis is down, logs the outage once, and resumes fan-out when Redis returns", async () => {
  const posterId = String(await store.itemId("city-poster"));
  const add = { input: { itemId: posterId, sku: "POSTER-SMALL" } };
  const shopper = await store.visitor().arrive();
  await shopper.graphql(ADD, add);
  const client = wsClientFor(instanceB.baseUrl, shopper);
  const events = subscribe<{ cartUpdated: { totalQuantity: number } }>(client, cartUpdatedDocument());
  try {
    // Fan-out works: a write on A reaches B's subscriber.
    await changeUntil(events.next(), () => shopper.graphql(ADD, add));

    await stopProcess(redis);
    await loggedByB(/Redis is unreachable/);
    // Every write keeps working, on both instances; each instance's own readers stay current.
    for (const visitor of [shopper, instanceB.as(shopper), shopper, instanceB.as(shopper)]) {
      const write = await visitor.graphql(ADD, add);
      expect(write.status).toBe(200);
      expect(write.errors).toBeUndefined();
    }
    const readiness = await instanceB.as(shopper).request("GET", "/readyz");
    expect(readiness.status).toBe(503);
    expect(readiness.body).toEqual({ status: "unavailable", database: "up", redis: "down", down: ["redis"] });
    expect((await shopper.request("GET", "/healthz")).status).toBe(200);

    redis = await startRedis(port);
    await loggedByB(/Redis is reachable again/);
    const quantityBefore = (await shopper.graphql("query { cart { totalQuantity } }")).data.cart.totalQuantity as number;
    const event = await changeUntil(
      events.next(({ cartUpdated }) => cartUpdated.totalQuantity > quantityBefore),
      () => shopper.graphql(ADD, add),
    );
    expect(event.cartUpdated.totalQuantity).toBeGreaterThan(quantityBefore);
    expect((await instanceB.as(shopper).request("GET", "/readyz")).status).toBe(200);
    // One line for the outage and one for the return, however many writes failed to fan out.
    expect(logB.filter((line) => /Redis is unreachable/.test(line))).toHaveLength(1);
    expect(unhandled).toEqual([]);
  } finally {
    events.dispose();
    await client.dispose();
  }
}, 60_000);
