// The cart as shoppers and clients see it: the spec's Shopping cart entity (§3) with every derived
// total computed by domain/cart/cart-totals.ts. REST returns it, GraphQL resolves from it, and an
// idempotent retry replays it; so it is plain JSON.
import { computeCartTotals, isCouponCurrent, lineTotal, type CartLine } from "../../domain/cart/cart-totals.ts";
import { allocateGiftCards, giftCardExcludedTotal, type GiftCardFacts } from "../../domain/cart/gift-card-payment.ts";
import { effectivePrice, ProductType } from "../../domain/catalog/product-state.ts";
import { meetsCheckoutMinimum } from "../../domain/checkout/minimum.ts";
import { shippingOptionsFor } from "../../domain/checkout/shipping-zones.ts";
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { parseJsonArray, parseJsonObject } from "../support/json.ts";
import type { ProductDefinition, ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettings } from "../store/store-settings.ts";

export interface CartEntryView {
  id: string;
  /** The product's raw id (REST's itemId). */
  itemId: number;
  productType: number;
  title: string;
  slug: string;
  imageUrl: string | null;
  /** Null for products without variants (digital goods). Gift cards: the denomination's sku. */
  chosenVariant: { variantId: number | null; sku: string; attributes: Record<string, string> } | null;
  quantity: number;
  /** What one unit costs now, in minor units. */
  purchasePriceCents: number;
  /** purchasePriceCents × quantity. */
  subTotal: number;
  additionalFields: Record<string, string> | null;
}

export interface CartView {
  id: string;
  token: string;
  websiteId: string;
  kind: string;
  orderId: string | null;
  created: string;
  isPurchased: boolean;
  currency: string;
  entries: CartEntryView[];
  shippingOptions: { id: number; name: string; priceCents: number }[];
  selectedShippingOption: { id: number; name: string; priceCents: number } | null;
  shippingLocation: { country: string; region: string | null; postalCode: string | null } | null;
  applicableTaxRules: { id: number; name: string; rateMillipercent: number }[];
  coupons: string[];
  validCoupons: string[];
  invalidCoupons: string[];
  /** Gift cards applied (issue 12), in the order applied: what each pays of this cart and its balance. */
  giftCards: { code: string; amountCents: number; balanceCents: number }[];
  /** What the gift cards pay; grandTotalCents is what is left to pay. */
  giftCardCents: number;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** Whether the subtotal reaches the store's checkout minimum (spec §3; domain/checkout/minimum.ts). */
  checkoutMinimumMet: boolean;
}

type CartRow = Awaited<ReturnType<Tx["cart"]["findUniqueOrThrow"]>>;
type EntryRow = Awaited<ReturnType<Tx["cartEntry"]["findFirstOrThrow"]>>;
type CouponRow = Awaited<ReturnType<Tx["coupon"]["findFirstOrThrow"]>>;

export interface CartViewSources {
  definitions: ProductDefinitions;
  settings: StoreSettings;
  /** The injected clock (coupons' validity). */
  now: () => Date;
}

/** Reads a cart with its entries (two plain statements) and prices it; null when no cart of the settings' site has this id (or token). */
export async function loadCartView(db: Db | Tx, where: { id: string } | { token: string }, sources: CartViewSources): Promise<CartView | null> {
  const q = sql(db);
  const cart = await q
    .selectFrom("Cart")
    .selectAll()
    .where("websiteId", "=", sources.settings.websiteId)
    .$if("id" in where, (select) => select.where("id", "=", (where as { id: string }).id))
    .$if("token" in where, (select) => select.where("token", "=", (where as { token: string }).token))
    .executeTakeFirst();
  if (!cart) return null;
  const entries = await q.selectFrom("CartEntry").selectAll().where("cartId", "=", cart.id).orderBy("position").orderBy("createdAt").execute();
  return priceCart(db, cart, entries, sources);
}

/** Prices a cart whose row and entries the caller already holds (a write that just changed them). */
export async function priceCart(db: Db | Tx, cart: CartRow, entries: readonly EntryRow[], sources: CartViewSources): Promise<CartView> {
  const products = await sources.definitions.getMany(
    entries.map((entry) => entry.productId),
    db,
  );
  const couponCodes = parseJsonArray<string>(cart.couponCodes);
  const coupons = couponCodes.length ? await db.coupon.findMany({ where: { websiteId: cart.websiteId, code: { in: couponCodes } } }) : [];
  const giftCardCodes = parseJsonArray<string>(cart.giftCardCodes);
  const giftCards = giftCardCodes.length
    ? await db.giftCard.findMany({ where: { websiteId: cart.websiteId, code: { in: giftCardCodes } }, select: { code: true, currency: true, balance: true } })
    : [];
  return buildCartView(cart, entries, products, coupons, sources.settings, sources.now().getTime(), giftCards);
}

