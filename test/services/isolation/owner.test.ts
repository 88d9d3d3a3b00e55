// Issue 21: one process serves many sites. An owner signed in on site B handles only B's rows: the
// ids of site A's orders, products, variants, images, shipping zones, coupons, tax rules and emails
// are refused as made-up ids, and A's rows stay as they were.
import { emptyDraft } from "../../../server/domain/analytics/events.ts";
import { AnalyticsIngest } from "../../../server/services/analytics/ingest.ts";
import { newId } from "../../../server/services/support/ids.ts";
import { createTwoSiteServices, mugOf, newVisitor, outcome, OWNER, SITE_A, SITE_B, signedIn, type TwoSiteServices } from "../../support/two-sites.ts";

let sites: TwoSiteServices;
beforeAll(async () => {
  sites = await createTwoSiteServices();
});
afterAll(() => sites.close());

const MADE_UP = 99_999_999;

/** Runs each call with A's id and with a made-up one on site B: both refused, the same way. */
async function refusedAsMadeUp(calls: (id: number) => (() => Promise<unknown>)[], idOfA: number) {
  const made = calls(MADE_UP);
  for (const [index, call] of calls(idOfA).entries()) {
    const crossed = await outcome(call);
    expect(crossed).toHaveProperty("error");
    expect(crossed).toEqual(await outcome(made[index]));
  }
}

describe("an order of site A", () => {
  let orderId: string;
  beforeAll(async () => {
    const mug = await mugOf(sites.db, SITE_A);
    const visitor = newVisitor();
    const { cartToken } = await sites.a.carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity: 1 });
    const address = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };
    const result = await sites.a.checkout.checkout({ ...visitor, cartToken }, { email: "ann@example.com", shippingAddress: address });
    if (!("order" in result)) throw new Error("a store in test mode places the order at once");
    orderId = result.order.id;
  });

  it("is not read, fulfilled, cancelled or refunded through site B; its stock and state stay", async () => {
    const before = await sites.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: true } });
    const stock = (await mugOf(sites.db, SITE_A)).qtyInStock;
    expect(await sites.b.orders.get(orderId)).toBeNull();
    expect(await sites.b.orders.giftCardsAndSubscription(orderId)).toEqual(await sites.b.orders.giftCardsAndSubscription(newId()));
    const moves = (id: string) => [() => sites.b.orders.fulfil(id), () => sites.b.orders.cancel(id), () => sites.b.orders.refund(id)];
    const made = moves(newId());
    for (const [index, move] of moves(orderId).entries()) expect(await outcome(move)).toEqual(await outcome(made[index]));
    expect((await sites.b.orders.list({ search: orderId })).items).toEqual([]);
    expect(await outcome(() => sites.b.orders.list({ after: orderId }))).toEqual(await outcome(() => sites.b.orders.list({ after: newId() })));
    expect(await sites.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: true } })).toEqual(before);
    expect((await mugOf(sites.db, SITE_A)).qtyInStock).toBe(stock);
  });
});

