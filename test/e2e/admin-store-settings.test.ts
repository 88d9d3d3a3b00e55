// The store settings screen in Debian's Chromium against `npm start` on a fresh demo store: the owner
// sets a checkout minimum and the cart shows the spec's message; creates a coupon and a shopper applies
// it in the cart; creates a store and its page lists products; switches the currency to JPY and a
// product price shows without decimals. axe runs on the screen; screenshots at 390 and 1280 px.
import type { Page } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, PHONE, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

const general = (page: Page) => page.locator("form", { has: page.getByRole("heading", { name: "Currency and checkout" }) });

it("sets the checkout minimum, a coupon, a store and the currency, and the storefront follows", async () => {
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const admin = await owner.context.newPage();
    await signIn(admin, store.baseUrl, "owner", "/config/settings/store");
    await admin.getByRole("heading", { name: "Store settings", level: 1 }).waitFor();
    expect(await accessibilityViolations(admin)).toEqual([]);

    // Checkout minimum: the cart shows the spec's message.
    await admin.getByLabel("Checkout minimum").fill("100");
    await general(admin).getByRole("button", { name: "Save" }).click();
    await general(admin).getByText("Saved.").waitFor();
    const shop = await shopper.context.newPage();
    await shop.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
    await shop.locator("button.add-to-cart").click();
    await shop.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
    await shop.goto(`${store.baseUrl}/cart`);
    await shop.getByText("To check out, your order subtotal must be $100.00 or more.").waitFor();

    // A coupon, applied by the shopper.
    await admin.getByRole("button", { name: "Add a coupon" }).click();
    await admin.getByLabel("Code").fill("SPRING20");
    await admin.getByLabel("Percent off").fill("20");
    await admin.getByLabel("Usage limit (empty: unlimited)").fill("5");
    expect(await accessibilityViolations(admin)).toEqual([]);
    await shoot(admin, "admin-store-settings-coupon-form");
    await admin
      .locator("form", { has: admin.getByRole("heading", { name: "Add a coupon" }) })
      .getByRole("button", { name: "Save" })
      .click();
    await admin.getByRole("cell", { name: "SPRING20", exact: true }).waitFor();
    await shop.getByLabel("Coupon code").fill("SPRING20");
    await shop.locator("form", { hasText: "Coupon code" }).getByRole("button", { name: "Apply coupon" }).click();
    await shop.locator(".applied-coupon", { hasText: "SPRING20" }).waitFor();
    await shop.getByText("Discount").waitFor();

    // A field error shows next to its field, and focus moves to it.
    await admin.getByRole("button", { name: "Add a tax rule" }).click();
    await admin.getByLabel("Rate (%)").fill("8");
    await admin.getByLabel("Country code").last().fill("ZZ");
    await admin
      .locator("form", { has: admin.getByRole("heading", { name: "Add a tax rule" }) })
      .getByRole("button", { name: "Save" })
      .click();
    await admin.getByText("Choose one of the listed countries.").waitFor();
    expect(await admin.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await admin.getByRole("button", { name: "Cancel" }).click();

    // A new store: its page lists its products (none yet, but it answers).
    await admin.getByLabel("Title", { exact: true }).fill("Gifts");
    await admin.getByRole("button", { name: "Create store" }).click();
    await admin.getByText("Store created at /gifts.").waitFor();
    const storePage = await shop.goto(`${store.baseUrl}/gifts`);
    expect(storePage?.status()).toBe(200);
    await shop.getByRole("heading", { name: "Gifts", level: 1 }).waitFor();

    // JPY: prices without decimals.
    await admin.getByLabel("Currency", { exact: true }).selectOption("JPY");
    await general(admin).getByRole("button", { name: "Save" }).click();
    await general(admin).getByText("Saved.").waitFor();
    expect(await admin.getByLabel("Checkout minimum").inputValue()).toBe("100");
    await shoot(admin, "admin-store-settings");
    await shop.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
    const price = (await shop.locator(".product-price").first().textContent()) ?? "";
    expect(price).toMatch(/¥\d+/);
    expect(price).not.toMatch(/¥[\d,]+\.\d/);
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 120_000);

it("lets a store manager (commerce.write) open the screen on a phone and change the settings", async () => {
  const browser = await openBrowser(PHONE);
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "manager", "/config/settings/store");
    await page.getByRole("heading", { name: "Store settings", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add a coupon" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await browser.close();
  }
}, 60_000);
