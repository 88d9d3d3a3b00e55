// Owners' orders over GraphQL (issue 9 §4): an order placed through the storefront's checkout, listed,
// searched and read by its owner, fulfilled, then an invalid move refused with its message; a cancel
// gives the stock back. Authorization basics here (viewer and anonymous refused, a store manager
// allowed); every role is test/authz/owner-operations-graphql.test.ts.
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { addCartEntryDocument, checkoutDocument } from "../support/graphql.ts";

let store: TestStore;
let owner: Caller;
let storeManager: Caller;
let viewer: Caller;

beforeAll(async () => {
  store = await startTestStore();
  // Enough mugs for every purchase below (the demo store has 3).
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 50 } });
  await createRoleAccounts(store);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  storeManager = await signedIn(store, "store manager", roleEmail(8), PASSWORD, 8);
  viewer = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
}, 60_000);
afterAll(() => store.close());

/** A visitor buys `quantity` mugs through the storefront; returns the order's raw id and number. */
async function buyMugs(email: string, quantity: number): Promise<{ orderId: string; orderNumber: number }> {
  const visitor = await store.visitor().arrive();
  const itemId = String(await store.itemId("ceramic-mug"));
  const added = await visitor.graphql(addCartEntryDocument("id", null), { input: { itemId, sku: "MUG-1", quantity } });
  expect(added.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  const result = await visitor.graphql(checkoutDocument("orderId orderNumber"), {
    input: { email, shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" } },
  });
  expect(result.data.checkout.__typename).toBe("CheckoutSuccess");
  return result.data.checkout.order;
}

const mugStock = async () => (await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" }, select: { qtyInStock: true } })).qtyInStock;

const ORDER_FIELDS = `orderId orderNumber state nextStates customerEmail testMode grandTotal { value currency }
  items { sku quantity unitPrice { value } } shippingCountry shippingRegion shippingPostalCode createdAt fulfilledAt cancelledAt refundedAt`;
const LIST = `query($search: String, $state: OrderState, $first: Int, $after: String) {
  ownerOrders(search: $search, state: $state, first: $first, after: $after) {
    edges { cursor node { orderNumber state customerEmail } } pageInfo { hasNextPage endCursor } } }`;
const READ = `query($orderId: String!) { ownerOrder(orderId: $orderId) { __typename ... on Order { ${ORDER_FIELDS} } ... on Error { message code } } }`;
const move = (name: string) => `mutation($orderId: String!) { ${name}(input: { orderId: $orderId }) { __typename
  ... on ${name[0].toUpperCase() + name.slice(1)}Success { order { state nextStates fulfilledAt cancelledAt refundedAt } }
  ... on OrderMoveError { from to }
  ... on Error { message code } } }`;

async function ok(caller: Caller, query: string, variables?: Record<string, unknown>) {
  const result = await caller.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

it("lists, searches and reads an order placed at checkout, then fulfils it; a cancel after that is refused", async () => {
  const placed = await buyMugs("Reader@Example.com", 1);
  const other = await buyMugs("someone@example.com", 1);

  const listed = await ok(owner, LIST, { first: 1 });
  expect(listed.ownerOrders.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
    { orderNumber: other.orderNumber, state: "PLACED", customerEmail: "someone@example.com" },
  ]);
  expect(listed.ownerOrders.pageInfo.hasNextPage).toBe(true);
  const next = await ok(owner, LIST, { first: 1, after: listed.ownerOrders.pageInfo.endCursor });
  expect(next.ownerOrders.edges[0].node.orderNumber).toBe(placed.orderNumber);
  const found = await ok(owner, LIST, { search: `#${placed.orderNumber}` });
  expect(found.ownerOrders.edges.map((edge: { node: { orderNumber: number } }) => edge.node.orderNumber)).toEqual([placed.orderNumber]);

  const read = await ok(owner, READ, { orderId: placed.orderId });
  expect(read.ownerOrder).toMatchObject({
    __typename: "Order",
    orderId: placed.orderId,
    state: "PLACED",
    nextStates: ["FULFILLED", "CANCELLED"],
    customerEmail: "Reader@Example.com",
    testMode: true,
    items: [{ sku: "MUG-1", quantity: 1, unitPrice: { value: 1800 } }],
    shippingCountry: "US",
    shippingRegion: "NY",
    shippingPostalCode: "10001",
    fulfilledAt: null,
  });

  const fulfilled = await ok(owner, move("fulfillOrder"), { orderId: placed.orderId });
  expect(fulfilled.fulfillOrder).toMatchObject({ __typename: "FulfillOrderSuccess", order: { state: "FULFILLED", nextStates: ["REFUNDED"] } });
  expect(fulfilled.fulfillOrder.order.fulfilledAt).toEqual(expect.any(String));
  const filtered = await ok(owner, LIST, { state: "FULFILLED" });
  expect(filtered.ownerOrders.edges.map((edge: { node: { orderNumber: number } }) => edge.node.orderNumber)).toEqual([placed.orderNumber]);

  const stock = await mugStock();
  const refused = await ok(owner, move("cancelOrder"), { orderId: placed.orderId });
  expect(refused.cancelOrder).toEqual({
    __typename: "OrderMoveError",
    from: "FULFILLED",
    to: "CANCELLED",
    message: "This order is fulfilled and cannot be cancelled.",
    code: "INVALID_ORDER_MOVE",
  });
  expect(await mugStock()).toBe(stock);

  const refunded = await ok(owner, move("refundOrder"), { orderId: placed.orderId });
  expect(refunded.refundOrder.order).toMatchObject({ state: "REFUNDED", nextStates: [] });
});

it("a store manager cancels an order and the mugs go back on the shelf", async () => {
  const before = await mugStock();
  const placed = await buyMugs("canceller@example.com", 2);
  expect(await mugStock()).toBe(before - 2);
  const cancelled = await ok(storeManager, move("cancelOrder"), { orderId: placed.orderId });
  expect(cancelled.cancelOrder.order).toMatchObject({ state: "CANCELLED", nextStates: ["REFUNDED"] });
  expect(await mugStock()).toBe(before);
});

it("answers NotFoundError for an unknown order", async () => {
  expect((await ok(owner, READ, { orderId: "no-such-order" })).ownerOrder).toEqual({
    __typename: "NotFoundError",
    message: "That order could not be found.",
    code: "NOT_FOUND",
  });
  expect((await ok(owner, move("refundOrder"), { orderId: "no-such-order" })).refundOrder.__typename).toBe("NotFoundError");
});

it("refuses a viewer and anonymous callers", async () => {
  const placed = await buyMugs("private@example.com", 1);
  const asViewer = await viewer.graphql(LIST);
  expect(asViewer.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  const moveAsViewer = await viewer.graphql(move("cancelOrder"), { orderId: placed.orderId });
  expect(moveAsViewer.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  const anonymous = await store.visitor().arrive();
  expect((await anonymous.graphql(READ, { orderId: placed.orderId })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  expect((await store.db.order.findUniqueOrThrow({ where: { id: placed.orderId } })).state).toBe("PLACED");
});

it("finds orders by email in any case and by the date they were placed", async () => {
  const placed = await buyMugs("Mixed.Case@Example.COM", 1);
  const SEARCH = `query($search: String, $placedAfter: DateTime, $placedBefore: DateTime) {
    ownerOrders(search: $search, placedAfter: $placedAfter, placedBefore: $placedBefore, first: 50) { edges { node { orderId } } } }`;
  const found = async (variables: Record<string, unknown>) =>
    (await ok(owner, SEARCH, variables)).ownerOrders.edges.map((edge: { node: { orderId: string } }) => edge.node.orderId);
  expect(await found({ search: "mixed.case@example.com" })).toEqual([placed.orderId]);
  expect(await found({ search: "MIXED.CASE" })).toEqual([placed.orderId]);

  const { createdAt } = await store.db.order.findUniqueOrThrow({ where: { id: placed.orderId }, select: { createdAt: true } });
  const at = createdAt.getTime();
  expect(await found({ search: "mixed.case", placedAfter: new Date(at).toISOString(), placedBefore: new Date(at + 1).toISOString() })).toEqual([
    placed.orderId,
  ]);
  expect(await found({ search: "mixed.case", placedAfter: new Date(at + 1).toISOString() })).toEqual([]);
  expect(await found({ search: "mixed.case", placedBefore: new Date(at).toISOString() })).toEqual([]);
});
