// GET /api/commerce/shopping-cart over HTTP (spec storefront-and-commerce.md §7).
import { addEntry, CART, cartOf, countCarts } from "./helpers.ts";
import { ids, shopper, store, totalsOf, useShoppingCartStore } from "./shopping-cart-setup.ts";

useShoppingCartStore();

describe("GET /api/commerce/shopping-cart", () => {
  const emptyTotals = {
    subtotalCents: 0,
    discountCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    grandTotalCents: 0,
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
  };

  it("answers an empty cart to a visitor without one, and stores nothing", async () => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const cart = await cartOf(visitor);
    expect(cart.entries).toEqual([]);
    expect(totalsOf(cart)).toEqual(emptyTotals);
    expect(cart.isPurchased).toBe(false);
    expect(await countCarts(store)).toBe(cartsBefore);
    expect(visitor.cartToken).toBeUndefined();
  });

  it("answers the visitor's cart, as the last add returned it", async () => {
    const visitor = await shopper();
    await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE", quantity: 2 });
    const added = await addEntry(visitor, { itemId: ids["recipe-ebook"], sku: null, quantity: 1 });
    expect(await cartOf(visitor)).toEqual(added.body.shoppingCart);
  });

  it("answers an empty preview cart for mock=true, never the visitor's real cart", async () => {
    const visitor = await shopper();
    const added = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE", quantity: 2 });
    const mock = await cartOf(visitor, "?mock=true");
    expect(mock.entries).toEqual([]);
    expect(totalsOf(mock)).toEqual(emptyTotals);
    expect(mock.id).not.toBe(added.body.shoppingCart.id);
    // ...and the real cart is untouched.
    expect(await cartOf(visitor)).toEqual(added.body.shoppingCart);
  });

  it("accepts timecode and calculateSubtotal and still answers the visitor's cart", async () => {
    const visitor = await shopper();
    const added = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-L-BLUE", quantity: 1 });
    const cart = await cartOf(visitor, `?timecode=${Date.now()}&calculateSubtotal=true`);
    expect(cart).toEqual(added.body.shoppingCart);
    expect(cart.subtotalCents).toBe(3900);
    expect(await cartOf(visitor, "?calculateSubtotal=false&timecode=1")).toEqual(added.body.shoppingCart);
  });

  it("answers an empty cart for a cart cookie that names no cart", async () => {
    const visitor = await shopper();
    visitor.cookies.set("sc_cart", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const response = await visitor.request("GET", CART);
    expect(response.status).toBe(200);
    expect(response.body.entries).toEqual([]);
    expect(totalsOf(response.body)).toEqual(emptyTotals);
  });

  it("is never cached", async () => {
    const visitor = await shopper();
    const response = await visitor.request("GET", CART);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
  });
});
