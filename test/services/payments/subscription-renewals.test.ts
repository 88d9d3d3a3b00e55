// Subscriptions charge their saved payment method (issue 22): the first subscription checkout saves
// the member's card to a Stripe Customer; each renewal is priced like a checkout (price, the address's
// tax and shipping, stock taken) and charged off session; a failed charge makes the subscription past
// due and is tried again 1, 3 and 5 days later with an email each time, then the subscription is
// cancelled and the owner told. Stripe here is the local stand-in (test/support/stripe/, NOT Stripe)
// that the real SDK talks to; the clock is injected.
import type Stripe from "stripe";
import type { StripeStandIn } from "../../support/stripe/stand-in.ts";
import { connectedSites, type ConnectedSites } from "../../support/stripe/connected-sites.ts";
import { newVisitor, SITE_A, type TwoSiteServices } from "../../support/two-sites.ts";

const WEBHOOK_SECRET = "whsec_standInRenewals00001";
const ADDRESS = { fullName: "Ada Member", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };
const DAY = 24 * 3600_000;

let standIn: StripeStandIn;
let sites: TwoSiteServices;
let stripe: Stripe;
let clock = new Date("2026-03-01T09:00:00Z");

let payments: ConnectedSites;
beforeAll(async () => {
  payments = await connectedSites({ secretKey: "sk_test_standInRenewals0001abcd", webhookSecret: WEBHOOK_SECRET, now: () => clock });
  ({ standIn, sites, stripe } = payments);
});
afterAll(() => payments.close());

// Each test renews only its own subscription: the earlier tests' are ended.
beforeEach(() => sites.db.subscription.updateMany({ where: { websiteId: SITE_A }, data: { state: "CANCELLED" } }));

