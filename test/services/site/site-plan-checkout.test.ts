// Every way to buy refuses while the site's plan takes no orders (issue 21; the rules of
// domain/site/site-status.ts): the GraphQL checkout (a cart of goods, a gift card), the GraphQL
// subscription checkout and its REST route answer "This store is not taking orders right now." and
// write nothing, for an expired plan, an ended trial, a plan past due beyond its grace and an unknown
// status; they sell for a running trial, a plan past due within its grace, paid, comped, internal and
// beta. Dates are days away from now, so no test depends on when it runs.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { SITE_STATUS } from "../../../server/domain/site/site-status.ts";
import { startTestStore, run, type TestStore, type TestVisitor } from "../../support/app.ts";
import { ADD, checkoutDocument, START_SUBSCRIPTION_CHECKOUT } from "../../support/graphql.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBSCRIPTION = "/api/3/commerce/cart/subscription";
const CLOSED = { message: "This store is not taking orders right now.", code: "STORE_CLOSED" };

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of ["recipe-ebook", "gift-card", "coffee-club"]) ids[slug] = String(await store.itemId(slug));
}, 60_000);
afterAll(() => store.close());

interface Plan {
  status: number;
  statusChangedAt?: Date;
  trialEndsAt?: Date | null;
}

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/** Sets the demo site's plan, as the operator's `status` command does, and drops what the app kept of the old one. */
async function setPlan(plan: Plan) {
  await store.db.website.update({
    where: { id: DEMO_WEBSITE_ID },
    data: { status: plan.status, statusChangedAt: plan.statusChangedAt ?? new Date(), trialEndsAt: plan.trialEndsAt ?? null },
  });
  store.app.sites.directory.forget();
}

const CLOSED_PLANS: [string, Plan][] = [
  ["expired", { status: SITE_STATUS.expired }],
  ["a trial that has ended", { status: SITE_STATUS.trial, trialEndsAt: daysFromNow(-0.5) }],
  ["past due beyond its 14 days of grace", { status: SITE_STATUS.pastDue, statusChangedAt: daysFromNow(-15) }],
  ["an unknown status (9)", { status: 9 }],
];

const OPEN_PLANS: [string, Plan][] = [
  ["a trial with days left", { status: SITE_STATUS.trial, trialEndsAt: daysFromNow(5) }],
  ["past due within its grace", { status: SITE_STATUS.pastDue, statusChangedAt: daysFromNow(-3) }],
  ["paid", { status: SITE_STATUS.paid }],
  ["comped", { status: SITE_STATUS.comped }],
  ["internal", { status: SITE_STATUS.internal }],
  ["beta", { status: SITE_STATUS.beta }],
];

afterEach(() => setPlan({ status: SITE_STATUS.paid }));

/** What a purchase writes: orders, carts, the confirmation emails, gift cards, subscriptions, stock, idempotency records. */
async function written() {
  const db = store.db;
  const [orders, carts, purchased, emails, giftCards, subscriptions, idempotency, stock] = await Promise.all([
    db.order.count(),
    db.cart.count(),
    db.cart.count({ where: { orderId: { not: null } } }),
    db.outboxEmail.count(),
    db.giftCard.count(),
    db.subscription.count(),
    db.idempotencyRecord.count(),
    db.variant.aggregate({ _sum: { qtyInStock: true } }),
  ]);
  return { orders, carts, purchased, emails, giftCards, subscriptions, idempotency, stock: stock._sum.qtyInStock };
}

const CHECKOUT = checkoutDocument("id");

async function giftCardSku() {
  return (await store.db.giftCardDenomination.findFirstOrThrow({ where: { productId: Number(ids["gift-card"]), amount: 5000 } })).sku;
}

/** Each way to buy: its answer when refused, and its answer when it sells. */
const PURCHASES: [string, (visitor: TestVisitor) => Promise<{ refused: unknown; sold: boolean }>][] = [
  [
    "the GraphQL checkout of a cart",
    async (visitor) => {
      const payload = (await run(visitor, CHECKOUT, { input: { email: "ada@example.com", idempotencyKey: `k-${Math.random()}` } })).checkout;
      return { refused: payload, sold: payload.__typename === "CheckoutSuccess" };
    },
  ],
  [
    "the GraphQL subscription checkout",
    async (visitor) => {
      const input = { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", quantity: 1 };
      const payload = (await run(visitor, START_SUBSCRIPTION_CHECKOUT, { input })).startSubscriptionCheckout;
      return { refused: payload, sold: payload.__typename === "StartSubscriptionCheckoutSuccess" };
    },
  ],
  [
    "the REST subscription checkout (POST /api/3/commerce/cart/subscription)",
    async (visitor) => {
      const response = await visitor.request("POST", SUBSCRIPTION, {
        body: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty: 1, additionalFields: null },
      });
      return { refused: { status: response.status, body: response.body }, sold: response.status === 200 };
    },
  ],
];

/** A visitor whose cart holds the e-book (added while the store was open: adding is not buying). */
async function shopperWithCart(path: string) {
  const visitor = await store.visitor().arrive();
  if (path.startsWith("the GraphQL checkout")) await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"] } });
  return visitor;
}

describe.each(CLOSED_PLANS)("a site %s", (_name, plan) => {
  it.each(PURCHASES)("refuses %s and writes nothing", async (path, buy) => {
    const visitor = await shopperWithCart(path);
    await setPlan(plan);
    const before = await written();
    const { refused } = await buy(visitor);
    if (path.startsWith("the REST")) expect(refused).toEqual({ status: 403, body: { error: CLOSED.message, code: CLOSED.code } });
    else expect(refused).toEqual({ __typename: "StoreClosedError", ...CLOSED });
    expect(await written()).toEqual(before);
  });

  it("refuses a gift card's checkout and issues no card", async () => {
    const visitor = await store.visitor().arrive();
    await run(visitor, ADD, { input: { itemId: ids["gift-card"], sku: await giftCardSku() } });
    await setPlan(plan);
    const before = await written();
    expect((await run(visitor, CHECKOUT, { input: { email: "ada@example.com" } })).checkout).toEqual({ __typename: "StoreClosedError", ...CLOSED });
    expect(await written()).toEqual(before);
  });

  it("still lets the cart fill (adding is not buying) and sells again once the plan is paid", async () => {
    await setPlan(plan);
    const visitor = await store.visitor().arrive();
    expect((await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"] } })).addCartEntry.__typename).toBe("AddCartEntrySuccess");
    await setPlan({ status: SITE_STATUS.paid });
    expect((await run(visitor, CHECKOUT, { input: { email: "ada@example.com" } })).checkout.__typename).toBe("CheckoutSuccess");
  });
});

describe.each(OPEN_PLANS)("a site %s", (_name, plan) => {
  it.each(PURCHASES)("sells through %s", async (path, buy) => {
    const visitor = await shopperWithCart(path);
    await setPlan(plan);
    const before = await written();
    expect((await buy(visitor)).sold).toBe(true);
    expect(await written()).not.toEqual(before);
  });
});
