// The owner's orders (services/orders/orders.ts): the site's orders searched, filtered and paged
// newest first; fulfil, cancel (stock back to limited variants, exactly once under concurrent cancels)
// and refund; moves the transition table refuses answer its message.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { OrderMoveError } from "../../../server/domain/orders/order-states.ts";
import { NotFoundError } from "../../../server/domain/errors.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { createServices, type Services } from "../../../server/services/index.ts";
import { createTestDb } from "../../support/db.ts";

const OTHER_SITE = "orders-test-other-site";
let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let services: Services;
let nowMs = Date.parse("2030-05-01T10:00:00Z");
let orderNumber = 1000;
let mugVariant: { id: number; productId: number };
let posterVariant: { id: number; productId: number };

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  await db.website.create({ data: { id: OTHER_SITE, title: "Another store" } });
  bus = createRealtimeBus(null);
  services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID, options: { now: () => new Date(nowMs) } });
  mugVariant = await db.variant.findFirstOrThrow({ where: { sku: "MUG-1" }, select: { id: true, productId: true } });
  posterVariant = await db.variant.findFirstOrThrow({ where: { sku: "POSTER-SMALL" }, select: { id: true, productId: true } });
});

afterAll(async () => {
  services.stop();
  await bus.close();
  await close();
});

/** An order as checkout leaves it (PLACED), of 2 mugs (limited stock) and 3 small posters (unlimited). */
async function placeOrder({ email = "buyer@example.com", placedAt = "2030-04-01T12:00:00Z", websiteId = DEMO_WEBSITE_ID } = {}) {
  const id = `order-${++orderNumber}`;
  await db.order.create({
    data: {
      id,
      orderNumber,
      websiteId,
      purchasedCartId: `cart-${orderNumber}`,
      customerEmail: email,
      currency: "USD",
      subtotal: 9600,
      discountTotal: 0,
      taxTotal: 0,
      shippingTotal: 0,
      grandTotal: 9600,
      createdAt: new Date(placedAt),
      items: {
        create: [
          { productId: mugVariant.productId, variantId: mugVariant.id, sku: "MUG-1", productName: "Ceramic Mug", productType: 1, quantity: 2, unitPrice: 1800 },
          {
            productId: posterVariant.productId,
            variantId: posterVariant.id,
            sku: "POSTER-SMALL",
            productName: "City Poster",
            productType: 1,
            quantity: 3,
            unitPrice: 2000,
          },
        ],
      },
    },
  });
  return { id, orderNumber };
}

const stockOf = async (variantId: number) => db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { qtyInStock: true, unlimited: true } });

describe("listing", () => {
  const placed: { id: string; orderNumber: number }[] = [];
  beforeAll(async () => {
    await db.order.deleteMany({});
    placed.push(await placeOrder({ email: "ann@example.com", placedAt: "2030-04-01T09:00:00Z" }));
    placed.push(await placeOrder({ email: "bob@example.com", placedAt: "2030-04-02T09:00:00Z" }));
    placed.push(await placeOrder({ email: "ann@example.com", placedAt: "2030-04-03T09:00:00Z" }));
    placed.push(await placeOrder({ email: "cy@shop.example", placedAt: "2030-04-04T09:00:00Z" }));
    await placeOrder({ email: "ann@example.com", websiteId: OTHER_SITE });
    await services.orders.fulfil(placed[1].id);
  });
  const numbers = (page: { items: { orderNumber: number }[] }) => page.items.map((order) => order.orderNumber);

  it("lists this site's orders only, newest first", async () => {
    const page = await services.orders.list({});
    expect(numbers(page)).toEqual(placed.map((order) => order.orderNumber).reverse());
    expect(page.hasNextPage).toBe(false);
    expect(page.items[0]).toMatchObject({ state: "PLACED", customerEmail: "cy@shop.example", fulfilledAt: null, couponCodes: [] });
  });

  it("pages by cursor", async () => {
    const first = await services.orders.list({ first: 3 });
    expect(numbers(first)).toEqual([placed[3], placed[2], placed[1]].map((order) => order.orderNumber));
    expect(first.hasNextPage).toBe(true);
    const second = await services.orders.list({ first: 3, after: first.items.at(-1)!.id });
    expect(numbers(second)).toEqual([placed[0].orderNumber]);
    expect(second.hasNextPage).toBe(false);
    await expect(services.orders.list({ after: "no-such-order" })).rejects.toThrow(NotFoundError);
  });

  it("searches by order number, raw id or email", async () => {
    expect(numbers(await services.orders.list({ search: `#${placed[2].orderNumber}` }))).toEqual([placed[2].orderNumber]);
    expect(numbers(await services.orders.list({ search: String(placed[0].orderNumber) }))).toEqual([placed[0].orderNumber]);
    expect(numbers(await services.orders.list({ search: placed[1].id }))).toEqual([placed[1].orderNumber]);
    expect(numbers(await services.orders.list({ search: "ann@" }))).toEqual([placed[2].orderNumber, placed[0].orderNumber]);
    expect(numbers(await services.orders.list({ search: "nobody" }))).toEqual([]);
  });

  it("filters by state and by date (after inclusive, before exclusive)", async () => {
    expect(numbers(await services.orders.list({ state: "FULFILLED" }))).toEqual([placed[1].orderNumber]);
    expect(numbers(await services.orders.list({ placedAfter: new Date("2030-04-02T09:00:00Z"), placedBefore: new Date("2030-04-04T09:00:00Z") }))).toEqual([
      placed[2].orderNumber,
      placed[1].orderNumber,
    ]);
    expect(numbers(await services.orders.list({ state: "PLACED", search: "ann@" }))).toEqual([placed[2].orderNumber, placed[0].orderNumber]);
  });

  it("reads one order of this site, not another site's", async () => {
    const order = await services.orders.get(placed[1].id);
    expect(order).toMatchObject({ id: placed[1].id, state: "FULFILLED", fulfilledAt: new Date(nowMs) });
    expect(order!.items.map((item) => [item.sku, item.quantity])).toEqual([
      ["MUG-1", 2],
      ["POSTER-SMALL", 3],
    ]);
    const other = await db.order.findFirstOrThrow({ where: { websiteId: OTHER_SITE } });
    expect(await services.orders.get(other.id)).toBeNull();
    await expect(services.orders.cancel(other.id)).rejects.toThrow("That order could not be found.");
  });
});

