// The checkout pays through Stripe (issue 22): the amount is the server's, the stock is held while the
// payment is in flight, the order is made once from whichever reports the success first (the
// shopper's return, the webhook, the reconciliation job), and a payment no order can be made of is
// refunded with an email. Stripe here is the local stand-in (test/support/stripe/, NOT Stripe), which
// the real SDK talks to; its webhooks are signed with Stripe's scheme.
import type Stripe from "stripe";
import type { CheckoutResult } from "../../../server/services/checkout/checkout.ts";
import type { OpenPayment } from "../../../server/services/payments/checkout-payments.ts";
import { signatureHeader, type StripeStandIn } from "../../support/stripe/stand-in.ts";
import { connectedSites, type ConnectedSites } from "../../support/stripe/connected-sites.ts";
import { lastEmail, mugOf, newVisitor, SITE_A, type TwoSiteServices } from "../../support/two-sites.ts";

const WEBHOOK_SECRET = "whsec_standInCheckoutPayments1";
const ADDRESS = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };

let standIn: StripeStandIn;
let sites: TwoSiteServices;
let stripe: Stripe;

let payments: ConnectedSites;
beforeAll(async () => {
  payments = await connectedSites({ secretKey: "sk_test_standInPayments0001abcd", webhookSecret: WEBHOOK_SECRET });
  ({ standIn, sites, stripe } = payments);
});
afterAll(() => payments.close());

/** A shopper with one mug in the cart who has filled in the checkout form. */
async function shopperAtPayment(quantity = 1) {
  const mug = await mugOf(sites.db, SITE_A);
  const visitor = newVisitor();
  const { cartToken } = await sites.a.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity });
  const shopper = { ...visitor, cartToken };
  const result = await sites.a.checkout.checkout(shopper, { email: "ann@example.com", shippingAddress: ADDRESS });
  return { shopper, mug, result, payment: paymentOf(result) };
}

function paymentOf(result: CheckoutResult): OpenPayment {
  if (!("payment" in result)) throw new Error("expected the checkout to ask for a payment");
  return result.payment;
}

/** What Stripe.js does when the shopper confirms in the Payment Element (return_url: where 3-D Secure comes back). */
const pay = (paymentIntentId: string, paymentMethod: string) =>
  stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod, return_url: "https://shop.example/checkout/return" });
const setStock = (variantId: number, qtyInStock: number) => sites.db.variant.update({ where: { id: variantId }, data: { qtyInStock } });
const paymentRow = (paymentIntentId: string) => sites.db.checkoutPayment.findUniqueOrThrow({ where: { paymentIntentId } });

/** The stand-in's signed delivery of an event it raised, as Stripe would POST it. */
function signedEvent(type: string, paymentIntentId: string) {
  const event = standIn.events(type).findLast((candidate) => (candidate.data as { object: { id: string } }).object.id === paymentIntentId);
  if (!event) throw new Error(`no ${type} for ${paymentIntentId}`);
  const payload = JSON.stringify(event);
  return { body: Buffer.from(payload), signature: signatureHeader(payload, WEBHOOK_SECRET) };
}

// Each test starts with 3 mugs and no other shopper's payment in flight.
beforeEach(async () => {
  const mug = await mugOf(sites.db, SITE_A);
  await setStock(mug.id, 3);
  await sites.db.stockHold.deleteMany({ where: { websiteId: SITE_A } });
});

it("asks for a payment of the server's total, holds the stock, and makes no order yet", async () => {
  const { payment, shopper } = await shopperAtPayment(2);
  const intent = await stripe.paymentIntents.retrieve(payment.paymentIntentId);
  const cart = await sites.db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken! } });
  expect(intent).toMatchObject({ amount: payment.amount, currency: "usd", status: "requires_payment_method" });
  expect(intent.metadata).toMatchObject({ sitecart_website_id: SITE_A, sitecart_payment_id: payment.paymentId });
  expect(payment.clientSecret).toBe(intent.client_secret);
  expect(payment.publishableKey).toBe(standIn.publishableKey);
  expect(payment.returnUrl).toMatch(/\/checkout\/return$/);
  expect(cart.isPurchased).toBe(false);
  expect(await sites.db.stockHold.aggregate({ where: { cartId: cart.id }, _sum: { quantity: true } })).toEqual({ _sum: { quantity: 2 } });
  expect(await sites.db.order.count({ where: { purchasedCartId: cart.id } })).toBe(0);
});

