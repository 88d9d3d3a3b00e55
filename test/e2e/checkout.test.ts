// Checkout to a full address (issue 14) in Debian's Chromium against `npm start` on a fresh demo store:
// a US address (Standard and Express, the NY tax), a German one (the rest-of-world options, no tax),
// and a digital-only cart that asks for no address. The form's errors: the message above the form,
// each field's message beside it, the focus on the first invalid field; the phone as one field read in
// the address's country (issue 23), shown on the order page national for the store's (US) numbers,
// international for others. Screenshots at 390 and 1280 px.
import type { Page } from "playwright-core";
import { openBrowser, PHONE, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

async function addToCart(page: Page, slug: string) {
  await page.goto(`${store.baseUrl}/shop/p/${slug}`);
  await page.locator("button.add-to-cart").click();
  await page.getByRole("button", { name: "Added!" }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const shippingMethods = async (page: Page) => (await page.locator(".shipping-method-name").allTextContents()).map((name) => name.trim());

it("checks out to a full US address: errors beside the fields and focus on the first, Standard and Express, the NY tax", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await addToCart(page, "ceramic-mug");
    await page.goto(`${store.baseUrl}/checkout`);
    await field(page, "Full name").waitFor();
    // The US layout: state from a list, ZIP code; the store's country first in the list.
    expect(await page.locator(".address-form-shipping select >> nth=0").locator("option >> nth=0").textContent()).toBe("United States of America");
    expect(await field(page, "Country").getAttribute("autocomplete")).toBe("shipping country");
    expect(await field(page, "ZIP code").getAttribute("autocomplete")).toBe("shipping postal-code");

    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("Your form has encountered a problem. Please scroll down to review.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("checkout-email");
    await shoot(page, "checkout-errors");

    await page.fill("#checkout-email", "ada@example.com");
    await field(page, "ZIP code").fill("1011");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("ZIP code is not valid. Example: 95014.").waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute("autocomplete"))).toBe("shipping name");

    await field(page, "Full name").fill("Ada Lovelace");
    await field(page, "Company (optional)").fill("Analytical Engines");
    await field(page, "Address").fill("350 5th Ave");
    await field(page, "Apartment, suite, etc. (optional)").fill("Floor 86");
    await field(page, "City").fill("New York");
    await field(page, "State").selectOption("NY");
    await field(page, "ZIP code").fill("10118");
    await field(page, "Phone (optional)").fill("212 555 0100");
    // 8.875 % of $18.00
    await page.locator(".cart-totals dd", { hasText: "$1.60" }).waitFor();
    expect(await shippingMethods(page)).toEqual(["Standard", "Express"]);
    await page.getByRole("radio", { name: /Express/ }).click();
    await page.locator(".cart-grand-total", { hasText: "$34.60" }).waitFor();
    await shoot(page, "checkout-us");

    await page.getByRole("button", { name: "Place order" }).click();
    await page.locator(".order-confirmed").waitFor();
    // $18.00 + $15.00 Express + $1.60 NY tax
    expect(await page.locator(".order-grand-total").textContent()).toBe("$34.60");
    expect(await page.locator(".order-shipping-address span").allTextContents()).toEqual([
      "Ada Lovelace",
      "Analytical Engines",
      "350 5th Ave",
      "Floor 86",
      "New York, NY 10118",
      "United States of America",
      "(212) 555-0100",
    ]);
    await shoot(page, "order-confirmed-us");
  } finally {
    await browser.close();
  }
});

it("checks out to a German address: the German layout, the rest-of-world options, no tax, a billing address of its own", async () => {
  const browser = await openBrowser(PHONE);
  try {
    const page = await browser.context.newPage();
    await addToCart(page, "ceramic-mug");
    await page.goto(`${store.baseUrl}/checkout`);
    await field(page, "Country").selectOption("DE");
    // No state in Germany; the postal code before the city.
    await field(page, "Postal code").waitFor();
    expect(await page.getByLabel("State").count()).toBe(0);
    const order = await page.locator(".address-form-shipping .address-field > label").allTextContents();
    expect(order.indexOf("Postal code")).toBeLessThan(order.indexOf("City"));
    await page.locator(".shipping-method-name", { hasText: "International" }).first().waitFor();
    expect(await shippingMethods(page)).toEqual(["International", "International Express"]);

    await page.fill("#checkout-email", "ada@example.de");
    await field(page, "Full name").fill("Ada Lovelace");
    await field(page, "Address").fill("Unter den Linden 1");
    await field(page, "Postal code").fill("10117");
    await field(page, "City").fill("Berlin");
    // One phone field, read in Germany: a number too short is named when the shopper leaves the field.
    const phone = field(page, "Phone (optional)");
    expect(await page.locator('.address-form-shipping input[type="tel"]').count()).toBe(1);
    expect(await phone.getAttribute("autocomplete")).toBe("shipping tel");
    await phone.fill("123");
    await phone.blur();
    await page.getByText("Please enter a valid phone number for Germany, or start it with + and the country code.").waitFor();
    await shoot(page, "checkout-de-phone-error");
    await phone.fill("030 1234567");
    await phone.blur();
    expect(await phone.inputValue()).toBe("030 1234567");
    expect(await page.getByText("Please enter a valid phone number for Germany", { exact: false }).count()).toBe(0);
    await page.getByLabel("Billing address same as shipping").uncheck();
    const billing = page.locator(".address-form-billing");
    await billing.getByLabel("Country", { exact: true }).selectOption("GB");
    await billing.getByLabel("Full name", { exact: true }).fill("Charles Babbage");
    await billing.getByLabel("Address", { exact: true }).fill("1 Dorset Street");
    await billing.getByLabel("Town/City", { exact: true }).fill("London");
    await billing.getByLabel("Postal code", { exact: true }).fill("W1U 4EG");
    await shoot(page, "checkout-de");

    await page.getByRole("button", { name: "Place order" }).click();
    await page.locator(".order-confirmed").waitFor();
    // $18.00 + $25.00 International, no tax
    expect(await page.locator(".order-grand-total").textContent()).toBe("$43.00");
    expect(await page.locator(".cart-totals dt").allTextContents()).toEqual(["Subtotal", "Shipping (International)", "Total"]);
    // The German number, stored in E.164, shown internationally by a US store.
    expect(await page.locator(".order-shipping-address span").allTextContents()).toEqual([
      "Ada Lovelace",
      "Unter den Linden 1",
      "10117 Berlin",
      "Germany",
      "+49 30 1234567",
    ]);
    expect(await page.locator(".order-billing-address span").allTextContents()).toEqual([
      "Charles Babbage",
      "1 Dorset Street",
      "London",
      "W1U 4EG",
      "United Kingdom",
    ]);
  } finally {
    await browser.close();
  }
});

it("checks out a digital-only cart without asking for an address", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await addToCart(page, "recipe-ebook");
    await page.goto(`${store.baseUrl}/checkout`);
    await page.fill("#checkout-email", "reader@example.com");
    expect(await page.locator(".address-form").count()).toBe(0);
    expect(await page.locator(".shipping-methods").count()).toBe(0);
    await shoot(page, "checkout-digital");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.locator(".order-confirmed").waitFor();
    expect(await page.locator(".order-grand-total").textContent()).toBe("$9.00");
    expect(await page.locator(".order-addresses").count()).toBe(0);
  } finally {
    await browser.close();
  }
});
