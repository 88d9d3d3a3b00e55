// Cart totals (spec §3 Shopping cart: subtotalCents, discountCents, taxCents, shippingCostCents,
// grandTotalCents, totalQuantity, hasDigital, purelyDigital, requiresShipping). The identity
// grand total = subtotal - discount + tax + shipping holds by construction.
import { checkoutMessages } from "../messages/checkout.ts";
import { formatMoney, percentOf } from "../money.ts";
import { ProductType } from "../catalog/product-state.ts";

export interface CartLine {
  productType: number;
  quantity: number;
  /** What one unit costs, in minor units (the sale price when on sale; a gift card's denomination). */
  unitPrice: number;
}

export interface CouponFacts {
  code: string;
  kind: string; // "PERCENT" | "AMOUNT"
  percentOffMillipercent: number;
  amountOff: number;
  minimumSubtotal: number;
}

export interface TaxRuleFacts {
  id: number;
  name: string;
  rateMillipercent: number;
  country: string;
  /** Empty: the whole country. */
  region: string;
  /** Product types the rule taxes. */
  appliesTo: readonly number[];
}

export interface ShippingOptionFacts {
  id: number;
  name: string;
  price: number;
}

export interface ShippingLocation {
  country: string;
  region: string | null;
  postalCode: string | null;
}

export interface CartTotalsInput {
  lines: readonly CartLine[];
  /** Codes applied to the cart, with the coupon when the code exists and is usable, else null. */
  coupons: readonly { code: string; coupon: CouponFacts | null }[];
  taxRules: readonly TaxRuleFacts[];
  shippingOptions: readonly ShippingOptionFacts[];
  selectedShippingOptionId: number | null;
  shippingLocation: ShippingLocation | null;
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  grandTotal: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** The chosen option, or the cheapest one when the cart needs shipping and none was chosen. */
  selectedShippingOption: ShippingOptionFacts | null;
  validCoupons: string[];
  invalidCoupons: string[];
  applicableTaxRules: TaxRuleFacts[];
}

export const lineTotal = (line: CartLine) => line.unitPrice * line.quantity;

/** Physical goods are shipped; digital goods, gift cards (emailed), services and paywall access are not. */
export const requiresShipping = (productType: number) => productType === ProductType.PHYSICAL;

/** A coupon applies when the subtotal reaches its minimum. */
export function isCouponUsable(coupon: CouponFacts, subtotal: number): boolean {
  return subtotal >= coupon.minimumSubtotal;
}

/** What decides whether a stored coupon can be used at all (a Prisma Coupon row satisfies it). */
export interface CouponValidityFacts {
  active: boolean;
  expiresAt: Date | null;
  /** Usable from this moment on (null or absent: at once). */
  startsAt?: Date | null;
  /** At most this many orders may use it (null or absent: no limit); `timesUsed` orders have. */
  usageLimit?: number | null;
  timesUsed?: number;
}

/**
 * A coupon that exists, is switched on, has started and not expired at `now` (it starts at `startsAt`
 * and expires at `expiresAt` exactly), and has uses left under its usage limit.
 */
export function isCouponCurrent(coupon: CouponValidityFacts | null | undefined, now: Date): coupon is CouponValidityFacts {
  if (!coupon || !coupon.active) return false;
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) return false;
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime()) return false;
  return coupon.usageLimit == null || (coupon.timesUsed ?? 0) < coupon.usageLimit;
}

/**
 * Why a coupon cannot be applied to a cart with this subtotal (minor units) at `now`, or null when
 * it can: 'That coupon code is not valid.' (unknown, switched off, not started, expired or used up) or the minimum not met.
 */
export function couponProblem(
  coupon: (CouponFacts & CouponValidityFacts & { currency: string }) | null | undefined,
  subtotal: number,
  now: Date,
): string | null {
  if (!coupon || !isCouponCurrent(coupon, now)) return checkoutMessages.couponInvalid;
  if (!isCouponUsable(coupon, subtotal)) return checkoutMessages.couponMinimumNotMet(formatMoney({ value: coupon.minimumSubtotal, currency: coupon.currency }));
  return null;
}

function couponDiscount(coupon: CouponFacts, subtotal: number): number {
  if (coupon.kind === "PERCENT") return percentOf(subtotal, coupon.percentOffMillipercent);
  return coupon.amountOff;
}

export function isTaxRuleApplicable(rule: TaxRuleFacts, location: ShippingLocation | null): boolean {
  if (!location) return false;
  if (rule.country.toUpperCase() !== location.country.toUpperCase()) return false;
  return rule.region === "" || rule.region.toUpperCase() === (location.region ?? "").toUpperCase();
}

export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const totalQuantity = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const hasDigital = input.lines.some((line) => line.productType === ProductType.DIGITAL);
  const purelyDigital = input.lines.length > 0 && input.lines.every((line) => line.productType === ProductType.DIGITAL);
  const needsShipping = input.lines.some((line) => requiresShipping(line.productType));

  const validCoupons: string[] = [];
  const invalidCoupons: string[] = [];
  let discount = 0;
  for (const { code, coupon } of input.coupons) {
    if (coupon && isCouponUsable(coupon, subtotal)) {
      validCoupons.push(code);
      discount += couponDiscount(coupon, subtotal);
    } else {
      invalidCoupons.push(code);
    }
  }
  discount = Math.min(discount, subtotal);

  let selectedShippingOption: ShippingOptionFacts | null = null;
  if (needsShipping && input.shippingOptions.length > 0) {
    selectedShippingOption =
      input.shippingOptions.find((option) => option.id === input.selectedShippingOptionId) ??
      input.shippingOptions.reduce((cheapest, option) => (option.price < cheapest.price ? option : cheapest));
  }
  const shipping = selectedShippingOption?.price ?? 0;

  // Tax is charged on what the shopper pays for taxed goods: their share of the discount comes off
  // first, in proportion to their part of the subtotal. Shipping is not taxed.
  const applicableTaxRules = input.taxRules.filter((rule) => isTaxRuleApplicable(rule, input.shippingLocation));
  let tax = 0;
  for (const rule of applicableTaxRules) {
    const taxedLines = input.lines.filter((line) => rule.appliesTo.includes(line.productType));
    const taxedSubtotal = taxedLines.reduce((sum, line) => sum + lineTotal(line), 0);
    if (taxedSubtotal === 0) continue;
    const discountShare = subtotal === 0 ? 0 : Math.round((discount * taxedSubtotal) / subtotal);
    tax += percentOf(taxedSubtotal - discountShare, rule.rateMillipercent);
  }

  return {
    subtotal,
    discount,
    tax,
    shipping,
    grandTotal: subtotal - discount + tax + shipping,
    totalQuantity,
    hasDigital,
    purelyDigital,
    requiresShipping: needsShipping,
    selectedShippingOption,
    validCoupons,
    invalidCoupons,
    applicableTaxRules,
  };
}
