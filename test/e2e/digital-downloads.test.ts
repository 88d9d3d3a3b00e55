// Digital goods deliver (issue 23) in Debian's Chromium against `npm start`: the owner attaches a PDF to
// the eBook in the product editor and sets the store's download limit on the products screen; a
// shopper buys it in test mode and downloads it from the confirmation page; the confirmation email's
// link (read from OutboxEmail) delivers the same bytes; once the owner refunds the order the link
// answers its page. Screenshots: the editor section, the download settings, the confirmation's
// downloads, the refused page, at phone and desktop width.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "../../server/db/client.ts";
import { apiClient, DEMO_ACCOUNTS, signIn } from "../support/e2e/admin.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 300_000);
afterAll(() => store?.stop());

const PDF = Buffer.from("%PDF-1.7\n% Forty seasonal recipes\n%%EOF\n");

it("delivers a digital product's file from the confirmation page and the email, until the order is refunded", async () => {
  const db = await createDb(store.databaseUrl);
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const ebook = await db.product.findFirstOrThrow({ where: { slug: "recipe-ebook" }, select: { id: true } });
    // The owner attaches the PDF in the product editor's Digital delivery section.
    const admin = await owner.context.newPage();
    await signIn(admin, store.baseUrl, "owner", `/config/products/${ebook.id}`);
    const section = admin.locator("fieldset.digital-files-editor");
    await section.getByText("No files or links yet.").waitFor();
    const file = join(mkdtempSync(join(tmpdir(), "sitecart-e2e-pdf-")), "Recipes – Winter.pdf");
    writeFileSync(file, PDF);
    await section.locator('input[type="file"]').setInputFiles(file);
    await section.locator(".digital-file-name", { hasText: "Recipes – Winter.pdf" }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await shoot(admin, "digital-files-editor");
    // On the products screen the owner lets each link allow 3 downloads; the shopper's link then does.
    await admin.goto(`${store.baseUrl}/config/products`);
    const settings = admin.locator("form", { has: admin.getByRole("heading", { name: "Digital downloads" }) });
    await settings.getByLabel("Downloads per link").fill("0");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByRole("alert").getByText("Links last 1 to 8760 hours and allow 1 to 100 downloads.").waitFor();
    await settings.getByLabel("Downloads per link").fill("3");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByRole("status").getByText("Settings saved.").waitFor();
    await settings.scrollIntoViewIfNeeded();
    await shoot(admin, "download-settings");

    // The shopper buys it (no Stripe connected: the order is placed at once) and downloads it.
    const shop = await shopper.context.newPage();
    await shop.goto(`${store.baseUrl}/shop/p/recipe-ebook`);
    await shop.locator("button.add-to-cart").click();
    await shop.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
    await shop.goto(`${store.baseUrl}/checkout`);
    await shop.fill('input[type="email"]', "reader@example.com");
    await shop.click('button[type="submit"]');
    await shop.locator(".order-confirmed").waitFor();
    const link = shop.locator("a.order-download-link");
    await link.waitFor();
    await shop.getByText("0 of 3 downloads used").waitFor();
    await shoot(shop, "order-downloads");
    const href = (await link.getAttribute("href"))!;
    const download = await shop.request.get(`${store.baseUrl}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("filename*=UTF-8''Recipes%20%E2%80%93%20Winter.pdf");
    expect(Buffer.from(await download.body())).toEqual(PDF);

    // The confirmation email's link is the same signed link, on the public address.
    const email = await db.outboxEmail.findFirstOrThrow({ where: { kind: "ORDER_CONFIRMATION", toEmail: "reader@example.com" } });
    const emailed = new URL(/- Recipes – Winter\.pdf: (\S+)/.exec(email.textBody)![1]);
    expect(emailed.pathname).toBe(href);
    const again = await fetch(`${store.baseUrl}${emailed.pathname}`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(PDF);

    // The owner refunds the order: the link stops, with its page.
    const order = await db.order.findFirstOrThrow({ where: { customerEmail: "reader@example.com" }, select: { id: true } });
    const api = await apiClient(store.baseUrl, DEMO_ACCOUNTS.owner.email, DEMO_ACCOUNTS.owner.password);
    await api.graphql(`mutation { fulfillOrder(input: { orderId: "${order.id}" }) { __typename } }`);
    await api.graphql(`mutation { refundOrder(input: { orderId: "${order.id}" }) { __typename } }`);
    const refused = await shop.goto(`${store.baseUrl}${href}`);
    expect(refused?.status()).toBe(410);
    await shop.getByRole("heading", { name: "This download is no longer available" }).waitFor();
    await shop.getByText("The order was cancelled or refunded, so its downloads stopped working.").waitFor();
    await shoot(shop, "download-stopped");
  } finally {
    await owner.close();
    await shopper.close();
    await db.$disconnect();
  }
}, 180_000);
