// Site plans in Debian's Chromium (issue 21) against `npm start` serving two demo sites on platform
// subdomains of localhost (PLATFORM_DOMAIN=localhost: Chromium sends *.localhost to this machine):
// an expired site shows its visitors the unavailable page while its owner signs in at /config and sees
// the expired banner and the plan screen; a trial site's admin shows the days left and the trial
// upgrade link. axe runs on each admin screen; screenshots at phone and desktop width go to SCREENSHOTS.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb } from "../../server/db/client.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { SITE_STATUS } from "../../server/domain/site/site-status.ts";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRED_SITE = "closed-shop";

let store: RunningStore;
let port: string;
const siteUrl = (slug: string) => `http://${slug}.localhost:${port}`;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore({
    env: { PLATFORM_DOMAIN: "localhost" },
    async prepare(databaseUrl) {
      migrateDatabase({ ...process.env, DATABASE_URL: databaseUrl });
      const db = await createDb(databaseUrl);
      try {
        // The default site on a trial with 9 days left (8.5 rounded up: the days do not tick over mid-test).
        await seedDemoStore(db, DEMO_WEBSITE_ID);
        await db.website.update({
          where: { id: DEMO_WEBSITE_ID },
          data: { slug: "trial", status: SITE_STATUS.trial, trialEndsAt: new Date(Date.now() + 8.5 * DAY_MS) },
        });
        await seedDemoStore(db, EXPIRED_SITE);
        await db.website.update({ where: { id: EXPIRED_SITE }, data: { slug: "expired", status: SITE_STATUS.expired } });
      } finally {
        await db.$disconnect();
      }
    },
  });
  port = new URL(store.baseUrl).port;
}, 180_000);
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

const planBanner = (page: Page) => page.getByRole("complementary", { name: "Your plan" });

it("an expired site shows visitors its unavailable page while its owner signs in and sees how to re-activate it", async () => {
  const visitor = await openBrowser();
  const owner = await openBrowser();
  try {
    const shop = await visitor.context.newPage();
    const response = await shop.goto(`${siteUrl("expired")}/shop/p/linen-shirt`);
    expect(response!.status()).toBe(503);
    await shop.getByRole("heading", { name: "This store is temporarily unavailable" }).waitFor();

    const page = await owner.context.newPage();
    await signIn(page, siteUrl("expired"), "owner");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    const banner = planBanner(page);
    await banner.getByText("Your store is closed: visitors see a “temporarily unavailable” page and checkout takes no orders.", { exact: false }).waitFor();
    await shoot(page, "site-plan-expired-banner");

    await banner.getByRole("link", { name: "Re-activate your plan" }).click();
    await page.waitForURL(`${siteUrl("expired")}/config/settings/billing/subscriptions`);
    await page.getByRole("heading", { name: "Your plan", level: 1 }).waitFor();
    await page.getByText("Closed to visitors; checkout takes no orders. You can still sign in here.").waitFor();
    // The plan's navigation entry is current, and the banner no longer links to the page it is on.
    expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Plan" }).getAttribute("aria-current")).toBe("page");
    expect(await banner.getByRole("link").count()).toBe(0);
    await shoot(page, "site-plan-expired-plan-screen");
  } finally {
    await visitor.close();
    await owner.close();
  }
});

it("a trial site's admin shows the days left and the trial upgrade link on every screen", async () => {
  const owner = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, siteUrl("trial"), "owner");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    const banner = planBanner(page);
    await banner.getByText("9 days left in your trial.").waitFor();
    await shoot(page, "site-plan-trial-banner");

    // Another screen keeps the banner.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).first().click();
    await page.waitForURL(`${siteUrl("trial")}/config/products`);
    await banner.getByText("9 days left in your trial.").waitFor();

    const upgrade = banner.getByRole("link", { name: "Upgrade now" });
    expect(await upgrade.getAttribute("href")).toBe("/config/settings/billing/upgrade");
    await upgrade.click();
    await page.getByRole("heading", { name: "Upgrade your plan", level: 1 }).waitFor();
    await page.getByText("Open: visitors can browse and buy.").waitFor();
    await shoot(page, "site-plan-trial-plan-screen");

    // The trial's storefront is open.
    const shop = await owner.context.newPage();
    expect((await shop.goto(`${siteUrl("trial")}/shop/p/linen-shirt`))!.status()).toBe(200);
  } finally {
    await owner.close();
  }
});
