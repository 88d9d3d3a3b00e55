// A subscription that renews through Stripe and fails, then recovers (issue 22), in Debian's Chromium
// against `npm start`, the store connected to the local Stripe API stand-in (test/support/stripe/, NOT
// Stripe); js.stripe.com is the Stripe.js stand-in and api.stripe.com the API stand-in, both routed.
// The member's Coffee Club checkout pays with a card it saves; the renewal's failure is written to the
// store's database (time passing: the renewal job's failure itself is tested at service level,
// test/services/payments/subscription-renewals.test.ts). On the account page the subscription is past
// due with Stripe's words; "Update card" opens the card page under checkout's CSP, where a declined card
// is refused in Stripe's words and 4242… saves, pays the failed cycle and makes it active again.
// Screenshots at 390 and 1280 px go to SCREENSHOTS.
import { randomBytes } from "node:crypto";
import { createDb } from "../../server/db/client.ts";
import { apiClient } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { routeStripe } from "../support/e2e/stripe.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";

let standIn: StripeStandIn;
let store: RunningStore;
beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: ["sk_test_standInSubsCard0001wxyz"] });
  store = await startStore({ env: { STRIPE_API_URL: standIn.url, PAYMENTS_ENCRYPTION_KEY: randomBytes(32).toString("base64") } });
  const owner = await apiClient(store.baseUrl, "owner@sitecart.test", "owner-password");
  const connected = await owner.graphql(
    `mutation ($input: ConnectPaymentAccountInput!) { connectPaymentAccount(input: $input) { __typename ... on Error { message } } }`,
    { input: { publishableKey: standIn.publishableKey, secretKey: standIn.secretKey } },
  );
  expect(connected.connectPaymentAccount).toEqual({ __typename: "ConnectPaymentAccountSuccess" });
}, 120_000);
afterAll(async () => {
  await store?.stop();
  await standIn?.close();
});

/** The member's paid Coffee Club subscription checkout (the card saved for renewals); its subscription id. */
async function paidSubscription(): Promise<string> {
  const member = await apiClient(store.baseUrl, "member@sitecart.test", "member-password");
  const { product } = await member.graphql(`{ product(slug: "coffee-club") { itemId } }`);
  const { startSubscriptionCheckout } = await member.graphql(
    `mutation S($input: StartSubscriptionCheckoutInput!) { startSubscriptionCheckout(input: $input) { __typename ... on StartSubscriptionCheckoutSuccess { cartToken } } }`,
    { input: { itemId: product.itemId, sku: "COFFEE-CLUB" } },
  );
  const { checkout } = await member.graphql(
    `mutation C($input: CheckoutInput!) { checkout(input: $input) { __typename ... on CheckoutPaymentRequired { paymentIntentId clientSecret } ... on Error { message } } }`,
    {
      input: {
        email: "member@sitecart.test",
        cartToken: startSubscriptionCheckout.cartToken,
        shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" },
      },
    },
  );
  expect(checkout.__typename).toBe("CheckoutPaymentRequired");
  await standIn.client().paymentIntents.confirm(checkout.paymentIntentId, { payment_method: "pm_card_visa", return_url: `${store.baseUrl}/checkout/return` });
  const { completeCheckoutPayment } = await member.graphql(
    `mutation P($input: CompleteCheckoutPaymentInput!) { completeCheckoutPayment(input: $input) { __typename } }`,
    { input: { paymentIntentId: checkout.paymentIntentId, clientSecret: checkout.clientSecret } },
  );
  expect(completeCheckoutPayment.__typename).toBe("CompleteCheckoutPaymentSuccess");
  const { viewer } = await member.graphql(`{ viewer { subscriptions { id } } }`);
  return viewer.subscriptions[0].id;
}

it("a past-due subscription's member saves a new card: a declined one is refused, 4242 pays the failed cycle", async () => {
  const subscriptionId = await paidSubscription();
  // Time passing: the renewal was due yesterday and its charge was declined.
  const db = await createDb(store.databaseUrl);
  try {
    const failedAt = new Date(Date.now() - 24 * 3600_000);
    await db.subscription.update({
      where: { id: subscriptionId },
      data: {
        state: "PAST_DUE",
        nextBillingAt: failedAt,
        renewalFailures: 1,
        firstFailedAt: failedAt,
        retryAt: new Date(failedAt.getTime() + 3 * 24 * 3600_000),
        failureMessage: "Your card was declined.",
      },
    });
  } finally {
    await db.$disconnect();
  }

  const browser = await openBrowser();
  try {
    await routeStripe(browser.context, standIn);
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/account/sign-in?returnTo=%2Faccount`);
    await page.getByLabel("Email").fill("member@sitecart.test");
    await page.getByLabel("Password").fill("member-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${store.baseUrl}/account`);
    const subscription = page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem", { name: "Coffee Club" });
    await subscription.getByText("Past due", { exact: true }).waitFor();
    await subscription.getByText(/The last payment failed: Your card was declined\. We will try again on /).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "subscription-past-due");

    const cardDocument = page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith("/checkout/subscription-card/") && response.request().resourceType() === "document",
    );
    await subscription.getByRole("link", { name: "Update card" }).click();
    const policy = (await cardDocument).headers()["content-security-policy"] ?? "";
    expect(policy).toContain("https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' ws: wss: https://api.stripe.com");
    await page.getByRole("heading", { name: "Update your card", level: 1 }).waitFor();
    await page.getByText("The card you save here pays your Coffee Club subscription from now on.").waitFor();
    const save = page.getByRole("button", { name: "Save card" });
    await page.getByLabel("Card number (stand-in)").fill("4000000000000002");
    await save.click();
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "subscription-card-declined");

    await page.getByLabel("Card number (stand-in)").fill("4242424242424242");
    await save.click();
    await page.getByText("Your new card is saved and the payment that failed has gone through: your subscription is active again.").waitFor();
    await shoot(page, "subscription-card-saved");
    const renewal = standIn.objects("payment_intent").filter((intent) => intent.metadata?.sitecart_subscription_id === subscriptionId);
    expect(renewal.map((intent) => intent.status)).toEqual(["succeeded"]);

    await page.getByRole("link", { name: "Back to your account" }).click();
    await subscription.getByText("Active", { exact: true }).waitFor();
    expect(await subscription.getByText(/The last payment failed/).count()).toBe(0);
  } finally {
    await browser.close();
  }
}, 120_000);
