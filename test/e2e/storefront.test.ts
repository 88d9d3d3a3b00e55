// Shoppers' flows in Debian's Chromium against `npm start` on a fresh demo store. Screenshots of each
// page at phone and desktop width go to SCREENSHOTS (see support/browser.ts).
import type { Page } from "playwright-core";
import { openBrowser, PHONE, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

const addButton = (page: Page) => page.locator("button.add-to-cart");

it("buys a linen shirt: choose Size and Color, add, 'Added!', the pill shows 1, quantity 2 in the cart, live totals, checkout, order confirmed", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    await addButton(page).waitFor();
    await shoot(page, "product-linen-shirt");
    await page.selectOption("select >> nth=0", "M");
    await page.selectOption("select >> nth=1", "Blue");
    await addButton(page).click();
    await page.getByRole("button", { name: "Added!" }).waitFor();
    await page.locator(".pill-cart-quantity", { hasText: "1" }).waitFor();

    // The cart page, and a second tab on it to see the totals follow without a reload.
    await page.click(".pill-cart");
    await page.locator(".cart-entry").first().waitFor();
    const otherTab = await browser.context.newPage();
    await otherTab.goto(`${store.baseUrl}/cart`);
    await otherTab.locator(".cart-grand-total").waitFor();
    const before = await otherTab.locator(".cart-subtotal").textContent();
    expect(before).toBe("$45.00");
    await page.fill(".cart-entry-quantity input", "2");
    await page.press(".cart-entry-quantity input", "Enter");
    await page.locator(".cart-subtotal", { hasText: "$90.00" }).waitFor();
    await otherTab.locator(".cart-subtotal", { hasText: "$90.00" }).waitFor({ timeout: 10_000 });
    await page.locator(".pill-cart-quantity", { hasText: "2" }).waitFor();
    await shoot(page, "cart");

    await page.click(".checkout-button");
    await page.fill('input[type="email"]', "ada@example.com");
    // The full US address (issue 14); the state chosen from the list.
    await page.getByLabel("Full name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Address", { exact: true }).fill("350 5th Ave");
    await page.getByLabel("City", { exact: true }).fill("New York");
    await page.getByLabel("State", { exact: true }).selectOption("NY");
    await page.getByLabel("ZIP code", { exact: true }).fill("10118");
    await page.locator(".cart-totals dd", { hasText: "$7.99" }).waitFor();
    await shoot(page, "checkout");
    await page.click('button[type="submit"]');
    await page.locator(".order-confirmed").waitFor();
    expect(await page.locator("h1").textContent()).toMatch(/^Thank you! Order #\d+ is confirmed$/);
    // 2 × $45.00 + $5.00 Standard + 8.875 % NY tax on $90.00 ($7.99)
    expect(await page.locator(".order-grand-total").textContent()).toBe("$102.99");
    await shoot(page, "order-confirmed");
  } finally {
    await browser.close();
  }
});

it("buys the engraved pen through its form in the lightbox", async () => {
  const browser = await openBrowser(PHONE);
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/engraved-pen`);
    await addButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Engraving" });
    await dialog.waitFor();
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText("Required").waitFor();
    await shoot(page, "engraving-form");
    await dialog.locator("input").fill("For Ada Lovelace");
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Added!" }).waitFor();
    await page.goto(`${store.baseUrl}/cart`);
    await page.getByText("For Ada Lovelace").waitFor();
  } finally {
    await browser.close();
  }
});

it("joins the waitlist of the sold-out canvas tote", async () => {
  const browser = await openBrowser(PHONE);
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/shop/p/canvas-tote`);
    await page.getByRole("button", { name: "Back soon" }).waitFor();
    await page.selectOption("#app select", "Black");
    const widget = page.locator(".product-restock-notification");
    await widget.getByText("Get notified when this is back in stock.").waitFor();
    await widget.getByRole("button", { name: "Notify Me" }).click();
    await widget.getByText("Email cannot be blank").waitFor();
    await widget.locator('input[type="email"]').fill("ada@example.com");
    await shoot(page, "waitlist");
    await widget.getByRole("button", { name: "Notify Me" }).click();
    await page.getByText("You're on the list. We'll email you when it's back.").waitFor();
  } finally {
    await browser.close();
  }
});

it("submits the contact form: empty first (errors), then valid (the submission message)", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/contact?utm_source=e2e`);
    const contact = page.locator(".form-block").first();
    await contact.getByRole("button", { name: "Submit" }).click();
    await contact.getByText("Your form has encountered a problem. Please scroll down to review.").waitFor();
    await shoot(page, "contact-errors");
    await contact.getByRole("textbox", { name: "First name" }).fill("Ada");
    await contact.getByRole("textbox", { name: "Last name" }).fill("Lovelace");
    await contact.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
    await contact.getByRole("textbox", { name: "Message" }).fill("Do you ship to London?");
    await contact.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Thanks! We'll be in touch.").waitFor();
    await shoot(page, "contact-sent");
  } finally {
    await browser.close();
  }
});
