// Page data (a product item as templates see it) adapted to the domain's ProductFacts, so that the
// commerce predicates and formatters decide sold out, on sale, varied prices and prices with the same
// functions as GraphQL and REST (server/domain/catalog/product-state.ts). Nothing here decides a state; it
// only says how the language's data maps onto the facts each rule reads (template-language.md §12.3.1):
//
// - The language knows product types 1–4; any other type (−1, our paywall 5, garbage) is its
//   "undefined" type, given to the rules as −1.
// - Varied prices compares the legacy minor-unit fields (`price`, `salePrice`, `onSale`) by deep
//   equality of the raw values, so an absent key differs from `false` or `0`: those facts carry the
//   raw JSON values, made comparable with `!==`.
// - Prices come from the money objects (`priceMoney`, `salePriceMoney`; `value` in major units),
//   read as minor units. The domain picks the amount; we answer with the money object it came from,
//   so the currency and the exact decimal of the data are what is shown. The language prices a
//   product of undefined type at the default money, so those facts have no variants.
import { isTruthy, Node, Type } from "@squarespace/template-engine";
import { getAmountFromMoneyNode } from "@squarespace/template-engine/lib/plugins/util.commerce";
import { effectivePrice, fromPrice, normalPrice, ProductType, salePrice, type ProductFacts, type VariantFacts } from "../../domain/catalog/product-state.ts";

/** `{value: "0", currency: "USD"}`: the price when none applies (§12.3.1). */
export const DEFAULT_MONEY = new Node({ value: "0", currency: "USD" });

const KNOWN_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE, ProductType.GIFT_CARD];
const UNDEFINED_TYPE = -1;

export function productTypeOf(product: Node): number {
  const type = product.path(["structuredContent", "productType"]).asNumber();
  return KNOWN_TYPES.includes(type) ? type : UNDEFINED_TYPE;
}

function variantNodes(product: Node): Node[] {
  const variants = product.path(["structuredContent", "variants"]);
  return variants.type === Type.ARRAY ? (variants.value as unknown[]).map((value) => new Node(value)) : [];
}

/** Minor units of a money object (`"15.00"` → 1500); missing or unparseable amounts are 0. */
export function minorUnits(money: Node): number {
  return Number(getAmountFromMoneyNode(money).movePoint(2).toString());
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A raw JSON value that `!==` compares as deep equality does (objects by content). */
function comparable(node: Node): never {
  const value = node.type === Type.OBJECT || node.type === Type.ARRAY ? `\u0000${canonical(node.value)}` : node.isMissing() ? undefined : node.value;
  return value as never;
}

/**
 * Facts for sold out, on sale, has variants, stock and the quantity input: flags by the language's
 * truthiness, stock as a number, amounts from the money objects.
 */
export function stockFacts(product: Node): ProductFacts {
  return pricedProduct(product, { keepUndefinedVariants: true }).facts;
}

/** Facts for varied prices: the raw legacy fields, compared as the language compares them. */
export function legacyPriceFacts(product: Node): ProductFacts {
  const variants = variantNodes(product).map((variant): VariantFacts => ({
    price: comparable(variant.get("price")),
    salePrice: comparable(variant.get("salePrice")),
    onSale: comparable(variant.get("onSale")),
    unlimited: isTruthy(variant.get("unlimited")),
    qtyInStock: variant.get("qtyInStock").asNumber(),
  }));
  return { productType: productTypeOf(product), currency: "USD", variants };
}

interface PricedProduct {
  facts: ProductFacts;
  /** Per variant, the money objects its amounts were read from. */
  prices: Node[];
  salePrices: Node[];
}

function pricedProduct(product: Node, { keepUndefinedVariants }: { keepUndefinedVariants: boolean }): PricedProduct {
  const type = productTypeOf(product);
  const content = product.get("structuredContent");
  const nodes = type === UNDEFINED_TYPE && !keepUndefinedVariants ? [] : variantNodes(product);
  const prices = nodes.map((variant) => variant.get("priceMoney"));
  const salePrices = nodes.map((variant) => variant.get("salePriceMoney"));
  const variants = nodes.map((variant, index): VariantFacts => ({
    price: minorUnits(prices[index]),
    salePrice: minorUnits(salePrices[index]),
    onSale: isTruthy(variant.get("onSale")),
    unlimited: isTruthy(variant.get("unlimited")),
    qtyInStock: variant.get("qtyInStock").asNumber(),
  }));
  const digitalPrice = content.get("priceMoney");
  const digitalSale = content.get("salePriceMoney");
  const facts: ProductFacts = {
    productType: type,
    currency: "USD",
    variants,
    price: digitalPrice.isMissing() ? null : minorUnits(digitalPrice),
    salePrice: digitalSale.isMissing() ? null : minorUnits(digitalSale),
    onSale: isTruthy(content.get("onSale")),
  };
  return { facts, prices, salePrices };
}

function digitalMoney(money: Node): Node {
  return money.isMissing() ? DEFAULT_MONEY : money;
}

/** The from price's money object: the lowest effective price (the sale price of a variant on sale). */
export function fromPriceMoney(product: Node): Node {
  const { facts, prices, salePrices } = pricedProduct(product, { keepUndefinedVariants: false });
  if (facts.productType === ProductType.DIGITAL) return digitalMoney(product.path(["structuredContent", "priceMoney"]));
  const { value } = fromPrice(facts);
  const index = facts.variants.findIndex((variant) => effectivePrice(variant) === value);
  if (index === -1) return DEFAULT_MONEY;
  return facts.variants[index].onSale ? salePrices[index] : prices[index];
}

/** The normal price's money object: the highest regular price. */
export function normalPriceMoney(product: Node): Node {
  const { facts, prices } = pricedProduct(product, { keepUndefinedVariants: false });
  if (facts.productType === ProductType.DIGITAL) return digitalMoney(product.path(["structuredContent", "priceMoney"]));
  const { value } = normalPrice(facts);
  const index = facts.variants.findIndex((variant) => variant.price === value);
  return index === -1 ? DEFAULT_MONEY : prices[index];
}

/** The sale price's money object: the lowest sale price of a variant on sale, else the default. */
export function salePriceMoney(product: Node): Node {
  const { facts, salePrices } = pricedProduct(product, { keepUndefinedVariants: false });
  if (facts.productType === ProductType.DIGITAL) return digitalMoney(product.path(["structuredContent", "salePriceMoney"]));
  const { value } = salePrice(facts);
  const index = facts.variants.findIndex((variant) => variant.onSale && variant.salePrice === value);
  return index === -1 ? DEFAULT_MONEY : salePrices[index];
}

/** The variant a from price comes from (its index), or -1: subscriptions show its pricing options. */
export function lowestPricedVariant(product: Node): number {
  const { facts } = pricedProduct(product, { keepUndefinedVariants: false });
  if (facts.productType !== ProductType.PHYSICAL && facts.productType !== ProductType.SERVICE) return -1;
  const { value } = fromPrice(facts);
  return facts.variants.findIndex((variant) => effectivePrice(variant) === value);
}
