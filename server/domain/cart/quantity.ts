// Quantity rules (spec §5 Quantity; template-language.md §12.3.2 quantity-input).
import { messages } from "../messages/storefront.ts";
import { ProductType, totalStock, type ProductFacts } from "../catalog/product-state.ts";

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;
export const DEFAULT_QUANTITY = 1;

export type QuantityResult = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * Reads a quantity typed by a shopper or sent by a client: a number (or numeric text), whole, and
 * within 1..9999. Empty input is not a number.
 */
export function parseQuantity(input: unknown): QuantityResult {
  // Text must be written as a plain decimal: "1e3" and "0x10" are not quantities a shopper types.
  const text = typeof input === "string" ? input.trim() : null;
  const number = typeof input === "number" ? input : text !== null && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(number)) return { ok: false, message: messages.quantityNotANumber };
  if (!Number.isInteger(number)) return { ok: false, message: messages.quantityNotWhole };
  if (number < MIN_QUANTITY || number > MAX_QUANTITY) return { ok: false, message: messages.quantityOutOfRange };
  return { ok: true, quantity: number };
}

export interface QuantityInputFacts extends ProductFacts {
  isSubscribable: boolean;
}

/**
 * The quantity input is shown for physical products, and for services when the store allows
 * multiple quantities; never for subscribable products; and only when more than one unit is available.
 */
export function isQuantityInputShown(product: QuantityInputFacts, settings: { multipleQuantityAllowedForServices: boolean }): boolean {
  const typeAllows =
    product.productType === ProductType.PHYSICAL || (product.productType === ProductType.SERVICE && settings.multipleQuantityAllowedForServices);
  if (!typeAllows || product.isSubscribable) return false;
  const stock = totalStock(product);
  return stock === null || stock > 1;
}
