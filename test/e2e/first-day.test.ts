// Issue 23's "done when", as a new merchant, in Debian's Chromium against `npm start` in production on
// a fresh database: the setup link the start printed → the first owner → a store page → a product with
// two variants and an image made in the admin → on the store page and found by search, with a second
// page once there are more than a page of products → a digital product bought in test mode (no payment
// provider connected) downloaded from the confirmation page and from the email's link (read from the
// outbox) → the link refused once the order is refunded.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { LISTING_PAGE_SIZE } from "../../server/domain/catalog/listing.ts";
import { createDb } from "../../server/db/client.ts";
import { apiClient } from "../support/e2e/admin.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { testImage } from "../support/images.ts";

const OWNER = { email: "mara@example.com", password: "first-day-password" };
const LINK = /http:\/\/\S+\/config\/setup\?token=[A-Za-z0-9_-]+/;
const PDF = Buffer.from("%PDF-1.7\n% The lantern maker's guide\n%%EOF\n");

let store: RunningStore;
beforeAll(async () => {
  store = await startStore({ env: { NODE_ENV: "production", SITECART_DEMO: "off", SITECART_PUBLIC_URL: "" } });
}, 300_000);
afterAll(() => store?.stop());

/** Creates a product in the admin's editor, listed on the Shop store page, and waits for its saved editor. */
async function createProduct(page: Page, type: "PHYSICAL" | "DIGITAL", name: string, fill: () => Promise<void>) {
  await page.goto(`${store.baseUrl}/config/products/new?type=${type}`);
  await page.getByRole("heading", { name: "New product" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await fill();
  await page.getByLabel("Listed on").selectOption({ label: "Shop (/shop)" });
  await page.getByRole("button", { name: "Save product" }).click();
  await page.getByRole("heading", { name: `Edit ${name}` }).waitFor();
}

it("takes a new merchant from the setup link to a paged shop and a digital product that delivers until refunded", async () => {
  const printed = await store.printed(LINK);
  const link = new URL(printed[0]);
  expect(store.output()).not.toMatch(/password/i);
  const merchant = await openBrowser();
  const shopper = await openBrowser();
  const db = await createDb(store.databaseUrl);
  try {
    // The first owner, from the link the start printed.
    const admin = await merchant.context.newPage();
    await admin.goto(`${store.baseUrl}${link.pathname}${link.search}`);
    await admin.getByLabel("Your email").fill(OWNER.email);
    await admin.getByLabel("Password").fill(OWNER.password);
    await admin.getByLabel("Store name").fill("Lantern & Co");
    await admin.getByLabel("Currency").selectOption("USD");
    await admin.getByLabel("Country").selectOption("US");
    await admin.getByRole("button", { name: "Create the store" }).click();
    await admin.waitForURL(/\/config$/);

    // A store page, then a product with two variants and an image on it.
    await admin.goto(`${store.baseUrl}/config/settings/store`);
    await admin.locator("#store-new-title").fill("Shop");
    await admin.getByRole("button", { name: "Create store" }).click();
    await admin.getByText("Store created at", { exact: false }).waitFor();
    await createProduct(admin, "PHYSICAL", "Paper Lantern", async () => {
      await admin.getByRole("button", { name: "Add option" }).click();
      await admin.getByLabel("Option 1 name").fill("Size");
      const variant = (position: number) => admin.locator(".variant-card").nth(position);
      await variant(0).getByLabel("SKU").fill("LANTERN-S");
      await variant(0).getByLabel("Size").fill("Small");
      await variant(0).getByLabel("Price", { exact: true }).fill("18.00");
      await admin.getByRole("button", { name: "Add variant" }).click();
      await variant(1).getByLabel("SKU").fill("LANTERN-L");
      await variant(1).getByLabel("Size").fill("Large");
      await variant(1).getByLabel("Price", { exact: true }).fill("24.00");
    });
    await admin.getByLabel("Add images").setInputFiles({ name: "lantern.jpg", mimeType: "image/jpeg", buffer: await testImage(400, 400) });
    await admin.locator(".product-images-editor img").first().waitFor();

    const shop = await shopper.context.newPage();
    await shop.goto(`${store.baseUrl}/shop`);
    await shop.getByRole("link", { name: "Paper Lantern" }).first().waitFor();
    await shop.goto(`${store.baseUrl}/search?q=lantern`);
    await shop.getByRole("link", { name: "Paper Lantern" }).first().waitFor();

    // More than a page of products: the store page links its second page.
    const api = await apiClient(store.baseUrl, OWNER.email, OWNER.password);
    const pages = await api.graphql("{ productStorePages { collectionId urlId } }");
    const collectionId = pages.productStorePages.find((row: { urlId: string }) => row.urlId === "shop").collectionId;
    for (let index = 1; index <= LISTING_PAGE_SIZE; index++) {
      await api.graphql(`mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename } }`, {
        input: { name: `Candle ${String(index).padStart(2, "0")}`, productType: "DIGITAL", price: 500 + index, collectionId },
      });
    }
    await shop.goto(`${store.baseUrl}/shop?sort=name`);
    await shop.getByRole("link", { name: "Page 2" }).click();
    await shop.waitForURL(/page=2/);
    await shop.getByRole("link", { name: "Paper Lantern" }).first().waitFor();

    // A digital product with its file, bought in test mode and downloaded.
    await createProduct(admin, "DIGITAL", "Lantern Guide", () => admin.locator("#product-price").fill("9.00"));
    const file = join(mkdtempSync(join(tmpdir(), "sitecart-e2e-guide-")), "Lantern Guide.pdf");
    writeFileSync(file, PDF);
    const digital = admin.locator("fieldset.digital-files-editor");
    await digital.locator('input[type="file"]').setInputFiles(file);
    await digital.locator(".digital-file-name", { hasText: "Lantern Guide.pdf" }).waitFor();

    await shop.goto(`${store.baseUrl}/search?q=guide`);
    await shop.getByRole("link", { name: "Lantern Guide" }).first().click();
    await shop.locator("button.add-to-cart").click();
    await shop.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
    await shop.goto(`${store.baseUrl}/checkout`);
    await shop.fill('input[type="email"]', "reader@example.com");
    await shop.click('button[type="submit"]');
    await shop.locator(".order-confirmed").waitFor();
    const download = shop.locator("a.order-download-link");
    await download.waitFor();
    await shoot(shop, "first-day-confirmation");
    const href = (await download.getAttribute("href"))!;
    const fromPage = await shop.request.get(`${store.baseUrl}${href}`);
    expect(fromPage.status()).toBe(200);
    expect(Buffer.from(await fromPage.body())).toEqual(PDF);
    const email = await db.outboxEmail.findFirstOrThrow({ where: { kind: "ORDER_CONFIRMATION", toEmail: "reader@example.com" } });
    const emailed = new URL(/- Lantern Guide\.pdf: (\S+)/.exec(email.textBody)![1]);
    const fromEmail = await fetch(`${store.baseUrl}${emailed.pathname}`);
    expect(fromEmail.status).toBe(200);
    expect(Buffer.from(await fromEmail.arrayBuffer())).toEqual(PDF);

    // Refunded, the link stops with its page.
    const order = await db.order.findFirstOrThrow({ where: { customerEmail: "reader@example.com" }, select: { id: true } });
    await api.graphql(`mutation { fulfillOrder(input: { orderId: "${order.id}" }) { __typename } }`);
    await api.graphql(`mutation { refundOrder(input: { orderId: "${order.id}" }) { __typename } }`);
    const refused = await shop.goto(`${store.baseUrl}${emailed.pathname}`);
    expect(refused?.status()).toBe(410);
    await shop.getByRole("heading", { name: "This download is no longer available" }).waitFor();
  } finally {
    await merchant.close();
    await shopper.close();
    await db.$disconnect();
  }
}, 300_000);
