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
