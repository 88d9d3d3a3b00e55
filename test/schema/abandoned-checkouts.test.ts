// Abandoned checkout recovery over GraphQL and HTTP (issue 24 part 4): the contact step keeps the
// email with the consent as given; the owner reads and changes the setting under the store settings'
// permissions; the reminder's link restores the same cart into another browser (the cart cookie),
// and a link that names nothing answers a page saying so.
import { Caller, signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore } from "../support/app.ts";
import { ADD } from "../support/graphql.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());

const SETTINGS = "{ abandonedCheckouts { enabled delayMinutes reminded recovered } }";
const UPDATE = `mutation($input: UpdateAbandonedCheckoutSettingsInput!) { updateAbandonedCheckoutSettings(input: $input) {
  __typename ... on UpdateAbandonedCheckoutSettingsSuccess { abandonedCheckouts { enabled delayMinutes } } ... on Error { message } } }`;
const CONTACT = `mutation($input: RecordCheckoutContactInput!) { recordCheckoutContact(input: $input) { __typename ... on RecordCheckoutContactSuccess { recorded } ... on Error { message } } }`;

it("is off with a one-hour delay until the owner changes it; a delay out of range is refused", async () => {
  expect((await owner.graphql(SETTINGS)).data.abandonedCheckouts).toEqual({ enabled: false, delayMinutes: 60, reminded: 0, recovered: 0 });
  expect((await owner.graphql(UPDATE, { input: { enabled: true, delayMinutes: 5 } })).data.updateAbandonedCheckoutSettings).toEqual({
    __typename: "InvalidInputError",
    message: "Enter a delay from 15 minutes to 72 hours, in whole minutes.",
  });
  expect((await owner.graphql(UPDATE, { input: { enabled: true, delayMinutes: 15 } })).data.updateAbandonedCheckoutSettings).toEqual({
    __typename: "UpdateAbandonedCheckoutSettingsSuccess",
    abandonedCheckouts: { enabled: true, delayMinutes: 15 },
  });
});

it("keeps the checkout's email with the consent as given, and the reminder's link brings the same cart back", async () => {
  const shopper = await store.visitor().arrive();
  const itemId = await store.itemId("ceramic-mug");
  await run(shopper, ADD, { input: { itemId, sku: "MUG-1", quantity: 1 } });
  expect(await run(shopper, CONTACT, { input: { email: "Leaver@Example.com", marketingConsent: true, language: "en-US" } })).toEqual({
    recordCheckoutContact: { __typename: "RecordCheckoutContactSuccess", recorded: true },
  });
  const cart = await store.db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken! } });
  expect(cart).toMatchObject({ contactEmail: "leaver@example.com", contactMarketingConsent: true, contactLanguage: "en-US" });

  // The job's turn, as if the delay had passed.
  await store.db.cart.update({ where: { id: cart.id }, data: { updatedAt: new Date(Date.now() - 20 * 60_000) } });
  expect(await store.app.services.abandonedCheckouts.remindDue()).toBe(1);
  const email = await store.db.outboxEmail.findFirstOrThrow({ where: { kind: "ABANDONED_CHECKOUT", toEmail: "leaver@example.com" } });
  const link = /http:\/\/\S+(\/cart\/recover\/\S+)/.exec(email.textBody)![1]!;

  // Another browser (the shopper's phone): the link sets its cart cookie to the same cart and opens checkout.
  const answer = await fetch(store.baseUrl + link, { redirect: "manual" });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe("/checkout");
  expect(answer.headers.getSetCookie().join("\n")).toContain(`sc_cart=${cart.token};`);
  expect((await owner.graphql(SETTINGS)).data.abandonedCheckouts).toMatchObject({ reminded: 1, recovered: 0 });
});

it("answers a link that names nothing with a page saying so", async () => {
  const answer = await fetch(`${store.baseUrl}/cart/recover/nothing-here-at-all-0000000`, { redirect: "manual" });
  expect(answer.status).toBe(404);
  expect(await answer.text()).toContain("This cart link is not valid or its cart has already been ordered.");
});

it("keeps nothing without consent, and refuses the owner's operations to a shopper", async () => {
  const shopper = await store.visitor().arrive();
  await run(shopper, ADD, { input: { itemId: await store.itemId("ceramic-mug"), sku: "MUG-1", quantity: 1 } });
  await run(shopper, CONTACT, { input: { email: "quiet@example.com", marketingConsent: false } });
  expect(await store.db.cart.findUniqueOrThrow({ where: { token: shopper.cartToken! } })).toMatchObject({ contactMarketingConsent: false });
  const refused = await shopper.graphql(SETTINGS);
  expect(refused.errors?.[0]?.extensions?.code).toBeDefined();
});
