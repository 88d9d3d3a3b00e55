// Storefront tracking in Debian's Chromium against `npm start` on a fresh demo store (issue 11): the
// requests the browser makes are observed (page.on("request")), so these tests do not depend on the
// ingest side answering them. A page view sends exactly one hit; /search sends none; a purchase sends
// the order's items (and reaches the owner's pixel); a signed-in owner sends nothing; under a
// restrictive cookie policy the conversion cookies are cleared and nothing is sent until the visitor
// accepts the banner. The owner's Privacy & tracking screen is checked with axe; screenshots of it and
// of the banner at phone and desktop width go to SCREENSHOTS.
import type { BrowserContext, Page, Request } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

const TRACKING_PATHS = /\/api\/(events|census|pipeline|performance)\//;

interface Tracked {
  path: string;
  fields: URLSearchParams;
  body: string;
}

/** Every tracking request the context makes, with its form fields; `next` waits for one (made already or to come). */
function recordTracking(context: BrowserContext): Tracked[] & { next(match: (request: Tracked) => boolean): Promise<Tracked> } {
  const seen: Tracked[] = [];
  const waiting: { match: (request: Tracked) => boolean; resolve: (request: Tracked) => void }[] = [];
  context.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (!TRACKING_PATHS.test(url.pathname)) return;
    const body = request.postData() ?? "";
    const tracked = { path: url.pathname, fields: new URLSearchParams(body), body };
    seen.push(tracked);
    for (const waiter of waiting.filter((candidate) => candidate.match(tracked))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(tracked);
    }
  });
  return Object.assign(seen, {
    next(match: (request: Tracked) => boolean): Promise<Tracked> {
      const found = seen.find(match);
      return found ? Promise.resolve(found) : new Promise<Tracked>((resolve) => waiting.push({ match, resolve }));
    },
  });
}

const isHit = (request: Tracked) => request.path === "/api/census/RecordHit";
const isEvent = (event: string) => (request: Tracked) => request.path === "/api/events/RecordEvent" && request.fields.get("event") === event;

const hits = (seen: Tracked[]) => seen.filter(isHit);
const events = (seen: Tracked[], event: string) => seen.filter(isEvent(event));

/** The tracker has run on this page once it has given the visitor the analytics id cookie. */
const trackerRan = (page: Page) => page.waitForFunction(() => /(?:^|;\s*)SS_ANALYTICS_ID=/.test(document.cookie), undefined, { timeout: 15_000 });

/** The names of the visitor's cookies, but the crumb (the server's CSRF cookie, not tracking). */
async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name !== "crumb")
    .sort();
}

