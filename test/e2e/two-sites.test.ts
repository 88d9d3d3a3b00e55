// Two demo stores served by ONE `npm start` (issue 21, "Done when"): PLATFORM_DOMAIN=localhost, one
// site on usd.localhost in dollars, the other on eur.localhost in euros, with the same slugs (Chromium
// sends any *.localhost to loopback, so no /etc/hosts). In one browser: each site has its own cart
// (the same product added on both, each cart page showing its own item, currency and total), its own
// owner session (signed in on one, still signed out on the other), its own settings (a checkout
// minimum set on one leaves the other's alone) and its own analytics (a visit to one counts in that
// site's figures only). The rollups run by hand, as the store runs with JOBS=off. Screenshots of both
// product pages and carts at phone and desktop width go to SCREENSHOTS.
import type { BrowserContext, Page } from "playwright-core";
import { createDb, type Db } from "../../server/db/client.ts";
import { RollupJob } from "../../server/services/analytics/rollups.ts";
import { StoreSettingsService } from "../../server/services/store/store-settings.ts";
import { signIn } from "../support/e2e/admin.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

const SITES = {
  usd: { id: "site-usd", slug: "usd", currency: "USD", title: "Dollar Demo", mug: "$18.00", total: "$23.00" },
  eur: { id: "site-eur", slug: "eur", currency: "EUR", title: "Euro Demo", mug: "€15.00", total: "€20.00" },
} as const;
type SiteName = keyof typeof SITES;

let store: RunningStore;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  store = await startStore({ platformDomain: "localhost", sites: Object.values(SITES) });
  // The same slug on both sites, at another price on the euro site; a title each, to tell the screenshots apart.
  const db = await createDb(store.databaseUrl);
  try {
    for (const site of Object.values(SITES)) await db.website.update({ where: { id: site.id }, data: { title: site.title } });
    await db.variant.updateMany({ where: { product: { websiteId: SITES.eur.id, slug: "ceramic-mug" } }, data: { price: 1500 } });
    await db.product.updateMany({ where: { websiteId: SITES.eur.id, slug: "ceramic-mug" }, data: { sortPrice: 1500 } });
  } finally {
    await db.$disconnect();
  }
  // One browser context for the shopper and the owner: cookies of one host must not open the other.
  browser = await openBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const url = (site: SiteName, path: string) => `${store.hostUrl(`${SITES[site].slug}.localhost`)}${path}`;

/** Opens a storefront page and waits for its page view to reach the store (a page left sooner may not send it). */
async function visit(page: Page, site: SiteName, path: string): Promise<void> {
  const hit = page.waitForResponse((response) => response.url() === url(site, "/api/census/RecordHit"));
  await page.goto(url(site, path));
  expect((await hit).ok()).toBe(true);
}

async function addMug(page: Page, site: SiteName): Promise<void> {
  await visit(page, site, "/shop/p/ceramic-mug");
  await page.locator(".product-price", { hasText: SITES[site].mug }).waitFor();
  await page.getByText(SITES[site].title).first().waitFor();
  await shoot(page, `two-sites-${site}-product`);
  await page.locator("button.add-to-cart").click();
  await page.getByRole("button", { name: "Added!" }).waitFor();
}

async function expectCart(page: Page, site: SiteName): Promise<void> {
  await page.goto(url(site, "/cart"));
  await page.locator(".cart-subtotal", { hasText: SITES[site].mug }).waitFor();
  expect(await page.locator(".cart-entry").count()).toBe(1);
  expect(await page.locator(".cart-entry").textContent()).toContain("Ceramic Mug");
  expect(await page.locator(".cart-entry-quantity input").inputValue()).toBe("1");
  // The mug and its site's Standard shipping (5.00 in the site's currency).
  expect(await page.locator(".cart-grand-total").textContent()).toBe(SITES[site].total);
}

it("keeps a cart per site: the same product added on both, each cart with its own item, currency and total", async () => {
  const page = await browser.context.newPage();
  await addMug(page, "usd");
  await expectCart(page, "usd");
  await shoot(page, "two-sites-usd-cart");
  await addMug(page, "eur");
  await expectCart(page, "eur");
  await shoot(page, "two-sites-eur-cart");
  // The dollar cart did not get the euro site's mug (nor the other way round).
  await expectCart(page, "usd");
  await page.close();
});

const general = (page: Page) => page.locator("form", { has: page.getByRole("heading", { name: "Currency and checkout" }) });

