// Fulfilment (issue 24): an order ships in several shipments with tracking; the last unit makes it
// FULFILLED; each shipment emails the shopper (HTML and text, once) and lands on the timeline.
import { testModeMugOrder } from "../../support/paid-orders.ts";
import { createTwoSiteServices, mugOf, outcome, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";

let sites: TwoSiteServices;

beforeAll(async () => {
  sites = await createTwoSiteServices();
});
afterAll(() => sites.close());
beforeEach(async () => {
  for (const site of [SITE_A, SITE_B]) await sites.db.variant.update({ where: { id: (await mugOf(sites.db, site)).id }, data: { qtyInStock: 10 } });
});

const state = async (orderId: string) => (await sites.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { state: true } })).state;
const emails = (orderId: string, kind: string) =>
  sites.db.outboxEmail.findMany({
    where: { websiteId: SITE_B, kind, dedupeKey: { contains: kind === "SHIPPING_CONFIRMATION" ? "order-shipped" : orderId } },
    orderBy: { createdAt: "asc" },
  });

it("ships three mugs in two shipments: PLACED and partly shipped after the first, FULFILLED after the second; two emails, a timeline", async () => {
  const { order } = await testModeMugOrder(sites, 3);
  const shipments = sites.b.shipments;
  const first = await shipments.fulfil(order.id, { lines: [{ line: 0, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z111" }, "owner@example.com");
  expect(await state(order.id)).toBe("PLACED");
  expect(await shipments.fulfilment(order.id)).toMatchObject({ status: "PARTIALLY_SHIPPED", unshipped: [2] });

  const second = await shipments.fulfil(order.id, { carrier: "Bob's Couriers", trackingNumber: "B-2" }, "owner@example.com");
  expect(await state(order.id)).toBe("FULFILLED");
  const fulfilment = await shipments.fulfilment(order.id);
  expect(fulfilment).toMatchObject({
    status: "SHIPPED",
    unshipped: [0],
    shipments: [
      {
        id: first,
        carrier: "UPS",
        trackingNumber: "1Z111",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z111",
        lines: [{ productName: order.items[0].productName, quantity: 1 }],
      },
      { id: second, carrier: "Bob's Couriers", trackingUrl: null, lines: [{ quantity: 2 }] },
    ],
  });

  const sent = await sites.db.outboxEmail.findMany({
    where: { dedupeKey: { in: [`order-shipped:${first}`, `order-shipped:${second}`] } },
    orderBy: { dedupeKey: "asc" },
  });
  expect(sent).toHaveLength(2);
  for (const email of sent) {
    expect(email).toMatchObject({ kind: "SHIPPING_CONFIRMATION", toEmail: "ben@example.com" });
    expect(email.htmlBody).toContain("<table");
  }
  const firstEmail = sent.find((email) => email.dedupeKey === `order-shipped:${first}`)!;
  expect(firstEmail.textBody).toContain("Tracking number: 1Z111");
  expect(firstEmail.textBody).toContain("Track your parcel: https://www.ups.com/track?tracknum=1Z111");
  expect(firstEmail.htmlBody).toContain("1Z111");

  const timeline = (await shipments.timeline(order.id))!;
  expect(timeline.map((event) => [event.kind, event.data.emailKind ?? event.data.trackingNumber ?? null])).toEqual([
    ["PLACED", null],
    ["EMAIL_SENT", "ORDER_CONFIRMATION"],
    ["SHIPPED", "1Z111"],
    ["EMAIL_SENT", "SHIPPING_CONFIRMATION"],
    ["SHIPPED", "B-2"],
    ["EMAIL_SENT", "SHIPPING_CONFIRMATION"],
  ]);
  expect(timeline[2].actor).toBe("owner@example.com");
});

it("refuses more than is left, a line shipped in full, and another site's order; nothing is recorded", async () => {
  const { order } = await testModeMugOrder(sites, 2);
  const name = order.items[0].productName;
  expect(await outcome(() => sites.b.shipments.fulfil(order.id, { lines: [{ line: 0, quantity: 3 }] }))).toMatchObject({
    error: { code: "FORM_INVALID" },
  });
  await expect(sites.b.shipments.fulfil(order.id, { lines: [{ line: 0, quantity: 3 }] })).rejects.toMatchObject({
    fieldErrors: [{ fieldId: "lines.0", message: `Only 2 of ${name} are left to ship.` }],
  });
  await sites.b.shipments.fulfil(order.id, {});
  await expect(sites.b.shipments.fulfil(order.id, { lines: [{ line: 0, quantity: 1 }] })).rejects.toMatchObject({
    message: "Everything on this order has already shipped.",
  });
  await expect(sites.a.shipments.fulfil(order.id, {})).rejects.toMatchObject({ code: "NOT_FOUND" });
  expect(await sites.a.shipments.timeline(order.id)).toBeNull();
  expect(await sites.db.shipment.count({ where: { orderId: order.id } })).toBe(1);
});

it("refuses to cancel a partly shipped order; cancels an unshipped one, emails the shopper once, records it", async () => {
  const { order } = await testModeMugOrder(sites, 2);
  await sites.b.shipments.fulfil(order.id, { lines: [{ line: 0, quantity: 1 }] });
  await expect(sites.b.orders.cancel(order.id)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  expect(await state(order.id)).toBe("PLACED");

  const other = (await testModeMugOrder(sites, 1)).order;
  await sites.b.orders.cancel(other.id, "owner@example.com");
  const [cancelled] = await emails(other.id, "ORDER_CANCELLED");
  expect(cancelled).toMatchObject({ toEmail: "ben@example.com", subject: expect.stringContaining(`order #${other.orderNumber} was cancelled`) });
  expect(cancelled.htmlBody).toBeTruthy();
  expect((await sites.b.shipments.timeline(other.id))!.map((event) => event.kind)).toEqual(["PLACED", "EMAIL_SENT", "CANCELLED", "EMAIL_SENT"]);
});

it("records the owner's notes (1–2,000 characters) and a refund with its email on the timeline", async () => {
  const { order } = await testModeMugOrder(sites, 2);
  await expect(sites.b.shipments.addNote(order.id, "   ", "owner@example.com")).rejects.toMatchObject({
    fieldErrors: [{ fieldId: "note", message: "Write the note first." }],
  });
  await sites.b.shipments.addNote(order.id, " Gift wrap, please ", "owner@example.com");
  await sites.b.orderRefunds.refund(order.id, { lines: [{ line: 0, quantity: 1 }], reason: "requested_by_customer" }, "owner@example.com");
  const timeline = (await sites.b.shipments.timeline(order.id))!;
  expect(timeline.slice(2).map((event) => [event.kind, event.note, event.data.amount ?? null, event.data.emailKind ?? null])).toEqual([
    ["NOTE", "Gift wrap, please", null, null],
    ["REFUNDED", null, order.items[0].unitPrice, null],
    ["EMAIL_SENT", null, null, "ORDER_REFUNDED"],
  ]);
  const [refund] = await emails(order.id, "ORDER_REFUNDED");
  expect(refund.textBody).toContain(`- 1 × ${order.items[0].productName}`);
  expect(refund.textBody).toContain("Why: you asked for it.");
});

it("the one-click fulfil ships everything left in one shipment", async () => {
  const { order } = await testModeMugOrder(sites, 2);
  await sites.b.orders.fulfil(order.id, "owner@example.com");
  expect(await state(order.id)).toBe("FULFILLED");
  expect((await sites.b.shipments.fulfilment(order.id))!.shipments).toMatchObject([{ carrier: null, lines: [{ quantity: 2 }] }]);
});
