// The waitlist's statuses move only through RESTOCK_TRANSITIONS (server/domain/restock/restock.ts): a
// shopper who signs up again after the notification email, after buying, or after the place lapsed
// joins the back of the queue (RECEIVED); a waiting shopper keeps their turn. Against a real database,
// with an injected clock.
import type { Db } from "../../../server/db/client.ts";
import { SIGN_UP_LIFETIME_MS } from "../../../server/domain/restock/restock.ts";
import type { Services } from "../../../server/services/index.ts";
import { createDemoStoreServices } from "../../support/services.ts";

let db: Db;
let close: () => Promise<void>;
let services: Services;
let nowMs = Date.parse("2026-01-01T00:00:00Z");
let productId: number;
let sequence = 0;

beforeAll(async () => {
  ({ db, services, close } = await createDemoStoreServices({ now: () => new Date(nowMs) }));
  productId = (await db.product.findFirstOrThrow({ where: { slug: "canvas-tote" } })).id;
});
afterAll(() => close());

/** A fresh sold-out variant of the tote, so each test starts with an empty queue. */
async function soldOutVariant(): Promise<number> {
  const { id } = await services.ownerProducts.createVariant(productId, {
    sku: `TOTE-R${++sequence}`,
    attributes: { Color: `Restock ${sequence}` },
    price: 2500,
    qtyInStock: 0,
  });
  return id;
}

const signUp = (variantId: number, email: string) =>
  services.restock.signUp({ productId, variantId, siteVisitorEmail: email, isJoinMailingList: false }, { remoteAddress: null });

const queue = async (variantId: number) =>
  (await db.restockSignUp.findMany({ where: { variantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((row) => [row.email, row.status]);

const tick = () => (nowMs += 1000);

it("keeps a waiting shopper's turn when they sign up again", async () => {
  const variantId = await soldOutVariant();
  await signUp(variantId, "first@example.com");
  tick();
  await signUp(variantId, "second@example.com");
  tick();
  expect((await signUp(variantId, "first@example.com")).status).toBe("RECEIVED");
  expect(await queue(variantId)).toEqual([
    ["first@example.com", "RECEIVED"],
    ["second@example.com", "RECEIVED"],
  ]);
});

it("puts a shopper who asks again after the notification email at the back of the queue, RECEIVED", async () => {
  const variantId = await soldOutVariant();
  await signUp(variantId, "first@example.com");
  tick();
  await signUp(variantId, "second@example.com");
  tick();
  await services.ownerProducts.setStock(variantId, { qtyInStock: 1 });
  await services.ownerProducts.setStock(variantId, { qtyInStock: 0 });
  expect(await queue(variantId)).toEqual([
    ["first@example.com", "NOTIFIED"],
    ["second@example.com", "RECEIVED"],
  ]);
  tick();
  expect((await signUp(variantId, "first@example.com")).status).toBe("RECEIVED");
  expect(await queue(variantId)).toEqual([
    ["second@example.com", "RECEIVED"],
    ["first@example.com", "RECEIVED"],
  ]);
  const place = await db.restockSignUp.findFirstOrThrow({ where: { variantId, email: "first@example.com" } });
  expect(place.notifiedAt).toBeNull();
});

it("puts a lapsed place back in the queue with a new 90 days, even before it was marked EXPIRED", async () => {
  const variantId = await soldOutVariant();
  await signUp(variantId, "late@example.com");
  nowMs += SIGN_UP_LIFETIME_MS;
  expect((await db.restockSignUp.findFirstOrThrow({ where: { variantId } })).status).toBe("RECEIVED");
  expect((await signUp(variantId, "late@example.com")).status).toBe("RECEIVED");
  const place = await db.restockSignUp.findFirstOrThrow({ where: { variantId } });
  expect(place.createdAt.getTime()).toBe(nowMs);
  expect(place.expiresAt.getTime()).toBe(nowMs + SIGN_UP_LIFETIME_MS);
});
