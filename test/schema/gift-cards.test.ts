// Gift cards that can be spent (issue 12 item 3), over GraphQL on the running store: bought with a
// recipient and message, the code emailed (outbox) and shown on the order in test mode; applied to a
// second cart it pays the grand total up to its balance; several per cart; never gift cards or
// subscriptions; bound to its currency; balances taken at checkout never go below zero, even under
// parallel checkouts; wrong codes rate-limited.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, addToCart, cartWriteDocument, checkoutDocument, START_SUBSCRIPTION_CHECKOUT } from "../support/graphql.ts";

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of ["recipe-ebook", "gift-card", "coffee-club", "design-consultation"]) ids[slug] = String(await store.itemId(slug));
}, 60_000);
afterAll(() => store.close());

const CART_FIELDS = `id subtotal { value } grandTotal { value currency } giftCardTotal { value } giftCards { code amount { value } balance { value } }`;
const ADD = addCartEntryDocument(CART_FIELDS, null);
const APPLY = cartWriteDocument("applyGiftCard", CART_FIELDS);
const REMOVE = cartWriteDocument("removeGiftCard", CART_FIELDS);
const CHECKOUT = checkoutDocument("orderId grandTotal { value } giftCardTotal { value } issuedGiftCards { code amount { value } recipientEmail }");

const apply = async (visitor: TestVisitor, code: string) => (await run(visitor, APPLY, { input: { code } })).applyGiftCard;
const checkout = async (visitor: TestVisitor, input: Record<string, unknown> = {}) =>
  (await run(visitor, CHECKOUT, { input: { email: "buyer@example.com", ...input } })).checkout;

/** Buys a gift card of `amount` cents for `recipientEmail`; its code (from the order, test mode). */
async function buyGiftCard(amount: number, recipientEmail = "friend@example.com", message: string | null = "Happy birthday!") {
  const visitor = await store.visitor().arrive();
  const sku = (await store.db.giftCardDenomination.findFirstOrThrow({ where: { productId: Number(ids["gift-card"]), amount } })).sku;
  const added = (await run(visitor, ADD, { input: { itemId: ids["gift-card"], sku, giftDelivery: { recipientEmail, message } } })).addCartEntry;
  expect(added.__typename).toBe("AddCartEntrySuccess");
  const order = (await checkout(visitor)).order;
  return { order, code: order.issuedGiftCards[0].code as string };
}

async function cartWithEbook(): Promise<TestVisitor> {
  const visitor = await store.visitor().arrive();
  await addToCart(visitor, { itemId: ids["recipe-ebook"] }); // $9.00
  return visitor;
}

describe("buying a gift card", () => {
  it("issues a long code for the recipient, emails it with the message, and shows it on the test-mode order", async () => {
    const { order, code } = await buyGiftCard(2500, "Friend@Example.com", "Happy birthday!");
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}(-[A-HJ-NP-Z2-9]{5}){3}$/);
    expect(order.issuedGiftCards).toEqual([{ code, amount: { value: 2500 }, recipientEmail: "friend@example.com" }]);
    const email = await store.db.outboxEmail.findFirstOrThrow({ where: { kind: "GIFT_CARD", toEmail: "friend@example.com", textBody: { contains: code } } });
    expect(email.textBody).toContain('"Happy birthday!"');
    expect(email.textBody).toContain("$25.00");
  });

  it("refuses a message over 80 characters and a recipient that is not an email", async () => {
    const visitor = await store.visitor().arrive();
    const sku = (await store.db.giftCardDenomination.findFirstOrThrow({ where: { productId: Number(ids["gift-card"]) } })).sku;
    const add = async (giftDelivery: Record<string, unknown>) =>
      (await run(visitor, ADD, { input: { itemId: ids["gift-card"], sku, giftDelivery } })).addCartEntry;
    expect(await add({ recipientEmail: "a@example.com", message: "x".repeat(81) })).toMatchObject({
      __typename: "InvalidInputError",
      message: "Keep the message to 80 characters or fewer.",
    });
    expect(await add({ recipientEmail: "nobody" })).toMatchObject({ __typename: "InvalidInputError", message: "Enter the recipient's email address." });
    expect((await add({ recipientEmail: "a@example.com", message: "x".repeat(80) })).__typename).toBe("AddCartEntrySuccess");
  });
});

