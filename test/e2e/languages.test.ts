// Languages on the storefront (issue 12 item 4) in Debian's Chromium against `npm start`: the owner adds
// French and translates a product (GraphQL: the admin has no languages screen yet); a shopper picks
// French in the header's switcher; the product page and the cart show French texts, the owner's French
// name and French money; the document says lang="fr".
import { mkdirSync } from "node:fs";
import { openBrowser, SCREENSHOTS, shoot } from "../support/e2e/browser.ts";
import { apiClient } from "../support/e2e/admin.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("the site switched to French: the switcher, the product page and the cart in French, French money, lang=fr", async () => {
  const owner = await apiClient(store.baseUrl, "owner@sitecart.test", "owner-password");
  const languages = await owner.graphql(`mutation { updateLanguages(input: { languages: ["en-US", "fr"] }) { __typename } }`);
  expect(languages.updateLanguages.__typename).toBe("UpdateLanguagesSuccess");
  const { product } = await owner.graphql(`{ product(slug: "ceramic-mug") { itemId } }`);
  const translated = await owner.graphql(`mutation($input: SetProductTranslationInput!) { setProductTranslation(input: $input) { __typename } }`, {
    input: { productId: product.itemId, locale: "fr", name: "Tasse en céramique", description: "Une tasse en grès émaillée à la main." },
  });
  expect(translated.setProductTranslation.__typename).toBe("SetProductTranslationSuccess");

  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    await page.locator("button.add-to-cart", { hasText: "Add To Cart" }).waitFor();
    // The cart indicator (issue 12 item 6): initialized after the first sync, empty without a cart.
    await page.locator('.cart-indicator[data-cart-state="initialized"][data-cart-empty]').waitFor({ state: "attached" });
    await shoot(page, "languages-product-english");

    await page.getByRole("banner").getByLabel("Language").selectOption("fr");
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    const addToCart = page.locator("button.add-to-cart", { hasText: "Ajouter au panier" });
    await addToCart.waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    await page.locator("#app h1", { hasText: "Tasse en céramique" }).waitFor();
    await page.locator("#app", { hasText: "18,00\u00a0$US" }).first().waitFor();
    await page.getByRole("banner").getByLabel("Langue").waitFor();
    expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute("href")).toBe(`${store.baseUrl}/shop/p/ceramic-mug?lang=fr`);
    await shoot(page, "languages-product-french");

    await addToCart.click();
    await page.getByRole("button", { name: "Ajouté !" }).waitFor();
    await page.locator('.cart-indicator[data-cart-state="initialized"]:not([data-cart-empty])').waitFor({ state: "attached" });
    await page.click(".pill-cart");
    await page.locator(".cart-entry").first().waitFor();
    await page.locator(".cart-subtotal", { hasText: "18,00\u00a0$US" }).waitFor();
    await page.getByText("Sous-total").first().waitFor();
    await page.locator(".cart-entry", { hasText: "Tasse en céramique" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    await shoot(page, "languages-cart-french");
  } finally {
    await browser.close();
  }
}, 120_000);
