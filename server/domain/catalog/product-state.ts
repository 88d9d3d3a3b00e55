// Derived product states, defined once (spec storefront §4 "Derived product states"; the precise
// definitions are those of template-language.md §12.3.1, which the template predicates share).
// GraphQL fields, REST, template predicates and the client all call these functions.
import { type Money } from "../money.ts";
import { availableUnits } from "../cart/stock.ts";

export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;
export type ProductTypeNumber = (typeof ProductType)[keyof typeof ProductType];

export const productTypeNames: Record<ProductTypeNumber, keyof typeof ProductType> = {
  1: "PHYSICAL",
  2: "DIGITAL",
  3: "SERVICE",
  4: "GIFT_CARD",
  5: "PAYWALL",
};

export function isProductType(value: number): value is ProductTypeNumber {
  return value in productTypeNames;
}

/** What a variant contributes to the rules (a Prisma Variant row satisfies it). */
export interface VariantFacts {
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  /** Units other carts' payments hold (issue 22): they are not available to this shopper. */
  heldByOthers?: number;
}

/**
 * What the rules need of a product. Gift cards list their denominations as variants (unlimited,
 * never on sale), so "from $25.00" and varied prices work for them as for any product.
 */
export interface ProductFacts {
  productType: number;
  currency: string;
  variants: readonly VariantFacts[];
  /** Digital products carry price, sale price and onSale on the product itself. */
  price?: number | null;
  salePrice?: number | null;
  onSale?: boolean;
}

const hasStockedVariants = (type: number) => type === ProductType.PHYSICAL || type === ProductType.SERVICE;
/** Products whose stock is never counted: digital, gift cards and paywall access. */
const isInventoryFree = (type: number) => type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL;

/**
 * The stock fact alone: a limited variant with no units left, whatever its product's type. GraphQL's
 * `Variant.soldOut` answers this (a variant row does not carry its product's type); the product
 * page's rule is `isVariantSoldOut`, which agrees for physical and service products.
 */
export function isOutOfStock(variant: Pick<VariantFacts, "unlimited" | "qtyInStock" | "heldByOthers">): boolean {
  return availableUnits(variant) <= 0;
}

/**
 * Whether one variant of a product is sold out: for physical and service products, a limited
 * variant with no stock left. Digital products, gift cards and paywall access are never sold out;
 * an unknown type always is. GraphQL, the page context, the waitlist and the client all ask this.
 */
export function isVariantSoldOut(productType: number, variant: Pick<VariantFacts, "unlimited" | "qtyInStock" | "heldByOthers">): boolean {
  if (hasStockedVariants(productType)) return isOutOfStock(variant);
  return !isInventoryFree(productType);
}

/** Sold out: a physical or service product every one of whose variants is sold out (or that has none). */
export function isSoldOut(product: ProductFacts): boolean {
  if (hasStockedVariants(product.productType)) {
    return product.variants.every((variant) => isVariantSoldOut(product.productType, variant));
  }
  // Digital products, gift cards and paywall access are never sold out; an unknown type always is.
  return !isInventoryFree(product.productType);
}

/** On sale: any variant on sale, or the digital product's own flag. */
export function isOnSale(product: ProductFacts): boolean {
  if (product.productType === ProductType.DIGITAL) return product.onSale === true;
  if (hasStockedVariants(product.productType)) return product.variants.some((variant) => variant.onSale);
  return false;
}

/**
 * Varied prices: some variant differs from the first in onSale, in sale price (compared only when
 * the first is on sale) or in price.
 */
export function hasVariedPrices(product: ProductFacts): boolean {
  if (product.productType === ProductType.DIGITAL) return false;
  if (!hasStockedVariants(product.productType) && product.productType !== ProductType.GIFT_CARD) return false;
  const [first, ...rest] = product.variants;
  if (!first) return false;
  return rest.some((variant) => variant.onSale !== first.onSale || (first.onSale && variant.salePrice !== first.salePrice) || variant.price !== first.price);
}

/** Unlimited stock: any variant unlimited; digital, gift-card and paywall stock always is. */
export function hasUnlimitedStock(product: ProductFacts): boolean {
  return isInventoryFree(product.productType) || product.variants.some((variant) => variant.unlimited);
}

