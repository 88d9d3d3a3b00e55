// Issue 21: one process serves many sites. A shopper's handles of site A (its cart token, the crumb
// that made the cart, an idempotency key, a product id, a coupon or gift card code, an order id) are
// worthless on site B: B answers as it answers a made-up one, and A's rows stay as they were.
import { newGiftCardCode } from "../../../server/services/checkout/gift-cards.ts";
import { newId, newSecret } from "../../../server/services/support/ids.ts";
import { createTwoSiteServices, mugOf, newVisitor, outcome, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";

let sites: TwoSiteServices;
beforeAll(async () => {
  sites = await createTwoSiteServices();
});
afterAll(() => sites.close());

const cartRow = (id: string) => sites.db.cart.findUniqueOrThrow({ where: { id }, include: { entries: { orderBy: { id: "asc" } } } });
const productOf = (websiteId: string, slug: string) => sites.db.product.findFirstOrThrow({ where: { websiteId, slug }, select: { id: true } });

/** A cart on site A holding one mug, made by a visitor with a crumb. */
async function cartOnA() {
  const visitor = newVisitor();
  const mug = await mugOf(sites.db, SITE_A);
  const added = await sites.a.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity: 1 });
  return { visitor, cartId: added.cartId, cartToken: added.cartToken, entryId: added.newlyAdded.id, before: await cartRow(added.cartId) };
}

describe("a cart token of site A on site B", () => {
  it("reads as no cart, by token and by id, as a made-up token does", async () => {
    const { cartId, cartToken } = await cartOnA();
    expect(await sites.b.carts.view(cartToken)).toBeNull();
    expect(await sites.b.carts.view(newSecret())).toBeNull();
    expect(await sites.b.carts.viewById(cartId)).toBeNull();
    expect(await sites.a.carts.view(cartToken)).toMatchObject({ id: cartId, websiteId: SITE_A });
  });

  it("an add with it makes a new cart of site B and leaves A's cart as it was (not even its version moves)", async () => {
    const { cartId, cartToken, before } = await cartOnA();
    const mugB = await mugOf(sites.db, SITE_B);
    const added = await sites.b.carts.addEntry({ cartToken, crumb: newSecret() }, { itemId: mugB.productId, sku: "MUG-1", quantity: 1 });
    expect(added.cartId).not.toBe(cartId);
    expect(added.cartToken).not.toBe(cartToken);
    expect(added.cart.websiteId).toBe(SITE_B);
    expect(await cartRow(cartId)).toEqual(before);
  });

  it("changing, removing, coupons, shipping and checkout with it are refused as with a made-up token", async () => {
    const { cartId, cartToken, entryId, before } = await cartOnA();
    const calls = (token: string) => {
      const visitor = { cartToken: token, crumb: null };
      return [
        () => sites.b.carts.updateEntryQuantity(visitor, entryId, 2),
        () => sites.b.carts.removeEntry(visitor, entryId),
        () => sites.b.carts.updateEntryAdditionalFields(visitor, entryId, null),
        () => sites.b.carts.applyCoupon(visitor, "WELCOME10"),
        () => sites.b.carts.setShippingLocation(visitor, { country: "US", region: "NY" }),
        () => sites.b.checkout.checkout(visitor, { email: "shopper@example.com" }),
      ];
    };
    const made = calls(newSecret());
    for (const [index, call] of calls(cartToken).entries()) {
      const crossed = await outcome(call);
      expect(crossed).toEqual(await outcome(made[index]));
      expect(crossed).toHaveProperty("error");
    }
    expect(await cartRow(cartId)).toEqual(before);
  });
});

it("the crumb that made a cart on site A finds no cart on site B: B's first add makes B's own", async () => {
  const { visitor, cartId, before } = await cartOnA();
  const mugB = await mugOf(sites.db, SITE_B);
  const added = await sites.b.carts.addEntry({ cartToken: null, crumb: visitor.crumb }, { itemId: mugB.productId, sku: "MUG-1", quantity: 1 });
  expect(added.cartId).not.toBe(cartId);
  expect(added.cart.websiteId).toBe(SITE_B);
  expect(await cartRow(cartId)).toEqual(before);
});

it("an idempotency key answered on site A replays nothing of A on site B (same visitor crumb): B refuses the key", async () => {
  const visitor = newVisitor();
  const key = `key-${newId()}`;
  const mugA = await mugOf(sites.db, SITE_A);
  const first = await sites.a.carts.addEntry(visitor, { itemId: mugA.productId, sku: "MUG-1", quantity: 1 }, { idempotencyKey: key });
  const before = await cartRow(first.cartId);
  // The very same request (a retry sent to the other site): same visitor, same input, same key.
  const crossed = await outcome(() => sites.b.carts.addEntry(visitor, { itemId: mugA.productId, sku: "MUG-1", quantity: 1 }, { idempotencyKey: key }));
  expect(JSON.stringify(crossed)).not.toContain(first.cartToken);
  // The answer a key already used by another visitor of the same site gets.
  const otherVisitor = await outcome(() =>
    sites.a.carts.addEntry(newVisitor(), { itemId: mugA.productId, sku: "MUG-1", quantity: 1 }, { idempotencyKey: key }),
  );
  expect(crossed).toEqual(otherVisitor);
  expect(await cartRow(first.cartId)).toEqual(before);
});

