// The owner's product inputs (/config catalogue editor): what a product, variant or merchandising edit
// may carry, and the checks each field passes before it is written. One rule per field, shared with
// the GraphQL inputs (domain/catalog/inputs.ts).
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { attributesInput, nameListInput, priceInput, stockInput, subscriptionPlanRules, textInput } from "../../domain/catalog/inputs.ts";
import { canBeSubscribable, isBillingUnit } from "../../domain/catalog/subscription.ts";
import { parseInput } from "../../domain/inputs.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { messages } from "../../domain/messages/storefront.ts";

export const PRODUCT_TYPES: number[] = [ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE, ProductType.GIFT_CARD, ProductType.PAYWALL];

export interface ProductInput {
  name?: unknown;
  slug?: unknown;
  description?: unknown;
  productType?: unknown;
  collectionId?: unknown;
  /** StoreCategory ids of the product's store page; an empty list lists it under none. */
  categoryIds?: unknown;
  imageUrl?: unknown;
  price?: unknown;
  salePrice?: unknown;
  onSale?: unknown;
  visible?: unknown;
  variantOptionOrdering?: unknown;
  additionalFieldsFormId?: unknown;
  useCustomAddButtonText?: unknown;
  customAddButtonText?: unknown;
  /** Gift cards: their denominations in minor units. */
  denominations?: unknown;
  /** A subscription plan (physical and service products only); null stops offering one. */
  subscriptionPlan?: unknown;
}

export interface VariantInput {
  sku?: unknown;
  attributes?: unknown;
  price?: unknown;
  salePrice?: unknown;
  onSale?: unknown;
  unlimited?: unknown;
  qtyInStock?: unknown;
}

export interface MerchandisingInput {
  customSoldOutText?: unknown;
  scarcityEnabled?: unknown;
  scarcityText?: unknown;
  scarcityTemplateViews?: unknown;
  scarcityShownByDefault?: unknown;
  restockNotificationsEnabled?: unknown;
  restockNotificationViews?: unknown;
  restockNotificationMessages?: unknown;
  mailingListSignUpEnabled?: unknown;
  mailingListOptInByDefault?: unknown;
}

/** The stock an owner's edit was made against; unset parts are not checked. */
export interface ExpectedStock {
  qtyInStock?: number;
  unlimited?: boolean;
}

/** Whether the stock is no longer what the edit expected (a limited count is compared only for a limited variant). */
export function stockMoved(current: { qtyInStock: number; unlimited: boolean }, expected: ExpectedStock): boolean {
  if (expected.unlimited !== undefined && expected.unlimited !== current.unlimited) return true;
  return expected.qtyInStock !== undefined && (current.unlimited || expected.qtyInStock !== current.qtyInStock);
}

export const invalid = (message: string = checkoutMessages.invalidRequest) => new InvalidInputError(message);

export const price = (value: unknown): number => parseInput(priceInput, value);
export const stock = (value: unknown): number => parseInput(stockInput, value);
export function bool(value: unknown): boolean {
  if (typeof value !== "boolean") throw invalid();
  return value;
}
export const text = (value: unknown, max: number, options: { blank?: boolean } = {}): string => parseInput(textInput(max, options), value);
export function optionalText(value: unknown, max: number): string | null {
  return value === null || value === "" ? null : text(value, max);
}
export const stringList = (value: unknown, max = 50): string[] => parseInput(nameListInput(max), value);
export const attributes = (value: unknown): Record<string, string> => parseInput(attributesInput, value);
/**
 * The plan to store for a product of `productType`: null for none (`null` input), undefined when the
 * input leaves it alone. Spec §5: subscriptions can be offered only for physical or service products.
 */
export function subscriptionPlan(value: unknown, productType: number) {
  if (value === undefined || value === null) return value;
  if (!canBeSubscribable(productType)) throw invalid(messages.subscriptionNotAllowed);
  if (typeof value !== "object") throw invalid();
  const plan = value as { billingPeriodValue?: unknown; billingPeriodUnit?: unknown; numBillingCycles?: unknown };
  if (typeof plan.billingPeriodUnit !== "string" || !isBillingUnit(plan.billingPeriodUnit)) throw invalid(ownerMessages.billingPeriodInvalid);
  return {
    billingPeriodValue: parseInput(subscriptionPlanRules.billingPeriodValue, plan.billingPeriodValue),
    billingPeriodUnit: plan.billingPeriodUnit,
    numBillingCycles: parseInput(subscriptionPlanRules.numBillingCycles, plan.numBillingCycles ?? 0),
  };
}

export const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
