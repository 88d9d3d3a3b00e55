// No paid order is lost when the server dies (issue 22): a shopper pays (Stripe here is the local
// stand-in of test/support/stripe/, NOT Stripe), the server process is killed before it hears of the
// payment (no return, no webhook yet), and after a restart on the same database the order is made from
// Stripe's webhook, or, for a payment whose webhook never comes, by the reconciliation job.
import { randomBytes } from "node:crypto";
import { seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb, type Db } from "../../server/db/client.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { createServices, type Services } from "../../server/services/index.ts";
import { TestVisitor } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { runServer, servingUrl, stopProcess, type ServerProcess } from "../support/processes.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";

const WEBHOOK_SECRET = "whsec_standInCrashRecovery01";
const encryptionKey = randomBytes(32);
const ADDRESS = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };
const ADD = `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { __typename ... on CheckoutPaymentRequired { paymentIntentId returnUrl } } }`;

let database: TestDatabase;
let db: Db;
let standIn: StripeStandIn;
let services: Services;
const bus = createRealtimeBus(null);
const running: ServerProcess[] = [];

const startServer = async () => {
  const server = runServer({
    PORT: "0",
    DATABASE_URL: database.url,
    JOBS: "off",
    STRIPE_API_URL: standIn.url,
    PAYMENTS_ENCRYPTION_KEY: encryptionKey.toString("base64"),
    SITECART_SKIP_CLIENT_BUILD: "1",
  });
  running.push(server);
  return { server, url: await servingUrl(server) };
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = await createDb(database.url);
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  standIn = await startStripeStandIn({ keys: ["sk_test_standInCrash0001abcd"], webhookSecret: WEBHOOK_SECRET });
  // The site's own services on the same database and key: the owner connects Stripe, the job runs.
  services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID, options: { payments: { encryptionKey, stripeApi: standIn.sdkOptions } } });
  await services.payments.connect({ publishableKey: standIn.publishableKey, secretKey: standIn.secretKey, webhookSecret: WEBHOOK_SECRET });
}, 60_000);
afterAll(async () => {
  await Promise.all(running.map((server) => stopProcess(server.child, "SIGKILL")));
  services.stop();
  await bus.close();
  await standIn.close();
  await db.$disconnect();
  await database.drop();
});

/** A shopper on `url` who gave their details and paid with a card; the server has not heard of it. */
async function paidOn(url: string): Promise<string> {
  const shopper = await new TestVisitor(url).arrive();
  const mug = await db.product.findFirstOrThrow({ where: { slug: "ceramic-mug", websiteId: DEMO_WEBSITE_ID } });
  expect((await shopper.graphql(ADD, { input: { itemId: String(mug.id), sku: "MUG-1", quantity: 1 } })).data.addCartEntry.__typename).toBe(
    "AddCartEntrySuccess",
  );
  const started = (await shopper.graphql(CHECKOUT, { input: { email: "ann@example.com", shippingAddress: ADDRESS } })).data.checkout;
  expect(started.__typename).toBe("CheckoutPaymentRequired");
  await standIn.client().paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa", return_url: started.returnUrl });
  return started.paymentIntentId as string;
}

it("recovers both orders after the server is killed: one from the webhook, one from the reconciliation job", async () => {
  const first = await startServer();
  const fromWebhook = await paidOn(first.url);
  const fromReconciliation = await paidOn(first.url);
  await stopProcess(first.server.child, "SIGKILL");
  expect(await db.order.count({ where: { paymentIntentId: { in: [fromWebhook, fromReconciliation] } } })).toBe(0);

  const second = await startServer();
  const succeeded = standIn.events("payment_intent.succeeded").find((event) => (event.data as { object: { id: string } }).object.id === fromWebhook)!;
  const delivery = await standIn.resendEvent(succeeded.id as string, `${second.url}/webhooks/stripe`);
  expect(delivery.status).toBe(200);
  expect(await db.order.count({ where: { paymentIntentId: fromWebhook } })).toBe(1);

  expect(await db.order.count({ where: { paymentIntentId: fromReconciliation } })).toBe(0);
  await services.paymentEvents.runDue();
  expect(await db.order.count({ where: { paymentIntentId: fromReconciliation } })).toBe(1);
  // Neither is made twice: the job finds both paid now.
  await services.paymentEvents.runDue();
  expect(await db.order.count({ where: { paymentIntentId: { in: [fromWebhook, fromReconciliation] } } })).toBe(2);
}, 90_000);
