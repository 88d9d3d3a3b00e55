// The owner's analytics screen in Debian's Chromium against `npm start` on a fresh demo store (issue
// 11): rollup rows and recent events written straight into its database show as figures, the funnel,
// charts (each with a table) and the top products; the owner changes the range and the figures follow;
// the CSV export downloads the range's days. Screenshots at phone and desktop width, and no serious or
// critical axe violation. The store runs with JOBS=off, so no rollup or retention job rewrites the rows
// written here (today's included) while the test reads them.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb } from "../../server/db/client.ts";
import { addDays, dayIn } from "../../server/domain/date-range.ts";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot as takeScreenshots } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
let today: string;
beforeAll(async () => {
  store = await startStore();
  today = dayIn(new Date(), "America/New_York");
  const db = await createDb(store.databaseUrl);
  try {
    const mug = await db.product.findFirstOrThrow({ where: { name: "Ceramic Mug" }, select: { id: true } });
    const tote = await db.product.findFirstOrThrow({ where: { name: "Canvas Tote" }, select: { id: true } });
    // The last 7 days with visits and sales; 20 days ago a busy day (in the last 30 days only).
    await db.analyticsDay.createMany({
      data: [0, 1, 2, 3, 4, 5, 6, 20].map((back) => ({
        websiteId: DEMO_WEBSITE_ID,
        day: addDays(today, -back),
        visits: back === 20 ? 500 : 100 + back * 10,
        visitors: back === 20 ? 400 : 80 + back * 5,
        pageViews: back === 20 ? 1500 : 300 + back * 20,
        productViewSessions: back === 20 ? 200 : 60,
        addToCartSessions: back === 20 ? 50 : 20,
        checkoutSessions: back === 20 ? 20 : 8,
        orderSessions: back === 20 ? 10 : 4,
        orders: back === 20 ? 10 : 4,
        revenueCents: back === 20 ? 50_000 : 10_000 + back * 1000,
        formViews: 12,
        formSubmissions: 3,
      })),
    });
    await db.analyticsVisitorDay.createMany({
      data: ["a", "b", "c"].map((visitorKey) => ({ websiteId: DEMO_WEBSITE_ID, day: today, visitorKey })),
    });
    await db.analyticsProductDay.createMany({
      data: [
        { websiteId: DEMO_WEBSITE_ID, day: today, productId: mug.id, views: 90, adds: 30, orders: 10, unitsSold: 12, revenueCents: 18_000 },
        { websiteId: DEMO_WEBSITE_ID, day: today, productId: tote.id, views: 120, adds: 10, orders: 4, unitsSold: 4, revenueCents: 9_600 },
      ],
    });
    await db.analyticsFormDay.create({ data: { websiteId: DEMO_WEBSITE_ID, day: today, formKey: "contact", views: 12, submissions: 3 } });
    const now = Date.now();
    await db.analyticsEvent.createMany({
      data: ["x", "y"].map((visitorKey) => ({
        websiteId: DEMO_WEBSITE_ID,
        day: today,
        occurredAt: new Date(now - 30_000),
        kind: "page-view",
        visitorKey,
        sessionKey: `s-${visitorKey}`,
      })),
    });
  } finally {
    await db.$disconnect();
  }
}, 120_000);
afterAll(() => store?.stop());

async function shoot(page: Page, name: string) {
  await takeScreenshots(page, name);
  expect(await accessibilityViolations(page)).toEqual([]);
}

const kpi = (page: Page, label: string) => page.locator(".kpi", { has: page.locator(".kpi-label", { hasText: label }) });

it("shows the figures of the range, follows a new range and exports it as CSV", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" }).first().click();
    await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();

    // The default range is the last 30 days: the 7 recent days and the busy one.
    await kpi(page, "Visits").locator(".kpi-value", { hasText: "1,410" }).waitFor();
    expect(await kpi(page, "Unique visitors").locator(".kpi-value").textContent()).toBe("3");
    expect(await kpi(page, "Orders").locator(".kpi-value").textContent()).toBe("38");
    await page.locator(".active-visitors .kpi-value", { hasText: "2" }).waitFor();
    await page.getByText("Viewed a product").waitFor();
    await page.locator(".time-chart canvas").first().waitFor();
    expect(await page.locator(".time-chart canvas").count()).toBeGreaterThanOrEqual(4);
    const products = page.locator("section.analytics-section", { has: page.getByRole("heading", { name: "Top products" }) });
    expect(await products.locator("tbody tr").first().textContent()).toContain("Canvas Tote");
    await products.getByRole("button", { name: "Sort by Revenue" }).click();
    expect(await products.locator("tbody tr").first().textContent()).toContain("Ceramic Mug");
    await shoot(page, "admin-analytics");

    // The last 7 days: the busy day drops out, and the comparison is the 7 days before.
    await page.getByLabel("Period", { exact: true }).selectOption("LAST_7_DAYS");
    await page.getByRole("button", { name: "Show" }).click();
    await kpi(page, "Visits").locator(".kpi-value", { hasText: "910" }).waitFor();
    expect(page.url()).toContain("preset=LAST_7_DAYS");
    await page.getByText(`${addDays(today, -6)} to ${today} (7 days)`).waitFor();

    // A custom range ending before it starts is refused next to the fields.
    await page.getByLabel("Period", { exact: true }).selectOption("CUSTOM");
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To (inclusive)").fill(addDays(today, -1));
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("The start date must be on or before the end date.").waitFor();
    await page.getByLabel("From", { exact: true }).fill(addDays(today, -2));
    await page.getByLabel("To (inclusive)").fill(today);
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText(`${addDays(today, -2)} to ${today} (3 days)`).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /^Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe(`analytics-${addDays(today, -2)}-to-${today}.csv`);
    const lines = readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Date,Visits,Visitors,/);
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual([
      `${addDays(today, -2)},120`,
      `${addDays(today, -1)},110`,
      `${today},100`,
    ]);
    await shoot(page, "admin-analytics-custom");
  } finally {
    await browser.close();
  }
}, 120_000);
