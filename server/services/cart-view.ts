// The cart as shoppers and clients see it: the spec's Shopping cart entity (§3) with every derived
// total computed by domain/cart-totals.ts. REST returns it, GraphQL resolves from it, and an
// idempotent retry replays it; so it is plain JSON.
import { computeCartTotals, lineTotal, type CartLine } from "../domain/cart-totals.ts";
import { effectivePrice, ProductType } from "../domain/product-state.ts";
import type { Db, Tx } from "../db/client.ts";
import { parseAttributes, parseOptionOrdering } from "./catalog.ts";
import { parseJsonArray, parseJsonObject } from "./json.ts";
import type { StoreSettings } from "./store-settings.ts";

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
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/** Reads a cart and prices it. Entries whose product has since been removed are left out. */
export async function loadCartView(db: Db | Tx, cartId: string, settings: StoreSettings): Promise<CartView | null> {
  const cart = await db.cart.findUnique({
    where: { id: cartId },
    include: { entries: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } },
  });
  if (!cart) return null;

  const unique = <T>(values: (T | null)[]) => [...new Set(values.filter((value): value is T => value !== null))];
  const productIds = unique(cart.entries.map((entry) => entry.productId));
  const variantIds = unique(cart.entries.map((entry) => entry.variantId));
  const denominationIds = unique(cart.entries.map((entry) => entry.denominationId));
  const couponCodes = parseJsonArray<string>(cart.couponCodes);

  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const products = productIds.length
    ? await db.product.findMany({
        where: { id: { in: productIds } },
        select: { id: true, name: true, slug: true, imageUrl: true, productType: true, price: true, salePrice: true, onSale: true, variantOptionOrdering: true },
      })
    : [];
  const variants = variantIds.length ? await db.variant.findMany({ where: { id: { in: variantIds } } }) : [];
  const denominations = denominationIds.length ? await db.giftCardDenomination.findMany({ where: { id: { in: denominationIds } } }) : [];
  const coupons = couponCodes.length
    ? await db.coupon.findMany({ where: { websiteId: cart.websiteId, code: { in: couponCodes }, active: true } })
    : [];
  const productById = new Map(products.map((product) => [product.id, product]));
  const variantById = new Map(variants.map((variant) => [variant.id, variant]));
  const denominationById = new Map(denominations.map((denomination) => [denomination.id, denomination]));

  const entries: CartEntryView[] = [];
  const lines: CartLine[] = [];
  for (const entry of cart.entries) {
    const product = productById.get(entry.productId);
    if (!product) continue;
    let chosenVariant: CartEntryView["chosenVariant"] = null;
    let unitPrice: number;
    if (product.productType === ProductType.GIFT_CARD) {
      const denomination = entry.denominationId === null ? undefined : denominationById.get(entry.denominationId);
      if (!denomination) continue;
      chosenVariant = { variantId: null, sku: denomination.sku, attributes: {} };
      unitPrice = denomination.amount;
    } else if (entry.variantId !== null) {
      const variant = variantById.get(entry.variantId);
      if (!variant) continue;
      // Attributes in the product's option order, so "Size / Color" reads the same everywhere.
      const attributes = parseAttributes(variant.attributes);
      const ordered: Record<string, string> = {};
      for (const name of parseOptionOrdering(product.variantOptionOrdering)) if (name in attributes) ordered[name] = attributes[name];
      chosenVariant = { variantId: variant.id, sku: variant.sku, attributes: { ...ordered, ...attributes } };
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
  const now = Date.now();
  const shippingLocation = cart.shippingCountry
    ? { country: cart.shippingCountry, region: cart.shippingRegion, postalCode: cart.shippingPostalCode }
    : null;
  const totals = computeCartTotals({
    lines,
    coupons: couponCodes.map((code) => {
      const coupon = couponByCode.get(code);
      const usable = coupon && (!coupon.expiresAt || coupon.expiresAt.getTime() > now);
      return { code, coupon: usable ? coupon : null };
    }),
    taxRules: settings.taxRules,
    shippingOptions: settings.shippingOptions,
    selectedShippingOptionId: cart.selectedShippingOptionId,
    shippingLocation,
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
    shippingOptions: settings.shippingOptions.map(asOption),
    selectedShippingOption: totals.selectedShippingOption && asOption(totals.selectedShippingOption),
    shippingLocation,
    applicableTaxRules: totals.applicableTaxRules.map(({ id, name, rateMillipercent }) => ({ id, name, rateMillipercent })),
    coupons: couponCodes,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    subtotalCents: totals.subtotal,
    taxCents: totals.tax,
    shippingCostCents: totals.shipping,
    discountCents: totals.discount,
    grandTotalCents: totals.grandTotal,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
  };
}