it("site A's product ids are no products on site B's cart: adding one answers as an unknown id does", async () => {
  const visitor = newVisitor();
  const mugA = await mugOf(sites.db, SITE_A);
  const coffeeA = await productOf(SITE_A, "coffee-club");
  const unknown = await outcome(() => sites.b.carts.addEntry(visitor, { itemId: 99_999_999, sku: "MUG-1", quantity: 1 }));
  expect(unknown).toHaveProperty("error.code", "NOT_FOUND");
  expect(await outcome(() => sites.b.carts.addEntry(visitor, { itemId: mugA.productId, sku: "MUG-1", quantity: 1 }))).toEqual(unknown);
  const unknownPlan = await outcome(() => sites.b.carts.startSubscriptionCheckout({ itemId: 99_999_999, quantity: 1 }));
  expect(await outcome(() => sites.b.carts.startSubscriptionCheckout({ itemId: coffeeA.id, quantity: 1 }))).toEqual(unknownPlan);
  expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(mugA.qtyInStock);
});

it("a coupon code only site A has is unknown on site B", async () => {
  await sites.db.coupon.create({ data: { websiteId: SITE_A, code: "ONLYONA", kind: "PERCENT", percentOffMillipercent: 50_000 } });
  const mugB = await mugOf(sites.db, SITE_B);
  const visitor = newVisitor();
  const { cartToken } = await sites.b.carts.addEntry(visitor, { itemId: mugB.productId, sku: "MUG-1", quantity: 1 });
  const holder = { ...visitor, cartToken };
  const made = await outcome(() => sites.b.carts.applyCoupon(holder, "MADEUPCODE"));
  expect(made).toHaveProperty("error.code", "COUPON_INVALID");
  expect(await outcome(() => sites.b.carts.applyCoupon(holder, "ONLYONA"))).toEqual(made);
  expect((await sites.b.carts.view(cartToken))?.coupons).toEqual([]);
  expect(await sites.db.coupon.findFirst({ where: { websiteId: SITE_A, code: "ONLYONA" }, select: { timesUsed: true } })).toEqual({ timesUsed: 0 });
});

describe("a gift card bought on site A", () => {
  let order: { id: string; code: string };
  beforeAll(async () => {
    const giftCard = await productOf(SITE_A, "gift-card");
    const visitor = newVisitor();
    const { cartToken } = await sites.a.carts.addEntry(visitor, { itemId: giftCard.id, sku: "GIFT-2500", quantity: 1 });
    const result = await sites.a.checkout.checkout({ ...visitor, cartToken }, { email: "buyer@example.com" });
    if (!("order" in result)) throw new Error("a store in test mode places the order at once");
    const placed = result.order;
    const [card] = await sites.a.checkout.issuedGiftCards(placed.id);
    order = { id: placed.id, code: card.code };
  });

  it("its code pays nothing on site B: refused as a made-up code, A's balance untouched", async () => {
    const mugB = await mugOf(sites.db, SITE_B);
    const visitor = newVisitor();
    const { cartToken } = await sites.b.carts.addEntry(visitor, { itemId: mugB.productId, sku: "MUG-1", quantity: 1 });
    const holder = { ...visitor, cartToken };
    const made = await outcome(() => sites.b.carts.applyGiftCard(holder, newGiftCardCode()));
    expect(made).toHaveProperty("error.code", "GIFT_CARD_INVALID");
    expect(await outcome(() => sites.b.carts.applyGiftCard(holder, order.code))).toEqual(made);
    expect(await sites.db.giftCard.findUniqueOrThrow({ where: { code: order.code }, select: { balance: true } })).toEqual({ balance: 2500 });
  });

  it("its order and the codes it issued are not found through site B", async () => {
    expect(await sites.b.checkout.order(order.id)).toBeNull();
    expect(await sites.b.storefront.order(order.id)).toBeNull();
    expect(await sites.b.checkout.issuedGiftCards(order.id)).toEqual(await sites.b.checkout.issuedGiftCards(newId()));
    expect(await sites.b.checkout.issuedGiftCards(order.id)).toEqual([]);
    expect(await sites.a.checkout.issuedGiftCards(order.id)).toHaveLength(1);
  });
});

it("site A's product translations are not read by site B's catalogue", async () => {
  const mugA = await mugOf(sites.db, SITE_A);
  await sites.db.productTranslation.create({ data: { productId: mugA.productId, locale: "fr-FR", name: "Tasse (A)" } });
  expect(await sites.a.catalog.translatedName(mugA.productId, "fr-FR")).toBe("Tasse (A)");
  expect(await sites.b.catalog.translatedName(mugA.productId, "fr-FR")).toBeNull();
});
