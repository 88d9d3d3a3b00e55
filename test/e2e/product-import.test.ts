// The product CSV import and the exports (issue 23, part 4) in Debian's Chromium against `npm start`:
// the owner picks a file with a bad row, reads the preview (nothing written, the row and column named),
// imports the other products with the progress bar, finds them in the product list and the shop's
// search, and downloads the products and orders exports. Screenshots at phone and desktop width; axe on
// each screen.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
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

const FILE = [
  "Handle,Title,Body (HTML),Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price",
  "harbour-scarf,Harbour Scarf,<p>Merino wool</p>,TRUE,Color,Sea,SCARF-SEA,4,39.00",
  "harbour-scarf,,,,,Sand,SCARF-SAND,2,39.00",
  "harbour-socks,Harbour Socks,,TRUE,,,SOCKS,10,12.00",
  "harbour-hat,Harbour Hat,,TRUE,,,HAT,1,twelve",
].join("\n");

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: (await readFile(path!, "utf8")).replace(/^\uFEFF/, "") };
}

it("the owner previews a file with a bad row, imports the rest, finds it in the shop, and exports products and orders", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.goto(`${store.baseUrl}/config/products`);
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { name: "Import products", level: 1 }).waitFor();
    await page.getByLabel("CSV file").setInputFiles({ name: "harbour.csv", mimeType: "text/csv", buffer: Buffer.from(FILE) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByText("4 rows, 3 products.").waitFor();
    await page.getByText("Row 5, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00.").waitFor();
    await page.getByText("Nothing has been written yet.").waitFor();
    await shoot(page, "admin-product-import-preview");

    await page.getByRole("button", { name: "Import 2 products" }).click();
    await page.getByText("Imported: 2 created, 0 updated, 0 unchanged.").waitFor();
    await shoot(page, "admin-product-import-done");

    // Imported again: nothing changes.
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByText("Nothing to import: every product is already up to date.").waitFor();

    await page.goto(`${store.baseUrl}/config/products?q=Harbour`);
    await page.getByRole("link", { name: "Harbour Scarf" }).waitFor();
    await page.getByRole("link", { name: "Harbour Socks" }).waitFor();

    const products = await downloaded(page, "Export products");
    expect(products.name).toMatch(/\.csv$/);
    expect(products.text).toContain("harbour-scarf,Harbour Scarf");
    expect(products.text).toContain("SCARF-SAND");

    await page.goto(`${store.baseUrl}/config/orders`);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    const orders = await downloaded(page, "Export orders");
    expect(orders.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(orders.text.split("\r\n")[0]).toMatch(/^Order/);
    await shoot(page, "admin-orders-export");

    // The shop's search finds the imported product.
    const shop = await browser.context.newPage();
    await shop.goto(`${store.baseUrl}/search?q=harbour`);
    await shop
      .getByRole("link", { name: /Harbour Scarf/ })
      .first()
      .waitFor();
  } finally {
    await browser.close();
  }
});
