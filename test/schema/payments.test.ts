// The store's payment account over GraphQL (issue 22): the admin connects Stripe keys (checked with
// Stripe, here the local stand-in of test/support/stripe/, NOT Stripe) and disconnects them; no
// answer ever holds the secret key or the webhook secret; other roles and anonymous callers are
// refused (every role: test/authz/). In production without PAYMENTS_ENCRYPTION_KEY connecting is refused.
import { startTestStore, type TestStore } from "../support/app.ts";
import { ERROR_FIELDS } from "../support/graphql.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";

const SECRET_KEY = "sk_test_standInGraphql0001wxyz";
const WEBHOOK_SECRET = "whsec_graphqlSigning0001";

let standIn: StripeStandIn;
let store: TestStore;
let owner: Caller;

beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: [SECRET_KEY] });
  store = await startTestStore({ config: { stripeApi: standIn.sdkOptions } });
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  await createRoleAccounts(store);
}, 60_000);
afterAll(async () => {
  await store.close();
  await standIn.close();
});

const ACCOUNT = "id account { provider mode publishableKey accountId country defaultCurrency hasWebhookSecret connectedAt }";
const PAYMENTS = `{ ownerPayments { ${ACCOUNT} } }`;
const CONNECT = `mutation($input: ConnectPaymentAccountInput!) { connectPaymentAccount(input: $input) {
  ${ERROR_FIELDS} ... on ConnectPaymentAccountSuccess { payments { ${ACCOUNT} } } } }`;
const DISCONNECT = `mutation { disconnectPaymentAccount { __typename ... on DisconnectPaymentAccountSuccess { payments { id account { mode } } } } }`;
const keys = (extra: Record<string, unknown> = {}) => ({
  publishableKey: standIn.publishableKey,
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  ...extra,
});

it("connects the admin's test keys, answers the account in TEST mode and never the secrets", async () => {
  expect((await owner.graphql(PAYMENTS)).data).toEqual({ ownerPayments: { id: expect.any(String), account: null } });
  const connected = await owner.graphql(CONNECT, { input: keys() });
  expect(connected.data.connectPaymentAccount).toEqual({
    __typename: "ConnectPaymentAccountSuccess",
    payments: {
      id: expect.any(String),
      account: {
        provider: "stripe",
        mode: "TEST",
        publishableKey: standIn.publishableKey,
        accountId: standIn.account.id,
        country: "US",
        defaultCurrency: "usd",
        hasWebhookSecret: true,
        connectedAt: expect.any(String),
      },
    },
  });
  const read = await owner.graphql(PAYMENTS);
  expect(read.data.ownerPayments).toEqual(connected.data.connectPaymentAccount.payments);
  for (const answer of [connected, read]) {
    expect(JSON.stringify({ data: answer.data, errors: answer.errors })).not.toContain(SECRET_KEY);
    expect(JSON.stringify({ data: answer.data, errors: answer.errors })).not.toContain(WEBHOOK_SECRET);
  }
});

it("has no field that could answer a secret", async () => {
  const introspection = await owner.graphql(`{ __type(name: "PaymentAccount") { fields { name } } }`);
  const names = introspection.data.__type.fields.map((field: { name: string }) => field.name);
  expect(names.filter((name: string) => /secret/i.test(name))).toEqual(["hasWebhookSecret"]);
});

it("answers Stripe's refusal of an unknown key in Stripe's words, and a key format in the field's", async () => {
  const unknown = await owner.graphql(CONNECT, { input: keys({ secretKey: "sk_test_notAKeyOfThisStandIn000abcd" }) });
  expect(unknown.data.connectPaymentAccount).toEqual({
    __typename: "InvalidInputError",
    message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+abcd$/),
    code: "INVALID_INPUT",
  });
  const mixed = await owner.graphql(CONNECT, { input: keys({ publishableKey: "pk_live_abc" }) });
  expect(mixed.data.connectPaymentAccount).toMatchObject({
    __typename: "FormInvalidError",
    fieldErrors: [{ fieldId: "secretKey", message: "The publishable and secret keys must both be test keys or both be live keys." }],
  });
});

it("disconnects: the store is back in test mode", async () => {
  await owner.graphql(CONNECT, { input: keys() });
  const answer = await owner.graphql(DISCONNECT);
  expect(answer.data.disconnectPaymentAccount).toEqual({ __typename: "DisconnectPaymentAccountSuccess", payments: { id: expect.any(String), account: null } });
  expect(await store.db.paymentAccount.count()).toBe(0);
});

it("refuses anonymous callers and every role but admin, and they change nothing", async () => {
  await owner.graphql(CONNECT, { input: keys() });
  const anonymous = await store.visitor().arrive();
  expect((await anonymous.graphql(PAYMENTS)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  for (const role of [15, 8, 2]) {
    const caller = await signedIn(store, `role ${role}`, roleEmail(role as 15), PASSWORD, role);
    expect((await caller.graphql(PAYMENTS)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await caller.graphql(DISCONNECT)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  }
  expect(await store.db.paymentAccount.count()).toBe(1);
});

it("refuses to connect in production without PAYMENTS_ENCRYPTION_KEY, saying what the operator must do", async () => {
  const production = await startTestStore({ config: { production: true, stripeApi: standIn.sdkOptions } });
  try {
    const admin = await signedIn(production, "owner", "owner@sitecart.test", "owner-password", 1);
    const answer = await admin.graphql(CONNECT, { input: keys() });
    expect(answer.data.connectPaymentAccount).toEqual({
      __typename: "NotAllowedError",
      message: "Payment keys cannot be saved on this server yet: its operator must set PAYMENTS_ENCRYPTION_KEY first. Nothing was saved.",
      code: "NOT_ALLOWED",
    });
    expect(await production.db.paymentAccount.count()).toBe(0);
  } finally {
    await production.close();
  }
}, 60_000);
