// The languages screen and the product translations (issue 23 part 6) in Debian's Chromium against
// `npm start`: the owner adds French on /config/site/languages, translates the Linen Shirt's name and its
// size "L" (Large) -> "Grand" in the product editor; a visitor in French sees "Grand" in the size
// selector and adds that variant to the cart. Screenshots at phone and desktop width; axe on each screen.
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

it("the owner adds French and translates a size; a visitor in French sees Grand and adds it to the cart", async () => {
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Languages" }).first().click();
    await page.getByRole("heading", { name: "Languages", level: 1 }).waitFor();
    await page.getByText("Not connected: the store speaks its default language only.").waitFor();
    await page.getByLabel("Language", { exact: true }).selectOption("fr");
    await page.getByRole("button", { name: "Add language" }).click();
    await page.getByText("Français was added.").waitFor();
    await page.getByText("Connected: visitors can switch between the site's languages.").waitFor();
    await page
      .getByRole("row", { name: /Français/ })
      .getByRole("button", { name: "Make default: Français" })
      .waitFor();
    await shoot(page, "admin-languages");

    // Removing asks first; cancelling keeps the language.
    await page.getByRole("button", { name: "Remove Français" }).click();
    await page.getByRole("dialog", { name: "Remove Français?" }).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("row", { name: /Français/ }).waitFor();

    const { product } = await (
      await page.request.post(`${store.baseUrl}/graphql`, { data: { query: `{ product(slug: "linen-shirt") { id } }` } })
    )
      .json()
      .then((body) => body.data);
    await page.goto(`${store.baseUrl}/config/products/${encodeURIComponent(product.id)}`);
    const translations = page.getByRole("group", { name: "Translations" });
    await translations.getByLabel("Name (Français)").fill("Chemise en lin");
    await translations.getByLabel("Size: L", { exact: true }).fill("Grand");
    await translations.getByRole("button", { name: "Save translation" }).click();
    await translations.getByText("The Français translation is saved.").waitFor();
    await translations.scrollIntoViewIfNeeded();
    await shoot(page, "admin-product-translations");

    const shop = await shopper.context.newPage();
    await shop.goto(`${store.baseUrl}/shop/p/linen-shirt?lang=fr`);
    await shop.locator("#app h1", { hasText: "Chemise en lin" }).waitFor();
    const size = shop.locator("#app .variant-option select").first();
    await size.locator("option", { hasText: "Grand" }).waitFor({ state: "attached" });
    await size.selectOption({ label: "Grand" });
    await shop.locator("#app .variant-option select").nth(1).selectOption("Blue");
    await shop.locator("button.add-to-cart", { hasText: "Ajouter au panier" }).click();
    await shop.getByRole("button", { name: "Ajouté !" }).waitFor();
    await shop.click(".pill-cart");
    await shop.locator(".cart-entry", { hasText: "Chemise en lin" }).waitFor();
    await shop.locator(".cart-entry", { hasText: "L" }).first().waitFor();
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 180_000);
