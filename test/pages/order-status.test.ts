// The order status page without an account (issue 24 §3, page type 211) over HTTP: a working token
// answers 200 with the order (GraphQL `orderStatus`), never indexed and with no canonical address; a
// revoked one 410 and `revoked`; an unknown one 404 and null.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { PageType } from "../../server/domain/storefront/page-types.ts";
import { sha256 } from "../../server/services/support/ids.ts";
import { run, startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

const STATUS = `query Status($token: String!) { orderStatus(token: $token) { revoked order { orderNumber state items { productName quantity } grandTotal { formatted } } } }`;

async function orderWithToken(token: string, revoked = false): Promise<number> {
  const orderNumber = 7000 + (await store.db.order.count());
  await store.db.order.create({
    data: {
      id: `ord_status_${orderNumber}`,
      orderNumber,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `cart_status_${orderNumber}`,
      customerEmail: "ann@example.com",
      currency: "USD",
      ...{ subtotal: 1800, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 1800 },
      statusTokenHash: sha256(token),
      statusLinkRevokedAt: revoked ? new Date() : null,
      items: { create: [{ productId: 1, sku: "MUG-1", productName: "Ceramic Mug", productType: 1, quantity: 1, unitPrice: 1800 }] },
    },
  });
  return orderNumber;
}

async function page(token: string) {
  const visitor = await store.visitor().arrive();
  const document = await visitor.request("GET", `/order-status/${token}?format=json`);
  const html = await visitor.request("GET", `/order-status/${token}`);
  const { orderStatus } = await run(visitor, STATUS, { token });
  return { document, html, orderStatus };
}

it("opens the order of a working link: page type 211, not indexed, no canonical address, not cached", async () => {
  const orderNumber = await orderWithToken("working-token-0123456789abcdef");
  const { document, html, orderStatus } = await page("working-token-0123456789abcdef");
  expect([document.status, document.body.pageType, document.body.robots, document.body.canonicalUrl]).toEqual([
    200,
    PageType.ORDER_STATUS,
    "noindex, nofollow",
    null,
  ]);
  expect(html.headers.get("cache-control")).toBe("no-store");
  expect(orderStatus).toEqual({
    revoked: false,
    order: { orderNumber, state: "PLACED", items: [{ productName: "Ceramic Mug", quantity: 1 }], grandTotal: { formatted: "$18.00" } },
  });
});

it("says a revoked link no longer works (410)", async () => {
  await orderWithToken("revoked-token-0123456789abcdef", true);
  const { document, orderStatus } = await page("revoked-token-0123456789abcdef");
  expect([document.status, document.body.pageType, document.body.robots]).toEqual([410, PageType.ORDER_STATUS, "noindex, nofollow"]);
  expect(orderStatus).toEqual({ revoked: true, order: null });
});

it("does not find an unknown token (404)", async () => {
  const { document, orderStatus } = await page("unknown-token-0123456789abcdef");
  expect([document.status, document.body.pageType]).toEqual([404, PageType.NOT_FOUND]);
  expect(orderStatus).toBeNull();
});
