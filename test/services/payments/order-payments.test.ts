// The owner sees a paid order's money (issue 22): card, captured, refunded, Stripe's fee, net and the
// dashboard link, read from Stripe when asked. Stripe here is the local stand-in (test/support/stripe/,
// NOT Stripe), which reports a card fee of 2.9% + 30¢ on each charge's balance transaction.
import type Stripe from "stripe";
import { cardFee } from "../../support/stripe/charges.ts";
import { connectedSites, type ConnectedSites } from "../../support/stripe/connected-sites.ts";
import { paidMugOrder } from "../../support/paid-orders.ts";
import { mugOf, SITE_A, type TwoSiteServices } from "../../support/two-sites.ts";

let sites: TwoSiteServices;
let stripe: Stripe;

let payments: ConnectedSites;
beforeAll(async () => {
  payments = await connectedSites({ secretKey: "sk_test_standInOrderMoney0001ab", webhookSecret: "whsec_standInOrderMoney1" });
  ({ sites, stripe } = payments);
});
afterAll(() => payments.close());
beforeEach(async () => {
  const mug = await mugOf(sites.db, SITE_A);
  await sites.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 5 } });
  await sites.db.stockHold.deleteMany({ where: { websiteId: SITE_A } });
});

it("shows the card, what was captured, Stripe's fee, the net and the test dashboard link", async () => {
  const { order, paymentIntentId, amount } = await paidMugOrder(sites, stripe, { paymentMethod: "pm_card_mastercard" });
  const fee = cardFee(amount, "usd");
  expect(await sites.a.orderPayments.view(order.id)).toEqual({
    paymentIntentId,
    dashboardUrl: `https://dashboard.stripe.com/test/payments/${paymentIntentId}`,
    cardBrand: "mastercard",
    cardLast4: "4444",
    money: { captured: amount, refunded: 0, fee, net: amount - fee, currency: "USD" },
  });
});

it("counts a refund made in Stripe's dashboard: Stripe holds the figures", async () => {
  const { order, paymentIntentId, amount } = await paidMugOrder(sites, stripe);
  await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 300 });
  const view = await sites.a.orderPayments.view(order.id);
  expect(view?.money).toMatchObject({ captured: amount, refunded: 300, net: amount - 300 - cardFee(amount, "usd") });
});

it("a test-mode order, or another site's, has no Stripe payment", async () => {
  const { order } = await paidMugOrder(sites, stripe);
  expect(await sites.b.orderPayments.view(order.id)).toBeNull();
  // A test-mode order is one without a payment intent.
  await sites.db.order.update({ where: { id: order.id }, data: { paymentIntentId: null } });
  expect(await sites.a.orderPayments.view(order.id)).toBeNull();
});
