// Subscriptions shoppers manage (issue 12 item 2), over GraphQL on the running store: a member's
// subscription checkout starts a subscription shown with the plan in the spec's wording and its next
// billing date; the member skips the next cycle, pauses, resumes and cancels it (the transition table's
// refusals answered as SubscriptionMoveError); the renewal job places one order per due cycle.
import { Caller, signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore } from "../support/app.ts";
import { checkoutDocument, START_SUBSCRIPTION_CHECKOUT } from "../support/graphql.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

const NY = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };
const SUBSCRIPTIONS = `{ viewer { subscriptions { id productName planText state nextBillingAt skipNext cyclesBilled actions price { value } } orders { subscription order { orderId } } } }`;
const CHANGE = `mutation Change($input: ChangeSubscriptionInput!) { changeSubscription(input: $input) {
  __typename ... on Error { message code } ... on ChangeSubscriptionSuccess { subscription { id state skipNext nextBillingAt actions } } } }`;

async function subscribe(member: Caller): Promise<string> {
  const itemId = String(await store.itemId("coffee-club"));
  const { cartToken } = (await member.graphql(START_SUBSCRIPTION_CHECKOUT, { input: { itemId, sku: "COFFEE-CLUB" } })).data.startSubscriptionCheckout;
  const done = (await member.graphql(checkoutDocument("orderId"), { input: { email: "member@sitecart.test", cartToken, shippingAddress: NY } })).data.checkout;
  expect(done.__typename).toBe("CheckoutSuccess");
  return done.order.orderId;
}

const change = async (member: Caller, subscriptionId: string, action: string) =>
  (await member.graphql(CHANGE, { input: { subscriptionId, action } })).data.changeSubscription;

