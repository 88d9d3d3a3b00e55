// The owner's home and orders screens in Debian's Chromium against `npm start` on a fresh demo store:
// an order placed through the storefront shows on the home screen and in the list, a second one
// appears in the open list without reload, and the owner fulfils the first on its page (confirm
// dialog). Screenshots of home, list and order page at phone and desktop width go to SCREENSHOTS.
import type { Page } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

/** A shopper buys one mug through the storefront; returns the order number. */
async function buyMug(page: Page, email: string): Promise<number> {
  await page.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
  await page.locator("button.add-to-cart").click();
  await page.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
  await page.goto(`${store.baseUrl}/checkout`);
  await page.fill('input[type="email"]', email);
  await page.getByLabel("Full name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("350 5th Ave");
  await page.getByLabel("City", { exact: true }).fill("New York");
  await page.getByLabel("State", { exact: true }).selectOption("NY");
  await page.getByLabel("ZIP code", { exact: true }).fill("10118");
  await page.click('button[type="submit"]');
  await page.locator(".order-confirmed").waitFor();
  const heading = (await page.locator("h1").textContent()) ?? "";
  return Number(/#(\d+)/.exec(heading)![1]);
}

it("shows a storefront order on the home screen and in the list, a new one live, and fulfils it on its page", async () => {
  const shopper = await openBrowser();
  const owner = await openBrowser();
  try {
    const shop = await shopper.context.newPage();
    const first = await buyMug(shop, "first@example.com");

    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    const today = page.locator(".home-card", { has: page.getByRole("heading", { name: "Orders today" }) });
    await today.locator(".home-figure", { hasText: "1 order" }).waitFor();
    await page.getByRole("heading", { name: "Low stock" }).waitFor();
    await shoot(page, "admin-home");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).first().click();
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await page.getByRole("link", { name: `#${first}` }).waitFor();

    // A second order placed while the list is open appears without reload.
    const second = await buyMug(await shopper.context.newPage(), "second@example.com");
    await page.getByRole("link", { name: `#${second}` }).waitFor({ timeout: 15_000 });
    await page.getByText(`New order #${second} arrived.`).waitFor();
    await shoot(page, "admin-orders");

    // Search by email, any case.
    await page.getByLabel("Search by order number or email").fill("FIRST@example");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("link", { name: `#${second}` }).waitFor({ state: "detached" });

    await page.getByRole("link", { name: `#${first}` }).click();
    await page.getByRole("heading", { name: `Order #${first}` }).waitFor();
    await page.getByText("Test mode: paid at checkout, no money moved.").waitFor();
    await page.getByText("350 5th Ave").first().waitFor(); // the full shipping address (issue 14)
    await shoot(page, "admin-order");
    await page.getByRole("button", { name: "Mark fulfilled" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark this order fulfilled?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Mark fulfilled" }).click();
    await page.getByText("The order is now fulfilled.").waitFor();
    await page.locator(".badge.fulfilled").first().waitFor();
    expect(await page.getByRole("button", { name: "Mark fulfilled" }).count()).toBe(0);
    await page.getByRole("button", { name: "Refund (test mode)" }).waitFor();
    await shoot(page, "admin-order-fulfilled");
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 120_000);
