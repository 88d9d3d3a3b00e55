// A shopper's order paid through the Stripe stand-in (issue 22): the checkout, the card, the return.
// For the tests of what happens to a paid order afterwards (its money, refunds, disputes).
import type Stripe from "stripe";
import type { Services } from "../../server/services/index.ts";
import { mugOf, newVisitor, SITE_A, SITE_B, type TwoSiteServices } from "./two-sites.ts";

export const PAID_ADDRESS = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };

/** Site A's shopper buys `quantity` mugs and pays with `paymentMethod` (a stand-in test card); the order is made. */
export async function paidMugOrder(sites: TwoSiteServices, stripe: Stripe, { quantity = 1, paymentMethod = "pm_card_visa" } = {}) {
  const site: Services = sites.a;
  const mug = await mugOf(sites.db, SITE_A);
  const visitor = newVisitor();
  const { cartToken } = await site.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity });
  const result = await site.checkout.checkout({ ...visitor, cartToken }, { email: "ann@example.com", shippingAddress: PAID_ADDRESS });
  if (!("payment" in result)) throw new Error("expected the checkout to ask for a payment");
  const { paymentIntentId, amount } = result.payment;
  await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod, return_url: "https://shop.example/checkout/return" });
  const back = await site.paymentSettlement.complete(paymentIntentId, { cartToken, clientSecret: null });
  if (back.settlement.kind !== "ordered") throw new Error(`expected an order, got ${back.settlement.kind}`);
  return { order: back.settlement.order, paymentIntentId, amount, mug };
}

/** Site B (not connected to Stripe: test mode) places an order of `quantity` mugs; no money moves. */
export async function testModeMugOrder(sites: TwoSiteServices, quantity = 1) {
  const mug = await mugOf(sites.db, SITE_B);
  const visitor = newVisitor();
  const { cartToken } = await sites.b.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity });
  const result = await sites.b.checkout.checkout({ ...visitor, cartToken }, { email: "ben@example.com", shippingAddress: PAID_ADDRESS });
  if (!("order" in result)) throw new Error("expected a test-mode order");
  return { order: result.order, mug };
}