describe("moves", () => {
  beforeEach(() => db.variant.update({ where: { id: mugVariant.id }, data: { qtyInStock: 5 } }));

  it("fulfils, then refunds, recording when; no stock moves", async () => {
    const { id } = await placeOrder();
    nowMs += 60_000;
    expect(await services.orders.fulfil(id)).toMatchObject({ state: "FULFILLED", fulfilledAt: new Date(nowMs), refundedAt: null });
    nowMs += 60_000;
    expect(await services.orders.refund(id)).toMatchObject({ state: "REFUNDED", refundedAt: new Date(nowMs), cancelledAt: null });
    expect(await stockOf(mugVariant.id)).toEqual({ qtyInStock: 5, unlimited: false });
  });

  it("cancels: the limited variant gets its units back, the unlimited one is left alone; then refunds", async () => {
    const { id } = await placeOrder();
    const events: unknown[] = [];
    const subscription = bus.pubsub.subscribe("catalogChanged")[Symbol.asyncIterator]();
    const next = subscription.next();
    expect(await services.orders.cancel(id)).toMatchObject({ state: "CANCELLED", cancelledAt: new Date(nowMs) });
    events.push((await next).value);
    await subscription.return?.();
    expect(events).toEqual([{ productIds: [mugVariant.productId] }]);
    expect(await stockOf(mugVariant.id)).toEqual({ qtyInStock: 7, unlimited: false });
    expect(await stockOf(posterVariant.id)).toEqual({ qtyInStock: 0, unlimited: true });
    expect(await services.orders.refund(id)).toMatchObject({ state: "REFUNDED" });
    expect(await stockOf(mugVariant.id)).toEqual({ qtyInStock: 7, unlimited: false });
  });

  it("returns the stock exactly once when two owners cancel at the same moment", async () => {
    const { id } = await placeOrder();
    const results = await Promise.allSettled([services.orders.cancel(id), services.orders.cancel(id)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(OrderMoveError);
    expect(refusal.reason.message).toBe("This order is cancelled and cannot be cancelled.");
    expect(await stockOf(mugVariant.id)).toEqual({ qtyInStock: 7, unlimited: false });
  });

  it.each([
    ["refund a placed order", [], "refund", "This order is placed and cannot be refunded."],
    ["cancel a fulfilled order", ["fulfil"], "cancel", "This order is fulfilled and cannot be cancelled."],
    ["fulfil a cancelled order", ["cancel"], "fulfil", "This order is cancelled and cannot be fulfilled."],
    ["fulfil twice", ["fulfil"], "fulfil", "This order is fulfilled and cannot be fulfilled."],
    ["refund twice", ["fulfil", "refund"], "refund", "This order is refunded and cannot be refunded."],
  ] as const)("refuses to %s, changing nothing", async (_name, before, move, message) => {
    const { id } = await placeOrder();
    for (const step of before) await services.orders[step](id);
    const row = await db.order.findUniqueOrThrow({ where: { id } });
    const stock = await stockOf(mugVariant.id);
    await expect(services.orders[move](id)).rejects.toThrow(message);
    expect(await db.order.findUniqueOrThrow({ where: { id } })).toEqual(row);
    expect(await stockOf(mugVariant.id)).toEqual(stock);
  });

  it("answers NotFoundError for an unknown order", async () => {
    await expect(services.orders.fulfil("no-such-order")).rejects.toThrow(NotFoundError);
  });
});
