// Fulfilment in Debian's Chromium against `npm start` with a local SMTP server (smtp-server, a stand-in
// for the store's): a shopper buys two mugs, the owner ships them in two shipments with tracking
// numbers (a listed carrier, then "Other"), refunds one and adds a note; the shopper receives the
// confirmation, two shipping emails and the refund email, each with an HTML and a text part.
// Screenshots of the order page at phone and desktop width.
import { signIn } from "../support/e2e/admin.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { startLocalSmtp, type LocalSmtp } from "../support/local-smtp.ts";

let store: RunningStore;
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  store = await startStore({ env: { SMTP_URL: smtp.url } });
}, 120_000);
afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

it("ships an order in two shipments with tracking, refunds one line, and the shopper gets four emails", async () => {
  const shopper = await openBrowser();
  const owner = await openBrowser();
  try {
    const shop = await shopper.context.newPage();
    await shop.goto(`${store.baseUrl}/shop/p/ceramic-mug`);
    await shop.locator("button.add-to-cart").click();
    await shop.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();
    await shop.locator("button.add-to-cart").click();
    await shop.locator(".pill-cart-quantity", { hasText: "2" }).waitFor();
    await shop.goto(`${store.baseUrl}/checkout`);
    await shop.fill('input[type="email"]', "ada@example.com");
    await shop.getByLabel("Full name", { exact: true }).fill("Ada Lovelace");
    await shop.getByLabel("Address", { exact: true }).fill("350 5th Ave");
    await shop.getByLabel("City", { exact: true }).fill("New York");
    await shop.getByLabel("State", { exact: true }).selectOption("NY");
    await shop.getByLabel("ZIP code", { exact: true }).fill("10118");
    await shop.click('button[type="submit"]');
    await shop.locator(".order-confirmed").waitFor();
    const number = Number(/#(\d+)/.exec((await shop.locator("h1").textContent()) ?? "")![1]);

    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.goto(`${store.baseUrl}/config/orders`);
    await page.getByRole("link", { name: `#${number}` }).click();
    await page.getByRole("heading", { name: `Order #${number}` }).waitFor();
    await page.locator(".badge.fulfilment-unfulfilled").waitFor();

    // Too many: refused beside the field, in words.
    const quantity = page.getByLabel(/Quantity of Ceramic Mug to ship/);
    await quantity.fill("3");
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await page.getByText("Only 2 of Ceramic Mug are left to ship.").waitFor();

    await quantity.fill("1");
    await page.getByLabel("Carrier", { exact: true }).selectOption("UPS");
    await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await page.locator(".badge.fulfilment-partially_shipped").waitFor();
    await page.getByRole("link", { name: "Track", exact: true }).waitFor();

    await page.getByLabel("Carrier", { exact: true }).selectOption("Other");
    await page.getByLabel("Carrier's name").fill("Bob's Couriers");
    await page.getByLabel("Tracking number").fill("BOB-2");
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await page.locator(".badge.fulfilment-shipped").waitFor();
    await page.getByText("Bob's Couriers · BOB-2").waitFor();

    await page.getByLabel(/Ceramic Mug: quantity to refund/).fill("1");
    await page.getByRole("button", { name: "Refund selected (test mode)" }).click();
    await page.getByRole("dialog").getByRole("button").last().click();
    await page
      .getByText(/^Refunded \$/)
      .first()
      .waitFor();

    await page.getByLabel("Note").fill("Customer asked for gift wrap.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.locator("li.timeline-note", { hasText: "Customer asked for gift wrap." }).waitFor();
    await shoot(page, "admin-order-fulfilment");

    const mails = await smtp.receivedCount(4);
    const toAda = mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === "ada@example.com");
    const subjects = toAda.map((mail) => mail.subject ?? "");
    expect(subjects.filter((subject) => subject.includes(`Order #${number} is confirmed`))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes(`order #${number} is on its way`))).toHaveLength(2);
    expect(subjects.filter((subject) => subject.includes(`a refund for order #${number}`))).toHaveLength(1);
    for (const mail of toAda) {
      expect(mail.text).toBeTruthy();
      expect(mail.html).toBeTruthy();
    }
    const first = toAda.find((mail) => mail.text?.includes("1Z999AA10123456784"))!;
    expect(first.text).toContain("Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(String(first.html)).toContain("1Z999AA10123456784");
  } finally {
    await owner.close();
    await shopper.close();
  }
});
