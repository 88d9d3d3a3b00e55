// Paying at checkout (issue 22) in Debian's Chromium against `npm start`, the store connected to the
// local Stripe API stand-in (test/support/stripe/, NOT Stripe) with its test keys; js.stripe.com is the
// Stripe.js stand-in and api.stripe.com the API stand-in, both routed (test/support/e2e/stripe.ts), so
// the /checkout document's own Content-Security-Policy decides what the page may load. The shopper
// enters checkout from the cart (a full page load), gives the details, gets the payment step, and pays
// with Stripe's test cards: 4242… lands on the confirmation; 4000…0002 is declined in Stripe's words
// and the cart stays (edit the details, pay again); 4000 0027 6000 3184 goes through the stand-in's
// 3-D Secure page and back through /checkout/return to the confirmation. Screenshots at 390 and
// 1280 px go to SCREENSHOTS.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { apiClient, signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { routeStripe } from "../support/e2e/stripe.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";

let standIn: StripeStandIn;
let store: RunningStore;
beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: ["sk_test_standInCheckout0001wxyz"] });
  store = await startStore({ env: { STRIPE_API_URL: standIn.url, PAYMENTS_ENCRYPTION_KEY: randomBytes(32).toString("base64") } });
  const owner = await apiClient(store.baseUrl, "owner@sitecart.test", "owner-password");
  const connected = await owner.graphql(
    `mutation ($input: ConnectPaymentAccountInput!) { connectPaymentAccount(input: $input) { __typename ... on Error { message } } }`,
    { input: { publishableKey: standIn.publishableKey, secretKey: standIn.secretKey } },
  );
  expect(connected.connectPaymentAccount).toEqual({ __typename: "ConnectPaymentAccountSuccess" });
  // Enough mugs for every test: a declined payment keeps its hold on one for 15 minutes.
  const products = await owner.graphql(`{ ownerProducts(first: 20) { edges { node { slug variants { id } } } } }`);
  const mug = products.ownerProducts.edges
    .map((edge: { node: { slug: string; variants: { id: string }[] } }) => edge.node)
    .find((node: { slug: string }) => node.slug === "ceramic-mug");
  const stocked = await owner.graphql(`mutation($id: ID!) { setVariantStock(input: { id: $id, qtyInStock: 20 }) { __typename } }`, { id: mug.variants[0].id });
  expect(stocked.setVariantStock).toEqual({ __typename: "SetVariantStockSuccess" });
}, 120_000);
afterAll(async () => {
  await store?.stop();
  await standIn?.close();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A mug in the cart, then checkout from the cart's button (a new document: checkout's CSP). */
async function startCheckout(page: Page): Promise<string | null> {
  await page.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
  await page.locator("button.add-to-cart").click();
  await page.getByRole("button", { name: "Added!" }).waitFor();
  await page.goto(`${store.baseUrl}/cart`);
  const checkoutDocument = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/checkout" && response.request().resourceType() === "document",
  );
  await page.getByRole("link", { name: "Checkout" }).click();
  const policy = (await checkoutDocument).headers()["content-security-policy"] ?? null;
  await field(page, "Full name").waitFor();
  return policy;
}

async function giveDetails(page: Page, name = "Ada Lovelace") {
  await page.fill("#checkout-email", "ada@example.com");
  await field(page, "Full name").fill(name);
  await field(page, "Address").fill("350 5th Ave");
  await field(page, "City").fill("New York");
  await field(page, "State").selectOption("NY");
  await field(page, "ZIP code").fill("10118");
  await page.locator(".shipping-method-name", { hasText: "Standard" }).waitFor();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.getByRole("heading", { name: "Payment", level: 2 }).waitFor();
}

async function pay(page: Page, cardNumber: string) {
  await page.getByLabel("Card number (stand-in)").fill(cardNumber);
  const payButton = page.getByRole("button", { name: /^Pay \$/ });
  await payButton.click();
}

it("pays with 4242 4242 4242 4242 under checkout's CSP and lands on the confirmation", async () => {
  const browser = await openBrowser();
  try {
    await routeStripe(browser.context, standIn);
    const page = await browser.context.newPage();
    const policy = await startCheckout(page);
    expect(policy).toContain("https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' ws: wss: https://api.stripe.com");
    // Test keys: the notice speaks of test cards; the footer no longer claims test mode.
    await page.getByText("Test payments only: pay with Stripe's test cards").waitFor();
    expect(await page.getByText("Test mode: no payment is taken.").count()).toBe(0);
    await page.getByText("Sitecart Demo · a Sitecart store.", { exact: true }).waitFor();
    expect((await page.locator("footer").allTextContents()).join(" ")).not.toContain("test mode");

    await giveDetails(page);
    const payButton = page.getByRole("button", { name: /^Pay \$/ });
    await payButton.waitFor();
    await page.getByLabel("Card number (stand-in)").waitFor();
    expect(await page.getByRole("heading", { name: "Your details" }).isVisible()).toBe(true);
    expect(await page.locator("form.payment-form").textContent()).toContain("Amount due");
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "checkout-payment-step");

    await pay(page, "4242424242424242");
    await page.waitForURL(/\/order-confirmed\//);
    await page.locator(".order-confirmed").waitFor();
    expect(standIn.objects("payment_intent").filter((intent) => intent.status === "succeeded")).toHaveLength(1);
    await shoot(page, "checkout-paid-confirmation");
  } finally {
    await browser.close();
  }
});

