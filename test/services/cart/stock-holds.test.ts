// Stock held while a payment is in flight (issue 22), against the database the suite runs on (SQLite
// by default, PostgreSQL with DATABASE_URL): holds replace the cart's earlier ones, count against
// other carts only, lapse after 15 minutes, and never hold more than there is, even when 20 carts
// ask at once.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { NotEnoughStockError } from "../../../server/domain/errors.ts";
import { expireHolds, heldByOthers, holdStock, releaseHolds } from "../../../server/services/cart/stock-holds.ts";
import { createJobs, JOB_NAMES } from "../../../server/services/jobs/index.ts";
import { startTestStore, type TestStore } from "../../support/app.ts";
import { testProvider } from "../../support/db.ts";

const MINUTE = 60_000;
const NOW = new Date("2026-11-28T03:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
const TX = { maxWait: 20_000, timeout: 30_000 };

let store: TestStore;
let mug: { id: number; productId: number };
let poster: { id: number; productId: number };
beforeAll(async () => {
  store = await startTestStore();
  const mugId = await store.itemId("ceramic-mug");
  mug = await store.db.variant.findFirstOrThrow({ where: { productId: mugId, sku: "MUG-1" }, select: { id: true, productId: true } });
  const posterId = await store.itemId("city-poster");
  poster = await store.db.variant.findFirstOrThrow({ where: { productId: posterId, sku: "POSTER-SMALL" }, select: { id: true, productId: true } });
});
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.stockHold.deleteMany({});
  await store.db.variant.updateMany({ where: { id: { in: [mug.id, poster.id] } }, data: { qtyInStock: 3, unlimited: false } });
});

const services = () => store.app.services;
/** Resolves for the first `size` callers once all of them called; later callers at once. */
function rendezvous(size: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived >= size) open();
    return opened;
  };
}
const hold = (cartId: string, lines: { variantId: number; productId: number; quantity: number }[], now = NOW) =>
  services().db.$transaction((tx) => holdStock(tx, { websiteId: DEMO_WEBSITE_ID, cartId, lines }, now), TX);
const mugs = (quantity: number) => [{ variantId: mug.id, productId: mug.productId, quantity }];
const heldOf = async (exceptCartId: string | null, now = NOW) => heldByOthers(services().db, { websiteId: DEMO_WEBSITE_ID, now, exceptCartId });
const holdsOf = (cartId: string) => store.db.stockHold.findMany({ where: { cartId }, select: { variantId: true, quantity: true, expiresAt: true } });

