// Subscription.cartUpdated over a real graphql-ws client on the server's own port.
import WebSocket from "ws";
import { startTestStore, type TestStore } from "../support/app.ts";
import { ADD, cartOf, cartUpdatedDocument } from "../support/graphql.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";

const CART_UPDATED = cartUpdatedDocument("id totalQuantity grandTotal { value }");

let store: TestStore;
let posterId: string;
beforeAll(async () => {
  store = await startTestStore();
  posterId = String(await store.itemId("city-poster"));
});
afterAll(() => store.close());

const addPoster = (visitor: ReturnType<TestStore["visitor"]>, quantity = 1) =>
  visitor.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL", quantity } });

it("pushes every change of the visitor's cart to the visitor's subscription", async () => {
  const shopper = await store.visitor().arrive();
  const first = await addPoster(shopper);
  const cartId = first.data.addCartEntry.cart.id;
  const client = wsClientFor(store.baseUrl, shopper);
  const listening = store.listening("cartUpdated");
  const events = subscribe<{ cartUpdated: { id: string; totalQuantity: number } }>(client, CART_UPDATED);
  try {
    await listening;
    await addPoster(shopper);
    const event = await events.next();
    expect(event.cartUpdated.id).toBe(cartId);
    const current = await cartOf(shopper, "totalQuantity");
    // A later change arrives too, with the new total.
    const next = events.next((value) => value.cartUpdated.totalQuantity === current.totalQuantity + 3);
    await addPoster(shopper, 3);
    expect((await next).cartUpdated.totalQuantity).toBe(current.totalQuantity + 3);
  } finally {
    events.dispose();
    await client.dispose();
  }
});

it("accepts the cart token in connectionParams for clients without cookies", async () => {
  const shopper = await store.visitor().arrive();
  await addPoster(shopper);
  const client = wsClientFor(store.baseUrl, undefined, { cartToken: shopper.cartToken });
  const listening = store.listening("cartUpdated");
  const events = subscribe(client, CART_UPDATED);
  try {
    await listening;
    await addPoster(shopper);
    const event = await events.next();
    expect(event).toHaveProperty("cartUpdated.totalQuantity");
  } finally {
    events.dispose();
    await client.dispose();
  }
});

it("lets a visitor follow only their own cart", async () => {
  const alice = await store.visitor().arrive();
  const bob = await store.visitor().arrive();
  await addPoster(alice);
  await addPoster(bob);
  const bobsClient = wsClientFor(store.baseUrl, bob);
  const listening = store.listening("cartUpdated");
  const bobsEvents = subscribe<{ cartUpdated: { id: string; totalQuantity: number } }>(bobsClient, CART_UPDATED);
  try {
    const bobsCartId = (await cartOf(bob, "id")).id;
    // Bob hears his own change...
    await listening;
    await addPoster(bob);
    await bobsEvents.next();
    // ...and never Alice's: after five changes of hers and one of his, every event is about his cart.
    for (let i = 0; i < 5; i++) await addPoster(alice);
    const bobsTotal = (await cartOf(bob, "totalQuantity")).totalQuantity;
    const last = bobsEvents.next((value: any) => value.cartUpdated.totalQuantity === bobsTotal + 1);
    await addPoster(bob);
    await last;
    expect(bobsEvents.values.map((value) => value.cartUpdated.id)).toEqual(bobsEvents.values.map(() => bobsCartId));
  } finally {
    bobsEvents.dispose();
    await bobsClient.dispose();
  }
  // A visitor without a cart has nothing to follow.
  const stranger = wsClientFor(store.baseUrl, await store.visitor().arrive());
  const strangerEvents = subscribe(stranger, CART_UPDATED);
  expect(JSON.stringify(await strangerEvents.error)).toContain("Your shopping cart could not be found.");
  await stranger.dispose();
});

it("applies the document limits to subscriptions too", async () => {
  const shopper = await store.visitor().arrive();
  await addPoster(shopper);
  const client = wsClientFor(store.baseUrl, shopper);
  const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: totalQuantity`).join(" ");
  const events = subscribe(client, `subscription { cartUpdated { ${aliases} } }`);
  expect(JSON.stringify(await events.error)).toMatch(/alias/i);
  await client.dispose();
});

it("closes a socket that sends no connection_init within 3 s", async () => {
  // graphql-ws's wait runs on jest's fake clock, which the test moves: the socket itself stays real.
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
  try {
    const socket = new WebSocket(`${store.baseUrl.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await new Promise((resolve) => socket.once("open", resolve));
    jest.advanceTimersByTime(2_999);
    // Still open just before 3 s: a ping sent now is answered (a close frame would come before the pong).
    socket.ping();
    await new Promise((resolve) => socket.once("pong", resolve));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    jest.advanceTimersByTime(1);
    expect(await closed).toBe(4408);
  } finally {
    jest.useRealTimers();
  }
});
