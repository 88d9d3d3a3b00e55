// Gift cards and subscriptions store-wide (issue 24 §6) in Debian's Chromium against `npm start`: the
// owner issues a goodwill card by hand from /config/gift-cards (its email is in the outbox), finds it by
// the last group of its code and disables it with a reason (checkout's refusal: the domain and service tests), then pauses a member's subscription from
// /config/subscriptions. axe runs on each screen; screenshots at phone and desktop width.
import { createDb } from "../../server/db/client.ts";
import { signIn, apiClient } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("issues a card by hand, finds it by its last group and disables it; pauses a subscription", async () => {
  // A member's Coffee Club subscription, as the member starts it.
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

  const owner = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Gift cards" }).first().click();
    await page.getByRole("heading", { name: "Gift cards", level: 1 }).waitFor();

    await page.getByLabel("Amount (USD)").fill("25");
    await page.getByLabel("Recipient email").fill("grace@example.com");
    await page.getByLabel("Note (for you, not emailed)").fill("Goodwill: late parcel");
    await page.getByRole("button", { name: "Issue and email" }).click();
    await page.getByText("A gift card was issued and emailed to grace@example.com.").waitFor();
    const row = page.getByRole("row", { name: /grace@example.com/ });
    await row.getByText("Goodwill: late parcel").waitFor();
    await row.getByText("Issued by owner@sitecart.test").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-gift-cards");

    // The whole code is only in the recipient's email (read from the outbox table: the admin never shows it).
    const db = await createDb(store.databaseUrl);
    const email = await db.outboxEmail.findFirstOrThrow({ where: { toEmail: "grace@example.com", kind: "GIFT_CARD" } });
    await db.$disconnect();
    expect(email.subject).toMatch(/^You have received a gift card from /);
    const code = /Your code: (\S+)/.exec(email.textBody)![1];
    await page.getByLabel("Last group of the code").fill(code.slice(-5).toLowerCase());
    await page.getByRole("button", { name: "Find" }).click();
    await page.waitForURL(/code=/);
    const masked = `•••••-•••••-•••••-${code.slice(-5)}`;
    await page.getByRole("cell", { name: masked, exact: true }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("button", { name: `Disable gift card ${masked}` }).click();
    await page.getByLabel("Reason").fill("Sent to the wrong address");
    await page.getByRole("button", { name: "Disable card" }).click();
    await page.getByText("The gift card was disabled. Checkout refuses it now.").waitFor();
    await page
      .getByRole("row", { name: /grace@example.com/ })
      .getByText("Sent to the wrong address")
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-gift-card-disabled");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscriptions" }).first().click();
    await page.getByRole("heading", { name: "Subscriptions", level: 1 }).waitFor();
    const subscription = page.getByRole("row", { name: /member@sitecart.test/ });
    await subscription.getByText("Active", { exact: true }).waitFor();
    await subscription.getByRole("button", { name: "Pause" }).click();
    await page.getByText("The subscription was updated.").waitFor();
    await subscription.getByText("Paused", { exact: true }).waitFor();
    await subscription.getByRole("button", { name: "Resume" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-subscriptions");
  } finally {
    await owner.close();
  }
}, 180_000);
