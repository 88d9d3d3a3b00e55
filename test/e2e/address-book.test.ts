// The member's address book (issue 23) in Debian's Chromium against `npm start`: signed out, the page
// offers sign-in and comes back; the member adds a German address with a national phone number (shown
// international by the US store, stored E.164), is told of a bad number on its field, edits the
// address, and deletes it after confirming. Screenshots at 390 and 1280 px.
import type { Page } from "playwright-core";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

const field = (page: Page, label: string) => page.locator(".address-book-form").getByLabel(label, { exact: true });
const addressLines = (page: Page) => page.locator(".saved-address .saved-address-line").allTextContents();

it("a member adds a German address with a national phone number, sees it formatted, edits it and deletes it", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/account/addresses`);
    await page.getByRole("heading", { name: "Your addresses" }).waitFor();
    await page.locator(".member-prompt").getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill("member@sitecart.test");
    await page.getByLabel("Password").fill("member-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${store.baseUrl}/account/addresses`);
    await page.getByText("You have no saved addresses yet.").waitFor();
    await shoot(page, "address-book-empty");

    await page.getByRole("button", { name: "Add an address" }).click();
    await field(page, "Country").selectOption("DE");
    await field(page, "Postal code").waitFor();
    await field(page, "Full name").fill("Ada Lovelace");
    await field(page, "Address").fill("Unter den Linden 1");
    await field(page, "Postal code").fill("10117");
    await field(page, "City").fill("Berlin");
    await field(page, "Phone (optional)").fill("12");
    await field(page, "Phone (optional)").blur();
    await page.getByText("Please enter a valid phone number for Germany, or start it with + and the country code.").waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Your form has encountered a problem. Please scroll down to review." }).waitFor();
    expect(await field(page, "Phone (optional)").getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "address-book-error");
    await field(page, "Phone (optional)").fill("030 1234567");
    await page.getByRole("button", { name: "Save" }).click();

    await page.locator(".saved-address").waitFor();
    expect(await addressLines(page)).toEqual(["Ada Lovelace", "Unter den Linden 1", "10117 Berlin", "Germany", "+49 30 1234567"]);
    await shoot(page, "address-book-list");

    await page.getByRole("button", { name: "Edit Ada Lovelace, Unter den Linden 1, Berlin" }).click();
    expect(await field(page, "Phone (optional)").inputValue()).toBe("030 1234567");
    await field(page, "Postal code").fill("14467");
    await field(page, "City").fill("Potsdam");
    await shoot(page, "address-book-edit");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("14467 Potsdam").waitFor();
    expect(await addressLines(page)).toEqual(["Ada Lovelace", "Unter den Linden 1", "14467 Potsdam", "Germany", "+49 30 1234567"]);

    // Kept across a reload: it is the server's.
    await page.reload();
    await page.getByText("14467 Potsdam").waitFor();

    await page.getByRole("button", { name: "Delete Ada Lovelace, Unter den Linden 1, Potsdam" }).click();
    const question = page.getByRole("group", { name: "Delete this address?" });
    await shoot(page, "address-book-delete");
    await question.getByRole("button", { name: "Delete" }).click();
    await page.getByText("You have no saved addresses yet.").waitFor();
    expect(await page.locator(".saved-address").count()).toBe(0);

    // The account page leads here.
    await page.goto(`${store.baseUrl}/account`);
    await page.getByRole("link", { name: "Your addresses" }).click();
    await page.waitForURL(`${store.baseUrl}/account/addresses`);
  } finally {
    await browser.close();
  }
});
