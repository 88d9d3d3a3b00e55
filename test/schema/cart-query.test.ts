// Query.cart over GraphQL: the cart cookie, each visitor's own cart, X-Cart-Token (spec
// storefront-and-commerce.md §5 and §8; set-up in cart-setup.ts).
import { run } from "../support/app.ts";
import { ADD, added, CART, cartOf, ids, store, useCartStore } from "./cart-setup.ts";

useCartStore();

describe("Query.cart and the cart cookie", () => {
  it("is null for a new visitor", async () => {
    expect(await cartOf(store.visitor())).toBeNull();
  });

  it("sets the cart cookie on the first add, and the cart is the visitor's own afterwards", async () => {
    const visitor = store.visitor();
    const result = await visitor.graphql(ADD, { input: { itemId: ids["ceramic-mug"] } });
    expect(result.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
    const setCookie = result.headers.getSetCookie().find((cookie) => cookie.startsWith("sc_cart="));
    expect(setCookie).toMatch(/^sc_cart=[A-Za-z0-9_-]{16,128}; /);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(visitor.cartToken).toBe(result.data.addCartEntry.cart.token);

    const cart = await cartOf(visitor);
    expect(cart.id).toBe(result.data.addCartEntry.cart.id);
    expect(cart.entries.map((entry: any) => entry.chosenVariant.sku)).toEqual(["MUG-1"]);
  });

  it("does not set the cart cookie again on later adds to the same cart", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const result = await visitor.graphql(ADD, { input: { itemId: ids["recipe-ebook"] } });
    expect(result.headers.getSetCookie().filter((cookie) => cookie.startsWith("sc_cart="))).toEqual([]);
    expect(result.data.addCartEntry.cart.totalQuantity).toBe(2);
  });

  it("is invisible to another visitor: their cart is null and node(id) of the other cart is null", async () => {
    const owner = store.visitor();
    const payload = await added(owner, "ceramic-mug");
    const stranger = store.visitor();
    expect(await cartOf(stranger)).toBeNull();
    const nodeQuery = `query($id: ID!) { node(id: $id) { __typename id } }`;
    expect((await run(stranger, nodeQuery, { id: payload.cart.id })).node).toBeNull();
    // The stranger's own cart does not open the owner's either.
    await added(stranger, "recipe-ebook");
    expect((await run(stranger, nodeQuery, { id: payload.cart.id })).node).toBeNull();
    expect((await run(owner, nodeQuery, { id: payload.cart.id })).node).toEqual({ __typename: "Cart", id: payload.cart.id });
  });

  it("answers each visitor with their own cart even when the same cart query was answered null for someone else", async () => {
    const newcomer = store.visitor();
    expect(await cartOf(newcomer)).toBeNull();
    const shopper = store.visitor();
    const payload = await added(shopper, "ceramic-mug");
    expect((await cartOf(shopper))?.id).toBe(payload.cart.id);
    expect(await cartOf(store.visitor())).toBeNull();
  });

  it("runs every mutation: an error answered to one cart is never replayed to another request", async () => {
    const full = store.visitor();
    await added(full, "ceramic-mug", { quantity: 3 });
    const refused = (await run(full, ADD, { input: { itemId: ids["ceramic-mug"] } })).addCartEntry;
    expect(refused.__typename).toBe("NotEnoughStockError");
    // The very same document and variables, from a visitor whose cart has room.
    const other = store.visitor();
    const accepted = (await run(other, ADD, { input: { itemId: ids["ceramic-mug"] } })).addCartEntry;
    expect(accepted.__typename).toBe("AddCartEntrySuccess");
    expect((await cartOf(other)).totalQuantity).toBe(1);
  });

  it("opens a cart by X-Cart-Token for clients without cookies", async () => {
    const owner = store.visitor();
    const payload = await added(owner, "ceramic-mug");
    const cookieless = store.visitor();
    const cart = (await run(cookieless, CART, undefined, { "x-cart-token": payload.cart.token })).cart;
    expect(cart.id).toBe(payload.cart.id);
  });
});
