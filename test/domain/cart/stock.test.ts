// The stock check (spec storefront §5 "Stock check": before adding a product with an
// additional-fields form, stock is enough if any result is unlimited or its qtyInStock exceeds the
// quantity already in the cart for that item and variant) and the add-time check of
// docs/decisions.md ("what is already in the cart plus the new quantity must fit the stock").
import { NotEnoughStockError } from "../../../server/domain/errors.ts";
import { canAddQuantity, hasStockBeyondCart, quantityInCart } from "../../../server/domain/cart/stock.ts";

const limited = (qtyInStock: number) => ({ unlimited: false, qtyInStock });
const unlimited = { unlimited: true, qtyInStock: 0 };

describe("hasStockBeyondCart", () => {
  it.each([
    // [case, enough, results, quantity already in the cart]
    ["qtyInStock exceeds the quantity in the cart", true, [limited(4)], 3],
    ["qtyInStock equals the quantity in the cart", false, [limited(4)], 4],
    ["qtyInStock is below the quantity in the cart", false, [limited(4)], 5],
    ["nothing in the cart and stock 1", true, [limited(1)], 0],
    ["nothing in the cart and stock 0", false, [limited(0)], 0],
    ["a result is unlimited", true, [unlimited], 9999],
    ["an unlimited result beside an empty one", true, [limited(0), unlimited], 2],
    ["any one result has stock beyond the cart", true, [limited(1), limited(10)], 5],
    ["no result has stock beyond the cart", false, [limited(1), limited(2)], 2],
    ["there are no results", false, [], 0],
  ])("stock is enough when %s? %s", (_, enough, results, inCart) => {
    expect(hasStockBeyondCart(results, inCart)).toBe(enough);
  });
});

describe("canAddQuantity", () => {
  it.each([
    // [stock, in cart, requested, allowed]
    [limited(4), 0, 4, true],
    [limited(4), 0, 5, false],
    [limited(4), 2, 2, true],
    [limited(4), 2, 3, false],
    [limited(0), 0, 1, false],
    [unlimited, 0, 9999, true],
    [unlimited, 9999, 9999, true],
  ])("stock %j with %i in the cart: adding %i allowed? %s", (stock, inCart, requested, allowed) => {
    expect(canAddQuantity(stock, inCart, requested)).toBe(allowed);
  });
});

describe("not enough stock", () => {
  it("says 'Sorry, we do not have enough of that item available.'", () => {
    const error = new NotEnoughStockError();
    expect(error.message).toBe("Sorry, we do not have enough of that item available.");
    expect(error.code).toBe("NOT_ENOUGH_STOCK");
  });
});

describe("quantityInCart", () => {
  const entries = [
    { productId: 7, unit: 70, quantity: 2 },
    { productId: 7, unit: 70, quantity: 3 },
    { productId: 7, unit: 71, quantity: 4 },
    { productId: 8, unit: 80, quantity: 5 },
    { productId: 9, unit: null, quantity: 6 },
  ];

  it("adds up the entries of the same product and unit", () => {
    expect(quantityInCart(entries, 7, 70)).toBe(5);
  });

  it("counts every unit of the product when no unit is given", () => {
    expect(quantityInCart(entries, 7, null)).toBe(9);
  });

  it("counts a product without units", () => {
    expect(quantityInCart(entries, 9, null)).toBe(6);
  });

  it("is 0 for what is not in the cart", () => {
    expect(quantityInCart(entries, 7, 72)).toBe(0);
    expect(quantityInCart([], 7, null)).toBe(0);
  });

  it("compares ids as text, as the client sends them", () => {
    expect(quantityInCart([{ productId: "7", unit: "SKU-1", quantity: 2 }], 7, "SKU-1")).toBe(2);
  });
});
