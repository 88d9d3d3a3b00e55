// The owner refunds part or all of an order (issue 22): chosen lines and/or an amount, never more than
// is left, each refund recorded, through Stripe for a paid order (here the local stand-in of
// test/support/stripe/, NOT Stripe) and recorded only in test mode; the shopper is emailed.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { startStripeStandIn, type StripeStandIn } from "../../support/stripe/stand-in.ts";
import { paidMugOrder, testModeMugOrder } from "../../support/paid-orders.ts";
import { createTwoSiteServices, lastEmail, mugOf, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";

let standIn: StripeStandIn;
let sites: TwoSiteServices;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: ["sk_test_standInOrderRefunds01ab"], webhookSecret: "whsec_standInOrderRefunds1" });
  sites = await createTwoSiteServices({ payments: { encryptionKey: randomBytes(32), stripeApi: standIn.sdkOptions } });
  await sites.a.payments.connect({ publishableKey: standIn.publishableKey, secretKey: standIn.secretKey, webhookSecret: "whsec_standInOrderRefunds1" });
  stripe = standIn.client();
});
afterAll(async () => {
  await sites.close();
  await standIn.close();
});
beforeEach(async () => {
  for (const site of [SITE_A, SITE_B]) await sites.db.variant.update({ where: { id: (await mugOf(sites.db, site)).id }, data: { qtyInStock: 10 } });
  await sites.db.stockHold.deleteMany({});
});

const stripeRefunds = (paymentIntentId: string) => standIn.objects("refund").filter((refund) => refund.payment_intent === paymentIntentId);
const orderRow = (orderId: string) => sites.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { state: true, refundedAmount: true } });

it("refunds one of two mugs through Stripe with its reason, restocks it, records it and emails the shopper", async () => {
  const { order, paymentIntentId, mug } = await paidMugOrder(sites, stripe, { quantity: 2 });
  const unitPrice = order.items[0].unitPrice;
  const stockAfterSale = (await mugOf(sites.db, SITE_A)).qtyInStock;
  await sites.a.orderRefunds.refund(order.id, { lines: [{ line: 0, quantity: 1 }], reason: "duplicate", restock: true }, "owner@example.com");

  expect(stripeRefunds(paymentIntentId)).toEqual([
    expect.objectContaining({ amount: unitPrice, reason: "duplicate", metadata: { sitecart_order_id: order.id } }),
  ]);
  const [refund] = await sites.a.orderRefunds.list(order.id);
  expect(refund).toMatchObject({
    amount: unitPrice,
    currency: "USD",
    lines: [{ orderItemId: expect.any(Number), quantity: 1 }],
    reason: "duplicate",
    restocked: true,
    providerRefundId: stripeRefunds(paymentIntentId)[0].id,
    source: "OWNER",
    createdBy: "owner@example.com",
  });
  expect(await orderRow(order.id)).toEqual({ state: "PLACED", refundedAmount: unitPrice });
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(stockAfterSale + 1);
  expect(mug.id).toBeDefined();
  const email = await lastEmail(sites.db, SITE_A, "ORDER_REFUNDED");
  expect(email.toEmail).toBe("ann@example.com");
  expect(email.textBody).toContain(`refunded $${(unitPrice / 100).toFixed(2)} for your order #${order.orderNumber}.`);
});

it("never refunds more than is left (server-checked, Stripe not asked); the rest is the full refund, which moves the order to REFUNDED", async () => {
  const { order, paymentIntentId, amount } = await paidMugOrder(sites, stripe, { quantity: 2 });
  await sites.a.orderRefunds.refund(order.id, { amount: 500, reason: "requested_by_customer" }, null);
  await expect(sites.a.orderRefunds.refund(order.id, { amount: amount - 499, reason: "requested_by_customer" }, null)).rejects.toThrow(
    `You can refund at most $${((amount - 500) / 100).toFixed(2)} on this order.`,
  );
  await expect(sites.a.orderRefunds.refund(order.id, { lines: [{ line: 0, quantity: 3 }], reason: "requested_by_customer" }, null)).rejects.toThrow(
    "At most 2 of",
  );
  expect(stripeRefunds(paymentIntentId)).toHaveLength(1);
  // The full refund of what is left: the order's move, which a placed order must be fulfilled (or cancelled) for.
  await expect(sites.a.orders.refund(order.id)).rejects.toThrow();
  await sites.a.orders.fulfil(order.id);
  expect(await sites.a.orders.refund(order.id)).toMatchObject({ state: "REFUNDED" });
  expect(stripeRefunds(paymentIntentId).map((refund) => refund.amount)).toEqual([500, amount - 500]);
  expect(await orderRow(order.id)).toEqual({ state: "REFUNDED", refundedAmount: amount });
  await expect(sites.a.orderRefunds.refund(order.id, { amount: 1, reason: "requested_by_customer" }, null)).rejects.toThrow();
  expect(await sites.a.orderRefunds.list(order.id)).toHaveLength(2);
});

it("a test-mode order's refund is recorded only: no Stripe call", async () => {
  const { order } = await testModeMugOrder(sites);
  const before = standIn.objects("refund").length;
  await sites.b.orderRefunds.refund(order.id, { amount: 100, reason: "requested_by_customer" }, null);
  expect(standIn.objects("refund")).toHaveLength(before);
  expect(await sites.b.orderRefunds.list(order.id)).toEqual([expect.objectContaining({ amount: 100, providerRefundId: null })]);
  // Another site's order is not found.
  await expect(sites.a.orderRefunds.refund(order.id, { amount: 100, reason: "requested_by_customer" }, null)).rejects.toThrow("That order could not be found.");
});
