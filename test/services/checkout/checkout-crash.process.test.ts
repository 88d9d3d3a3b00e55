// An acknowledged order is never lost (issue 15 §6): visitors check out at once against a real server
// process, which is killed with SIGKILL while checkouts are in flight; after a restart on the same
// database every order that was acknowledged is there, with its buyer. On SQLite, and on PostgreSQL:
// DATABASE_URL's server when it names one, else a throwaway database on postgresql://postgres@127.0.0.1:5432
// when that answers (the process tests run once in CI, on SQLite).
import pg from "pg";
import { isPostgresUrl } from "../../../server/db/urls.ts";
import { createPostgresDatabase } from "../../support/processes.ts";
import { TestVisitor } from "../../support/app.ts";
import { createTestDatabase } from "../../support/db.ts";
import { addToCart, checkoutDocument } from "../../support/graphql.ts";
import { startServer as startServerProcess, stopServers, type Server } from "../../support/server-process.ts";

jest.setTimeout(180_000);

const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";

const startServer = (databaseUrl: string) => startServerProcess(databaseUrl, { startTimeoutMs: 90_000 });

/** A throwaway PostgreSQL database: on DATABASE_URL's server, else on the local one; null when none answers. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL)) return createTestDatabase();
  const probe = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch {
    return null;
  }
  await probe.end();
  return createPostgresDatabase();
}

const servers: Server[] = [];
afterAll(() => stopServers(servers, "SIGKILL"));

const CHECKOUT = checkoutDocument("orderId customerEmail");
const ORDER = `query Order($orderId: String!) { order(orderId: $orderId) { orderId customerEmail items { productName quantity } } }`;
const VISITORS = 60;
const KILL_AFTER = 20;

async function keepsEveryAcknowledgedOrder(databaseUrl: string) {
  const first = await startServer(databaseUrl);
  servers.push(first);
  const ebookId = await (async () => {
    const visitor = await new TestVisitor(first.baseUrl).arrive();
    const result = await visitor.graphql(`{ product(slug: "recipe-ebook") { itemId } }`);
    return String(result.data.product.itemId);
  })();

  // Each visitor has a cart with the ebook, then all check out at once.
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      const visitor = await new TestVisitor(first.baseUrl).arrive();
      await addToCart(visitor, { itemId: ebookId });
      return visitor;
    }),
  );
  const acknowledged: { orderId: string; email: string }[] = [];
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    first.process.kill("SIGKILL");
  };
  await Promise.all(
    visitors.map(async (visitor, index) => {
      const email = `buyer${index}@example.com`;
      try {
        const result = await visitor.graphql(CHECKOUT, { input: { email } });
        const payload = result.data?.checkout;
        if (payload?.__typename === "CheckoutSuccess") {
          expect(payload.order.customerEmail).toBe(email);
          acknowledged.push({ orderId: payload.order.orderId, email });
          if (acknowledged.length >= KILL_AFTER) kill();
        }
      } catch {
        // The connection died with the server: not acknowledged.
      }
    }),
  );
  kill();
  expect(await first.exited).toBe("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
  // Some checkouts were still in flight when the process died (else the kill proved nothing).
  expect(acknowledged.length).toBeLessThan(VISITORS);

  // Restart on the same database: every acknowledged order is there, with its buyer and its item.
  const second = await startServer(databaseUrl);
  servers.push(second);
  const reader = await new TestVisitor(second.baseUrl).arrive();
  for (const { orderId, email } of acknowledged) {
    const result = await reader.graphql(ORDER, { orderId });
    expect([orderId, result.data?.order]).toEqual([orderId, { orderId, customerEmail: email, items: [{ productName: "Recipe eBook", quantity: 1 }] }]);
  }
  second.process.kill("SIGTERM");
  expect(await second.exited).toBe(0);
}

it("keeps every acknowledged order when the server is killed with SIGKILL mid-checkout (SQLite)", async () => {
  // SQLite whatever the run's DATABASE_URL says.
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const database = await createTestDatabase().finally(() => {
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  });
  try {
    await keepsEveryAcknowledgedOrder(database.url);
  } finally {
    await database.drop();
  }
});

it("keeps every acknowledged order when the server is killed with SIGKILL mid-checkout (PostgreSQL)", async () => {
  const database = await postgresDatabase();
  if (!database) {
    console.warn("No PostgreSQL at 127.0.0.1:5432 and no postgres DATABASE_URL: the PostgreSQL crash test did not run.");
    return;
  }
  try {
    await keepsEveryAcknowledgedOrder(database.url);
  } finally {
    await database.drop();
  }
});