describe("spending gift cards", () => {
  it("reduces a second cart's grand total up to the card's balance and takes it at checkout", async () => {
    const { code } = await buyGiftCard(2500);
    const visitor = await cartWithEbook();
    const applied = await apply(visitor, code.toLowerCase().replace(/-/g, " "));
    expect(applied.__typename).toBe("ApplyGiftCardSuccess");
    expect(applied.cart).toMatchObject({
      grandTotal: { value: 0 },
      giftCardTotal: { value: 900 },
      giftCards: [{ code, amount: { value: 900 }, balance: { value: 2500 } }],
    });
    const order = (await checkout(visitor)).order;
    expect(order).toMatchObject({ grandTotal: { value: 0 }, giftCardTotal: { value: 900 } });
    expect((await store.db.giftCard.findUniqueOrThrow({ where: { code } })).balance).toBe(1600);
  });

  it("pays with several cards in the order applied; removing one gives its share back", async () => {
    const first = await buyGiftCard(2500);
    const second = await buyGiftCard(2500);
    await store.db.giftCard.update({ where: { code: first.code }, data: { balance: 500 } });
    const visitor = await cartWithEbook();
    await apply(visitor, first.code);
    const both = (await apply(visitor, second.code)).cart;
    expect(both.giftCards.map((card: any) => card.amount.value)).toEqual([500, 400]);
    expect(both.grandTotal.value).toBe(0);
    const removed = (await run(visitor, REMOVE, { input: { code: first.code } })).removeGiftCard;
    expect(removed.cart).toMatchObject({ grandTotal: { value: 0 }, giftCards: [{ code: second.code, amount: { value: 900 } }] });
    expect((await run(visitor, REMOVE, { input: { code: first.code } })).removeGiftCard).toMatchObject({
      __typename: "GiftCardError",
      message: "That gift card is not applied to your cart.",
    });
  });

  it("does not pay for gift cards or subscriptions", async () => {
    const { code } = await buyGiftCard(2500);
    const visitor = await store.visitor().arrive();
    const sku = (await store.db.giftCardDenomination.findFirstOrThrow({ where: { productId: Number(ids["gift-card"]), amount: 5000 } })).sku;
    await run(visitor, ADD, { input: { itemId: ids["gift-card"], sku } });
    await addToCart(visitor, { itemId: ids["recipe-ebook"] });
    const cart = (await apply(visitor, code)).cart;
    expect(cart).toMatchObject({ subtotal: { value: 5900 }, giftCardTotal: { value: 900 }, grandTotal: { value: 5000 } });

    const subscriber = await store.visitor().arrive();
    const { cartToken } = (await run(subscriber, START_SUBSCRIPTION_CHECKOUT, { input: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB" } }))
      .startSubscriptionCheckout;
    const refusal = { __typename: "GiftCardError", message: "Gift cards cannot pay for gift cards or subscriptions." };
    expect((await run(subscriber, APPLY, { input: { code } }, { "x-cart-token": cartToken })).applyGiftCard).toMatchObject(refusal);
    const onlyCards = await store.visitor().arrive();
    await run(onlyCards, ADD, { input: { itemId: ids["gift-card"], sku } });
    expect(await apply(onlyCards, code)).toMatchObject(refusal);
  });

  it("is bound to its currency", async () => {
    const { code } = await buyGiftCard(2500);
    await store.db.giftCard.update({ where: { code }, data: { currency: "EUR" } });
    expect(await apply(await cartWithEbook(), code)).toMatchObject({
      __typename: "GiftCardError",
      message: "That gift card is in another currency; this cart is in USD.",
    });
  });

  it("refuses unknown and spent codes", async () => {
    expect(await apply(await cartWithEbook(), "AAAAA-AAAAA-AAAAA-AAAAA")).toMatchObject({
      __typename: "GiftCardError",
      message: "That gift card code is not valid.",
    });
    const { code } = await buyGiftCard(2500);
    await store.db.giftCard.update({ where: { code }, data: { balance: 0 } });
    expect(await apply(await cartWithEbook(), code)).toMatchObject({ __typename: "GiftCardError", message: "That gift card has no balance left." });
  });

  it("never takes a balance below zero under parallel checkouts (one card, eight carts)", async () => {
    const { code } = await buyGiftCard(2500);
    await store.db.giftCard.update({ where: { code }, data: { balance: 2000 } }); // pays two $9.00 carts, not three
    const visitors = await Promise.all(Array.from({ length: 8 }, () => cartWithEbook()));
    for (const visitor of visitors) expect((await apply(visitor, code)).__typename).toBe("ApplyGiftCardSuccess");
    const results = await Promise.all(visitors.map((visitor) => checkout(visitor)));
    const placed = results.filter((result) => result.__typename === "CheckoutSuccess");
    const refused = results.filter((result) => result.__typename === "GiftCardError");
    expect(placed.length + refused.length).toBe(8);
    expect(refused.every((result) => result.message === "A gift card's balance changed while you checked out. Review your cart and try again.")).toBe(true);
    const card = await store.db.giftCard.findUniqueOrThrow({ where: { code } });
    expect(card.balance).toBeGreaterThanOrEqual(0);
    const spent = placed.reduce((sum, result) => sum + result.order.giftCardTotal.value, 0);
    expect(card.balance).toBe(2000 - spent);
    expect(placed.length).toBeGreaterThanOrEqual(2);
  });

  it("rate-limits wrong codes per visitor", async () => {
    const visitor = await cartWithEbook();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await apply(visitor, `WRONG-CODE${i}`)).__typename);
    expect(answers.slice(0, 10).every((name) => name === "GiftCardError")).toBe(true);
    expect(answers[10]).toBe("RateLimitedError");
    expect(await store.db.giftCard.count({ where: { websiteId: DEMO_WEBSITE_ID } })).toBeGreaterThan(0);
  });
});

describe("the owner's order page", () => {
  const OWNER_ORDER = `query Order($orderId: String!) { ownerOrder(orderId: $orderId) { ... on Order {
    giftCardTotal { value } giftCardPayments { maskedCode amount { value } }
    giftCardsIssued { maskedCode recipientEmail message initialBalance { value } balance { value } } } } }`;

  it("shows the cards an order bought with what is left on each, and the cards that paid for an order, codes masked", async () => {
    const { order: bought, code } = await buyGiftCard(5000, "pal@example.com", "Enjoy");
    const visitor = await cartWithEbook();
    expect((await apply(visitor, code)).__typename).toBe("ApplyGiftCardSuccess");
    const paid = (await checkout(visitor)).order;
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const masked = `•••••-•••••-•••••-${code.slice(-5)}`;

    const boughtPage = (await owner.graphql(OWNER_ORDER, { orderId: bought.orderId })).data.ownerOrder;
    expect(boughtPage.giftCardsIssued).toEqual([
      { maskedCode: masked, recipientEmail: "pal@example.com", message: "Enjoy", initialBalance: { value: 5000 }, balance: { value: 4100 } },
    ]);
    expect(boughtPage.giftCardPayments).toEqual([]);

    const paidPage = (await owner.graphql(OWNER_ORDER, { orderId: paid.orderId })).data.ownerOrder;
    expect(paidPage).toMatchObject({ giftCardTotal: { value: 900 }, giftCardPayments: [{ maskedCode: masked, amount: { value: 900 } }], giftCardsIssued: [] });
    expect(JSON.stringify(paidPage)).not.toContain(code);
  });
});
