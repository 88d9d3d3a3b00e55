// npm run bench:client: the storefront in Debian's Chromium against `npm start` on a fresh demo store.
// Prints the JavaScript the product page loads (gzip, as sent) and the time from navigation to the
// Relay app's enabled add-to-cart button, cold (empty cache) and warm, over BENCH_RUNS (default 10).
import { DEMO_ACCOUNTS } from "../test/support/e2e/admin.ts";
import { openBrowser } from "../test/support/e2e/browser.ts";
import { startStore } from "../test/support/e2e/store.ts";

const runs = Number(process.env.BENCH_RUNS ?? 10);
const path = "/shop/p/linen-shirt";
// The server-rendered page has its own markup; this is the React component's button.
const appButton = "#app .product-purchase button.add-to-cart:enabled";

const store = await startStore();
const browser = await openBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const cold: number[] = [];
  let jsBytes = 0;
  let jsFiles = 0;
  for (let run = 0; run < runs; run++) {
    // A first visit: no cookies, nothing cached.
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await (await browser.context.newCDPSession(page)).send("Network.clearBrowserCache");
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push(
          response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        );
    });
    const started = Date.now();
    await page.goto(store.baseUrl + path);
    await page.waitForSelector(appButton);
    cold.push(Date.now() - started);
    const sizes = await Promise.all(scripts);
    jsBytes = sizes.reduce((sum, size) => sum + size, 0);
    jsFiles = sizes.length;
    await page.close();
  }
  const warm: number[] = [];
  const page = await browser.context.newPage();
  await page.goto(store.baseUrl + path);
  await page.waitForSelector(appButton);
  for (let run = 0; run < runs; run++) {
    const started = Date.now();
    await page.goto(store.baseUrl + path);
    await page.waitForSelector(appButton);
    warm.push(Date.now() - started);
  }
  console.log(`\nProduct page ${path} in headless Chromium, ${runs} runs each`);
  console.log("| measure | value |\n|---|---:|");
  console.log(`| JavaScript loaded (gzip as sent, ${jsFiles} files) | ${(jsBytes / 1024).toFixed(1)} KB |`);
  console.log(`| navigation -> enabled add-to-cart, cold cache (median / max) | ${median(cold)} ms / ${Math.max(...cold)} ms |`);
  console.log(`| navigation -> enabled add-to-cart, warm cache (median / max) | ${median(warm)} ms / ${Math.max(...warm)} ms |`);

  // The owner's admin is a separate entry: what /config loads up to its sign-in form, and what a
  // signed-in owner's home adds.
  await browser.context.clearCookies();
  const admin = await browser.context.newPage();
  await (await browser.context.newCDPSession(admin)).send("Network.clearBrowserCache");
  const adminScripts: Promise<number>[] = [];
  admin.on("response", (response) => {
    if (response.request().resourceType() === "script")
      adminScripts.push(
        response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      );
  });
  await admin.goto(`${store.baseUrl}/config`);
  await admin.getByLabel("Email").waitFor();
  const kb = (sizes: number[]) => (sizes.reduce((sum, size) => sum + size, 0) / 1024).toFixed(1);
  const signInSizes = await Promise.all(adminScripts);
  console.log(`| admin /config: JavaScript to the sign-in form (gzip as sent, ${signInSizes.length} files) | ${kb(signInSizes)} KB |`);
  await admin.getByLabel("Email").fill(DEMO_ACCOUNTS.owner.email);
  await admin.getByLabel("Password").fill(DEMO_ACCOUNTS.owner.password);
  await admin.getByRole("button", { name: "Sign in", exact: true }).click();
  await admin.locator(".admin-main h1").first().waitFor();
  const homeSizes = (await Promise.all(adminScripts)).slice(signInSizes.length);
  console.log(`| admin: JavaScript added by signing in, to the home screen (gzip as sent, ${homeSizes.length} files) | ${kb(homeSizes)} KB |`);
} finally {
  await browser.close();
  await store.stop();
}