it("makes the order once the card is paid: the return and the webhook find the same order", async () => {
  const { payment, shopper, mug } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  const back = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: shopper.cartToken, clientSecret: null });
  if (back.settlement.kind !== "ordered") throw new Error(`expected an order, got ${back.settlement.kind}`);
  const order = back.settlement.order;
  expect(back.visitorCartPurchased).toBe(true);
  expect(order).toMatchObject({ testMode: false, grandTotal: payment.amount, currency: "USD", customerEmail: "ann@example.com" });
  expect((await sites.db.order.findUniqueOrThrow({ where: { id: order.id } })).paymentIntentId).toBe(payment.paymentIntentId);
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(2);
  expect(await sites.db.stockHold.count({ where: { cartId: order.purchasedCartId } })).toBe(0);
  const email = await lastEmail(sites.db, SITE_A, "ORDER_CONFIRMATION");
  expect(email.textBody).toContain(`Order #${order.orderNumber}`);
  expect(email.textBody).not.toMatch(/test mode|no payment was taken/);

  const { body, signature } = signedEvent("payment_intent.succeeded", payment.paymentIntentId);
  expect(await sites.a.paymentEvents.receive(body, signature)).toMatchObject({ status: 200 });
  const again = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: shopper.cartToken, clientSecret: null });
  expect(again.settlement).toMatchObject({ kind: "ordered", order: { id: order.id } });
  expect(await sites.db.order.count({ where: { paymentIntentId: payment.paymentIntentId } })).toBe(1);
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(2);
  expect(mug.qtyInStock).toBe(3);
});

it("a shopper who closes the tab after paying still gets the order: the webhook makes it", async () => {
  const { payment } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  const { body, signature } = signedEvent("payment_intent.succeeded", payment.paymentIntentId);
  const deliveries = await Promise.all(Array.from({ length: 10 }, () => sites.a.paymentEvents.receive(body, signature)));
  expect(deliveries.every((answer) => answer.status === 200)).toBe(true);
  const row = await paymentRow(payment.paymentIntentId);
  expect(row.status).toBe("PAID");
  expect(await sites.db.order.count({ where: { paymentIntentId: payment.paymentIntentId } })).toBe(1);
  expect(await sites.db.paymentEvent.count({ where: { eventId: JSON.parse(body.toString()).id } })).toBe(1);
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(2);
});

it("a declined card makes no order, says so in Stripe's words, and leaves the cart to pay again", async () => {
  const { payment, shopper } = await shopperAtPayment();
  await expect(pay(payment.paymentIntentId, "pm_card_chargeDeclined")).rejects.toThrow("Your card was declined.");
  const back = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: shopper.cartToken, clientSecret: null });
  expect(back.settlement).toEqual({ kind: "failed", message: "Your card was declined." });
  expect((await sites.db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken! } })).isPurchased).toBe(false);
  // Another card on the same intent, while the stock is still held.
  await pay(payment.paymentIntentId, "pm_card_visa");
  const paid = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: shopper.cartToken, clientSecret: null });
  expect(paid.settlement.kind).toBe("ordered");
});

it("answers another browser only with the intent's client secret", async () => {
  const { payment } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  const stranger = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: null, clientSecret: "pi_wrong_secret_x" });
  expect(stranger.settlement).toEqual({ kind: "unknown" });
  const onPhone = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: null, clientSecret: payment.clientSecret });
  expect(onPhone).toMatchObject({ settlement: { kind: "ordered" }, visitorCartPurchased: false });
  // Another site knows nothing of it.
  expect((await sites.b.paymentSettlement.complete(payment.paymentIntentId, { cartToken: null, clientSecret: payment.clientSecret })).settlement).toEqual({
    kind: "unknown",
  });
});

it("refunds a payment that succeeds after the stock is gone, and emails the shopper why", async () => {
  const { payment, mug } = await shopperAtPayment();
  // The hold expired and the last units went elsewhere (here: the owner set the stock to 0).
  await sites.db.stockHold.deleteMany({ where: { websiteId: SITE_A } });
  await setStock(mug.id, 0);
  await pay(payment.paymentIntentId, "pm_card_visa");
  const { body, signature } = signedEvent("payment_intent.succeeded", payment.paymentIntentId);
  await sites.a.paymentEvents.receive(body, signature);
  const row = await paymentRow(payment.paymentIntentId);
  expect(row).toMatchObject({ status: "REFUNDED", orderId: null, failureMessage: "An item in your cart sold out while you were paying." });
  expect(standIn.objects("refund").filter((refund) => refund.payment_intent === payment.paymentIntentId)).toEqual([
    expect.objectContaining({ amount: payment.amount, status: "succeeded" }),
  ]);
  const email = await lastEmail(sites.db, SITE_A, "PAYMENT_REFUNDED");
  expect(email).toMatchObject({ toEmail: "ann@example.com" });
  expect(email.textBody).toContain("An item in your cart sold out while you were paying.");
  expect(email.textBody).toContain(`your payment of $${(payment.amount / 100).toFixed(2)} has been refunded in full`);
  expect(await sites.db.order.count({ where: { paymentIntentId: payment.paymentIntentId } })).toBe(0);
});

