// Gift cards and subscriptions store-wide (issue 24 §6), against a real database: the owner's gift card
// list (newest first, paged, by state, by the last group of the code; another site's cards never
// shown), disabling and enabling a card (checkout's spend refuses a disabled one), issuing one by hand
// (one outbox email to the recipient), and the owner's subscription moves with the billing date rule.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { ConflictError, GiftCardError, InvalidInputError, NotFoundError, SubscriptionMoveError } from "../../../server/domain/errors.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { spendGiftCards } from "../../../server/services/checkout/gift-cards.ts";
import { createServices, type Services } from "../../../server/services/index.ts";
import { createTestDb } from "../../support/db.ts";

const OTHER_SITE = "gift-card-admin-other-site";
let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let services: Services;
const nowMs = Date.parse("2030-05-01T10:00:00Z");
let made = 0;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  await db.website.create({ data: { id: OTHER_SITE, title: "Another store" } });
  bus = createRealtimeBus(null);
  services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID, options: { now: () => new Date(nowMs) } });
});

afterAll(async () => {
  services.stop();
  await bus.close();
  await close();
});

/** A card bought by an order (or of another site), issued `minutesAgo` before now. */
async function card({ websiteId = DEMO_WEBSITE_ID, balance = 2500, ending = "", minutesAgo = 0 } = {}) {
  made++;
  const code = `AAAAA-BBBBB-CCCCC-${ending || String(10000 + made).slice(-5)}`;
  const orderId = `gift-order-${made}`;
  await db.order.create({
    data: {
      id: orderId,
      orderNumber: 50_000 + made,
      websiteId,
      purchasedCartId: `gift-cart-${made}`,
      customerEmail: `buyer${made}@example.com`,
      currency: "USD",
      ...{ subtotal: 2500, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 2500 },
    },
  });
  return db.giftCard.create({
    data: {
      id: `gift-${made}`,
      websiteId,
      code,
      currency: "USD",
      initialBalance: 2500,
      balance,
      recipientEmail: `friend${made}@example.com`,
      orderId,
      createdAt: new Date(nowMs - minutesAgo * 60_000),
    },
  });
}

describe("the gift card list", () => {
  it("shows the site's cards newest first, masked, with their buyer, paged; never another site's", async () => {
    const older = await card({ minutesAgo: 30 });
    const newer = await card({ minutesAgo: 10 });
    await card({ websiteId: OTHER_SITE, minutesAgo: 5 });
    const first = await services.giftCardAdmin.list({ first: 1 });
    expect(first.items.map((item) => item.id)).toEqual([newer.id]);
    expect(first.hasNextPage).toBe(true);
    expect(first.items[0]).toMatchObject({
      maskedCode: `•••••-•••••-•••••-${newer.code.slice(-5)}`,
      buyerEmail: expect.stringMatching(/^buyer\d+@example.com$/),
      recipientEmail: newer.recipientEmail,
      state: "ACTIVE",
      lastUsedAt: null,
    });
    const all = await services.giftCardAdmin.list({ first: 100 });
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([newer.id, older.id]));
    expect(all.items.every((item) => !item.id.startsWith("gift-3"))).toBe(true);
    expect(await db.giftCard.count({ where: { websiteId: DEMO_WEBSITE_ID } })).toBe(all.items.length);
  });

  it("finds a card by the last group of its code, as typed", async () => {
    const wanted = await card({ ending: "K7M2Q" });
    await card({ websiteId: OTHER_SITE, ending: "K7M2R" });
    expect((await services.giftCardAdmin.list({ codeEnding: "k7m2q" })).items.map((item) => item.id)).toEqual([wanted.id]);
    // Another site's card with that ending is not found.
    expect((await services.giftCardAdmin.list({ codeEnding: "K7M2R" })).items).toEqual([]);
  });

  it("filters by state: spent cards have nothing left", async () => {
    const spent = await card({ balance: 0 });
    const ids = (await services.giftCardAdmin.list({ state: "SPENT", first: 100 })).items.map((item) => item.id);
    expect(ids).toContain(spent.id);
    expect((await services.giftCardAdmin.list({ state: "ACTIVE", first: 100 })).items.map((item) => item.id)).not.toContain(spent.id);
  });
});

describe("disabling a card", () => {
  it("records the reason, makes checkout refuse it, and enabling lets it pay again", async () => {
    const target = await card();
    const disabled = await services.giftCardAdmin.disable(target.id, " Reported stolen ");
    expect(disabled).toMatchObject({ state: "DISABLED", disabledReason: "Reported stolen" });
    const spend = () => db.$transaction((tx) => spendGiftCards(tx, DEMO_WEBSITE_ID, [{ code: target.code, amountCents: 500 }], new Date(nowMs)));
    await expect(spend()).rejects.toThrow(new GiftCardError("That gift card has been disabled. Please contact the store."));
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: target.id } })).balance).toBe(2500);
    await expect(services.giftCardAdmin.disable(target.id, "again")).rejects.toThrow(ConflictError);

    expect(await services.giftCardAdmin.enable(target.id)).toMatchObject({ state: "ACTIVE", disabledReason: null });
    await spend();
    const [view] = (await services.giftCardAdmin.list({ codeEnding: target.code.slice(-5) })).items;
    expect(view).toMatchObject({ balance: 2000, lastUsedAt: new Date(nowMs) });
    await expect(services.giftCardAdmin.enable(target.id)).rejects.toThrow("That gift card is not disabled.");
  });

  it("cannot touch another site's card", async () => {
    const theirs = await card({ websiteId: OTHER_SITE });
    await expect(services.giftCardAdmin.disable(theirs.id, "no")).rejects.toThrow(new NotFoundError("That gift card could not be found."));
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: theirs.id } })).disabledAt).toBeNull();
  });
});