describe("holdStock", () => {
  it("holds the cart's units for 15 minutes, lines of one variant added up", async () => {
    const result = await hold("cart-a", [...mugs(1), ...mugs(1), { variantId: poster.id, productId: poster.productId, quantity: 2 }]);
    expect(result.expiresAt).toEqual(later(15));
    expect(result.productIds).toEqual(new Set([mug.productId, poster.productId]));
    expect(await holdsOf("cart-a")).toEqual(
      expect.arrayContaining([
        { variantId: mug.id, quantity: 2, expiresAt: later(15) },
        { variantId: poster.id, quantity: 2, expiresAt: later(15) },
      ]),
    );
    expect(await heldOf(null)).toEqual(
      new Map([
        [mug.id, 2],
        [poster.id, 2],
      ]),
    );
  });

  it("replaces the cart's earlier holds", async () => {
    await hold("cart-a", mugs(3));
    const again = await hold("cart-a", mugs(1), later(5));
    expect(again.expiresAt).toEqual(later(20));
    expect(await holdsOf("cart-a")).toEqual([{ variantId: mug.id, quantity: 1, expiresAt: later(20) }]);
  });

  it("holds nothing of an unlimited variant", async () => {
    await store.db.variant.update({ where: { id: mug.id }, data: { unlimited: true, qtyInStock: 0 } });
    const result = await hold("cart-a", mugs(50));
    expect(await holdsOf("cart-a")).toEqual([]);
    expect(result.productIds).toEqual(new Set());
  });

  it("refuses units other carts hold, and holds nothing then", async () => {
    await hold("cart-a", mugs(2));
    await expect(hold("cart-b", [{ variantId: poster.id, productId: poster.productId, quantity: 1 }, ...mugs(2)])).rejects.toThrow(NotEnoughStockError);
    expect(await holdsOf("cart-b")).toEqual([]);
    await expect(hold("cart-b", mugs(1))).resolves.toMatchObject({ expiresAt: later(15) });
  });

  it("does not count the cart's own holds against it", async () => {
    await hold("cart-a", mugs(3));
    await expect(hold("cart-a", mugs(3), later(1))).resolves.toMatchObject({ expiresAt: later(16) });
  });

  it("no longer counts another cart's hold once it expired", async () => {
    await hold("cart-a", mugs(3));
    await expect(hold("cart-b", mugs(1), later(14))).rejects.toThrow(NotEnoughStockError);
    await expect(hold("cart-b", mugs(3), later(15))).resolves.toMatchObject({ expiresAt: later(30) });
  });

  it("holds exactly the stock when 20 carts ask at once: 3 units, 3 holds, 17 refusals", async () => {
    // On PostgreSQL the first five transactions meet before any of them holds, so all five run at
    // once (SQLite runs one transaction at a time: nothing to meet).
    const meet = rendezvous(testProvider() === "postgresql" ? 5 : 1);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        services().db.$transaction(async (tx) => {
          await tx.$queryRawUnsafe("SELECT 1");
          await meet();
          return holdStock(tx, { websiteId: DEMO_WEBSITE_ID, cartId: `race-${index}`, lines: mugs(1) }, NOW);
        }, TX),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    const refusals = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => (outcome as PromiseRejectedResult).reason);
    expect(refusals).toHaveLength(17);
    for (const reason of refusals) expect(reason).toBeInstanceOf(NotEnoughStockError);
    expect(await store.db.stockHold.aggregate({ where: { variantId: mug.id }, _sum: { quantity: true } })).toEqual({ _sum: { quantity: 3 } });
  });
});

describe("releaseHolds and expireHolds", () => {
  it("releases the cart's holds and names their products", async () => {
    await hold("cart-a", mugs(3));
    await hold("cart-b", [{ variantId: poster.id, productId: poster.productId, quantity: 1 }]);
    const released = await services().db.$transaction((tx) => releaseHolds(tx, "cart-a"));
    expect(released).toEqual(new Set([mug.productId]));
    expect(await heldOf(null)).toEqual(new Map([[poster.id, 1]]));
    await expect(hold("cart-c", mugs(3))).resolves.toBeDefined();
  });

  it("deletes only the holds lapsed by now", async () => {
    await hold("cart-a", mugs(1));
    await hold("cart-b", [{ variantId: poster.id, productId: poster.productId, quantity: 1 }], later(10));
    expect(await expireHolds(services().db, DEMO_WEBSITE_ID, later(14))).toEqual(new Set());
    expect(await expireHolds(services().db, DEMO_WEBSITE_ID, later(15))).toEqual(new Set([mug.productId]));
    expect(await holdsOf("cart-a")).toEqual([]);
    expect(await holdsOf("cart-b")).toHaveLength(1);
  });

  it("runs as the stock-hold-expiry job, which tells every process the products changed", async () => {
    await hold("cart-a", mugs(2));
    const announced: (number[] | null)[] = [];
    const listening = store.listening("catalogChanged");
    const events = store.bus.pubsub.subscribe("catalogChanged");
    const next = events.next();
    await listening;
    const jobs = createJobs(services(), { now: () => later(16), onTimers: false, holder: "stock-hold-test" });
    expect(await jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.stockHolds)!)).toBe(true);
    announced.push(((await next).value as { productIds: number[] | null }).productIds);
    await events.return?.();
    expect(announced).toEqual([[mug.productId]]);
    expect(await holdsOf("cart-a")).toEqual([]);
  });
});
