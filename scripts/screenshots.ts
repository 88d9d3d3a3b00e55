// npm run screenshots -- take <outDir> [--base-url URL]: full-page screenshots of a fixed list of
// storefront pages and admin screens, at 390 and 1280 px wide, into <outDir>/<name>-<width>.png.
// Without --base-url it starts its own store as the browser tests do (`npm start` on a fresh SQLite
// demo store, PORT=0, JOBS=off) and drives Debian's Chromium through playwright-core.
// npm run screenshots -- compare <dirA> <dirB>: same-named PNGs, byte for byte, and the number of
// pixels that differ (decoded with sharp) when the bytes do not match. docs/client.md "Screenshots".
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { createDb, type Db } from "../server/db/client.ts";
import { dayIn, dayStartsAt } from "../server/domain/date-range.ts";
import { SIGN_UP_LIFETIME_MS } from "../server/domain/restock/restock.ts";
import { signIn } from "../test/support/e2e/admin.ts";
import { DESKTOP, openBrowser, PHONE } from "../test/support/e2e/browser.ts";
import { startStore } from "../test/support/e2e/store.ts";

const WIDTHS = [PHONE, DESKTOP];

/** Stops what the page would otherwise move between two runs: animations, transitions, the caret. */
const STILL_CSS = `*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important;
}`;

interface Shot {
  name: string;
  /** Where to go, or the list screen whose `link` leads to the page (its first match). */
  path: string;
  link?: (page: Page) => Locator;
  /** What differs on every store by design (secrets, the port), painted over. */
  mask?: string;
}

const STOREFRONT: Shot[] = [
  { name: "home", path: "/" },
  { name: "shop", path: "/shop" },
  { name: "product", path: "/shop/p/linen-shirt" },
  { name: "product-sold-out", path: "/shop/p/canvas-tote" },
  { name: "gift-card", path: "/gift-card/gift-card?sku=GIFT-2500" },
  { name: "contact-form", path: "/contact" },
  { name: "search", path: "/search?q=mug" },
  { name: "member-sign-in", path: "/account/sign-in" },
  { name: "member-sign-up", path: "/account/sign-up" },
];

const firstLink = (prefix: string) => (page: Page) => page.locator(`main a[href^="${prefix}"]`).first();
const named = (name: string) => (page: Page) => page.getByRole("link", { name, exact: true }).first();

/** Every screen of the admin navigation (checked against it at run time), and one page behind each list. */
const ADMIN: Shot[] = [
  { name: "admin-home", path: "/config" },
  { name: "admin-products", path: "/config/products" },
  { name: "admin-product", path: "/config/products", link: named("Linen Shirt") },
  { name: "admin-product-new", path: "/config/products/new" },
  { name: "admin-inventory", path: "/config/inventory" },
  { name: "admin-orders", path: "/config/orders" },
  { name: "admin-order", path: "/config/orders", link: firstLink("/config/orders/") },
  { name: "admin-waitlists", path: "/config/waitlists" },
  { name: "admin-waitlist", path: "/config/waitlists", link: firstLink("/config/waitlists/") },
  { name: "admin-forms", path: "/config/forms" },
  { name: "admin-form", path: "/config/forms", link: named("Edit Contact") },
  { name: "admin-submissions", path: "/config/forms", link: named("Submissions of Contact") },
  { name: "admin-mailing-lists", path: "/config/mailing-lists" },
  { name: "admin-mailing-list", path: "/config/mailing-lists", link: firstLink("/config/mailing-lists/") },
  { name: "admin-analytics", path: "/config/analytics" },
  { name: "admin-store-settings", path: "/config/settings/store" },
  { name: "admin-header-footer", path: "/config/site/header-footer" },
  { name: "admin-navigation", path: "/config/site/navigation" },
  { name: "admin-templates", path: "/config/site/templates" },
  { name: "admin-template", path: "/config/site/templates", link: firstLink("/config/site/templates/") },
  { name: "admin-people", path: "/config/people" },
  { name: "admin-outbox", path: "/config/settings/outbox" },
  { name: "admin-api-keys", path: "/config/settings/api-keys" },
  { name: "admin-marketing", path: "/config/settings/marketing", mask: ".copy-field input" },
  { name: "admin-page-access", path: "/config/settings/passwords" },
  { name: "admin-privacy", path: "/config/settings/privacy" },
];

/**
 * The server has no clock to set: what the run creates is moved, in the database, to the start of
 * the store's day (so "today" still counts it), and the browser's clock is frozen there too.
 */
async function pinTimes(db: Db, at: Date): Promise<void> {
  await db.order.updateMany({ data: { createdAt: at } });
  await db.outboxEmail.updateMany({ data: { createdAt: at } });
  await db.formSubmission.updateMany({ data: { createdAt: at } });
  await db.account.updateMany({ data: { createdAt: at } });
  await db.form.updateMany({ data: { createdAt: at, updatedAt: at } });
  await db.restockSignUp.updateMany({ data: { createdAt: at, expiresAt: new Date(at.getTime() + SIGN_UP_LIFETIME_MS) } });
}