describe("a member's subscription", () => {
  it("starts at a subscription checkout: the plan in the spec's wording and the next billing date a month on", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const orderId = await subscribe(member);
    const { viewer } = (await member.graphql(SUBSCRIPTIONS)).data;
    const sub = viewer.subscriptions[0];
    expect(sub).toMatchObject({ productName: "Coffee Club", planText: "$20.00 every month", state: "ACTIVE", skipNext: false, cyclesBilled: 1 });
    expect(sub.actions).toEqual(["SKIP_NEXT", "PAUSE", "CANCEL"]);
    const placed = await store.db.order.findUniqueOrThrow({ where: { id: orderId } });
    const next = new Date(placed.createdAt);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(new Date(sub.nextBillingAt).toISOString().slice(0, 10)).toBe(next.toISOString().slice(0, 10));
  });

  it("skips the next cycle, pauses, resumes and cancels; the table refuses the rest", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    await subscribe(member);
    const id = (await member.graphql(SUBSCRIPTIONS)).data.viewer.subscriptions[0].id;
    expect(await change(member, id, "SKIP_NEXT")).toMatchObject({ subscription: { state: "ACTIVE", skipNext: true, actions: ["PAUSE", "CANCEL"] } });
    expect(await change(member, id, "SKIP_NEXT")).toMatchObject({ __typename: "SubscriptionMoveError", message: "The next billing is skipped." });
    expect(await change(member, id, "RESUME")).toMatchObject({
      __typename: "SubscriptionMoveError",
      message: "This subscription is active and cannot be resumed.",
    });
    expect(await change(member, id, "PAUSE")).toMatchObject({ subscription: { state: "PAUSED", actions: ["RESUME", "CANCEL"] } });
    expect(await change(member, id, "RESUME")).toMatchObject({ subscription: { state: "ACTIVE" } });
    expect(await change(member, id, "CANCEL")).toMatchObject({ subscription: { state: "CANCELLED", nextBillingAt: null, actions: [] } });
    expect(await change(member, id, "PAUSE")).toMatchObject({
      __typename: "SubscriptionMoveError",
      message: "This subscription is cancelled and cannot be paused.",
    });
  });

  it("is another member's to change only if theirs; a visitor not signed in is refused", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    await subscribe(member);
    const id = (await member.graphql(SUBSCRIPTIONS)).data.viewer.subscriptions[0].id;
    await store.db.account.create({
      data: {
        websiteId: (await store.db.website.findFirstOrThrow()).id,
        email: "other@example.com",
        passwordHash: (await store.db.account.findFirstOrThrow({ where: { email: "member@sitecart.test" } })).passwordHash,
      },
    });
    const other = await signedIn(store, "other", "other@example.com", "member-password", null);
    expect(await change(other, id, "CANCEL")).toMatchObject({ __typename: "NotFoundError", message: "That subscription could not be found." });
    const anonymous = await store.visitor().arrive();
    const answer = await run(anonymous, CHANGE, { input: { subscriptionId: id, action: "CANCEL" } }).catch((error: Error) => error);
    expect(JSON.stringify(answer)).toMatch(/sign in|UNAUTHENTICATED/i);
  });

  it("renews once per due cycle: the renewal job places one order per cycle, however often it runs", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    await subscribe(member);
    const id = (await member.graphql(SUBSCRIPTIONS)).data.viewer.subscriptions[0].id;
    await store.db.subscription.update({ where: { id }, data: { nextBillingAt: new Date(Date.now() - 1000) } });
    const runs = await Promise.all([1, 2, 3].map(() => store.app.services.subscriptions.renewDue()));
    expect(runs.flat().length).toBe(1);
    expect(await store.app.services.subscriptions.renewDue()).toEqual([]);
    const renewals = await store.db.order.findMany({ where: { subscriptionId: id } });
    expect(renewals).toMatchObject([{ subscriptionCycle: 2, grandTotal: 2000, testMode: true }]);
    const { viewer } = (await member.graphql(SUBSCRIPTIONS)).data;
    expect(viewer.subscriptions.find((sub: any) => sub.id === id)).toMatchObject({ cyclesBilled: 2 });
    expect(viewer.orders.find((row: any) => row.order.orderId === renewals[0].id)).toMatchObject({ subscription: true });
  });

  it("a skipped cycle is not billed; a paused subscription is not renewed", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    await subscribe(member);
    const id = (await member.graphql(SUBSCRIPTIONS)).data.viewer.subscriptions[0].id;
    await change(member, id, "SKIP_NEXT");
    await store.db.subscription.update({ where: { id }, data: { nextBillingAt: new Date(Date.now() - 1000) } });
    await store.app.services.subscriptions.renewDue();
    expect(await store.db.order.count({ where: { subscriptionId: id } })).toBe(0);
    expect(await store.db.subscription.findUniqueOrThrow({ where: { id } })).toMatchObject({ skipNext: false, cyclesBilled: 1 });
    await change(member, id, "PAUSE");
    await store.db.subscription.update({ where: { id }, data: { nextBillingAt: new Date(Date.now() - 1000) } });
    expect(await store.app.services.subscriptions.renewDue()).toEqual([]);
  });
});

describe("the owner's order page", () => {
  it("shows the subscription an order started, in the member's wording and state", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const orderId = await subscribe(member);
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const READ = `query Order($orderId: String!) { ownerOrder(orderId: $orderId) { ... on Order { subscription { productName planText state cyclesBilled skipNext } } } }`;
    expect((await owner.graphql(READ, { orderId })).data.ownerOrder.subscription).toEqual({
      productName: "Coffee Club",
      planText: "$20.00 every month",
      state: "ACTIVE",
      cyclesBilled: 1,
      skipNext: false,
    });
    const plain = await store.db.order.create({
      data: {
        id: "ord_plain",
        orderNumber: 9001,
        websiteId: "sitecart-demo",
        purchasedCartId: "cart_plain",
        currency: "USD",
        subtotal: 0,
        discountTotal: 0,
        taxTotal: 0,
        shippingTotal: 0,
        grandTotal: 0,
      },
    });
    expect((await owner.graphql(READ, { orderId: plain.id })).data.ownerOrder.subscription).toBeNull();
  });
});