it("sends exactly one hit for a page view, with the visitor's cookie and the visit reference, and none on /search", async () => {
  const browser = await openBrowser();
  try {
    const seen = recordTracking(browser.context);
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/shop/`);
    await trackerRan(page);
    await seen.next(isHit);
    expect(hits(seen)).toHaveLength(1);
    const [hit] = hits(seen);
    expect(hit.fields.get("event")).toBe("page-view");
    const data = JSON.parse(hit.fields.get("data")!);
    expect(data).toMatchObject({ event: "page-view", url: `${store.baseUrl}/shop/`, localStorageSupported: true });
    const cookies = Object.fromEntries((await browser.context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(data.visitorCookie).toBe(cookies.SS_ANALYTICS_ID.value);
    expect(hit.fields.get("ss_cvr")).toBe(cookies.ss_cvr.value);
    // 390 days, path /.
    expect(cookies.SS_ANALYTICS_ID.path).toBe("/");
    expect(cookies.SS_ANALYTICS_ID.expires * 1000 - Date.now()).toBeGreaterThan(389 * 86_400_000);
    expect(await cookieNames(browser.context)).toEqual(expect.arrayContaining(["SS_ANALYTICS_ID", "SS_SESSION_ID", "SS_IS_FIRST_SESSION", "ss_cvr", "ss_cvt"]));

    // A product page: its own hit and one view-product with the product's id.
    await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    await seen.next(isEvent("view-product"));
    await seen.next((request) => isHit(request) && request.body.includes("linen-shirt"));
    expect(hits(seen)).toHaveLength(2);
    expect(events(seen, "view-product")).toHaveLength(1);
    expect(JSON.parse(events(seen, "view-product")[0].fields.get("data")!)).toMatchObject({ pagePath: "/shop/p/linen-shirt", productId: expect.any(Number) });

    // /search: the tracker runs (it renews the visit timestamp) but sends no page view.
    const before = seen.length;
    const search = await browser.context.newPage();
    await search.goto(`${store.baseUrl}/search?q=shirt`);
    // Once the tracker has run on this page it gives the visitor the analytics id cookie back.
    await search.evaluate(() => (document.cookie = "SS_ANALYTICS_ID=; Path=/; Max-Age=0"));
    await trackerRan(search);
    expect(hits(seen.slice(before))).toEqual([]);
  } finally {
    await browser.close();
  }
});

it("reports a purchase with the order's items and totals, to the store and to the owner's pixel", async () => {
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const admin = await owner.context.newPage();
    await signIn(admin, store.baseUrl, "owner", "/config/settings/marketing");
    await admin.getByLabel("Pixel ID").fill("1234567890");
    await admin.getByRole("button", { name: "Save pixel ID" }).click();
    await admin.getByText("Pixel ID saved.").waitFor();

    // The owner's pixel script, as their code injection would install it.
    await shopper.context.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(window, { pixelCalls: calls, fbq: (...args: unknown[]) => calls.push(args) });
    });
    const seen = recordTracking(shopper.context);
    const page = await shopper.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/recipe-ebook`);
    await page.locator("button.add-to-cart").click();
    await page.getByRole("button", { name: "Added!" }).waitFor();
    await seen.next(isEvent("add-to-cart"));
    expect(JSON.parse(events(seen, "add-to-cart")[0].fields.get("data")!)).toMatchObject({ productId: expect.any(Number), quantity: 1 });

    await page.goto(`${store.baseUrl}/checkout`);
    await page.fill("#checkout-email", "reader@example.com");
    const pipeline = await seen.next((request) => request.path === "/api/pipeline/events");
    const envelope = JSON.parse(pipeline.body);
    expect(envelope.eventSchemaName).toBe("checkout-start");
    expect(JSON.parse(envelope.eventContent)).toMatchObject({ custom_schema_name: "checkout-start", page_path: "/checkout", resolved_locale: "en-US" });

    await page.getByRole("button", { name: "Place order" }).click();
    await page.locator(".order-confirmed").waitFor();
    const purchase = JSON.parse((await seen.next(isEvent("purchase"))).fields.get("data")!);
    expect(purchase.order).toMatchObject({
      testMode: true,
      currency: "USD",
      grandTotal: 900,
      shippingTotal: 0,
      taxTotal: 0,
      items: [{ productName: "Recipe eBook", quantity: 1, unitPrice: 900, productId: expect.any(Number) }],
    });
    expect(purchase.order.id).toBe(page.url().split("/").pop());
    expect(purchase.order.purchasedCartId).toEqual(expect.any(String));
    const pixel = (await page.evaluate(() => (window as unknown as { pixelCalls: unknown[][] }).pixelCalls)) as unknown[][];
    expect(pixel).toEqual([
      [
        "trackSingle",
        "1234567890",
        "Purchase",
        expect.objectContaining({ value: 9, currency: "USD", content_type: "product" }),
        { eventID: purchase.order.id },
      ],
    ]);

    // A reload of the confirmation page reports nothing again.
    const purchases = events(seen, "purchase").length;
    const reloadHits = hits(seen).length;
    await page.reload();
    await page.locator(".order-confirmed").waitFor();
    await seen.next((request) => isHit(request) && hits(seen).length > reloadHits);
    expect(events(seen, "purchase")).toHaveLength(purchases);
  } finally {
    await owner.close();
    await shopper.close();
  }
});

it("sends nothing for a signed-in owner browsing the store", async () => {
  const owner = await openBrowser();
  const visitor = await openBrowser();
  try {
    const ownerSeen = recordTracking(owner.context);
    const trackerChunks: string[] = [];
    owner.context.on("request", (request) => {
      if (/\/tracker-[^/]+\.js$/.test(request.url())) trackerChunks.push(request.url());
    });
    const admin = await owner.context.newPage();
    await signIn(admin, store.baseUrl, "owner");
    const shop = await owner.context.newPage();
    const answer = shop.waitForResponse((response) => response.url().endsWith("/graphql") && (response.request().postData() ?? "").includes("PageExtrasQuery"));
    await shop.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    expect((await (await answer).json()).data.storefrontPage.tracking).toBeNull();
    // A visitor who opens the store after the owner is tracked; by the time their hit goes out, the
    // owner's page (opened first) would have sent its own.
    const recordedVisitor = recordTracking(visitor.context);
    const page = await visitor.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    await recordedVisitor.next(isHit);
    expect([...ownerSeen]).toEqual([]);
    expect(trackerChunks).toEqual([]);
    expect((await owner.context.cookies()).map((cookie) => cookie.name)).not.toContain("SS_ANALYTICS_ID");
  } finally {
    await owner.close();
    await visitor.close();
  }
});