/** Units available across variants (other carts' holds left out), or null when unlimited. */
export function totalStock(product: ProductFacts): number | null {
  if (hasUnlimitedStock(product)) return null;
  return product.variants.reduce((sum, variant) => sum + availableUnits(variant), 0);
}

/** More than one variant: the variant selectors are shown (spec §5); digital products never. */
export function hasVariants(product: ProductFacts): boolean {
  return product.productType !== ProductType.DIGITAL && product.variants.length > 1;
}

/** What one unit costs now: the sale price when on sale. */
export function effectivePrice(variant: Pick<VariantFacts, "price" | "salePrice" | "onSale">): number {
  return variant.onSale ? variant.salePrice : variant.price;
}

/** The lowest effective price (first wins ties); a digital product's own price (its sale price is shown apart). */
export function fromPrice(product: ProductFacts): Money {
  if (product.productType === ProductType.DIGITAL) return { value: product.price ?? 0, currency: product.currency };
  let lowest: number | null = null;
  for (const variant of product.variants) {
    const price = effectivePrice(variant);
    if (lowest === null || price < lowest) lowest = price;
  }
  return { value: lowest ?? 0, currency: product.currency };
}

/** The highest regular price, ignoring sales; a digital product's own price. */
export function normalPrice(product: ProductFacts): Money {
  if (product.productType === ProductType.DIGITAL) return { value: product.price ?? 0, currency: product.currency };
  const value = product.variants.reduce((max, variant) => Math.max(max, variant.price), 0);
  return { value, currency: product.currency };
}

/** The lowest sale price among variants on sale (0 when none); a digital product's own sale price. */
export function salePrice(product: ProductFacts): Money {
  if (product.productType === ProductType.DIGITAL) return { value: product.salePrice ?? 0, currency: product.currency };
  if (!hasStockedVariants(product.productType)) return { value: 0, currency: product.currency };
  let lowest: number | null = null;
  for (const variant of product.variants) {
    if (variant.onSale && (lowest === null || variant.salePrice < lowest)) lowest = variant.salePrice;
  }
  return { value: lowest ?? 0, currency: product.currency };
}

export interface PriceDisplay {
  /** Set when prices vary: shown as 'from {fromPrice}'. */
  fromPrice: Money | null;
  /** Set when on sale: the sale price, shown beside the struck-through normal price. */
  salePrice: Money | null;
  normalPrice: Money;
}

/** What the price block of a product shows (from-price for varied prices, sale price when on sale). */
export function priceDisplay(product: ProductFacts): PriceDisplay {
  return {
    fromPrice: hasVariedPrices(product) ? fromPrice(product) : null,
    salePrice: isOnSale(product) ? salePrice(product) : null,
    normalPrice: normalPrice(product),
  };
}

/** The scarcity threshold a store starts with: 'Only {qty} left!' shows at this many units or fewer (ours). */
export const SCARCITY_THRESHOLD = 5;

/**
 * The store's scarcity settings (the inventory panel's): the threshold, and whether scarcity shows on
 * product pages and in product blocks (the lists: the product grid, search results). A product shows it
 * only when its own merchandising switches it on as well.
 */
export interface ScarcitySettings {
  threshold: number;
  onProductPages: boolean;
  inProductBlocks: boolean;
}

export const DEFAULT_SCARCITY_SETTINGS: ScarcitySettings = { threshold: SCARCITY_THRESHOLD, onProductPages: true, inProductBlocks: true };

/** Where a product is shown: its own page, or a block listing products. */
export type ScarcityView = "product-page" | "product-block";

/** Whether the store shows scarcity in this view at all. */
export function isScarcityShownIn(settings: ScarcitySettings, view: ScarcityView): boolean {
  return view === "product-page" ? settings.onProductPages : settings.inProductBlocks;
}

/** Whether a variant is scarce enough for the scarcity text: limited, in stock, at most the threshold. */
export function isScarce(variant: Pick<VariantFacts, "unlimited" | "qtyInStock">, threshold: number = SCARCITY_THRESHOLD): boolean {
  return !variant.unlimited && variant.qtyInStock > 0 && variant.qtyInStock <= threshold;
}
