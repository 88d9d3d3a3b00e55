// The order status page without an account (issue 24 §3): checkout makes a token kept only hashed and
// the confirmation email links /order-status/<token>; the token opens the order of its own site only;
// the owner revokes the link (the page says so) or sends a new one (the old one names nothing); "Buy
// again" puts the items back in a cart through the cart's rules, naming what is sold out.
import { createTwoSiteServices, lastEmail, mugOf, newVisitor, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";
import { NY_ADDRESS } from "../../support/graphql.ts";
import { sha256 } from "../../../server/services/support/ids.ts";

let sites: TwoSiteServices;
const clock = new Date("2026-11-28T10:00:00Z");

beforeAll(async () => {
  sites = await createTwoSiteServices({ now: () => clock });
  // Enough mugs for every order of this file (the test of a sold-out mug sets it to none, then back).
  await sites.db.variant.updateMany({ where: { sku: "MUG-1", product: { websiteId: SITE_A } }, data: { qtyInStock: 100 } });
}, 60_000);
afterAll(() => sites.close());

async function buyMug(email: string | null = "ann@example.com") {
  const mug = await mugOf(sites.db, SITE_A);
  const visitor = newVisitor();
  const { cartToken } = await sites.a.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity: 1 });
  const result = await sites.a.checkout.checkout({ ...visitor, cartToken }, { email: email ?? "ann@example.com", shippingAddress: NY_ADDRESS });
  if (!("order" in result)) throw new Error(`expected a test-mode order: ${JSON.stringify(result)}`);
  const confirmation = await sites.db.outboxEmail.findFirstOrThrow({ where: { dedupeKey: `order-confirmation:${result.order.id}` } });
  const match = /\/order-status\/([A-Za-z0-9_-]+)/.exec(confirmation.textBody);
  if (!match) throw new Error(`no status link in: ${confirmation.textBody}`);
  return { order: result.order, token: match[1] };
}

it("links the confirmation email to /order-status/<token> and keeps only the token's sha256 hash", async () => {
  const { order, token } = await buyMug();
  expect(token.length).toBeGreaterThanOrEqual(32);
  const row = await sites.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { statusTokenHash: true } });
  expect(row.statusTokenHash).toBe(sha256(token));
  expect(row.statusTokenHash).not.toContain(token);
  const view = await sites.a.orderStatusLinks.view(token);
  expect(view && "order" in view ? [view.order.orderNumber, view.state, view.shipments] : view).toEqual([order.orderNumber, "PLACED", []]);
});

it("names nothing for an unknown token, or for a token of another site", async () => {
  const { token } = await buyMug();
  expect(await sites.a.orderStatusLinks.view("not-a-token")).toBeNull();
  expect(await sites.a.orderStatusLinks.view(`${token}x`)).toBeNull();
  expect(await sites.b.orderStatusLinks.view(token)).toBeNull();
  await expect(sites.b.orderStatusLinks.revoke((await sites.a.orderStatusLinks.lookup(token))!.orderId, "owner@example.com")).rejects.toThrow(
    "That order could not be found.",
  );
  expect(SITE_B).not.toBe(SITE_A);
});

it("shows the shipped state from the shipments, partially then fully", async () => {
  const { order, token } = await buyMug();
  const item = await sites.db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
  await sites.db.orderItem.update({ where: { id: item.id }, data: { quantity: 2 } });
  await sites.db.shipment.create({
    data: {
      id: `shipment-${order.id}`,
      websiteId: SITE_A,
      orderId: order.id,
      carrier: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      lines: { create: [{ orderItemId: item.id, quantity: 1 }] },
    },
  });
  const partly = await sites.a.orderStatusLinks.view(token);
  expect(partly && "order" in partly ? [partly.state, partly.shipments.map((s) => [s.carrier, s.trackingNumber, s.lines])] : partly).toEqual([
    "PARTIALLY_SHIPPED",
    [["UPS", "1Z999", [{ orderItemId: item.id, productName: item.productName, quantity: 1 }]]],
  ]);
  await sites.db.shipmentLine.create({ data: { shipmentId: `shipment-${order.id}`, orderItemId: item.id, quantity: 1 } });
  const shipped = await sites.a.orderStatusLinks.view(token);
  expect(shipped && "state" in shipped ? shipped.state : shipped).toBe("SHIPPED");
});

it("says a revoked link no longer works, records it in the timeline; a new link works and the old one names nothing", async () => {
  const { order, token } = await buyMug();
  await sites.a.orderStatusLinks.revoke(order.id, "owner@example.com");
  expect(await sites.a.orderStatusLinks.view(token)).toEqual({ revoked: true });
  await expect(sites.a.orderStatusLinks.reorder(newVisitor(), token)).rejects.toThrow("That order could not be found.");

  await sites.a.orderStatusLinks.reissue(order.id, "owner@example.com");
  const email = await lastEmail(sites.db, SITE_A, "ORDER_STATUS_LINK");
  expect(email.subject).toBe(`Your order #${order.orderNumber}: a new status link`);
  const fresh = /\/order-status\/([A-Za-z0-9_-]+)/.exec(email.textBody)![1];
  expect(await sites.a.orderStatusLinks.view(token)).toBeNull();
  expect(await sites.a.orderStatusLinks.view(fresh)).toMatchObject({ state: "PLACED" });
  const events = await sites.db.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" }, select: { kind: true, actor: true } });
  expect(events.filter((event) => event.kind.startsWith("STATUS_LINK"))).toEqual([
    { kind: "STATUS_LINK_REVOKED", actor: "owner@example.com" },
    { kind: "STATUS_LINK_ISSUED", actor: "owner@example.com" },
  ]);
});

it("buys again through the cart's rules: an item in stock goes in the cart, a sold-out one is named", async () => {
  const { token } = await buyMug();
  const mug = await mugOf(sites.db, SITE_A);
  const again = await sites.a.orderStatusLinks.reorder(newVisitor(), token);
  expect(again.leftOut).toEqual([]);
  const cart = await sites.a.carts.view(again.cartToken);
  expect(cart?.entries.map((entry) => [entry.itemId, entry.quantity])).toEqual([[mug.productId, 1]]);

  await sites.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 0 } });
  try {
    const soldOut = await sites.a.orderStatusLinks.reorder(newVisitor(), token);
    expect(soldOut).toEqual({ cartToken: null, leftOut: ["Ceramic Mug"] });
  } finally {
    await sites.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: mug.qtyInStock } });
  }
});
