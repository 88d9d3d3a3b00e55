// The stock check (spec §5 "Stock check"): before adding, stock is enough if any result is unlimited
// or its qtyInStock exceeds the quantity already in the cart for that item and variant.

export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
}

/** The spec's check for products with an additional-fields form, before the form opens. */
export function hasStockBeyondCart(results: readonly StockResult[], quantityInCart: number): boolean {
  return results.some((result) => result.unlimited || result.qtyInStock > quantityInCart);
}

/**
 * The server's check when adding: the quantity already in the cart plus the quantity requested must
 * not exceed the stock of a limited variant.
 */
export function canAddQuantity(stock: StockResult, quantityInCart: number, requested: number): boolean {
  return stock.unlimited || quantityInCart + requested <= stock.qtyInStock;
}

/** A cart entry as the stock checks count it: its product, the unit chosen (variant or denomination), its quantity. */
export interface CartUnitQuantity {
  productId: string | number;
  /** The variant (or gift-card denomination) chosen; null for a product without either. */
  unit: string | number | null;
  quantity: number;
}

/**
 * Units of a product already in the cart: of the given unit (variant or denomination), or of every
 * unit when `unit` is null. Ids compare as text, so raw ids and the client's strings agree.
 */
export function quantityInCart(entries: readonly CartUnitQuantity[], productId: string | number, unit: string | number | null): number {
  return entries
    .filter((entry) => String(entry.productId) === String(productId) && (unit === null || String(entry.unit) === String(unit)))
    .reduce((sum, entry) => sum + entry.quantity, 0);
}