it("shows Stripe's decline and keeps the cart; edited details start a new payment that goes through", async () => {
  const browser = await openBrowser();
  try {
    await routeStripe(browser.context, standIn);
    const page = await browser.context.newPage();
    await startCheckout(page);
    await giveDetails(page);
    await pay(page, "4000000000000002");
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "checkout-payment-declined");

    // Back to the details: a new attempt (new idempotency key), a new payment.
    await page.getByRole("button", { name: "Edit details" }).click();
    await field(page, "Full name").fill("Ada King");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("heading", { name: "Payment", level: 2 }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Your card was declined." }).count()).toBe(0);
    await pay(page, "4242424242424242");
    await page.waitForURL(/\/order-confirmed\//);
    await page.locator(".order-confirmed").waitFor();
  } finally {
    await browser.close();
  }
});

it("keeps the cart after a decline", async () => {
  const browser = await openBrowser();
  try {
    await routeStripe(browser.context, standIn);
    const page = await browser.context.newPage();
    await startCheckout(page);
    await giveDetails(page);
    await pay(page, "4000000000000002");
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    await page.goto(`${store.baseUrl}/cart`);
    await page.getByText("Ceramic Mug").first().waitFor();
    await page.getByRole("link", { name: "Checkout" }).waitFor();
  } finally {
    await browser.close();
  }
});

it("sends 4000 0027 6000 3184 through 3-D Secure: Complete returns to /checkout/return and the confirmation", async () => {
  const browser = await openBrowser();
  try {
    await routeStripe(browser.context, standIn);
    const page = await browser.context.newPage();
    await startCheckout(page);
    await giveDetails(page);
    await pay(page, "4000002760003184");
    await page.waitForURL((url) => url.origin === standIn.url && url.pathname.startsWith("/3ds/"));
    await page.getByRole("link", { name: "Complete" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/return" || url.pathname.startsWith("/order-confirmed/"));
    await page.waitForURL(/\/order-confirmed\//);
    await page.locator(".order-confirmed").waitFor();
  } finally {
    await browser.close();
  }
});

it("the owner sees a paid order's money and refunds one line of it through Stripe, then sees the refund on the order", async () => {
  const shopper = await openBrowser();
  const owner = await openBrowser();
  try {
    await routeStripe(shopper.context, standIn);
    const shop = await shopper.context.newPage();
    await startCheckout(shop);
    await giveDetails(shop);
    await pay(shop, "4242424242424242");
    await shop.locator(".order-confirmed").waitFor();
    const orderNumber = Number(/#(\d+)/.exec((await shop.locator("h1").textContent()) ?? "")![1]);

    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/orders");
    await page.getByRole("link", { name: `#${orderNumber}` }).click();
    await page.getByRole("heading", { name: `Order #${orderNumber}` }).waitFor();
    // The order's money, from Stripe: the card, captured, Stripe's fee, net, the dashboard link.
    await page.getByText("Visa ending in 4242").waitFor();
    await page.getByText("Stripe fee").waitFor();
    expect(await page.getByRole("link", { name: "View in Stripe" }).getAttribute("href")).toMatch(/^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/);

    await page.getByLabel(/quantity to refund/).fill("1");
    await page.getByLabel("Reason").selectOption("DUPLICATE");
    await page.getByLabel("Put the refunded items back into stock").check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-order-paid-refund-form");
    await page.getByRole("button", { name: "Refund selected", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /^Refund \$/ });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Refund" }).click();
    await page.getByText(/^Refunded \$[\d.]+\.$/).waitFor();
    await page.locator(".badge.refund-partial").waitFor();
    const row = page.locator(".order-detail table tr", { hasText: "Duplicate" });
    await row.waitFor();
    expect(await row.textContent()).toContain("1 × ");
    expect(await row.textContent()).toContain("owner@sitecart.test");
    const refunds = standIn.objects("refund");
    expect(refunds.at(-1)).toMatchObject({ reason: "duplicate", status: "succeeded" });
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-order-paid-refunded");
    // The list shows the partial refund beside the order's state.
    await page.getByRole("link", { name: "All orders" }).click();
    const listed = page.locator("tr", { has: page.getByRole("link", { name: `#${orderNumber}` }) });
    await listed.locator(".badge.refund-partial", { hasText: "Partially refunded" }).waitFor();
    await shoot(page, "admin-orders-partially-refunded");
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 120_000);
