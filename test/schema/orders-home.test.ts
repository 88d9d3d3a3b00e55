// The owner's home screen and live activity over GraphQL (issue 9 §1): today's and this week's orders
// and revenue, low-stock variants, the biggest waitlists and the last submissions, each part only for
// the roles holding its screen's permission (null otherwise); new orders and stock changes pushed over
// a real graphql-ws connection, refused to members and anonymous visitors.
import { calendarPeriods } from "../../server/domain/orders/home.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { addCartEntryDocument, checkoutDocument } from "../support/graphql.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";

let store: TestStore;
let owner: Caller;
let storeManager: Caller;
let viewer: Caller;
let reporting: Caller;
let member: Caller;

beforeAll(async () => {
  store = await startTestStore();
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 50 } });
  await createRoleAccounts(store);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  storeManager = await signedIn(store, "store manager", roleEmail(8), PASSWORD, 8);
  viewer = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
  reporting = await signedIn(store, "reporting", roleEmail(3), PASSWORD, 3);
  member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
}, 60_000);
afterAll(() => store.close());

async function buyMugs(email: string, quantity: number): Promise<{ orderId: string; orderNumber: number; grandTotal: { value: number } }> {
  const visitor = await store.visitor().arrive();
  const itemId = String(await store.itemId("ceramic-mug"));
  const added = await visitor.graphql(addCartEntryDocument("id", null), { input: { itemId, sku: "MUG-1", quantity } });
  expect(added.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  const result = await visitor.graphql(checkoutDocument("orderId orderNumber grandTotal { value }"), {
    input: { email, shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" } },
  });
  expect(result.data.checkout.__typename).toBe("CheckoutSuccess");
  return result.data.checkout.order;
}

const DASHBOARD = `{ ownerDashboard {
  orders { timeZone todayStartsAt weekStartsAt today { orderCount revenue { value currency } } week { orderCount revenue { value currency } } }
  lowStock { threshold totalCount variants { productName sku qtyInStock } }
  biggestWaitlists { productName sku received total }
  recentSubmissions { formName email }
} }`;

async function dashboard(caller: Caller) {
  const result = await caller.graphql(DASHBOARD);
  expect(result.errors).toBeUndefined();
  return result.data.ownerDashboard;
}

async function waitFor(sku: string, email: string) {
  const variant = await store.db.variant.findFirstOrThrow({ where: { sku }, select: { id: true, productId: true } });
  const visitor = await store.visitor().arrive();
  const answer = await visitor.request("POST", "/api/site-users/account/notifications/restock", {
    body: { productId: variant.productId, variantId: variant.id, siteVisitorEmail: email },
  });
  expect(answer.status).toBe(200);
}

it("counts today's and this week's orders and revenue in the site's zone, leaving cancelled orders out of revenue", async () => {
  const before = await dashboard(owner);
  const periods = calendarPeriods(new Date(), "America/New_York");
  expect(before.orders).toMatchObject({
    timeZone: "America/New_York",
    todayStartsAt: periods.todayStart.toISOString(),
    weekStartsAt: periods.weekStart.toISOString(),
  });

  const kept = await buyMugs("kept@example.com", 2);
  const cancelled = await buyMugs("cancelled@example.com", 1);
  const cancel = await owner.graphql(`mutation { cancelOrder(input: { orderId: "${cancelled.orderId}" }) { __typename } }`);
  expect(cancel.data.cancelOrder.__typename).toBe("CancelOrderSuccess");
  // An order from before this week counts in neither period.
  await store.db.order.create({
    data: {
      id: "dashboard-old",
      orderNumber: 990_001,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: "dashboard-old-cart",
      customerEmail: "old@example.com",
      currency: "USD",
      ...{ subtotal: 9900, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 9900 },
      createdAt: new Date(periods.weekStart.getTime() - 1),
    },
  });

  const after = await dashboard(owner);
  for (const period of ["today", "week"] as const) {
    expect(after.orders[period].orderCount).toBe(before.orders[period].orderCount + 2);
    expect(after.orders[period].revenue).toEqual({ value: before.orders[period].revenue.value + kept.grandTotal.value, currency: "USD" });
  }
});

it("lists low-stock variants lowest first, the biggest waitlists and the last submissions", async () => {
  await store.db.variant.updateMany({ where: { sku: "PEN-BRASS" }, data: { qtyInStock: 2 } });
  await waitFor("TOTE-BLACK", "one@example.com");
  await waitFor("TOTE-BLACK", "two@example.com");
  await waitFor("TOTE-NATURAL", "three@example.com");
  await store.db.formSubmission.create({
    data: { id: "dashboard-sub-1", websiteId: DEMO_WEBSITE_ID, formName: "Contact", answers: "{}", answersHash: "h1", email: "asker@example.com" },
  });
  await store.db.formSubmission.create({
    data: { id: "dashboard-sub-spam", websiteId: DEMO_WEBSITE_ID, formName: "Contact", answers: "{}", answersHash: "h2", email: "bot@example.com", spam: true },
  });

  const home = await dashboard(owner);
  expect(home.lowStock.threshold).toBe(5);
  const low: [string, number][] = home.lowStock.variants.map((variant: { sku: string; qtyInStock: number }) => [variant.sku, variant.qtyInStock]);
  // The demo store has more low variants than the card shows: the 5 lowest, lowest first.
  const lowInStore = await store.db.variant.findMany({ where: { unlimited: false, qtyInStock: { lte: 5 } }, select: { sku: true, qtyInStock: true } });
  expect(home.lowStock.totalCount).toBe(lowInStore.length);
  expect(lowInStore.map((variant) => variant.sku)).toContain("PEN-BRASS");
  expect(lowInStore.map((variant) => variant.sku)).not.toContain("MUG-1"); // 50 left: not low
  expect(low).toHaveLength(5);
  expect(low.map(([, qty]) => qty)).toEqual(
    lowInStore
      .map((variant) => variant.qtyInStock)
      .sort((a, b) => a - b)
      .slice(0, 5),
  );
  expect(low).toContainEqual(["TOTE-NATURAL", 0]);
  expect(home.biggestWaitlists.slice(0, 2)).toEqual([
    { productName: "Canvas Tote", sku: "TOTE-BLACK", received: 2, total: 2 },
    { productName: "Canvas Tote", sku: "TOTE-NATURAL", received: 1, total: 1 },
  ]);
  expect(home.recentSubmissions).toEqual([{ formName: "Contact", email: "asker@example.com" }]);
});

it("counts a variant as low on stock by the store's scarcity threshold, as the inventory panel sets it", async () => {
  const UPDATE = `mutation($input: UpdateScarcitySettingsInput!) { updateScarcitySettings(input: $input) { __typename } }`;
  const set = (threshold: number) => owner.graphql(UPDATE, { input: { threshold, onProductPages: true, inProductBlocks: true } });
  try {
    expect((await set(1)).data.updateScarcitySettings.__typename).toBe("UpdateScarcitySettingsSuccess");
    const home = await dashboard(owner);
    expect(home.lowStock.threshold).toBe(1);
    const atMostOne = await store.db.variant.count({ where: { unlimited: false, qtyInStock: { lte: 1 } } });
    expect(home.lowStock.totalCount).toBe(atMostOne);
    for (const variant of home.lowStock.variants) expect(variant.qtyInStock).toBeLessThanOrEqual(1);
  } finally {
    await set(5);
  }
});

it("shows each part only to the roles holding its screen's permission, and refuses members and anonymous visitors", async () => {
  const present = (home: Record<string, unknown>) => Object.keys(home).filter((part) => home[part] !== null);
  expect(present(await dashboard(owner))).toEqual(["orders", "lowStock", "biggestWaitlists", "recentSubmissions"]);
  expect(present(await dashboard(storeManager))).toEqual(["orders", "lowStock", "biggestWaitlists"]);
  expect(present(await dashboard(viewer))).toEqual(["lowStock"]);
  expect(present(await dashboard(reporting))).toEqual(["biggestWaitlists"]);
  expect((await member.graphql(DASHBOARD)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  const anonymous = await store.visitor().arrive();
  expect((await anonymous.graphql(DASHBOARD)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
});

describe("live activity over graphql-ws", () => {
  const ORDERS = "subscription { ownerOrderActivity { orderId placed order { orderNumber state customerEmail } } }";
  const STOCK = "subscription { ownerStockChanged { productIds variants { sku qtyInStock } } }";
  const client = (caller: Caller) => wsClientFor(store.baseUrl, caller.visitor, caller.xsrfToken ? { xsrfToken: caller.xsrfToken } : {});

  it("tells an owner of each new order and each move, re-read when it arrives", async () => {
    const ws = client(owner);
    const listening = store.listening("orderPlaced");
    const activity = subscribe(ws, ORDERS);
    try {
      await listening;
      const placed = await buyMugs("live@example.com", 1);
      const event = await activity.next((value) => value.ownerOrderActivity.orderId === placed.orderId);
      expect(event.ownerOrderActivity).toEqual({
        orderId: placed.orderId,
        placed: true,
        order: { orderNumber: placed.orderNumber, state: "PLACED", customerEmail: "live@example.com" },
      });
      await owner.graphql(`mutation { fulfillOrder(input: { orderId: "${placed.orderId}" }) { __typename } }`);
      const moved = await activity.next((value) => value.ownerOrderActivity.order?.state === "FULFILLED");
      expect(moved.ownerOrderActivity).toMatchObject({ orderId: placed.orderId, placed: false });
    } finally {
      activity.dispose();
      await ws.dispose();
    }
  });

  it("tells a viewer of stock taken by a checkout, changed by an owner and returned by a cancel", async () => {
    const mug = await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" }, select: { id: true, productId: true } });
    const ws = client(viewer);
    const listening = store.listening("stockChanged");
    const changes = subscribe(ws, STOCK);
    const mugQty = (value: { ownerStockChanged: { variants: { sku: string; qtyInStock: number }[] } }) =>
      value.ownerStockChanged.variants.find((variant) => variant.sku === "MUG-1")?.qtyInStock;
    try {
      await listening;
      const start = (await store.db.variant.findUniqueOrThrow({ where: { id: mug.id } })).qtyInStock;
      const placed = await buyMugs("stock@example.com", 3);
      const sold = await changes.next((value) => mugQty(value) === start - 3);
      expect(sold.ownerStockChanged.productIds).toEqual([mug.productId]);
      await owner.graphql(`mutation { setVariantStock(input: { id: "${mug.id}", qtyInStock: 20 }) { __typename } }`);
      await changes.next((value) => mugQty(value) === 20);
      await owner.graphql(`mutation { cancelOrder(input: { orderId: "${placed.orderId}" }) { __typename } }`);
      await changes.next((value) => mugQty(value) === 23);
    } finally {
      changes.dispose();
      await ws.dispose();
    }
  });

  it.each([
    ["a viewer", "orders", () => viewer, ORDERS, "FORBIDDEN"],
    ["a site member", "orders", () => member, ORDERS, "FORBIDDEN"],
    ["a site member", "stock", () => member, STOCK, "FORBIDDEN"],
    ["an anonymous visitor", "orders", () => null, ORDERS, "UNAUTHENTICATED"],
    ["an anonymous visitor", "stock", () => null, STOCK, "UNAUTHENTICATED"],
  ])("refuses %s the %s subscription", async (_label, _what, caller, query, code) => {
    const who = caller();
    const ws = who ? client(who) : wsClientFor(store.baseUrl, await store.visitor().arrive());
    const refused = subscribe(ws, query as string);
    try {
      const [error] = (await refused.error) as { extensions: { code: string } }[];
      expect(error.extensions.code).toBe(code);
      expect(refused.values).toEqual([]);
    } finally {
      refused.dispose();
      await ws.dispose();
    }
  });
});
