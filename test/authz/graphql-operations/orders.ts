// The owner operations over GraphQL: the owner's orders and home (issue 9). Each with the permission
// docs/permissions.md gives it and the state it would change.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { graphql, ids, next, type Operation, owner, store, variants } from "../owner-operations-setup.ts";
import { subscriptionOutcome } from "./subscription-outcomes.ts";
import { freshDigitalLink } from "./downloads.ts";

/** A new order of one mug in `state`, for an order move to act on; returns its id. */
async function placedOrder(state: "PLACED" | "FULFILLED"): Promise<string> {
  const number = 900_000 + next();
  const id = `authz-order-${number}`;
  await store.db.order.create({
    data: {
      id,
      orderNumber: number,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `authz-cart-${number}`,
      customerEmail: "buyer@example.com",
      currency: "USD",
      ...{ subtotal: 1800, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 1800 },
      state,
      items: {
        create: [{ productId: ids.mug, variantId: ids.mugVariant, sku: "MUG-1", productName: "Ceramic Mug", productType: 1, quantity: 1, unitPrice: 1800 }],
      },
    },
  });
  return id;
}

/** A placed order whose status link works (issue 24 §3). */
async function orderWithStatusLink(): Promise<string> {
  const orderId = await placedOrder("PLACED");
  await store.db.order.update({ where: { id: orderId }, data: { statusTokenHash: `authz-hash-${orderId}` } });
  return orderId;
}

/** A placed order with one expired download grant (issue 23), for a renewal to act on. */
async function orderWithDownload(): Promise<string> {
  const orderId = await placedOrder("PLACED");
  const fileId = await freshDigitalLink();
  const item = await store.db.orderItem.findFirstOrThrow({ where: { orderId }, select: { id: true } });
  await store.db.downloadGrant.create({
    data: {
      id: `authz-grant-${next()}-xxxxxxxx`,
      websiteId: DEMO_WEBSITE_ID,
      orderId,
      orderItemId: item.id,
      digitalFileId: fileId,
      expiresAt: new Date(0),
      downloadLimit: 5,
    },
  });
  return orderId;
}

/** What an order move changes: the orders in the state it moves to, and the stock a cancel gives back. */
const ordersIn = (state: string) => async () => [
  await store.db.order.findMany({ where: { state }, orderBy: { id: "asc" }, select: { id: true } }),
  await variants(),
];

export const ordersOperations: Operation[] = [
  {
    name: "query ownerDashboard",
    permission: "dashboard.read",
    run: (c) =>
      graphql(c, "{ ownerDashboard { orders { today { orderCount } } lowStock { totalCount } biggestWaitlists { total } recentSubmissions { id } } }"),
  },
  {
    name: "query ownerOrders",
    permission: "orders.read",
    run: (c) => graphql(c, "{ ownerOrders(first: 2) { edges { node { orderNumber state customerEmail } } } }"),
  },
  {
    name: "query customers",
    permission: "customers.read",
    run: (c) => graphql(c, "{ customers(first: 2) { edges { node { email orderCount } } } }"),
  },
  {
    name: "query customer",
    permission: "customers.read",
    run: (c) => graphql(c, '{ customer(email: "authz-missing@example.com") { __typename } }'),
  },
  {
    name: "query ownerOrder",
    permission: "orders.read",
    run: (c) => graphql(c, '{ ownerOrder(orderId: "authz-missing") { __typename ... on Order { state } } }'),
  },
  {
    name: "mutation fulfillOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { fulfillOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
    probe: ordersIn("FULFILLED"),
  },
  {
    name: "mutation cancelOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { cancelOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
    probe: ordersIn("CANCELLED"),
  },
  {
    name: "mutation refundOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { refundOrder(input: { orderId: "${await placedOrder("FULFILLED")}" }) { __typename } }`),
    probe: ordersIn("REFUNDED"),
  },
  {
    name: "mutation issueOrderRefund",
    permission: "orders.write",
    // A test-mode order's partial refund: recorded, no money moves (issue 22).
    run: async (c) =>
      graphql(
        c,
        `mutation { issueOrderRefund(input: { orderId: "${await placedOrder("PLACED")}", amount: 500, reason: REQUESTED_BY_CUSTOMER }) { __typename } }`,
      ),
    probe: async () => [await store.db.orderRefund.findMany({ orderBy: { id: "asc" }, select: { id: true, orderId: true, amount: true } })],
  },
  {
    name: "mutation fulfilOrder",
    permission: "orders.write",
    // Issue 24: one shipment with tracking; the order's one mug makes it FULFILLED.
    run: async (c) =>
      graphql(c, `mutation { fulfilOrder(input: { orderId: "${await placedOrder("PLACED")}", carrier: "UPS", trackingNumber: "1Z999" }) { __typename } }`),
    probe: async () => [await store.db.shipment.findMany({ orderBy: { id: "asc" }, select: { id: true, orderId: true } }), ...(await ordersIn("FULFILLED")())],
  },
  {
    name: "mutation addOrderNote",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { addOrderNote(input: { orderId: "${await placedOrder("PLACED")}", note: "Gift wrap it" }) { __typename } }`),
    probe: async () => [await store.db.orderEvent.findMany({ where: { kind: "NOTE" }, orderBy: { id: "asc" }, select: { id: true, note: true } })],
  },
  {
    name: "mutation renewOrderDownloads",
    permission: "orders.write",
    // Issue 23: an order whose one download link has expired.
    run: async (c) => graphql(c, `mutation { renewOrderDownloads(input: { orderId: "${await orderWithDownload()}" }) { __typename } }`),
    probe: async () => [
      await store.db.downloadGrant.findMany({ where: { renewedAt: { not: null } }, orderBy: { id: "asc" }, select: { id: true, expiresAt: true } }),
    ],
  },
  {
    name: "mutation revokeOrderStatusLink",
    permission: "orders.write",
    // Issue 24 §3: an order with a status link (a token's hash) that works.
    run: async (c) => graphql(c, `mutation { revokeOrderStatusLink(input: { orderId: "${await orderWithStatusLink()}" }) { __typename } }`),
    probe: async () => [await store.db.order.findMany({ where: { statusLinkRevokedAt: { not: null } }, orderBy: { id: "asc" }, select: { id: true } })],
  },
  {
    name: "mutation reissueOrderStatusLink",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { reissueOrderStatusLink(input: { orderId: "${await orderWithStatusLink()}" }) { __typename } }`),
    // The orders whose link was replaced (a reissued hash is no longer the one the setup wrote).
    probe: async () => [
      await store.db.order.findMany({
        where: { statusTokenHash: { not: null }, NOT: { statusTokenHash: { startsWith: "authz-hash-" } } },
        orderBy: { id: "asc" },
        select: { id: true },
      }),
    ],
  },
  {
    name: "subscription ownerOrderActivity",
    permission: "orders.read",
    run: (c) =>
      subscriptionOutcome(c, "orderChanged", "subscription { ownerOrderActivity { orderId placed order { state } } }", async () =>
        owner.graphql(`mutation { fulfillOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
      ),
  },
];
