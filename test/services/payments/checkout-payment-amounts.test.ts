// What the shopper pays through Stripe (issue 22): gift cards pay their share first and Stripe the
// rest; an order gift cards pay in full needs no payment at all; a zero-decimal currency (JPY) goes to
// Stripe in yen, not in hundredths. Stripe here is the local stand-in (test/support/stripe/, NOT Stripe).
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { newGiftCardCode } from "../../../server/services/checkout/gift-cards.ts";
import { newId } from "../../../server/services/support/ids.ts";
import { setStoreCurrency } from "../../support/store-currency.ts";
import { startStripeStandIn, type StripeStandIn } from "../../support/stripe/stand-in.ts";
import { createTwoSiteServices, lastEmail, mugOf, newVisitor, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";

const ADDRESS = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };
const JAPAN = { fullName: "Hanako Yamada", line1: "1-1 Chiyoda", city: "", region: "13", postalCode: "100-0001", country: "JP" };

let standIn: StripeStandIn;
let sites: TwoSiteServices;
let usd: Stripe;
let jpy: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({
    keys: ["sk_test_standInAmountsUsd0001", { secretKey: "sk_test_standInAmountsJpy0002", country: "JP", defaultCurrency: "jpy" }],
  });
  sites = await createTwoSiteServices({ payments: { encryptionKey: randomBytes(32), stripeApi: standIn.sdkOptions } });
  const [us, japan] = standIn.accounts;
  await sites.a.payments.connect({ publishableKey: us!.publishableKey, secretKey: us!.secretKey });
  await sites.b.payments.connect({ publishableKey: japan!.publishableKey, secretKey: japan!.secretKey });
  // Site B sells in yen (a currency change re-expresses every price: 18.00 USD becomes 18 JPY).
  await setStoreCurrency(sites.db, SITE_B, sites.b.storeAdmin, "JPY");
  usd = standIn.client(us!.secretKey);
  jpy = standIn.client(japan!.secretKey);
});
afterAll(async () => {
  await sites.close();
  await standIn.close();
});

async function giftCard(websiteId: string, currency: string, balance: number): Promise<string> {
  const code = newGiftCardCode();
  await sites.db.giftCard.create({
    data: { id: newId(), websiteId, code, currency, initialBalance: balance, balance, recipientEmail: "friend@example.com", orderId: newId() },
  });
  return code;
}

async function cartWithMug(services: TwoSiteServices["a"], websiteId: string) {
  const mug = await mugOf(sites.db, websiteId);
  const visitor = newVisitor();
  const { cartToken } = await services.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity: 1 });
  return { ...visitor, cartToken };
}

it("gift cards pay their share and Stripe the rest; the card is spent only once the payment succeeds", async () => {
  const shopper = await cartWithMug(sites.a, SITE_A);
  const code = await giftCard(SITE_A, "USD", 1000);
  await sites.a.carts.applyGiftCard(shopper, code);
  const result = await sites.a.checkout.checkout(shopper, { email: "ann@example.com", shippingAddress: ADDRESS });
  if (!("payment" in result)) throw new Error("expected a payment");
  const cart = await sites.db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken! } });
  const intent = await usd.paymentIntents.retrieve(result.payment.paymentIntentId);
  expect(intent.amount).toBe(result.payment.amount);
  expect((await sites.db.giftCard.findUniqueOrThrow({ where: { code } })).balance).toBe(1000);
  await usd.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa", return_url: result.payment.returnUrl });
  const settled = await sites.a.paymentSettlement.complete(intent.id, { cartToken: shopper.cartToken, clientSecret: null });
  if (settled.settlement.kind !== "ordered") throw new Error(`expected an order, got ${settled.settlement.kind}`);
  expect(settled.settlement.order).toMatchObject({ giftCardTotal: 1000, grandTotal: intent.amount, purchasedCartId: cart.id });
  expect((await sites.db.giftCard.findUniqueOrThrow({ where: { code } })).balance).toBe(0);
});

it("an order gift cards pay in full asks for no payment: a real order, no intent at Stripe", async () => {
  const shopper = await cartWithMug(sites.a, SITE_A);
  const code = await giftCard(SITE_A, "USD", 100_000);
  await sites.a.carts.applyGiftCard(shopper, code);
  const intentsBefore = standIn.objects("payment_intent").length;
  const result = await sites.a.checkout.checkout(shopper, { email: "ann@example.com", shippingAddress: ADDRESS });
  if (!("order" in result)) throw new Error("expected the order at once");
  expect(result.order).toMatchObject({ grandTotal: 0, testMode: false });
  expect(standIn.objects("payment_intent")).toHaveLength(intentsBefore);
  const email = await lastEmail(sites.db, SITE_A, "ORDER_CONFIRMATION");
  expect(email.textBody).not.toContain("test mode");
});

it("a store in yen asks Stripe for yen (no minor units), and the order matches what was paid", async () => {
  const mug = await mugOf(sites.db, SITE_B);
  await sites.db.variant.update({ where: { id: mug.id }, data: { price: 1800 } });
  sites.b.stockHolds.announce([mug.productId]);
  const shopper = await cartWithMug(sites.b, SITE_B);
  const result = await sites.b.checkout.checkout(shopper, { email: "hanako@example.com", shippingAddress: JAPAN });
  if (!("payment" in result)) throw new Error("expected a payment");
  const intent = await jpy.paymentIntents.retrieve(result.payment.paymentIntentId);
  expect(intent.currency).toBe("jpy");
  expect(result.payment.currency).toBe("JPY");
  // ¥1,800 goes to Stripe as 1800 (plus shipping and tax), never as 180000.
  const cart = await sites.b.carts.view(shopper.cartToken);
  expect(intent.amount).toBe(cart!.grandTotalCents);
  expect(intent.amount).toBeGreaterThanOrEqual(1800);
  expect(intent.amount).toBeLessThan(10_000);
  await jpy.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa", return_url: result.payment.returnUrl });
  const settled = await sites.b.paymentSettlement.complete(intent.id, { cartToken: shopper.cartToken, clientSecret: null });
  expect(settled.settlement).toMatchObject({ kind: "ordered", order: { currency: "JPY", grandTotal: intent.amount } });
});
