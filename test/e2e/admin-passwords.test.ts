// Site and page passwords in the admin (issue 12: lock screen 103, protected content 105), in Debian's
// Chromium against `npm start` on a fresh demo store: the owner protects a page and a shopper meets
// its password page, then the owner removes it; the owner locks the site and opens it again. axe runs
// on the screen; screenshots at phone and desktop width go to SCREENSHOTS.
import { mkdirSync } from "node:fs";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("the owner protects a page and locks the site from the Passwords screen; a shopper meets each password page", async () => {
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Passwords" }).click();
    await page.getByRole("heading", { name: "Passwords", level: 1 }).waitFor();
    await page.getByText("No page asks for a password.").waitFor();

    // Nothing typed: the field says so and nothing is sent.
    await page.getByRole("button", { name: "Protect the page" }).click();
    await page.locator("#page-access-path-error", { hasText: "Please fill in this field." }).waitFor();

    await page.getByLabel("Page address").fill("/shop/p/city-poster");
    await page.getByLabel("Page password").fill("poster pass");
    await page.getByRole("button", { name: "Protect the page" }).click();
    await page.getByText("/shop/p/city-poster now asks for a password.").waitFor();
    await page.getByRole("row", { name: /\/shop\/p\/city-poster/ }).waitFor();

    const shop = await shopper.context.newPage();
    const locked = await shop.goto(`${store.baseUrl}/shop/p/city-poster`);
    expect(locked?.status()).toBe(401);
    await shop.getByText("This page is protected").first().waitFor();

    await page.getByLabel("Site password").fill("whole site");
    await page.getByRole("button", { name: "Lock the site" }).click();
    await page.getByText("The site is locked.", { exact: true }).waitFor();
    expect((await shop.goto(`${store.baseUrl}/cart`))?.status()).toBe(401);
    await shoot(page, "admin-passwords");
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
    }

    await page.getByRole("button", { name: "Open the site" }).click();
    await page.getByRole("dialog", { name: "Open the site to everyone?" }).getByRole("button", { name: "Open the site" }).click();
    await page.getByText("The site is open to everyone.", { exact: true }).first().waitFor();
    expect((await shop.goto(`${store.baseUrl}/cart`))?.status()).toBe(200);

    await page.getByRole("button", { name: "Remove password for /shop/p/city-poster" }).click();
    await page.getByRole("dialog", { name: "Remove this page's password?" }).getByRole("button", { name: "Remove password" }).click();
    await page.getByText("/shop/p/city-poster is open to everyone.").waitFor();
    expect((await shop.goto(`${store.baseUrl}/shop/p/city-poster`))?.status()).toBe(200);
  } finally {
    await owner.close();
    await shopper.close();
  }
});