const member = () => sites.db.account.findFirstOrThrow({ where: { websiteId: SITE_A, email: "member@sitecart.test" } });
const subscriptionOf = (orderId: string) => sites.db.subscription.findUniqueOrThrow({ where: { orderId } });
const coffeeVariant = () => sites.db.variant.findFirstOrThrow({ where: { sku: "COFFEE-CLUB", product: { websiteId: SITE_A } } });
const emails = (kind: string, since: Date) =>
  sites.db.outboxEmail.findMany({ where: { websiteId: SITE_A, kind, createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });
const renew = (at: Date) => {
  clock = at;
  return sites.a.subscriptions.renewDue(at);
};

/** A signed-in member's Coffee Club checkout paid with `card` through the Payment Element; the first order. */
async function subscribe(card = "pm_card_visa") {
  clock = new Date(clock.getTime() + 60_000);
  const { id: accountId } = await member();
  const coffee = await coffeeVariant();
  const visitor = newVisitor();
  const { cartToken } = await sites.a.carts.startSubscriptionCheckout({ itemId: coffee.productId, sku: "COFFEE-CLUB", quantity: 1 }, { crumb: visitor.crumb });
  const result = await sites.a.checkout.checkout({ ...visitor, cartToken }, { email: "member@sitecart.test", shippingAddress: ADDRESS, accountId });
  if (!("payment" in result)) throw new Error("expected the checkout to ask for a payment");
  await stripe.paymentIntents.confirm(result.payment.paymentIntentId, { payment_method: card, return_url: "https://shop.example/checkout/return" });
  const back = await sites.a.paymentSettlement.complete(result.payment.paymentIntentId, { cartToken, clientSecret: null });
  if (back.settlement.kind !== "ordered") throw new Error(`expected an order, got ${back.settlement.kind}`);
  return { order: back.settlement.order, paymentIntentId: result.payment.paymentIntentId, accountId };
}

it("the first subscription checkout saves the card to the member's Customer, kept by the subscription", async () => {
  const { order, paymentIntentId, accountId } = await subscribe();
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const customerId = (await sites.db.account.findUniqueOrThrow({ where: { id: accountId } })).stripeCustomerId;
  expect(customerId).toMatch(/^cus_/);
  expect(intent).toMatchObject({ customer: customerId, setup_future_usage: "off_session", status: "succeeded" });
  const sub = await subscriptionOf(order.id);
  expect(sub).toMatchObject({ paymentCustomerId: customerId, paymentMethodId: intent.payment_method });
  expect((await stripe.paymentMethods.retrieve(sub.paymentMethodId!)).customer).toBe(customerId);
  // A second subscription of the same member uses the same Customer.
  const second = await subscribe();
  expect((await subscriptionOf(second.order.id)).paymentCustomerId).toBe(customerId);
});

it("a renewal is priced like a checkout (price, tax, shipping), charged off session once, and takes the stock", async () => {
  const coffee = await coffeeVariant();
  await sites.db.variant.update({ where: { id: coffee.id }, data: { unlimited: false, qtyInStock: 5 } });
  try {
    const { order } = await subscribe();
    const sub = await subscriptionOf(order.id);
    expect((await coffeeVariant()).qtyInStock).toBe(4);
    expect(order.taxTotal).toBeGreaterThan(0);
    expect(order.shippingTotal).toBeGreaterThan(0);

    const runs = await Promise.all([1, 2, 3].map(() => renew(sub.nextBillingAt)));
    expect(runs.flat()).toHaveLength(1);
    expect(await renew(sub.nextBillingAt)).toEqual([]);
    const renewal = await sites.db.order.findFirstOrThrow({ where: { subscriptionId: sub.id } });
    expect(renewal).toMatchObject({
      subscriptionCycle: 2,
      testMode: false,
      subtotal: order.subtotal,
      taxTotal: order.taxTotal,
      shippingTotal: order.shippingTotal,
      grandTotal: order.grandTotal,
      shippingPostalCode: "10001",
    });
    const intent = await stripe.paymentIntents.retrieve(renewal.paymentIntentId!);
    expect(intent).toMatchObject({ status: "succeeded", amount: order.grandTotal, customer: sub.paymentCustomerId, payment_method: sub.paymentMethodId });
    expect((await coffeeVariant()).qtyInStock).toBe(3);
    expect(await subscriptionOf(order.id)).toMatchObject({ state: "ACTIVE", cyclesBilled: 2, renewalFailures: 0 });
    const confirmation = await sites.db.outboxEmail.findFirstOrThrow({ where: { kind: "ORDER_CONFIRMATION", dedupeKey: `order-confirmation:${renewal.id}` } });
    expect(confirmation.toEmail).toBe("member@sitecart.test");
  } finally {
    await sites.db.variant.update({ where: { id: coffee.id }, data: { unlimited: true, qtyInStock: 0 } });
  }
});

it("a declined renewal is past due, retried 1, 3 and 5 days after, emailing the member each time, then cancelled with the owner told", async () => {
  const { order } = await subscribe();
  const sub = await subscriptionOf(order.id);
  await sites.db.subscription.update({ where: { id: sub.id }, data: { paymentMethodId: "pm_card_chargeDeclined" } });
  const due = sub.nextBillingAt;
  const since = new Date(due.getTime() - 1);

  expect(await renew(due)).toEqual([]);
  expect(await subscriptionOf(order.id)).toMatchObject({
    state: "PAST_DUE",
    renewalFailures: 1,
    cyclesBilled: 1,
    retryAt: new Date(due.getTime() + DAY),
    failureMessage: "Your card was declined.",
  });
  const [first] = await emails("RENEWAL_FAILED", since);
  expect(first.toEmail).toBe("member@sitecart.test");
  expect(first.textBody).toContain("Your card was declined.");
  expect(first.textBody).toContain("http://");
  expect(first.textBody).toContain(`/checkout/subscription-card/${sub.id}\n`);

  // Not before its retry.
  expect(await renew(new Date(due.getTime() + DAY - 1))).toEqual([]);
  const pastDue = (await sites.a.subscriptions.list((await member()).id)).find((view) => view.id === sub.id);
  expect(pastDue).toMatchObject({
    state: "PAST_DUE",
    renewalFailure: { message: "Your card was declined.", retryAt: new Date(due.getTime() + DAY).toISOString() },
  });
  expect((await subscriptionOf(order.id)).renewalFailures).toBe(1);
  for (const [days, failures, next] of [
    [1, 2, 3],
    [3, 3, 5],
  ] as const) {
    await renew(new Date(due.getTime() + days * DAY));
    expect(await subscriptionOf(order.id)).toMatchObject({ state: "PAST_DUE", renewalFailures: failures, retryAt: new Date(due.getTime() + next * DAY) });
  }
  expect(await emails("RENEWAL_FAILED", since)).toHaveLength(3);

  await renew(new Date(due.getTime() + 5 * DAY));
  expect(await subscriptionOf(order.id)).toMatchObject({ state: "CANCELLED", renewalFailures: 4, retryAt: null });
  expect(await sites.db.order.count({ where: { subscriptionId: sub.id } })).toBe(0);
  expect(await emails("SUBSCRIPTION_CANCELLED", since)).toMatchObject([{ toEmail: "member@sitecart.test" }]);
  const [owner] = await emails("OWNER_SUBSCRIPTION_CANCELLED", since);
  expect(owner).toMatchObject({ toEmail: "owner@sitecart.test", subject: "A Coffee Club subscription was cancelled: its payments failed" });
  expect(owner.textBody).toContain("member@sitecart.test");
  // Cancelled is final: later runs charge nothing.
  expect(await renew(new Date(due.getTime() + 40 * DAY))).toEqual([]);
  expect(await emails("RENEWAL_FAILED", since)).toHaveLength(3);
});

it("a renewal that needs authentication fails off session; the member's new card pays the failed cycle at once: active again", async () => {
  const { order } = await subscribe();
  const sub = await subscriptionOf(order.id);
  await sites.db.subscription.update({ where: { id: sub.id }, data: { paymentMethodId: "pm_card_authenticationRequired" } });
  const due = sub.nextBillingAt;
  await renew(due);
  expect(await subscriptionOf(order.id)).toMatchObject({ state: "PAST_DUE", renewalFailures: 1 });
  expect((await subscriptionOf(order.id)).failureMessage).toMatch(/authentication/i);

  // The member saves a new card on the update-card page (a SetupIntent the Payment Element confirms):
  // the failed cycle is charged at once with it, a day before its retry.
  clock = new Date(due.getTime() + DAY / 2);
  const { accountId } = await member().then((row) => ({ accountId: row.id }));
  const setup = await sites.a.subscriptionCards.start(accountId, sub.id);
  const setupIntentId = setup.clientSecret.split("_secret_")[0];
  await expect(stripe.setupIntents.confirm(setupIntentId, { payment_method: "pm_card_chargeDeclined" })).rejects.toThrow("Your card was declined.");
  await expect(sites.a.subscriptionCards.complete(accountId, sub.id, setupIntentId)).rejects.toThrow("The card could not be saved. Please try again.");
  await stripe.setupIntents.confirm(setupIntentId, { payment_method: "pm_card_visa" });
  // Another subscription's page cannot use this card setup.
  const other = await subscribe();
  await expect(sites.a.subscriptionCards.complete(accountId, (await subscriptionOf(other.order.id)).id, setupIntentId)).rejects.toThrow(
    "That subscription could not be found.",
  );
  const view = await sites.a.subscriptionCards.complete(accountId, sub.id, setupIntentId);
  expect(view).toMatchObject({ state: "ACTIVE", cyclesBilled: 2, renewalFailure: null });
  const placed = (await sites.db.order.findMany({ where: { subscriptionId: sub.id } })).map((row) => row.id);
  expect(placed).toHaveLength(1);
  expect(await subscriptionOf(order.id)).toMatchObject({
    paymentMethodId: (await stripe.setupIntents.retrieve(setupIntentId)).payment_method,
    state: "ACTIVE",
    cyclesBilled: 2,
    renewalFailures: 0,
    firstFailedAt: null,
    retryAt: null,
    failureMessage: null,
    // The plan's schedule holds: the next cycle is a month after the one that was late.
    nextBillingAt: new Date(
      Date.UTC(
        due.getUTCFullYear(),
        due.getUTCMonth() + 1,
        due.getUTCDate(),
        due.getUTCHours(),
        due.getUTCMinutes(),
        due.getUTCSeconds(),
        due.getUTCMilliseconds(),
      ),
    ),
  });
  expect(await sites.db.order.findFirstOrThrow({ where: { id: placed[0] } })).toMatchObject({ subscriptionId: sub.id, subscriptionCycle: 2, testMode: false });
});

it("a store in test mode renews as before: a test order, no charge", async () => {
  const { order } = await subscribe();
  const sub = await subscriptionOf(order.id);
  await sites.a.payments.disconnect();
  try {
    const placed = await renew(sub.nextBillingAt);
    expect(await sites.db.order.findFirstOrThrow({ where: { id: placed.find(Boolean) } })).toMatchObject({
      subscriptionId: sub.id,
      testMode: true,
      paymentIntentId: null,
    });
  } finally {
    await sites.a.payments.connect({ publishableKey: standIn.publishableKey, secretKey: standIn.secretKey, webhookSecret: WEBHOOK_SECRET });
  }
});

it("a renewal charged for goods that sold out is refunded and counts as a failed try", async () => {
  const coffee = await coffeeVariant();
  const { order } = await subscribe();
  const sub = await subscriptionOf(order.id);
  await sites.db.variant.update({ where: { id: coffee.id }, data: { unlimited: false, qtyInStock: 0 } });
  try {
    expect(await renew(sub.nextBillingAt)).toEqual([]);
    expect(await subscriptionOf(order.id)).toMatchObject({
      state: "PAST_DUE",
      renewalFailures: 1,
      failureMessage: "The subscribed product was sold out, so the payment was refunded.",
    });
    const charged = standIn.objects("payment_intent").filter((intent) => intent.metadata?.sitecart_subscription_id === sub.id);
    expect(charged.map((intent) => intent.status)).toEqual(["succeeded"]);
    expect(standIn.objects("refund").filter((refund) => refund.payment_intent === charged[0].id)).toMatchObject([{ amount: order.grandTotal }]);
    expect(await sites.db.order.count({ where: { subscriptionId: sub.id } })).toBe(0);
  } finally {
    await sites.db.variant.update({ where: { id: coffee.id }, data: { unlimited: true, qtyInStock: 0 } });
  }
});
