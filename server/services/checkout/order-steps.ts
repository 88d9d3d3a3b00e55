// The steps of a checkout, each run inside its transaction (CheckoutService.checkout calls them in
// order): check the cart and its addresses, price it for where it ships, take the stock, write the
// order, then what the order starts (gift cards, a subscription, the member's saved address).
import type { ExpressionBuilder } from "kysely";
import type { Tx } from "../../db/client.ts";
import { sql, type Database } from "../../db/sql.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { PostalAddress } from "../../domain/checkout/address.ts";
import type { AddressRules } from "../../domain/checkout/address-rules.ts";
import { checkoutMinimumProblem } from "../../domain/checkout/minimum.ts";
import { checkoutShippingProblem, needsShippingAddress } from "../../domain/checkout/shipping-zones.ts";
import { CheckoutError, FormInvalidError, NotEnoughStockError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { priceCart, type CartView, type CartViewSources } from "../cart/cart-view.ts";
import type { CartRow } from "../cart/cart-transaction.ts";
import { heldByOthersSql, lockVariants } from "../cart/stock-holds.ts";
import type { Mailer } from "../mail/mailer.ts";
import { saveMemberAddress } from "../members/addresses.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { newId } from "../support/ids.ts";
import { addressErrors, tidyAddress, toAddressRow, type AddressView } from "./addresses.ts";
import { issueGiftCards } from "./gift-cards.ts";
import { startSubscription } from "./subscriptions.ts";

type Settings = Awaited<ReturnType<StoreSettingsService["get"]>>;
type RulesByCountry = ReadonlyMap<string, AddressRules | null>;

/** The order's addresses, tidied: shipping only when the cart ships goods; billing is shipping unless given. */
export interface OrderAddresses {
  shipping: AddressView | null;
  billing: AddressView | null;
}

/** What the order records of the shopper, besides the cart. */
export interface OrderFacts {
  email: string;
  accountId: number | null;
  language: string | null;
  addresses: OrderAddresses;
  /** The injected clock's instant of this checkout: the order's, the cart's and the subscription's times. */
  at: Date;
}

/** How the order was paid (issue 22): in test mode (no provider connected), and the provider's payment if any. */
export interface OrderPayment {
  testMode: boolean;
  /** The payment intent that paid it; null when nothing was left to pay after gift cards, or in test mode. */
  paymentIntentId: string | null;
}

/** Refuses an empty cart and one below the store's minimum subtotal. */
export function checkCartCanCheckOut(view: CartView, settings: Settings): void {
  if (view.entries.length === 0) throw new CheckoutError("CART_EMPTY", messages.cartEmpty);
  const belowMinimum = checkoutMinimumProblem(view.subtotalCents, { value: settings.checkoutMinimumSubtotal, currency: view.currency });
  if (belowMinimum) throw new CheckoutError("MINIMUM_SUBTOTAL", belowMinimum);
}

/**
 * Addresses (issue 14): a cart that ships goods needs a valid shipping address; a digital-only cart
 * asks for none. Every invalid field is reported at once (FormInvalidError).
 */
export function checkAddresses(view: CartView, shippingInput: PostalAddress | null, billingInput: PostalAddress | null, rules: RulesByCountry): OrderAddresses {
  const rulesOf = (address: PostalAddress) => rules.get(address.country.trim().toUpperCase()) ?? null;
  const ships = needsShippingAddress(view);
  if (ships && !shippingInput) throw new CheckoutError("SHIPPING_ADDRESS_REQUIRED", checkoutMessages.shippingAddressRequired);
  const fieldErrors = [
    ...(ships && shippingInput ? addressErrors(shippingInput, rulesOf(shippingInput), "shippingAddress") : []),
    ...(billingInput ? addressErrors(billingInput, rulesOf(billingInput), "billingAddress") : []),
  ];
  if (fieldErrors.length > 0) throw new FormInvalidError(fieldErrors);
  const shipping = ships && shippingInput ? tidyAddress(shippingInput, rulesOf(shippingInput)) : null;
  const billing = billingInput ? tidyAddress(billingInput, rulesOf(billingInput)) : shipping;
  return { shipping, billing };
}

/** Prices the cart for where it ships (the zone's options, the region's tax), once a zone reaches the address. */
export async function priceForAddress(
  tx: Tx,
  cart: CartRow,
  view: CartView,
  address: AddressView,
  settings: Settings,
  sources: CartViewSources,
): Promise<CartView> {
  const shippingProblem = checkoutShippingProblem(view, address, settings.shippingZones);
  if (shippingProblem) throw new CheckoutError("NO_SHIPPING_OPTION", shippingProblem);
  const located = { shippingCountry: address.country, shippingRegion: address.region, shippingPostalCode: address.postalCode };
  await sql(tx)
    .updateTable("Cart")
    .set({ ...located, updatedAt: sources.now() })
    .where("id", "=", cart.id)
    .execute();
  return priceCart(tx, { ...cart, ...located }, cart.entries, sources);
}

/**
 * Takes the stock of every limited variant in one conditional decrement (entries of one variant added
 * up): qtyInStock less other carts' active holds (issue 22) must cover the line, so concurrent checkouts
 * never oversell and never take units held for another shopper's payment; the cart's own holds do not
 * count against it. NotEnoughStockError when a limited line could not be taken. Returns the products
 * whose stock changed.
 */
export async function takeStock(tx: Tx, view: CartView, cart: { id: string; websiteId: string }, now: Date): Promise<Set<number>> {
  const wanted = new Map<number, { quantity: number; productId: number }>();
  for (const entry of view.entries) {
    const variantId = entry.chosenVariant?.variantId;
    if (variantId == null) continue;
    const current = wanted.get(variantId);
    wanted.set(variantId, { quantity: (current?.quantity ?? 0) + entry.quantity, productId: entry.itemId });
  }
  const sold = new Set<number>();
  if (wanted.size === 0) return sold;
  const q = sql(tx);
  const ids = [...wanted.keys()];
  const lines = [...wanted].map(([variantId, { quantity }]) => ({ variantId, quantity }));
  // PostgreSQL: the decrement below must see holds committed while it waited (its snapshot would not).
  await lockVariants(tx, ids);
  const holds = { websiteId: cart.websiteId, now, exceptCartId: cart.id };
  // CASE "id" WHEN v1 THEN n1 ... END: the units each variant's line needs.
  const need = (eb: ExpressionBuilder<Database, "Variant">) => {
    const units = (quantity: number) => eb.cast<number>(eb.val(quantity), "integer");
    let byVariant = eb.case().when("id", "=", lines[0].variantId).then(units(lines[0].quantity));
    for (const line of lines.slice(1)) byVariant = byVariant.when("id", "=", line.variantId).then(units(line.quantity));
    return byVariant.end();
  };
  const taken = await q
    .updateTable("Variant")
    .set((eb) => ({ qtyInStock: eb("qtyInStock", "-", need(eb)) }))
    .where("id", "in", ids)
    .where("unlimited", "=", false)
    .where((eb) => eb(eb("qtyInStock", "-", heldByOthersSql(eb, holds)), ">=", need(eb)))
    .returning("id")
    .execute();
  const takenIds = new Set(taken.map((row) => row.id));
  // A line the statement did not take is refused unless its variant is unlimited.
  const notTaken = ids.filter((id) => !takenIds.has(id));
  const unlimited = notTaken.length
    ? new Set((await q.selectFrom("Variant").select("id").where("id", "in", notTaken).where("unlimited", "=", true).execute()).map((row) => row.id))
    : new Set<number>();
  if (notTaken.some((id) => !unlimited.has(id))) throw new NotEnoughStockError();
  for (const id of takenIds) sold.add(wanted.get(id)!.productId);
  return sold;
}

/**
 * Writes the order (the site's next order number, its addresses and items), marks the cart purchased
 * and counts one use of each coupon it used (issue 10). Returns the order's id.
 */
export async function writeOrder(tx: Tx, cart: CartRow, view: CartView, facts: OrderFacts, payment: OrderPayment): Promise<string> {
  const q = sql(tx);
  const { nextOrderNumber } = await q
    .updateTable("Website")
    .set((eb) => ({ nextOrderNumber: eb("nextOrderNumber", "+", 1) }))
    .where("id", "=", cart.websiteId)
    .returning("nextOrderNumber")
    .executeTakeFirstOrThrow();
  const orderId = newId();
  await q
    .insertInto("Order")
    .values({
      id: orderId,
      orderNumber: nextOrderNumber - 1,
      websiteId: cart.websiteId,
      purchasedCartId: cart.id,
      testMode: payment.testMode,
      paymentIntentId: payment.paymentIntentId,
      customerEmail: facts.email,
      accountId: facts.accountId,
      currency: view.currency,
      subtotal: view.subtotalCents,
      discountTotal: view.discountCents,
      taxTotal: view.taxCents,
      shippingTotal: view.shippingCostCents,
      grandTotal: view.grandTotalCents,
      shippingOption: view.selectedShippingOption?.name ?? null,
      shippingCountry: view.shippingLocation?.country ?? null,
      shippingRegion: view.shippingLocation?.region ?? null,
      shippingPostalCode: view.shippingLocation?.postalCode ?? null,
      couponCodes: JSON.stringify(view.validCoupons),
      giftCardTotal: view.giftCardCents,
      giftCardPayments: JSON.stringify(view.giftCards.filter((card) => card.amountCents > 0).map((card) => ({ code: card.code, amount: card.amountCents }))),
      language: facts.language,
      createdAt: facts.at,
    })
    .execute();
  const { shipping, billing } = facts.addresses;
  const addresses = [
    ...(shipping ? [{ orderId, kind: "SHIPPING", ...toAddressRow(shipping) }] : []),
    ...(billing ? [{ orderId, kind: "BILLING", ...toAddressRow(billing) }] : []),
  ];
  if (addresses.length > 0) await q.insertInto("OrderAddress").values(addresses).execute();
  await q
    .insertInto("OrderItem")
    .values(
      view.entries.map((entry) => ({
        orderId,
        productId: entry.itemId,
        variantId: entry.chosenVariant?.variantId ?? null,
        sku: entry.chosenVariant?.sku ?? null,
        productName: entry.title,
        productType: entry.productType,
        attributes: JSON.stringify(entry.chosenVariant?.attributes ?? {}),
        quantity: entry.quantity,
        unitPrice: entry.purchasePriceCents,
        additionalFields: entry.additionalFields ? JSON.stringify(entry.additionalFields) : null,
      })),
    )
    .execute();
  await q.updateTable("Cart").set({ isPurchased: true, orderId, updatedAt: facts.at }).where("id", "=", cart.id).execute();
  if (view.validCoupons.length > 0) {
    await tx.coupon.updateMany({ where: { websiteId: cart.websiteId, code: { in: view.validCoupons } }, data: { timesUsed: { increment: 1 } } });
  }
  return orderId;
}

/** What the order starts in its transaction: the gift cards it bought, its subscription, the member's saved address. */
export async function startOrderFollowUps(
  tx: Tx,
  mailer: Mailer,
  { cart, view, orderId, facts, saveAddress }: { cart: CartRow; view: CartView; orderId: string; facts: OrderFacts; saveAddress: boolean },
): Promise<void> {
  if (cart.entries.some((entry) => entry.denominationId !== null))
    await issueGiftCards(tx, mailer, { id: orderId, websiteId: cart.websiteId, currency: view.currency, cartId: cart.id, buyerEmail: facts.email });
  if (cart.kind === "SUBSCRIPTION" && view.entries.length === 1) {
    const entry = view.entries[0];
    await startSubscription(
      tx,
      { id: orderId, websiteId: cart.websiteId, currency: view.currency, accountId: facts.accountId, createdAt: facts.at },
      {
        productId: entry.itemId,
        variantId: entry.chosenVariant?.variantId ?? null,
        productName: entry.title,
        quantity: entry.quantity,
        unitPrice: entry.purchasePriceCents,
      },
    );
  }
  const shipping = facts.addresses.shipping;
  if (saveAddress && facts.accountId != null && shipping) await saveMemberAddress(tx, facts.accountId, shipping);
}
