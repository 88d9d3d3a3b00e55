// The product editor's form state and its checks, apart from React: the draft a product loads into,
// the field messages (the server's own rules from server/domain, so both refuse the same input), and
// the mutation inputs a valid draft becomes.
import { MAX_BILLING_CYCLES, MAX_BILLING_PERIOD, MAX_PRICE, MAX_STOCK } from "../../../../server/domain/catalog/inputs.ts";
import { fromDecimalValue, toDecimalValue } from "../../../../server/domain/money.ts";
import { adminMessages } from "../../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../../server/domain/messages/owner.ts";
import type { ProductTypeName } from "../ProductFacts.tsx";

export interface OptionDraft {
  key: string;
  name: string;
}

export interface VariantDraft {
  key: string;
  /** Set for a saved variant. */
  variantId: number | null;
  sku: string;
  /** Option key -> value. */
  values: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  unlimited: boolean;
  stock: string;
  /** The stock as read from the server: a stock save is checked against it. */
  readStock: { qtyInStock: number; unlimited: boolean } | null;
}

export interface ProductDraft {
  itemId: string | null;
  productType: ProductTypeName;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  /** The store page's collectionId as the select holds it ("" for none), and the categories of it the product is listed under. */
  collectionId: string;
  categoryIds: number[];
  currency: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  options: OptionDraft[];
  variants: VariantDraft[];
  denominations: string;
  subscribable: boolean;
  billingValue: string;
  billingUnit: "WEEK" | "MONTH" | "YEAR";
  billingCycles: string;
  additionalFieldsFormId: string;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  scarcityEnabled: boolean;
  scarcityText: string;
  customSoldOutText: string;
  restockEnabled: boolean;
  /** The restock widget's texts by key (RESTOCK_TEXTS; keys set elsewhere are kept). */
  restockMessages: Record<string, string>;
  mailingListEnabled: boolean;
  mailingListOptIn: boolean;
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}${++nextKey}`;

/** Physical, service and paywall products sell variants; digital products and gift cards do not. */
export const hasVariantRows = (type: ProductTypeName) => type === "PHYSICAL" || type === "SERVICE" || type === "PAYWALL";
/** Stock is counted for physical and service products only. */
export const hasStock = (type: ProductTypeName) => type === "PHYSICAL" || type === "SERVICE";
/** Spec §5 Subscriptions: offered only for physical or service products (server/domain canBeSubscribable). */
export const canOfferSubscription = hasStock;

export const amountText = (value: number | null | undefined, currency: string) =>
  value === null || value === undefined ? "" : toDecimalValue({ value, currency });

export function emptyVariant(options: OptionDraft[], type: ProductTypeName): VariantDraft {
  return {
    key: newKey("v"),
    variantId: null,
    sku: "",
    values: Object.fromEntries(options.map((option) => [option.key, ""])),
    price: "",
    salePrice: "",
    onSale: false,
    unlimited: !hasStock(type),
    stock: "0",
    readStock: null,
  };
}

export function emptyDraft(type: ProductTypeName, currency: string): ProductDraft {
  return {
    itemId: null,
    productType: type,
    name: "",
    slug: "",
    description: "",
    visible: true,
    collectionId: "",
    categoryIds: [],
    currency,
    price: "",
    salePrice: "",
    onSale: false,
    options: [],
    variants: hasVariantRows(type) ? [emptyVariant([], type)] : [],
    denominations: "",
    subscribable: false,
    billingValue: "1",
    billingUnit: "MONTH",
    billingCycles: "0",
    additionalFieldsFormId: "",
    useCustomAddButtonText: false,
    customAddButtonText: "",
    scarcityEnabled: false,
    scarcityText: "",
    customSoldOutText: "",
    restockEnabled: false,
    restockMessages: {},
    mailingListEnabled: false,
    mailingListOptIn: false,
  };
}

/** A draft whose type changed: the fields of the new type, what was typed in the shared ones kept. */
export function withType(draft: ProductDraft, type: ProductTypeName): ProductDraft {
  const variants = hasVariantRows(type) ? (draft.variants.length ? draft.variants : [emptyVariant(draft.options, type)]) : [];
  return {
    ...draft,
    productType: type,
    variants: variants.map((variant) => ({ ...variant, unlimited: hasStock(type) ? variant.unlimited : true })),
    subscribable: canOfferSubscription(type) && draft.subscribable,
  };
}

export type FieldErrors = Record<string, string>;

/** Field ids (also the DOM ids of the controls, so the first one can take focus). */
export const fieldId = {
  name: "product-name",
  slug: "product-slug",
  description: "product-description",
  price: "product-price",
  salePrice: "product-sale-price",
  denominations: "product-denominations",
  billingValue: "product-billing-value",
  billingCycles: "product-billing-cycles",
  customAddButtonText: "product-button-text",
  scarcityText: "product-scarcity-text",
  customSoldOutText: "product-sold-out-text",
  variants: "product-variants",
  option: (key: string) => `option-${key}`,
  variant: (key: string, field: string) => `variant-${key}-${field}`,
};

const amountOk = (text: string, currency: string) => {
  const money = fromDecimalValue(text, currency);
  return money !== null && money.value <= MAX_PRICE;
};
const minor = (text: string, currency: string) => fromDecimalValue(text, currency)?.value ?? 0;
const wholeNumber = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The messages to show next to fields, by field id, in the order of the form (empty: valid). */
export function validateDraft(draft: ProductDraft): FieldErrors {
  const errors: FieldErrors = {};
  const { currency } = draft;
  if (!draft.name.trim() || draft.name.length > 200) errors[fieldId.name] = adminMessages.nameRequired;
  if (draft.itemId && (!draft.slug.trim() || draft.slug.length > 100)) errors[fieldId.slug] = adminMessages.slugInvalid;
  if (draft.description.length > 20_000) errors[fieldId.description] = adminMessages.textTooLong(20_000);
  if (draft.productType === "DIGITAL") {
    if (!amountOk(draft.price, currency)) errors[fieldId.price] = adminMessages.moneyInvalid;
    if (draft.salePrice.trim() && !amountOk(draft.salePrice, currency)) errors[fieldId.salePrice] = adminMessages.moneyInvalid;
  }
  if (draft.productType === "GIFT_CARD" && !draft.itemId) {
    const lines = denominationLines(draft.denominations);
    const amounts = lines.map((line) => fromDecimalValue(line, currency)?.value);
    if (!lines.length || amounts.some((amount) => amount === undefined || amount > MAX_PRICE) || new Set(amounts).size !== amounts.length) {
      errors[fieldId.denominations] = adminMessages.denominationsInvalid;
    }
  }
  if (hasVariantRows(draft.productType)) {
    const names = draft.options.map((option) => option.name.trim());
    draft.options.forEach((option, index) => {
      const name = names[index];
      if (!name || name.length > 100 || names.indexOf(name) !== index) errors[fieldId.option(option.key)] = adminMessages.optionNameInvalid;
    });
    if (draft.variants.length === 0) errors[fieldId.variants] = adminMessages.variantsRequired;
    const skus = draft.variants.map((variant) => variant.sku.trim());
    draft.variants.forEach((variant, index) => {
      const id = (field: string) => fieldId.variant(variant.key, field);
      if (!skus[index] || skus[index].length > 100 || skus.indexOf(skus[index]) !== index) errors[id("sku")] = adminMessages.skuRequired;
      for (const option of draft.options) {
        const value = variant.values[option.key] ?? "";
        if (!value.trim() || value.length > 100) errors[id(`value-${option.key}`)] = adminMessages.optionValueRequired(option.name || "");
      }
      if (!amountOk(variant.price, currency)) errors[id("price")] = adminMessages.moneyInvalid;
      if (variant.onSale || variant.salePrice.trim()) {
        if (!amountOk(variant.salePrice, currency)) errors[id("salePrice")] = adminMessages.moneyInvalid;
      }
      if (hasStock(draft.productType) && !variant.unlimited && !wholeNumber(variant.stock, 0, MAX_STOCK)) errors[id("stock")] = adminMessages.stockInvalid;
    });
  }
  if (draft.subscribable && canOfferSubscription(draft.productType)) {
    if (!wholeNumber(draft.billingValue, 1, MAX_BILLING_PERIOD)) errors[fieldId.billingValue] = ownerMessages.billingPeriodInvalid;
    if (!wholeNumber(draft.billingCycles, 0, MAX_BILLING_CYCLES)) errors[fieldId.billingCycles] = ownerMessages.billingCyclesInvalid;
  }
  if (draft.useCustomAddButtonText && draft.customAddButtonText.length > 100) errors[fieldId.customAddButtonText] = adminMessages.textTooLong(100);
  if (draft.scarcityText.length > 200) errors[fieldId.scarcityText] = adminMessages.textTooLong(200);
  if (draft.customSoldOutText.length > 200) errors[fieldId.customSoldOutText] = adminMessages.textTooLong(200);
  return errors;
}

const denominationLines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

export const attributesOf = (draft: ProductDraft, variant: VariantDraft) =>
  Object.fromEntries(draft.options.map((option) => [option.name.trim(), (variant.values[option.key] ?? "").trim()]));

/** A variant's SKU, options and prices (its stock goes apart, checked against what was read). */
export function variantFields(draft: ProductDraft, variant: VariantDraft) {
  const onSale = variant.onSale;
  return {
    sku: variant.sku.trim(),
    attributes: attributesOf(draft, variant),
    price: minor(variant.price, draft.currency),
    salePrice: variant.salePrice.trim() ? minor(variant.salePrice, draft.currency) : 0,
    onSale,
  };
}

export function variantStock(draft: ProductDraft, variant: VariantDraft) {
  const unlimited = !hasStock(draft.productType) || variant.unlimited;
  return { unlimited, qtyInStock: unlimited ? 0 : Number(variant.stock) };
}

export function subscriptionPlanInput(draft: ProductDraft) {
  if (!canOfferSubscription(draft.productType) || !draft.subscribable) return null;
  return { billingPeriodValue: Number(draft.billingValue), billingPeriodUnit: draft.billingUnit, numBillingCycles: Number(draft.billingCycles) };
}

/** The product's own fields, as createProduct and updateProduct take them. */
export function productFields(draft: ProductDraft) {
  const digital = draft.productType === "DIGITAL";
  return {
    name: draft.name.trim(),
    description: draft.description,
    visible: draft.visible,
    collectionId: draft.collectionId ? Number(draft.collectionId) : null,
    categoryIds: draft.collectionId ? draft.categoryIds : [],
    ...(digital
      ? { price: minor(draft.price, draft.currency), salePrice: draft.salePrice.trim() ? minor(draft.salePrice, draft.currency) : 0, onSale: draft.onSale }
      : {}),
    variantOptionOrdering: hasVariantRows(draft.productType) ? draft.options.map((option) => option.name.trim()) : [],
    additionalFieldsFormId: draft.additionalFieldsFormId ? Number(draft.additionalFieldsFormId) : null,
    useCustomAddButtonText: draft.useCustomAddButtonText,
    customAddButtonText: draft.customAddButtonText.trim() || null,
  };
}

export function denominationAmounts(draft: ProductDraft): number[] {
  return denominationLines(draft.denominations).map((line) => minor(line, draft.currency));
}

/** The restock widget's texts the editor offers (client/storefront/restock/RestockWidget.tsx reads them), with their labels. */
export const RESTOCK_TEXTS = [
  ["CTAText", adminMessages.restockMessageLabel],
  ["placeholderText", adminMessages.restockPlaceholderLabel],
  ["buttonText", adminMessages.restockButtonLabel],
  ["successText", adminMessages.restockSuccessLabel],
] as const;

/** The views merchandising widgets show in: the product page (server/services/storefront/product-context.ts). */
const PRODUCT_PAGE_VIEWS = ["product-page"];

export function merchandisingFields(draft: ProductDraft) {
  return {
    customSoldOutText: draft.customSoldOutText.trim() || null,
    scarcityEnabled: draft.scarcityEnabled,
    scarcityText: draft.scarcityText.trim() || null,
    scarcityTemplateViews: draft.scarcityEnabled ? PRODUCT_PAGE_VIEWS : [],
    scarcityShownByDefault: draft.scarcityEnabled,
    restockNotificationsEnabled: draft.restockEnabled,
    restockNotificationViews: draft.restockEnabled ? PRODUCT_PAGE_VIEWS : [],
    restockNotificationMessages: Object.fromEntries(Object.entries(draft.restockMessages).filter(([, text]) => text.trim())),
    mailingListSignUpEnabled: draft.mailingListEnabled,
    mailingListOptInByDefault: draft.mailingListOptIn,
  };
}

/** Whether a saved variant's SKU, options or prices differ from what was read. */
export function variantChanged(before: VariantDraft, after: VariantDraft): boolean {
  return (
    before.sku !== after.sku ||
    before.price !== after.price ||
    before.salePrice !== after.salePrice ||
    before.onSale !== after.onSale ||
    JSON.stringify(before.values) !== JSON.stringify(after.values)
  );
}

export function stockChanged(variant: VariantDraft, type: ProductTypeName): boolean {
  if (!hasStock(type) || !variant.readStock) return false;
  return variant.unlimited !== variant.readStock.unlimited || (!variant.unlimited && Number(variant.stock) !== variant.readStock.qtyInStock);
}
