// Stock held while a payment is in flight (issue 22): a shopper can have a variant's qtyInStock less
// the units other carts' active holds keep, never below zero; a hold lasts STOCK_HOLD_MINUTES.
import { availableUnits, canAddQuantity, hasStockBeyondCart, holdExpiry, isHoldActive, STOCK_HOLD_MINUTES } from "../../../server/domain/cart/stock.ts";
import { isOutOfStock, isSoldOut, isVariantSoldOut, ProductType, totalStock } from "../../../server/domain/catalog/product-state.ts";

const held = (qtyInStock: number, heldByOthers: number) => ({ unlimited: false, qtyInStock, heldByOthers });
const variant = (qtyInStock: number, heldByOthers: number) => ({ price: 1000, salePrice: 0, onSale: false, ...held(qtyInStock, heldByOthers) });

describe("availableUnits", () => {
  it.each([
    // [stock, held by other carts, available]
    [3, 0, 3],
    [3, 1, 2],
    [3, 3, 0],
    [3, 5, 0],
    [0, 2, 0],
  ])("is qtyInStock %i less %i held by other carts: %i", (qtyInStock, heldByOthers, available) => {
    expect(availableUnits(held(qtyInStock, heldByOthers))).toBe(available);
  });

  it("counts no hold when none is given", () => {
    expect(availableUnits({ unlimited: false, qtyInStock: 4 })).toBe(4);
  });

  it("is unbounded for an unlimited variant, whatever is held", () => {
    expect(availableUnits({ unlimited: true, qtyInStock: 0, heldByOthers: 7 })).toBe(Infinity);
  });
});

describe("the add-to-cart checks count other carts' holds", () => {
  it.each([
    // [stock, held, in cart, requested, allowed]
    [3, 1, 0, 2, true],
    [3, 1, 0, 3, false],
    [3, 1, 1, 1, true],
    [3, 1, 1, 2, false],
    [3, 3, 0, 1, false],
  ])("stock %i, %i held elsewhere, %i in the cart: adding %i allowed? %s", (qtyInStock, heldByOthers, inCart, requested, allowed) => {
    expect(canAddQuantity(held(qtyInStock, heldByOthers), inCart, requested)).toBe(allowed);
  });

  it("finds no stock beyond the cart once the rest is held", () => {
    expect(hasStockBeyondCart([held(3, 2)], 1)).toBe(false);
    expect(hasStockBeyondCart([held(3, 1)], 1)).toBe(true);
  });
});

describe("what the storefront shows", () => {
  it("is sold out when every unit of every limited variant is held by other carts", () => {
    const product = { productType: ProductType.PHYSICAL, currency: "USD", variants: [variant(2, 2), variant(1, 1)] };
    expect(isSoldOut(product)).toBe(true);
    expect(isOutOfStock(variant(2, 2))).toBe(true);
    expect(isVariantSoldOut(ProductType.PHYSICAL, variant(2, 2))).toBe(true);
  });

  it("is in stock while a unit is not held", () => {
    const product = { productType: ProductType.PHYSICAL, currency: "USD", variants: [variant(2, 2), variant(3, 1)] };
    expect(isSoldOut(product)).toBe(false);
    expect(totalStock(product)).toBe(2);
  });
});

describe("a hold's life", () => {
  const now = new Date("2026-11-28T03:00:00Z");

  it("lasts 15 minutes", () => {
    expect(STOCK_HOLD_MINUTES).toBe(15);
    expect(holdExpiry(now).toISOString()).toBe("2026-11-28T03:15:00.000Z");
  });

  it("counts until it expires, not at its expiry", () => {
    const hold = { expiresAt: holdExpiry(now) };
    expect(isHoldActive(hold, new Date("2026-11-28T03:14:59.999Z"))).toBe(true);
    expect(isHoldActive(hold, new Date("2026-11-28T03:15:00.000Z"))).toBe(false);
  });
});