/** The priced view of a cart from its rows and its products' definitions. Pure. */
export function buildCartView(
  cart: CartRow,
  entryRows: readonly EntryRow[],
  products: ReadonlyMap<number, ProductDefinition>,
  coupons: readonly CouponRow[],
  settings: StoreSettings,
  nowMs: number,
  giftCardRows: readonly GiftCardFacts[] = [],
): CartView {
  const entries: CartEntryView[] = [];
  const lines: CartLine[] = [];
  for (const entry of entryRows) {
    const product = products.get(entry.productId);
    if (!product) continue; // removed from the catalogue since it was added
    let chosenVariant: CartEntryView["chosenVariant"] = null;
    let unitPrice: number;
    if (product.productType === ProductType.GIFT_CARD) {
      const denomination = product.denominations.find((candidate) => candidate.id === entry.denominationId);
      if (!denomination) continue;
      chosenVariant = { variantId: null, sku: denomination.sku, attributes: {} };
      unitPrice = denomination.amount;
    } else if (entry.variantId !== null) {
      const variant = product.variants.find((candidate) => candidate.id === entry.variantId);
      if (!variant) continue;
      // Attributes in the product's option order, so "Size / Color" reads the same everywhere.
      const ordered: Record<string, string> = {};
      for (const name of product.variantOptionOrdering) if (name in variant.attributes) ordered[name] = variant.attributes[name];
      chosenVariant = { variantId: variant.id, sku: variant.sku, attributes: { ...ordered, ...variant.attributes } };
      unitPrice = effectivePrice(variant);
    } else {
      unitPrice = product.onSale ? (product.salePrice ?? 0) : (product.price ?? 0);
    }
    const line = { productType: product.productType, quantity: entry.quantity, unitPrice };
    lines.push(line);
    entries.push({
      id: entry.id,
      itemId: product.id,
      productType: product.productType,
      title: product.name,
      slug: product.slug,
      imageUrl: product.imageUrl,
      chosenVariant,
      quantity: entry.quantity,
      purchasePriceCents: unitPrice,
      subTotal: lineTotal(line),
      additionalFields: entry.additionalFields === null ? null : parseJsonObject(entry.additionalFields),
    });
  }

  const couponByCode = new Map(coupons.map((coupon) => [coupon.code, coupon]));
  const couponCodes = parseJsonArray<string>(cart.couponCodes);
  const shippingLocation = cart.shippingCountry ? { country: cart.shippingCountry, region: cart.shippingRegion, postalCode: cart.shippingPostalCode } : null;
  // Only the options that reach the address (issue 14); before there is one, those of the store's own country.
  const shippingOptions = reachingOptions(settings, shippingLocation);
  const totals = computeCartTotals({
    lines,
    coupons: couponCodes.map((code) => {
      const coupon = couponByCode.get(code);
      return { code, coupon: isCouponCurrent(coupon, new Date(nowMs)) ? coupon : null };
    }),
    taxRules: settings.taxRules,
    shippingOptions,
    selectedShippingOptionId: cart.selectedShippingOptionId,
    shippingLocation,
  });
  const giftCardByCode = new Map(giftCardRows.map((card) => [card.code, card]));
  const giftCardCodes = parseJsonArray<string>(cart.giftCardCodes);
  const giftCards = allocateGiftCards({
    grandTotal: totals.grandTotal,
    notPayable: giftCardExcludedTotal(lines, cart.kind, totals.grandTotal),
    currency: cart.currency,
    cards: giftCardCodes.map((code) => giftCardByCode.get(code) ?? null),
  });
  const asOption = (option: { id: number; name: string; price: number }) => ({ id: option.id, name: option.name, priceCents: option.price });

  return {
    id: cart.id,
    token: cart.token,
    websiteId: cart.websiteId,
    kind: cart.kind,
    orderId: cart.orderId,
    created: cart.created.toISOString(),
    isPurchased: cart.isPurchased,
    currency: cart.currency,
    entries,
    shippingOptions: totals.requiresShipping ? shippingOptions.map(asOption) : [],
    selectedShippingOption: totals.selectedShippingOption && asOption(totals.selectedShippingOption),
    shippingLocation,
    applicableTaxRules: totals.applicableTaxRules.map(({ id, name, rateMillipercent }) => ({ id, name, rateMillipercent })),
    coupons: couponCodes,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    giftCards: giftCards.payments.map((payment) => ({ code: payment.code, amountCents: payment.amount, balanceCents: payment.balance })),
    giftCardCents: giftCards.total,
    subtotalCents: totals.subtotal,
    taxCents: totals.tax,
    shippingCostCents: totals.shipping,
    discountCents: totals.discount,
    grandTotalCents: totals.grandTotal - giftCards.total,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
    checkoutMinimumMet: meetsCheckoutMinimum(totals.subtotal, settings.checkoutMinimumSubtotal),
  };
}

/** The shipping options that reach `location` (the store's own country when null), cheapest first. */
export function reachingOptions(settings: StoreSettings, location: { country: string; region: string | null } | null) {
  return shippingOptionsFor(location ?? { country: settings.storeCountry, region: null }, settings.shippingZones);
}
