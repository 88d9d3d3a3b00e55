// npm run bench:client: the storefront in Debian's Chromium against `npm start` on a fresh demo store.
// Prints the JavaScript the product page loads (gzip, as sent) and the time from navigation to the
// Relay app's enabled add-to-cart button, cold (empty cache) and warm, over BENCH_RUNS (default 10).
import { openBrowser } from "../test/e2e/support/browser.ts";
import { startStore } from "../test/e2e/support/store.ts";

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
} finally {
  await browser.close();
  await store.stop();
}