describe("issuing a card by hand", () => {
  it("creates it in the store's currency and writes one email to the recipient", async () => {
    const before = await db.outboxEmail.count();
    const issued = await services.giftCardAdmin.issue({ amount: 1500, recipientEmail: "Grace@Example.com", note: "Late parcel" }, "owner@sitecart.test");
    expect(issued).toMatchObject({
      state: "ACTIVE",
      balance: 1500,
      initialBalance: 1500,
      currency: "USD",
      issuedBy: "owner@sitecart.test",
      note: "Late parcel",
    });
    expect(issued.orderId).toBeNull();
    const row = await db.giftCard.findUniqueOrThrow({ where: { id: issued.id } });
    const emails = await db.outboxEmail.findMany({ where: { kind: "GIFT_CARD", toEmail: "grace@example.com" } });
    expect(await db.outboxEmail.count()).toBe(before + 1);
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toMatch(/^You have received a gift card from /);
    expect(emails[0].textBody).toBe(`You have received a gift card worth $15.00.\n\nYour code: ${row.code}`);
  });

  it("refuses an amount of nothing", async () => {
    await expect(services.giftCardAdmin.issue({ amount: 0, recipientEmail: "a@example.com" }, null)).rejects.toThrow(
      new InvalidInputError("Enter an amount greater than zero, up to 10,000."),
    );
  });
});

describe("the owner's subscriptions", () => {
  let member: number;
  const subscription = async (state = "ACTIVE", websiteId = DEMO_WEBSITE_ID) => {
    made++;
    const orderId = `sub-order-${made}`;
    await db.order.create({
      data: {
        id: orderId,
        orderNumber: 60_000 + made,
        websiteId,
        purchasedCartId: `sub-cart-${made}`,
        customerEmail: "member@example.com",
        currency: "USD",
        ...{ subtotal: 2000, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 2000 },
      },
    });
    return db.subscription.create({
      data: {
        id: `sub-${made}`,
        websiteId,
        accountId: member,
        orderId,
        productId: 1,
        productName: "Coffee Club",
        quantity: 1,
        unitPrice: 2000,
        currency: "USD",
        billingPeriodValue: 1,
        billingPeriodUnit: "MONTH",
        state,
        nextBillingAt: new Date("2030-06-01T10:00:00Z"),
      },
    });
  };

  beforeAll(async () => {
    member = (await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "subscriber@example.com", passwordHash: "x" } })).id;
  });

  it("lists them with their customer, filtered by state, never another site's", async () => {
    const paused = await subscription("PAUSED");
    const theirs = await subscription("PAUSED", OTHER_SITE);
    const page = await services.ownerSubscriptions.list({ state: "PAUSED", first: 100 });
    expect(page.items.map((item) => item.id)).toContain(paused.id);
    expect(page.items.map((item) => item.id)).not.toContain(theirs.id);
    expect(page.items.find((item) => item.id === paused.id)).toMatchObject({ customerEmail: "subscriber@example.com", ownerActions: ["RESUME", "CANCEL"] });
  });

  it("pauses, resumes, skips the next cycle and cancels through the member's table", async () => {
    const sub = await subscription();
    expect((await services.ownerSubscriptions.change(sub.id, { action: "PAUSE" })).state).toBe("PAUSED");
    await expect(services.ownerSubscriptions.change(sub.id, { action: "SKIP_NEXT" })).rejects.toThrow(
      new SubscriptionMoveError("This subscription is paused and cannot skip its next cycle."),
    );
    expect((await services.ownerSubscriptions.change(sub.id, { action: "RESUME" })).state).toBe("ACTIVE");
    expect(await services.ownerSubscriptions.change(sub.id, { action: "SKIP_NEXT" })).toMatchObject({
      skipNext: true,
      ownerActions: ["PAUSE", "CANCEL", "CHANGE_BILLING_DATE"],
    });
    expect((await services.ownerSubscriptions.change(sub.id, { action: "CANCEL" })).state).toBe("CANCELLED");
  });

  it("moves the next billing date, never into the past", async () => {
    const sub = await subscription();
    const moved = await services.ownerSubscriptions.change(sub.id, { action: "CHANGE_BILLING_DATE", nextBillingAt: new Date("2030-05-20T12:00:00Z") });
    expect(moved.nextBillingAt).toBe("2030-05-20T12:00:00.000Z");
    await expect(
      services.ownerSubscriptions.change(sub.id, { action: "CHANGE_BILLING_DATE", nextBillingAt: new Date("2030-04-30T12:00:00Z") }),
    ).rejects.toThrow(new InvalidInputError("The next billing date cannot be in the past."));
    expect((await db.subscription.findUniqueOrThrow({ where: { id: sub.id } })).nextBillingAt.toISOString()).toBe("2030-05-20T12:00:00.000Z");
  });

  it("cannot move another site's subscription", async () => {
    const theirs = await subscription("ACTIVE", OTHER_SITE);
    await expect(services.ownerSubscriptions.change(theirs.id, { action: "PAUSE" })).rejects.toThrow(NotFoundError);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("ACTIVE");
  });
});
