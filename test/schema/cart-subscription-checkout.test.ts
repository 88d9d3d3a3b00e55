// startSubscriptionCheckout over GraphQL: a subscribable product in a cart of its own (set-up in
// cart-setup.ts).
import { run } from "../support/app.ts";
import { START_SUBSCRIPTION_CHECKOUT as START_SUBSCRIPTION } from "../support/graphql.ts";
import { CART, cartOf, ids, store, useCartStore } from "./cart-setup.ts";

useCartStore();

describe("startSubscriptionCheckout", () => {
  it("returns a cartToken for coffee-club: a cart of its own, apart from the visitor's cart", async () => {
    const visitor = store.visitor();
    const payload = (await run(visitor, START_SUBSCRIPTION, { input: { itemId: ids["coffee-club"] } })).startSubscriptionCheckout;
    expect(payload.__typename).toBe("StartSubscriptionCheckoutSuccess");
    expect(payload.cartToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(await cartOf(visitor)).toBeNull();
    expect(visitor.cartToken).toBeUndefined();

    const subscriptionCart = (await run(store.visitor(), CART, undefined, { "x-cart-token": payload.cartToken })).cart;
    expect(subscriptionCart.entries.map((entry: any) => [entry.title, entry.chosenVariant.sku, entry.quantity, entry.purchasePrice.value])).toEqual([
      ["Coffee Club", "COFFEE-CLUB", 1, 2000],
    ]);
  });

  it("is refused for a product that is not subscribable", async () => {
    const payload = (await run(store.visitor(), START_SUBSCRIPTION, { input: { itemId: ids["ceramic-mug"] } })).startSubscriptionCheckout;
    expect(payload).toEqual({
      __typename: "NotAllowedError",
      message: "This product is not sold as a subscription.",
      code: "NOT_ALLOWED",
    });
  });

  it("applies the quantity rules", async () => {
    const payload = (await run(store.visitor(), START_SUBSCRIPTION, { input: { itemId: ids["coffee-club"], quantity: 0 } })).startSubscriptionCheckout;
    expect(payload).toEqual({ __typename: "InvalidQuantityError", message: "Quantity must be between 1 and 9999.", code: "INVALID_QUANTITY" });
  });
});
