// The owner's customers screens (issue 24 §5) in Debian's Chromium against `npm start` on a fresh demo
// store: a shopper buys a mug as a guest, the owner finds them on /config/customers by searching part
// of their address (any case), opens their page and follows the order to its page. Screenshots of the
// list and the customer's page at phone and desktop width; axe on each.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 300_000);
afterAll(() => store?.stop());

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** A guest buys one mug through the storefront's checkout; returns the order number. */
async function buyMugAsGuest(page: Page, email: string): Promise<number> {
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

it("finds a guest buyer by search, opens their page and sees their order", async () => {
  const shopper = await openBrowser();
  const owner = await openBrowser();
  try {
    const orderNumber = await buyMugAsGuest(await shopper.context.newPage(), "ada.guest@example.com");

    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).first().click();
    await page.getByRole("heading", { name: "Customers", level: 1 }).waitFor();
    await page.getByLabel("Search by email or name").fill("ADA.GUEST");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/config\/customers\?search=ADA\.GUEST$/);
    const row = page.getByRole("row", { name: /ada\.guest@example\.com/ });
    await row.waitFor();
    expect(await page.locator(".customers-table tbody tr").count()).toBe(1);
    await row.getByText("Guest", { exact: true }).waitFor();
    await row.getByText("Ada Lovelace").waitFor();
    await shoot(page, "admin-customers");

    await row.getByRole("link", { name: "ada.guest@example.com" }).click();
    await page.waitForURL(/\/config\/customers\/ada\.guest%40example\.com$/);
    await page.getByRole("heading", { name: "Ada Lovelace", level: 1 }).waitFor();
    const orders = page.getByRole("region", { name: "Orders" });
    await orders.getByRole("link", { name: `#${orderNumber}` }).waitFor();
    await shoot(page, "admin-customer");

    await orders.getByRole("link", { name: `#${orderNumber}` }).click();
    await page.getByRole("heading", { name: `Order #${orderNumber}` }).waitFor();
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 180_000);
