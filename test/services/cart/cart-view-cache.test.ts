import type { CartView } from "../../../server/services/cart/cart-view.ts";
import { CartViewCache } from "../../../server/services/cart/cart-view-cache.ts";
import { startAnotherInstance, startTestStore } from "../../support/app.ts";

const view = (id: string, totalQuantity: number) => ({ id, totalQuantity }) as unknown as CartView;

describe("CartViewCache", () => {
  let nowMs = 0;
  const clock = () => nowMs;

  it("loads a cart once and answers from memory until it changes", async () => {
    const cache = new CartViewCache(clock);
    const load = jest.fn(async () => view("c1", 1));
    expect((await cache.get("token", load))?.totalQuantity).toBe(1);
    await cache.get("token", load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidateCart("c1");
    load.mockResolvedValueOnce(view("c1", 2));
    expect((await cache.get("token", load))?.totalQuantity).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a view whose load raced a change to that cart", async () => {
    const cache = new CartViewCache(clock);
    let finish!: (value: CartView) => void;
    const slow = cache.get("token", () => new Promise<CartView>((resolve) => (finish = resolve)));
    cache.invalidateCart("c1"); // a write commits while the old state is being read
    finish(view("c1", 1));
    await slow;
    const load = jest.fn(async () => view("c1", 2));
    expect((await cache.get("token", load))?.totalQuantity).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops every view when prices or settings change, and serves none older than a minute", async () => {
    const cache = new CartViewCache(clock);
    const load = jest.fn(async () => view("c1", 1));
    await cache.get("token", load);
    cache.invalidateAll();
    await cache.get("token", load);
    expect(load).toHaveBeenCalledTimes(2);
    nowMs += 60_001;
    await cache.get("token", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("does not cache a missing cart", async () => {
    const cache = new CartViewCache(clock);
    const load = jest.fn(async () => null);
    expect(await cache.get("token", load)).toBeNull();
    expect(await cache.get("token", load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

it("shows a change made through one server instance in the next read from another (same event bus)", async () => {
  const store = await startTestStore();
  const second = await startAnotherInstance(store);
  try {
    const shopper = await store.visitor().arrive();
    const poster = String(await store.itemId("city-poster"));
    const add = `mutation { addCartEntry(input: { itemId: "${poster}", sku: "POSTER-SMALL" }) { __typename } }`;
    await shopper.graphql(add);
    const elsewhere = second.as(shopper);
    expect((await elsewhere.graphql("{ cart { totalQuantity } }")).data.cart.totalQuantity).toBe(1); // now cached there
    await shopper.graphql(add);
    // The event reaches the other instance's cache before the next read (in-process bus: immediately).
    await new Promise((resolve) => setImmediate(resolve));
    expect((await elsewhere.graphql("{ cart { totalQuantity } }")).data.cart.totalQuantity).toBe(2);
  } finally {
    await second.close();
    await store.close();
  }
});
