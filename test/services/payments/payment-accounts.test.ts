// Connecting a store to Stripe (issue 22): the keys checked with Stripe before they are saved, the
// secrets encrypted, nothing saved on a refusal, each site its own account. Stripe here is the local
// stand-in (test/support/stripe/, NOT Stripe), reached through the configured API base.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { FormInvalidError, InvalidInputError, NotAllowedError, PaymentProviderUnavailableError } from "../../../server/domain/errors.ts";
import { PaymentAccountService } from "../../../server/services/payments/payment-accounts.ts";
import { startStripeStandIn, type StripeStandIn } from "../../support/stripe/stand-in.ts";
import { testProvider } from "../../support/db.ts";
import { createTwoSiteServices, SITE_A, type TwoSiteServices } from "../../support/two-sites.ts";

let standIn: StripeStandIn;
let sites: TwoSiteServices;
const encryptionKey = randomBytes(32);

beforeAll(async () => {
  standIn = await startStripeStandIn({
    keys: ["sk_test_standInShop0001abcd", { secretKey: "sk_test_standInJapan0002wxyz", country: "JP", defaultCurrency: "jpy" }],
  });
  sites = await createTwoSiteServices({ payments: { encryptionKey, stripeApi: standIn.sdkOptions } });
});
afterAll(async () => {
  await sites.close();
  await standIn.close();
});
afterEach(async () => {
  await sites.a.payments.disconnect();
  await sites.b.payments.disconnect();
});

const keysOf = (index: number, webhookSecret: string | null = null) => ({
  publishableKey: standIn.accounts[index]!.publishableKey,
  secretKey: standIn.accounts[index]!.secretKey,
  webhookSecret,
});
const accountRows = () => sites.db.paymentAccount.findMany({ where: { websiteId: SITE_A } });
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
};

it("checks the keys with Stripe and saves the account Stripe answered for, in test mode", async () => {
  const view = await sites.a.payments.connect(keysOf(0, "whsec_standInSigning123"));
  expect(standIn.requests.some((request) => request.method === "GET" && request.path === "/v1/account")).toBe(true);
  expect(view).toEqual({
    provider: "stripe",
    mode: "test",
    publishableKey: standIn.accounts[0]!.publishableKey,
    accountId: standIn.accounts[0]!.id,
    country: "US",
    defaultCurrency: "usd",
    hasWebhookSecret: true,
    connectedAt: expect.any(Date),
  });
  expect(await sites.a.payments.view()).toEqual(view);
  expect(await sites.a.payments.secretKey()).toBe("sk_test_standInShop0001abcd");
});

it("stores neither the secret key nor the webhook secret in clear", async () => {
  await sites.a.payments.connect(keysOf(0, "whsec_standInSigning123"));
  const [row] = await accountRows();
  const stored = JSON.stringify(row);
  expect(stored).not.toContain("sk_test_standInShop0001abcd");
  expect(stored).not.toContain("whsec_standInSigning123");
  expect(row!.secretKeyCiphertext).toMatch(/^v1\./);
});

it("replaces the keys with another account's", async () => {
  await sites.a.payments.connect(keysOf(0));
  const view = await sites.a.payments.connect(keysOf(1));
  expect(view).toMatchObject({ accountId: standIn.accounts[1]!.id, country: "JP", defaultCurrency: "jpy", hasWebhookSecret: false });
  expect(await accountRows()).toHaveLength(1);
});

it("refuses a key Stripe does not know with Stripe's message, and saves nothing (the keys before stay)", async () => {
  const unknown = { publishableKey: "pk_test_whatever", secretKey: "sk_test_notAKeyOfThisStandIn000abcd" };
  const error = await refusal(sites.a.payments.connect(unknown));
  expect(error).toBeInstanceOf(InvalidInputError);
  expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+abcd$/);
  expect(await accountRows()).toEqual([]);

  await sites.a.payments.connect(keysOf(0));
  await expect(sites.a.payments.connect(unknown)).rejects.toBeInstanceOf(InvalidInputError);
  expect(await sites.a.payments.view()).toMatchObject({ accountId: standIn.accounts[0]!.id });
});

it("refuses test and live keys mixed without asking Stripe", async () => {
  const asked = standIn.requests.length;
  const error = await refusal(sites.a.payments.connect({ publishableKey: "pk_live_abc", secretKey: standIn.accounts[0]!.secretKey }));
  expect(error).toBeInstanceOf(FormInvalidError);
  expect((error as FormInvalidError).fieldErrors).toEqual([
    { fieldId: "secretKey", message: "The publishable and secret keys must both be test keys or both be live keys." },
  ]);
  expect(standIn.requests.length).toBe(asked);
  expect(await accountRows()).toEqual([]);
});

it("keeps each site's account to itself", async () => {
  await sites.a.payments.connect(keysOf(0));
  expect(await sites.b.payments.view()).toBeNull();
  expect(await sites.b.payments.secretKey()).toBeNull();
  await sites.b.payments.connect(keysOf(1));
  expect(await sites.a.payments.view()).toMatchObject({ accountId: standIn.accounts[0]!.id });
  expect(await sites.b.payments.view()).toMatchObject({ accountId: standIn.accounts[1]!.id });
  await sites.b.payments.disconnect();
  expect(await sites.a.payments.view()).toMatchObject({ accountId: standIn.accounts[0]!.id });
});

// Row-level security (issue 21) under the services' own filters: B's database client sees no row of A's.
(testProvider() === "postgresql" ? it : it.skip)("on PostgreSQL, hides another site's account from the site's database client itself", async () => {
  await sites.a.payments.connect(keysOf(0));
  expect(await sites.b.db.paymentAccount.findMany()).toEqual([]);
  expect(await sites.a.db.paymentAccount.findMany()).toHaveLength(1);
});

it("disconnects: the account is gone and the store is back in test mode", async () => {
  await sites.a.payments.connect(keysOf(0));
  await sites.a.payments.disconnect();
  expect(await sites.a.payments.view()).toBeNull();
  expect(await sites.a.payments.secretKey()).toBeNull();
  expect(await accountRows()).toEqual([]);
});

it("says Stripe could not be reached when nothing answers, and saves nothing", async () => {
  // A port that was free a moment ago: nothing listens on it.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const offline = new PaymentAccountService(sites.a.db, SITE_A, { encryptionKey, stripeApi: { host: "127.0.0.1", port, protocol: "http" } });
  const error = await refusal(offline.connect(keysOf(0)));
  expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
  expect(error.message).toBe("Sitecart could not reach Stripe to check your keys. Nothing was saved: please try again in a moment.");
  expect(await accountRows()).toEqual([]);
});

it("refuses to connect without an encryption key (production without PAYMENTS_ENCRYPTION_KEY), before asking Stripe", async () => {
  const asked = standIn.requests.length;
  const unconfigured = new PaymentAccountService(sites.a.db, SITE_A, { encryptionKey: null, stripeApi: standIn.sdkOptions });
  const error = await refusal(unconfigured.connect(keysOf(0)));
  expect(error).toBeInstanceOf(NotAllowedError);
  expect(error.message).toBe("Payment keys cannot be saved on this server yet: its operator must set PAYMENTS_ENCRYPTION_KEY first. Nothing was saved.");
  expect(standIn.requests.length).toBe(asked);
  expect(await accountRows()).toEqual([]);
});
