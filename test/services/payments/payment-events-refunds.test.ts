// Refunds made in Stripe's dashboard and disputes arrive by webhook (issue 22): a refund is recorded on
// its order once (the refund id is unique; the owner's own refunds are not recorded twice), and
// `charge.dispute.created` marks the order disputed and emails the site's admins. Stripe here is the
// local stand-in (test/support/stripe/, NOT Stripe); its events are signed with Stripe's scheme.
import type Stripe from "stripe";
import { Role } from "../../../server/domain/members/permissions.ts";
import { paidMugOrder } from "../../support/paid-orders.ts";
import { signatureHeader, type StripeStandIn } from "../../support/stripe/stand-in.ts";
import { connectedSites, type ConnectedSites } from "../../support/stripe/connected-sites.ts";
import { lastEmail, mugOf, SITE_A, type TwoSiteServices } from "../../support/two-sites.ts";

const WEBHOOK_SECRET = "whsec_standInRefundEvents1";
let standIn: StripeStandIn;
let sites: TwoSiteServices;
let stripe: Stripe;

let payments: ConnectedSites;
beforeAll(async () => {
  payments = await connectedSites({ secretKey: "sk_test_standInRefundEvents01ab", webhookSecret: WEBHOOK_SECRET });
  ({ standIn, sites, stripe } = payments);
});
afterAll(() => payments.close());
beforeEach(async () => {
  await sites.db.variant.update({ where: { id: (await mugOf(sites.db, SITE_A)).id }, data: { qtyInStock: 10 } });
  await sites.db.stockHold.deleteMany({});
});

/** Delivers, signed, every event of these types the stand-in raised about `objectId` (twice: Stripe may redeliver). */
async function deliver(types: string[], matches: (object: Record<string, unknown>) => boolean) {
  const events = standIn
    .events()
    .filter((event) => types.includes(event.type as string) && matches((event.data as { object: Record<string, unknown> }).object));
  expect(events.length).toBeGreaterThan(0);
  for (const event of [...events, ...events]) {
    const payload = JSON.stringify(event);
    expect(await sites.a.paymentEvents.receive(Buffer.from(payload), signatureHeader(payload, WEBHOOK_SECRET))).toMatchObject({ status: 200 });
  }
}
const ofIntent = (paymentIntentId: string) => (object: Record<string, unknown>) => object.payment_intent === paymentIntentId;
const orderRow = (orderId: string) =>
  sites.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { state: true, refundedAmount: true, disputedAt: true } });

it("a refund made in Stripe's dashboard is recorded on the order once, and the shopper is emailed", async () => {
  const { order, paymentIntentId } = await paidMugOrder(sites, stripe);
  const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 300 });
  await deliver(["refund.created", "charge.refunded"], ofIntent(paymentIntentId));
  expect(await sites.a.orderRefunds.list(order.id)).toEqual([
    expect.objectContaining({ amount: 300, providerRefundId: refund.id, source: "PROVIDER", createdBy: null, lines: [] }),
  ]);
  expect(await orderRow(order.id)).toMatchObject({ state: "PLACED", refundedAmount: 300 });
  expect((await lastEmail(sites.db, SITE_A, "ORDER_REFUNDED")).textBody).toContain(`refunded $3.00 for your order #${order.orderNumber}.`);
});

it("the owner's own refund is not recorded a second time when Stripe's webhooks for it arrive", async () => {
  const { order, paymentIntentId } = await paidMugOrder(sites, stripe);
  await sites.a.orderRefunds.refund(order.id, { amount: 500, reason: "requested_by_customer" }, "owner@example.com");
  await deliver(["refund.created", "charge.refunded"], ofIntent(paymentIntentId));
  expect(await sites.a.orderRefunds.list(order.id)).toEqual([expect.objectContaining({ amount: 500, source: "OWNER" })]);
  expect((await orderRow(order.id)).refundedAmount).toBe(500);
});

it("a webhook that outruns the owner's refund leaves it to the owner's path (Sitecart's refunds carry the order id)", async () => {
  const { order, paymentIntentId } = await paidMugOrder(sites, stripe);
  // What Stripe holds between the owner's refund call and its recording: the webhook records nothing.
  await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 200, metadata: { sitecart_order_id: order.id } });
  await deliver(["refund.created", "charge.refunded"], ofIntent(paymentIntentId));
  expect(await sites.a.orderRefunds.list(order.id)).toEqual([]);
});

it("a full refund in Stripe's dashboard moves the order to REFUNDED", async () => {
  const { order, paymentIntentId, amount } = await paidMugOrder(sites, stripe);
  await stripe.refunds.create({ payment_intent: paymentIntentId });
  await deliver(["refund.created", "charge.refunded"], ofIntent(paymentIntentId));
  expect(await orderRow(order.id)).toMatchObject({ state: "REFUNDED", refundedAmount: amount });
});

it("charge.dispute.created marks the order disputed once and emails the site's admins", async () => {
  const { order, paymentIntentId } = await paidMugOrder(sites, stripe);
  const before = await sites.db.outboxEmail.count({ where: { websiteId: SITE_A, kind: "PAYMENT_DISPUTED" } });
  standIn.dispute(paymentIntentId, { reason: "product_not_received" });
  await deliver(["charge.dispute.created"], ofIntent(paymentIntentId));
  expect((await orderRow(order.id)).disputedAt).toBeInstanceOf(Date);
  expect(await sites.a.orders.get(order.id)).toMatchObject({ disputedAt: expect.any(Date) });
  const admins = await sites.db.account.count({ where: { websiteId: SITE_A, role: Role.ADMIN } });
  expect(admins).toBeGreaterThan(0);
  expect(await sites.db.outboxEmail.count({ where: { websiteId: SITE_A, kind: "PAYMENT_DISPUTED" } })).toBe(before + admins);
  const email = await lastEmail(sites.db, SITE_A, "PAYMENT_DISPUTED");
  expect(email.subject).toBe(`A payment was disputed: order #${order.orderNumber}`);
  expect(email.textBody).toContain("reason: product not received");
  expect(email.textBody).toContain(`https://dashboard.stripe.com/test/payments/${paymentIntentId}`);
});
