// The owner operations over GraphQL of gift cards and subscriptions store-wide (issue 24 §6): reading
// goes with the orders (orders.read), every change with moving orders (orders.write).
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { graphql, next, type Operation, store } from "../owner-operations-setup.ts";

/** A new card of the demo site (disabled or not), for a disable or an enable to act on; returns its id. */
async function giftCard(disabled: boolean): Promise<string> {
  const n = next();
  const id = `authz-gift-${n}`;
  await store.db.giftCard.create({
    data: {
      id,
      websiteId: DEMO_WEBSITE_ID,
      code: `AUTHZ-GIFTS-${String(n).padStart(5, "0")}-ZZZZZ`,
      currency: "USD",
      initialBalance: 1000,
      balance: 1000,
      recipientEmail: "friend@example.com",
      disabledAt: disabled ? new Date() : null,
      disabledReason: disabled ? "Lost" : null,
    },
  });
  return id;
}

/** A new active subscription of the demo site's member, for a pause to act on; returns its id. */
async function activeSubscription(): Promise<string> {
  const n = next();
  const account = await store.db.account.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, role: null }, select: { id: true } });
  const orderId = `authz-sub-order-${n}`;
  await store.db.order.create({
    data: {
      id: orderId,
      orderNumber: 800_000 + n,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `authz-sub-cart-${n}`,
      customerEmail: "member@example.com",
      currency: "USD",
      ...{ subtotal: 2000, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 2000 },
    },
  });
  const id = `authz-sub-${n}`;
  await store.db.subscription.create({
    data: {
      id,
      websiteId: DEMO_WEBSITE_ID,
      accountId: account.id,
      orderId,
      productId: 1,
      productName: "Coffee Club",
      quantity: 1,
      unitPrice: 2000,
      currency: "USD",
      billingPeriodValue: 1,
      billingPeriodUnit: "MONTH",
      nextBillingAt: new Date("2099-01-01T00:00:00Z"),
    },
  });
  return id;
}

// What each change would change (the fixture a run makes is left out: it is not the change).
const giftCards = async () => [
  await store.db.giftCard.findMany({ orderBy: { id: "asc" }, select: { id: true, balance: true } }),
  await store.db.outboxEmail.count({ where: { kind: "GIFT_CARD" } }),
];
const cardsWith = (disabled: boolean) => async () => [
  await store.db.giftCard.findMany({ where: { disabledAt: disabled ? { not: null } : null }, orderBy: { id: "asc" }, select: { id: true } }),
];

export const giftCardsOperations: Operation[] = [
  {
    name: "query ownerGiftCards",
    permission: "orders.read",
    run: (c) => graphql(c, "{ ownerGiftCards(first: 2) { edges { node { maskedCode recipientEmail state } } } }"),
  },
  {
    name: "query ownerSubscriptions",
    permission: "orders.read",
    run: (c) => graphql(c, "{ ownerSubscriptions(first: 2) { edges { node { customerEmail ownerActions } } } }"),
  },
  {
    name: "mutation issueGiftCard",
    permission: "orders.write",
    run: (c) => graphql(c, 'mutation { issueGiftCard(input: { amount: 500, recipientEmail: "goodwill@example.com" }) { __typename } }'),
    probe: giftCards,
  },
  {
    name: "mutation disableGiftCard",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { disableGiftCard(input: { giftCardId: "${await giftCard(false)}", reason: "Lost" }) { __typename } }`),
    probe: cardsWith(true),
  },
  {
    name: "mutation enableGiftCard",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { enableGiftCard(input: { giftCardId: "${await giftCard(true)}" }) { __typename } }`),
    probe: cardsWith(false),
  },
  {
    name: "mutation changeOwnerSubscription",
    permission: "orders.write",
    run: async (c) =>
      graphql(c, `mutation { changeOwnerSubscription(input: { subscriptionId: "${await activeSubscription()}", action: PAUSE }) { __typename } }`),
    probe: async () => [await store.db.subscription.findMany({ where: { state: "PAUSED" }, orderBy: { id: "asc" }, select: { id: true } })],
  },
];