describe("site A's catalogue through site B's owner", () => {
  const snapshot = () =>
    sites.db.product.findMany({ where: { websiteId: SITE_A }, orderBy: { id: "asc" }, include: { variants: true, translations: true, merchandising: true } });

  it("products: changed, translated, merchandised, deleted or read as made-up ids are", async () => {
    const before = await snapshot();
    const mug = await mugOf(sites.db, SITE_A);
    expect(await sites.b.ownerProducts.findProduct({}, mug.productId)).toBeNull();
    expect(await sites.b.catalog.productById({}, mug.productId)).toBeNull();
    await refusedAsMadeUp(
      (id) => [
        () => sites.b.ownerProducts.updateProduct(id, { name: "Taken over" }),
        () => sites.b.ownerProducts.setTranslation(id, { locale: "fr-FR", name: "Pris", description: "" }),
        () => sites.b.ownerProducts.updateMerchandising(id, { scarcityEnabled: true }),
        () => sites.b.ownerProducts.createVariant(id, { sku: "NEW-1", price: 100 }),
        () => sites.b.ownerProducts.deleteProduct(id),
        () => sites.b.ownerProducts.product({}, id),
        () => sites.b.productImages.reorder(id, []),
      ],
      mug.productId,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("variants: changed, restocked or deleted as made-up ids are (no waiter of A is notified)", async () => {
    const before = await snapshot();
    const mug = await mugOf(sites.db, SITE_A);
    await refusedAsMadeUp(
      (id) => [
        () => sites.b.ownerProducts.updateVariant(id, { price: 1 }),
        () => sites.b.ownerProducts.setStock(id, { qtyInStock: 500 }),
        () => sites.b.ownerProducts.deleteVariant(id),
        () => sites.b.ownerProducts.variant({}, id),
      ],
      mug.id,
    );
    expect(await snapshot()).toEqual(before);
    expect(await sites.b.ordersHome.variantsOf({}, [mug.productId])).toEqual([]);
  });

  it("images: read, retitled, deleted or served as made-up ids and keys are", async () => {
    const mug = await mugOf(sites.db, SITE_A);
    const image = await sites.db.productImage.create({
      data: {
        ...{ websiteId: SITE_A, productId: mug.productId, key: "a".repeat(24), filename: "mug.jpg", position: 0 },
        ...{ width: 10, height: 10, contentType: "image/jpeg", byteSize: 10, widths: "[]" },
      },
    });
    await refusedAsMadeUp(
      (id) => [() => sites.b.productImages.get(id), () => sites.b.productImages.updateAltText(id, "Taken over"), () => sites.b.productImages.delete(id)],
      image.id,
    );
    expect(await sites.b.productImages.media(image.key, image.filename, null)).toBeNull();
    expect(await sites.db.productImage.findUniqueOrThrow({ where: { id: image.id } })).toEqual(image);
  });
});

describe("site A's store settings through site B's owner", () => {
  it("a shipping zone of A is not replaced or deleted; its options stay", async () => {
    const zone = await sites.db.shippingZone.findFirstOrThrow({ where: { websiteId: SITE_A }, include: { options: true } });
    const input = { name: "Taken over", reach: { kind: "restOfWorld" as const }, options: [{ id: zone.options[0].id, name: "Free", price: 0 }] };
    await refusedAsMadeUp((id) => [() => sites.b.shippingZones.save(input, id), () => sites.b.shippingZones.delete(id)], zone.id);
    expect(await outcome(() => sites.b.shippingZones.reorder([zone.id]))).toHaveProperty("error");
    expect(await sites.db.shippingZone.findUniqueOrThrow({ where: { id: zone.id }, include: { options: true } })).toEqual(zone);
  });

  it("a coupon and a tax rule of A are not changed or deleted", async () => {
    const coupon = await sites.db.coupon.findFirstOrThrow({ where: { websiteId: SITE_A } });
    const couponInput = {
      ...{ code: "TAKEN", kind: "PERCENT" as const, percentOffMillipercent: 100_000, amountOff: 0, minimumSubtotal: 0 },
      ...{ startsAt: null, expiresAt: null, usageLimit: null, active: true },
    };
    await refusedAsMadeUp((id) => [() => sites.b.storeAdmin.saveCoupon(couponInput, id), () => sites.b.storeAdmin.deleteCoupon(id)], coupon.id);
    const rule = await sites.db.taxRule.findFirstOrThrow({ where: { websiteId: SITE_A } });
    const ruleInput = { name: "Taken over", country: "US", region: "", rateMillipercent: 1 };
    await refusedAsMadeUp((id) => [() => sites.b.storeAdmin.saveTaxRule(ruleInput, id), () => sites.b.storeAdmin.deleteTaxRule(id)], rule.id);
    expect(await sites.db.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).toEqual(coupon);
    expect(await sites.db.taxRule.findUniqueOrThrow({ where: { id: rule.id } })).toEqual(rule);
  });

  it("an email of A's outbox is not listed or sent again", async () => {
    const email = await sites.db.outboxEmail.create({
      data: { id: newId(), websiteId: SITE_A, kind: "RESTOCK", dedupeKey: newId(), toEmail: "a@example.com", subject: "A", textBody: "A", status: "FAILED" },
    });
    expect(await outcome(() => sites.b.outbox.retry(email.id))).toEqual(await outcome(() => sites.b.outbox.retry(newId())));
    expect((await sites.b.outbox.list({})).items.map((item) => item.id)).not.toContain(email.id);
    expect(await sites.db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } })).toEqual(email);
  });
});

it("a session of site A's owner is a visitor's on site B's analytics: B tracks it as it tracks an unknown session", async () => {
  const { result } = await signedIn(sites.a, OWNER);
  const ingest = new AnalyticsIngest(sites.db, SITE_B, sites.b.settings, sites.b.analyticsSettings, { secret: "s".repeat(40) });
  const request = (id: string, sessionToken: string) => ({ cookies: { SS_ANALYTICS_ID: id, SS_SESSION_ID: `${id}-s` }, gpc: false, sessionToken });
  await ingest.record([{ ...emptyDraft("page-view"), path: "/shop" }], request("owner-of-a", result.session.token));
  await ingest.record([{ ...emptyDraft("page-view"), path: "/shop" }], request("stranger", newId()));
  await ingest.close();
  const kept = await sites.db.analyticsEvent.findMany({ where: { websiteId: SITE_B }, select: { visitorKey: true } });
  expect(kept.map((row) => row.visitorKey).sort()).toEqual([ingest.hash("visitor:owner-of-a"), ingest.hash("visitor:stranger")].sort());
});