it("refuses a webhook whose signature does not verify, storing nothing", async () => {
  const { payment } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  const { body } = signedEvent("payment_intent.succeeded", payment.paymentIntentId);
  const before = await sites.db.paymentEvent.count();
  expect(await sites.a.paymentEvents.receive(body, signatureHeader(body.toString(), "whsec_someoneElse"))).toEqual({
    status: 400,
    message: "The webhook's signature does not match this store's signing secret.",
  });
  expect(await sites.a.paymentEvents.receive(body, null)).toMatchObject({ status: 400 });
  // Another site's secret does not verify this site's events: site B has no account at all.
  expect(await sites.b.paymentEvents.receive(body, signatureHeader(body.toString(), WEBHOOK_SECRET))).toMatchObject({ status: 400 });
  expect(await sites.db.paymentEvent.count()).toBe(before);
  expect((await paymentRow(payment.paymentIntentId)).status).toBe("PENDING");
});

it("the reconciliation job makes the order of a payment nobody reported (no return, no webhook)", async () => {
  const { payment } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  expect((await paymentRow(payment.paymentIntentId)).status).toBe("PENDING");
  const run = await sites.a.paymentEvents.runDue();
  expect(run.payments).toBeGreaterThanOrEqual(1);
  expect((await paymentRow(payment.paymentIntentId)).status).toBe("PAID");
  expect(await sites.db.order.count({ where: { paymentIntentId: payment.paymentIntentId } })).toBe(1);
});

it("starting again replaces the earlier payment: its intent is cancelled and its hold replaced", async () => {
  const first = await shopperAtPayment();
  const again = paymentOf(await sites.a.checkout.checkout(first.shopper, { email: "ann@example.com", shippingAddress: ADDRESS }));
  expect(again.paymentIntentId).not.toBe(first.payment.paymentIntentId);
  expect((await stripe.paymentIntents.retrieve(first.payment.paymentIntentId)).status).toBe("canceled");
  expect((await paymentRow(first.payment.paymentIntentId)).status).toBe("SUPERSEDED");
  const cart = await sites.db.cart.findUniqueOrThrow({ where: { token: first.shopper.cartToken! } });
  expect(await sites.db.stockHold.aggregate({ where: { cartId: cart.id }, _sum: { quantity: true } })).toEqual({ _sum: { quantity: 1 } });
});

it("an unknown intent is not found", async () => {
  expect((await sites.a.paymentSettlement.complete("pi_doesNotExist", { cartToken: null, clientSecret: null })).settlement).toEqual({ kind: "unknown" });
});

it("20 shoppers racing for the last 3 mugs with payments in flight: 3 pay, 17 are told before paying", async () => {
  const mug = await mugOf(sites.db, SITE_A);
  // Everyone has a mug in the cart before anyone pays (adding checks the stock, not future payments).
  const shoppers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const visitor = newVisitor();
      const { cartToken } = await sites.a.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity: 1 });
      return { ...visitor, cartToken };
    }),
  );
  const outcomes = await Promise.allSettled(
    shoppers.map((shopper) => sites.a.checkout.checkout(shopper, { email: "racer@example.com", shippingAddress: ADDRESS })),
  );
  const paying = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [paymentOf(outcome.value)] : []));
  const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [(outcome.reason as Error).message] : []));
  expect(paying).toHaveLength(3);
  expect(refused).toEqual(Array(17).fill("Sorry, we do not have enough of that item available."));
  for (const payment of paying) await pay(payment.paymentIntentId, "pm_card_visa");
  await sites.a.paymentEvents.runDue();
  expect(await sites.db.order.count({ where: { paymentIntentId: { in: paying.map((payment) => payment.paymentIntentId) } } })).toBe(3);
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(0);
});

it("the owner's refund of a paid order goes through Stripe first, once; a test-mode store's refund moves nothing", async () => {
  const { payment, shopper } = await shopperAtPayment();
  await pay(payment.paymentIntentId, "pm_card_visa");
  const back = await sites.a.paymentSettlement.complete(payment.paymentIntentId, { cartToken: shopper.cartToken, clientSecret: null });
  if (back.settlement.kind !== "ordered") throw new Error("expected an order");
  const orderId = back.settlement.order.id;
  await sites.a.orders.cancel(orderId);
  const refunded = await sites.a.orders.refund(orderId);
  expect(refunded).toMatchObject({ state: "REFUNDED", paymentIntentId: payment.paymentIntentId });
  const refunds = standIn.objects("refund").filter((refund) => refund.payment_intent === payment.paymentIntentId);
  expect(refunds).toEqual([expect.objectContaining({ amount: payment.amount, status: "succeeded", metadata: { sitecart_order_id: orderId } })]);
  // A second refund is refused by the order's states, and Stripe is not asked again.
  await expect(sites.a.orders.refund(orderId)).rejects.toThrow();
  expect(standIn.objects("refund").filter((refund) => refund.payment_intent === payment.paymentIntentId)).toHaveLength(1);
});
