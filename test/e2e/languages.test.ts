// Languages on the storefront (issue 12 item 4) in Debian's Chromium against `npm start`: the owner adds
// French and translates a product (GraphQL: the admin has no languages screen yet); a shopper picks
// French in the header's switcher; the product page and the cart show French texts, the owner's French
// name and French money; the document says lang="fr".
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS } from "./support/browser.ts";
import { startStore, type RunningStore } from "./support/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The owner's GraphQL calls: signed in with cookies, crumb and xsrf header, as the admin's script is. */
async function ownerClient() {
  const cookies = new Map<string, string>();
  let xsrf: string | null = null;
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookies.get("crumb")) headers["x-csrf-token"] = cookies.get("crumb")!;
    if (xsrf) headers["x-siteuser-xsrf-token"] = xsrf;
    const response = await fetch(`${store.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0];
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response.json().catch(() => null);
  };
  await send("GET", "/healthz");
  xsrf = (await send("POST", "/api/site-users/account/session", { email: "owner@sitecart.test", password: "owner-password", rememberMe: false })).xsrfToken;
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const result = await send("POST", "/graphql", { query, variables });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data;
  };
}

it("the site switched to French: the switcher, the product page and the cart in French, French money, lang=fr", async () => {
  const owner = await ownerClient();
  const languages = await owner(`mutation { updateLanguages(input: { languages: ["en-US", "fr"] }) { __typename } }`);
  expect(languages.updateLanguages.__typename).toBe("UpdateLanguagesSuccess");
  const { product } = await owner(`{ product(slug: "ceramic-mug") { itemId } }`);
  const translated = await owner(`mutation($input: SetProductTranslationInput!) { setProductTranslation(input: $input) { __typename } }`, {
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