async function prepare(page: Page, now: Date): Promise<void> {
  await page.clock.setFixedTime(now);
  await page.emulateMedia({ reducedMotion: "reduce" });
}

/** Network idle, fonts loaded, no loading placeholder, then the stilling CSS. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator(".loading, .admin-loading").first().waitFor({ state: "detached", timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({ content: STILL_CSS });
}

async function open(page: Page, baseUrl: string, shot: Shot): Promise<void> {
  const response = await page.goto(baseUrl + shot.path);
  if (response && response.status() >= 400) throw new Error(`${shot.name}: ${shot.path} answered ${response.status()}`);
  if (!shot.link) return;
  await page.waitForLoadState("networkidle");
  const href = await shot.link(page).getAttribute("href");
  if (!href) throw new Error(`${shot.name}: no link on ${shot.path}`);
  await page.goto(baseUrl + href);
}

async function shoot(page: Page, outDir: string, name: string, mask?: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState("networkidle");
    const path = join(outDir, `${name}-${viewport.width}.png`);
    await page.screenshot({ path, fullPage: true, animations: "disabled", caret: "hide", mask: mask ? [page.locator(mask)] : [], maskColor: "#999" });
  }
}

/** Fails on an error page, a not-found page, or (for the admin) a sign-in form where a screen is expected. */
async function check(page: Page, shot: Shot, admin: boolean): Promise<void> {
  const problem = page.locator(".error-page, .not-found");
  if (await problem.count()) throw new Error(`${shot.name}: ${page.url()} shows "${(await problem.first().innerText()).slice(0, 120)}"`);
  if (admin && !(await page.locator(".admin-header").count())) throw new Error(`${shot.name}: ${page.url()} is not an admin screen (signed out?)`);
}