it("keeps an owner session and settings per site: signed in on one, signed out on the other; a setting saved on one only", async () => {
  const admin = await browser.context.newPage();
  await signIn(admin, url("usd", ""), "owner", "/config/settings/store");
  await admin.getByRole("heading", { name: "Store settings", level: 1 }).waitFor();
  await admin.getByLabel("Checkout minimum").fill("100");
  await general(admin).getByRole("button", { name: "Save" }).click();
  await general(admin).getByText("Saved.").waitFor();

  // The same browser on the euro site: its admin asks to sign in, and its carts have no minimum.
  const other = await browser.context.newPage();
  await other.goto(url("eur", "/config/settings/store"));
  await other.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  expect(await other.locator(".admin-header").count()).toBe(0);
  const shop = await browser.context.newPage();
  await shop.goto(url("usd", "/cart"));
  await shop.getByText("To check out, your order subtotal must be $100.00 or more.").waitFor();
  await shop.goto(url("eur", "/cart"));
  await shop.locator(".cart-subtotal", { hasText: SITES.eur.mug }).waitFor();
  expect(await shop.getByText(/your order subtotal must be/).count()).toBe(0);

  // The same owner email signs in on the euro site too, and finds its own settings there.
  await signIn(other, url("eur", ""), "owner", "/config/settings/store");
  await other.getByRole("heading", { name: "Store settings", level: 1 }).waitFor();
  expect(await general(other).getByLabel("Currency").inputValue()).toBe("EUR");
  expect(await general(other).getByLabel("Checkout minimum").inputValue()).toBe("0.00");
  expect(await general(admin).getByLabel("Currency").inputValue()).toBe("USD");
  for (const page of [admin, other, shop]) await page.close();
  // The stored rows too: the screens read through each site's caches, which a write to the wrong site would not drop.
  const db = await createDb(store.databaseUrl);
  try {
    const minimums = await db.website.findMany({ where: { id: { in: [SITES.usd.id, SITES.eur.id] } }, select: { id: true, checkoutMinimumSubtotal: true } });
    expect(Object.fromEntries(minimums.map((site) => [site.id, site.checkoutMinimumSubtotal]))).toEqual({ [SITES.usd.id]: 10_000, [SITES.eur.id]: 0 });
  } finally {
    await db.$disconnect();
  }
});

/** Rolls up today's visits of both sites, as the analytics-rollup job does on its timer. */
async function rollUp(db: Db): Promise<void> {
  for (const site of Object.values(SITES)) await new RollupJob(db, site.id, new StoreSettingsService(db, site.id)).run();
}

const kpi = (page: Page, label: string) => page.locator(".kpi", { has: page.locator(".kpi-label", { hasText: label }) }).locator(".kpi-value");

async function openAnalytics(context: BrowserContext, site: SiteName): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(site, "/config/analytics"));
  await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
  return page;
}

it("keeps analytics per site: a visit to the dollar site counts in its figures only", async () => {
  const db = await createDb(store.databaseUrl);
  const visitor = await openBrowser();
  try {
    // The shopper of the first test (before the owner signed in) made one visit to each site.
    const usd = await openAnalytics(browser.context, "usd");
    const eur = await openAnalytics(browser.context, "eur");
    await usd.locator(".active-visitors .kpi-value", { hasText: "1" }).waitFor();
    await eur.locator(".active-visitors .kpi-value", { hasText: "1" }).waitFor();
    await rollUp(db);
    for (const page of [usd, eur]) await page.reload();
    await kpi(usd, "Visits").getByText("1", { exact: true }).waitFor();
    await kpi(eur, "Visits").getByText("1", { exact: true }).waitFor();

    // A new visitor on the dollar site: its live count and its rolled-up visits grow; the euro site's do not.
    const shop = await visitor.context.newPage();
    await visit(shop, "usd", "/shop/p/ceramic-mug");
    await usd.locator(".active-visitors .kpi-value", { hasText: "2" }).waitFor({ timeout: 30_000 });
    await rollUp(db);
    for (const page of [usd, eur]) await page.reload();
    await kpi(usd, "Visits").getByText("2", { exact: true }).waitFor();
    await kpi(eur, "Visits").getByText("1", { exact: true }).waitFor();
    expect(await eur.locator(".active-visitors .kpi-value").textContent()).toBe("1");
  } finally {
    await visitor.close();
    await db.$disconnect();
  }
});
