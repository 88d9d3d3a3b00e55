// Subscriptions shoppers manage (issue 12 item 2) in Debian's Chromium against `npm start`: a member's
// Coffee Club subscription (placed signed in) shown on the account page with its plan and next billing
// date, paused and resumed from there.
import { mkdirSync } from "node:fs";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, SCREENSHOTS, shoot } from "../support/e2e/browser.ts";
import { apiClient } from "../support/e2e/admin.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("a member's subscription is paused and resumed from the account page", async () => {
  const member = await apiClient(store.baseUrl, "member@sitecart.test", "member-password");
  const { product } = await member.graphql(`{ product(slug: "coffee-club") { itemId } }`);
  const { startSubscriptionCheckout } = await member.graphql(
    `mutation S($input: StartSubscriptionCheckoutInput!) { startSubscriptionCheckout(input: $input) { __typename ... on StartSubscriptionCheckoutSuccess { cartToken } } }`,
    { input: { itemId: product.itemId, sku: "COFFEE-CLUB" } },
  );
  const { checkout } = await member.graphql(`mutation C($input: CheckoutInput!) { checkout(input: $input) { __typename ... on Error { message } } }`, {
    input: {
      email: "member@sitecart.test",
      cartToken: startSubscriptionCheckout.cartToken,
      shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" },
    },
  });
  expect(checkout.__typename).toBe("CheckoutSuccess");

  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/account/sign-in?returnTo=%2Faccount`);
    await page.getByLabel("Email").fill("member@sitecart.test");
    await page.getByLabel("Password").fill("member-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${store.baseUrl}/account`);
    const subscription = page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem", { name: "Coffee Club" });
    await subscription.getByText("$20.00 every month").waitFor();
    await subscription.getByText(/Next billing: /).waitFor();
    await subscription.getByText("Active", { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "subscription-active");

    await subscription.getByRole("button", { name: "Pause" }).click();
    await subscription.getByText("Paused", { exact: true }).waitFor();
    expect(await subscription.getByRole("button", { name: "Pause" }).count()).toBe(0);
    await shoot(page, "subscription-paused");
    await page.reload();
    await subscription.getByText("Paused", { exact: true }).waitFor();
    await subscription.getByRole("button", { name: "Resume" }).click();
    await subscription.getByText("Active", { exact: true }).waitFor();
    await subscription.getByRole("button", { name: "Pause" }).waitFor();
  } finally {
    await browser.close();
  }
}, 120_000);
