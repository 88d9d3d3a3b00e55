// The database goes away under a running server (point 1): requests answer 503 with the "temporarily
// unavailable" message, /healthz stays 200 (liveness), /readyz says the database is down, nothing
// crashes, and everything works again once the database is back, without a restart.
//
// Why this way: the test owns a throwaway PostgreSQL database and makes it unavailable with
// `ALLOW_CONNECTIONS false` plus pg_terminate_backend, then restores it with `ALLOW_CONNECTIONS true`.
// That cuts the pool's live connections and refuses new ones, as an outage does, on the shared
// server without stopping it; and it is deterministic (no port race, no waiting on timeouts).
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../prisma/seed.ts";
import { createApp, type App } from "../../server/app.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb, type Db } from "../../server/db/client.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { TestVisitor } from "../support/app.ts";
import { ADD, CART } from "../support/graphql.ts";
import { createPostgresDatabase, type PostgresDatabase } from "../support/processes.ts";

const ENTRIES = "/api/commerce/shopping-cart/entries";
const UNAVAILABLE = "The store is temporarily unavailable. Please try again in a moment.";

let database: PostgresDatabase;
let db: Db;
let app: App;
let baseUrl: string;
let posterId: string;

beforeAll(async () => {
  database = await createPostgresDatabase();
  db = await createDb(database.url);
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  posterId = String((await db.product.findFirstOrThrow({ where: { slug: "city-poster" } })).id);
  app = createApp({
    db,
    pubsub: createRealtimeBus(null).pubsub,
    config: { websiteId: DEMO_WEBSITE_ID, production: true, rateLimit: { burst: 10_000, perSecond: 10_000 } },
  });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
  await app.close();
  await db.$disconnect();
  await database.drop();
});

const takeDown = async () => {
  await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
  await database.admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database.name]);
};
const bringBack = () => database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
const addPoster = (shopper: TestVisitor) => shopper.request("POST", ENTRIES, { body: { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } });

it("answers 503 with a clear message while the database is down, stays live, and recovers when it returns", async () => {
  const shopper = await new TestVisitor(baseUrl).arrive();
  expect((await addPoster(shopper)).status).toBe(200);
  expect((await shopper.request("GET", "/readyz")).body).toEqual({ status: "ready", database: "up" });

  await takeDown();

  // What a shopper sees: a cart write over REST and over GraphQL, and a page.
  const restWrite = await addPoster(shopper);
  expect(restWrite.status).toBe(503);
  expect(restWrite.body).toEqual({ error: UNAVAILABLE });
  const graphqlWrite = await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL" } });
  expect(graphqlWrite.status).toBe(503);
  expect(graphqlWrite.errors?.map((error) => error.message)).toEqual([UNAVAILABLE]);
  // A page is the error page (page type 101) saying so, not the API's JSON.
  const page = await shopper.request<string>("GET", "/");
  expect(page.status).toBe(503);
  expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(page.body).toContain(`<p>${UNAVAILABLE}</p>`);
  expect(page.body).toContain('data-page-type="101"');
  const context = await shopper.request("GET", "/?format=json");
  expect(context.status).toBe(503);
  expect(context.body).toMatchObject({ pageType: 101, pageDescription: UNAVAILABLE });
  // Liveness stays up; readiness names the database.
  expect((await shopper.request("GET", "/healthz")).status).toBe(200);
  const readiness = await shopper.request("GET", "/readyz");
  expect(readiness.status).toBe(503);
  expect(readiness.body).toEqual({ status: "unavailable", database: "down", down: ["database"] });

  await bringBack();

  // The pool reconnects on the next request: no restart.
  expect((await addPoster(shopper)).status).toBe(200);
  const cart = await shopper.graphql(CART);
  expect(cart.status).toBe(200);
  expect(cart.data.cart.totalQuantity).toBe(2);
  expect((await shopper.request("GET", "/readyz")).status).toBe(200);
  expect((await shopper.request("GET", "/")).status).toBe(200);
}, 60_000);
