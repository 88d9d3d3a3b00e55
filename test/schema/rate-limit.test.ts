// Mutation rate limiting over GraphQL (spec §8: HTTP 429 'Please try again in a few seconds.'): a
// visitor may make `burst` changes at once; the next mutation is refused with 429 and changes nothing.
// Queries are never limited, and each visitor has their own budget.
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, cartDocument } from "../support/graphql.ts";

const ADD = addCartEntryDocument("totalQuantity", null);
const CART = cartDocument("totalQuantity");

let store: TestStore;
let mugId: string;

beforeAll(async () => {
  store = await startTestStore({ config: { rateLimit: { burst: 2, perSecond: 0.001 } } });
  mugId = String(await store.itemId("ceramic-mug"));
}, 60_000);
afterAll(() => store.close());

/** A visitor who has loaded a page, so they hold a crumb (their rate-limit identity). */
const arrived = async (): Promise<TestVisitor> => store.visitor().arrive();

it("answers the 3rd mutation within the burst of 2 with HTTP 429 'Please try again in a few seconds.'", async () => {
  const visitor = await arrived();
  for (let attempt = 1; attempt <= 2; attempt++) {
    const result = await visitor.graphql(ADD, { input: { itemId: mugId } });
    expect(result.status).toBe(200);
    expect(result.data.addCartEntry).toEqual({ __typename: "AddCartEntrySuccess", cart: { totalQuantity: attempt } });
  }
  const third = await visitor.graphql(ADD, { input: { itemId: mugId } });
  expect(third.status).toBe(429);
  expect(third.data).toBeUndefined();
  expect(third.errors).toEqual([expect.objectContaining({ message: "Please try again in a few seconds." })]);
  expect(third.errors?.[0].extensions?.code).toBe("RATE_LIMITED");
  expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
});

it("changes nothing for a refused mutation, and still answers queries", async () => {
  const visitor = await arrived();
  await visitor.graphql(ADD, { input: { itemId: mugId } });
  await visitor.graphql(ADD, { input: { itemId: mugId } });
  store.queries.reset();
  const refused = await visitor.graphql(ADD, { input: { itemId: mugId } });
  expect(refused.status).toBe(429);
  expect(store.queries.count()).toBe(0);
  for (let read = 0; read < 3; read++) {
    const cart = await visitor.graphql(CART);
    expect(cart.status).toBe(200);
    expect(cart.data).toEqual({ cart: { totalQuantity: 2 } });
  }
});

it("limits every kind of mutation, including ones that fail", async () => {
  const visitor = await arrived();
  const coupon = `mutation { applyCoupon(input: { code: "WELCOME10" }) { __typename } }`;
  expect((await visitor.graphql(coupon)).status).toBe(200);
  expect((await visitor.graphql(coupon)).status).toBe(200);
  const third = await visitor.graphql(`mutation { checkout(input: { email: "a@example.com" }) { __typename } }`);
  expect(third.status).toBe(429);
  expect(third.errors?.map((error) => error.message)).toEqual(["Please try again in a few seconds."]);
});

it("gives each visitor their own budget", async () => {
  const first = await arrived();
  for (let attempt = 0; attempt < 3; attempt++) await first.graphql(ADD, { input: { itemId: mugId } });
  const second = await arrived();
  const result = await second.graphql(ADD, { input: { itemId: mugId } });
  expect(result.status).toBe(200);
  expect(result.data.addCartEntry.cart.totalQuantity).toBe(1);
});