it("under a restrictive policy clears the conversion cookies and sends nothing until the visitor accepts the banner", async () => {
  const owner = await openBrowser();
  const visitor = await openBrowser();
  try {
    // The owner's Privacy & tracking screen: a bad retention is refused beside its field, then saved.
    const admin = await owner.context.newPage();
    await signIn(admin, store.baseUrl, "owner", "/config/settings/privacy");
    await admin.getByRole("heading", { name: "Privacy & tracking", level: 1 }).waitFor();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.getByLabel("Show a cookie consent banner to visitors").check();
    await admin.getByLabel(/Restrictive/).check();
    await admin.getByLabel("Keep raw visit data for (days)").fill("10");
    await admin.getByRole("button", { name: "Save privacy settings" }).click();
    await admin.getByText("Enter a whole number of days from 30 to 1095.").waitFor();
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe("privacy-retention");
    expect(await accessibilityViolations(admin)).toEqual([]);
    await shoot(admin, "admin-privacy-error");
    await admin.getByLabel("Keep raw visit data for (days)").fill("90");
    await admin.getByRole("button", { name: "Save privacy settings" }).click();
    await admin.getByText("Privacy settings saved. The storefront follows at once.").waitFor();
    await shoot(admin, "admin-privacy");
    await admin.reload();
    expect(await admin.getByLabel("Keep raw visit data for (days)").inputValue()).toBe("90");
    expect(await admin.getByLabel(/Restrictive/).isChecked()).toBe(true);

    // A returning visitor with conversion cookies from before.
    const seen = recordTracking(visitor.context);
    const url = new URL(store.baseUrl);
    await visitor.context.addCookies(
      ["ss_cid", "ss_cpvisit", "ss_cvisit", "ss_cvr", "ss_cvt"].map((name) => ({ name, value: "old", domain: url.hostname, path: "/" })),
    );
    const page = await visitor.context.newPage();
    await page.goto(`${store.baseUrl}/shop/`);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    expect(await cookieNames(visitor.context)).toEqual([]);
    // The banner's own markup (the page under it is the storefront's).
    expect((await accessibilityViolations(page)).filter((violation) => violation.nodes.some((node) => node.includes("consent-banner")))).toEqual([]);
    await shoot(page, "consent-banner");
    expect([...seen]).toEqual([]);

    // Keyboard: the banner comes first; Accept is reachable and works with Enter.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Accept");
    await page.keyboard.press("Enter");
    await seen.next(isHit);
    await banner.waitFor({ state: "detached" });
    expect(hits(seen)).toHaveLength(1);
    expect(await cookieNames(visitor.context)).toEqual(expect.arrayContaining(["SS_ANALYTICS_ID", "ss_cookieAllowed", "ss_cvr"]));
    expect((await visitor.context.cookies()).find((cookie) => cookie.name === "ss_cookieAllowed")?.value).toBe("true");

    // Declining (another visitor) keeps nothing but the answer, and sends nothing.
    const other = await openBrowser();
    try {
      const otherSeen = recordTracking(other.context);
      const otherPage = await other.context.newPage();
      await otherPage.goto(`${store.baseUrl}/shop/`);
      await otherPage.getByRole("button", { name: "Decline" }).click();
      await otherPage.getByRole("region", { name: "Cookie consent" }).waitFor({ state: "detached" });
      expect(await cookieNames(other.context)).toEqual(["ss_cookieAllowed"]);
      expect((await other.context.cookies()).find((cookie) => cookie.name === "ss_cookieAllowed")?.value).toBe("false");
      // The banner shows once the tracker has handled the page: its page view was dropped.
      expect([...otherSeen]).toEqual([]);
    } finally {
      await other.close();
    }
  } finally {
    await owner.close();
    await visitor.close();
  }
});
