// The stock check (spec §5 "Stock check"): before adding, stock is enough if any result is unlimited
// or its available units exceed the quantity already in the cart for that item and variant.
// Available units (issue 22): a payment in flight holds its cart's units, so another shopper can have
// only what is in stock less the units other carts' active holds keep.

/**
 * How long a shopper's units stay held once they start paying: long enough for a card's 3-D Secure
 * step, short enough that an abandoned payment hides stock from other shoppers only briefly.
 */
export const STOCK_HOLD_MINUTES = 15;

/** When a hold made at `now` lapses: from then on its units are available again. */
export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + STOCK_HOLD_MINUTES * 60_000);
}

/** A hold counts until it expires (the services' SQL asks the same: expiresAt > now). */
export function isHoldActive(hold: { expiresAt: Date }, now: Date): boolean {
  return hold.expiresAt.getTime() > now.getTime();
}

export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
  /** Units other carts' active holds keep (services/cart/stock-holds.ts reads them); none when left out. */
  heldByOthers?: number;
}

/** Units a shopper can have: qtyInStock less other carts' active holds, never below 0; Infinity when unlimited. */
export function availableUnits(stock: StockResult): number {
  if (stock.unlimited) return Infinity;
  return Math.max(0, stock.qtyInStock - (stock.heldByOthers ?? 0));
}

/** The spec's check for products with an additional-fields form, before the form opens. */
export function hasStockBeyondCart(results: readonly StockResult[], quantityInCart: number): boolean {
  return results.some((result) => availableUnits(result) > quantityInCart);
}

/**
 * The server's check when adding: the quantity already in the cart plus the quantity requested must
 * not exceed the available units of a limited variant.
 */
export function canAddQuantity(stock: StockResult, quantityInCart: number, requested: number): boolean {
  return quantityInCart + requested <= availableUnits(stock);
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