async function takeAll(page: Page, baseUrl: string, outDir: string, shots: Shot[], admin: boolean): Promise<void> {
  for (const shot of shots) {
    const started = Date.now();
    await open(page, baseUrl, shot);
    await settle(page);
    await check(page, shot, admin);
    await shoot(page, outDir, shot.name, shot.mask);
    console.log(`${shot.name.padEnd(24)} ${page.url().slice(baseUrl.length).padEnd(44)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** The same-origin REST/GraphQL calls a storefront script makes, with the page's cookies and crumb. */
async function post(page: Page, baseUrl: string, path: string, body?: unknown): Promise<{ data?: Record<string, unknown> }> {
  const crumb = (await page.context().cookies(baseUrl)).find((cookie) => cookie.name === "crumb")?.value ?? "";
  const response = await page.request.post(baseUrl + path, { headers: { "x-csrf-token": crumb }, data: body });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * What the admin screens list, made through the storefront: the cart with a mug (shot), the checkout
 * (shot), the order (its confirmation shot), a contact form submission and a waitlist place.
 */
async function shopperFixtures(page: Page, baseUrl: string, outDir: string): Promise<void> {
  await page.goto(`${baseUrl}/shop/p/ceramic-mug`);
  await page.locator("#app button.add-to-cart:enabled").click();
  await page.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
  for (const shot of [
    { name: "cart", path: "/cart" },
    { name: "checkout", path: "/checkout" },
  ]) {
    await takeAll(page, baseUrl, outDir, [shot], false);
  }
  await page.fill('input[type="email"]', "ada@example.com");
  await page.getByLabel("Full name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("350 5th Ave");
  await page.getByLabel("City", { exact: true }).fill("New York");
  await page.getByLabel("State", { exact: true }).selectOption("NY");
  await page.getByLabel("ZIP code", { exact: true }).fill("10118");
  await page.locator(".cart-totals dd", { hasText: "$1.60" }).waitFor();
  await page.click('button[type="submit"]');
  await page.locator(".order-confirmed").waitFor();
  await settle(page);
  await shoot(page, outDir, "order-confirmed");
  console.log(`${"order-confirmed".padEnd(24)} ${page.url().slice(baseUrl.length)}`);

  const graphql = async (query: string) => (await post(page, baseUrl, "/graphql", { query })).data!;
  const { form } = (await graphql(`
    {
      form(key: "contact") {
        formId
      }
    }
  `)) as { form: { formId: number } };
  const { data } = (await post(page, baseUrl, "/api/form/FormSubmissionKey")) as { data?: { key: string } };
  await post(page, baseUrl, "/api/form/SaveFormSubmission", {
    key: data!.key,
    formId: form.formId,
    form: JSON.stringify({ name: ["Zoë", "Lovelace"], email: "zoe@example.com", topics: ["Orders", "Wholesale"], satisfaction: { Delivery: "2" } }),
    pageTitle: "Contact",
    pagePath: "/contact",
  });
  const { product } = (await graphql(`
    {
      product(slug: "canvas-tote") {
        itemId
        variants {
          variantId
          sku
        }
      }
    }
  `)) as {
    product: { itemId: string; variants: { variantId: number; sku: string }[] };
  };
  await post(page, baseUrl, "/api/site-users/account/notifications/restock", {
    productId: product.itemId,
    variantId: product.variants.find((variant) => variant.sku === "TOTE-NATURAL")!.variantId,
    siteVisitorEmail: "shopper@example.com",
    isJoinMailingList: false,
  });
}

async function take(outDir: string, baseUrlOption: string | undefined): Promise<void> {
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });
  const store = baseUrlOption ? null : await startStore();
  const baseUrl = baseUrlOption?.replace(/\/$/, "") ?? store!.baseUrl;
  console.log(`store ${baseUrl}${store ? " (started, fresh demo store)" : ""}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const db = store ? await createDb(store.databaseUrl) : null;
  const timeZone = (await db?.website.findFirst({ select: { timeZone: true } }))?.timeZone ?? "UTC";
  const now = dayStartsAt(dayIn(new Date(), timeZone), timeZone);
  process.env.TZ = timeZone; // Chromium's zone (the admin writes times in it), whatever the machine's
  const browser = await openBrowser(DESKTOP);
  try {
    const shopper = await browser.context.newPage();
    await prepare(shopper, now);
    await takeAll(shopper, baseUrl, outDir, STOREFRONT, false);
    await shopperFixtures(shopper, baseUrl, outDir);
    if (db) await pinTimes(db, now);
    await browser.context.clearCookies();

    const owner = await browser.context.newPage();
    await prepare(owner, now);
    await owner.goto(`${baseUrl}/config`);
    await owner.getByLabel("Password").waitFor();
    await settle(owner);
    await shoot(owner, outDir, "admin-sign-in");
    await signIn(owner, baseUrl, "owner");
    const navigation = await owner
      .getByRole("navigation", { name: "Admin" })
      .locator("a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const missing = navigation.filter((href) => !ADMIN.some((shot) => shot.path === href));
    if (missing.length) console.warn(`Not in the list, add them: ${missing.join(", ")}`);
    await takeAll(owner, baseUrl, outDir, ADMIN, true);
  } finally {
    await browser.close();
    await db?.$disconnect();
    await store?.stop();
  }
  console.log(`take: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Pixels that differ between two PNGs (RGBA), or null when their sizes differ. */
async function differingPixels(a: string, b: string): Promise<number | null> {
  const [left, right] = await Promise.all([a, b].map((file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (left.info.width !== right.info.width || left.info.height !== right.info.height) return null;
  let count = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    if (left.data.readUInt32LE(i) !== right.data.readUInt32LE(i)) count++;
  }
  return count;
}

async function compare(dirA: string, dirB: string): Promise<void> {
  const pngs = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".png")) : []);
  const names = [...new Set([...pngs(dirA), ...pngs(dirB)])].sort();
  const counts = { same: 0, different: 0, missing: 0 };
  for (const name of names) {
    const [a, b] = [join(dirA, name), join(dirB, name)];
    let verdict: string;
    if (!existsSync(a) || !existsSync(b)) {
      counts.missing++;
      verdict = `missing in ${existsSync(a) ? dirB : dirA}`;
    } else if (readFileSync(a).equals(readFileSync(b))) {
      counts.same++;
      verdict = "same";
    } else {
      const pixels = await differingPixels(a, b);
      if (pixels === 0) counts.same++;
      else counts.different++;
      if (pixels === null) {
        const size = async (file: string) =>
          sharp(file)
            .metadata()
            .then((meta) => `${meta.width}x${meta.height}`);
        verdict = `different (size ${await size(a)} vs ${await size(b)})`;
      } else verdict = pixels === 0 ? "same (pixels; bytes differ)" : `different (${pixels} pixels)`;
    }
    console.log(`${name.padEnd(36)} ${verdict}`);
  }
  console.log(`${counts.same} same, ${counts.different} different, ${counts.missing} missing`);
  if (counts.different || counts.missing) process.exitCode = 1;
}

const [command, ...rest] = process.argv.slice(2);
const baseUrlAt = rest.indexOf("--base-url");
const baseUrl = baseUrlAt >= 0 ? rest.splice(baseUrlAt, 2)[1] : undefined;
if (command === "take" && rest.length === 1 && (baseUrlAt < 0 || baseUrl)) await take(rest[0], baseUrl);
else if (command === "compare" && rest.length === 2) await compare(rest[0], rest[1]);
else {
  console.error("Usage: npm run screenshots -- take <outDir> [--base-url URL]\n       npm run screenshots -- compare <dirA> <dirB>");
  process.exitCode = 2;
}
