// Issue 23 in Debian's Chromium: a production start on a fresh database (no demo store) prints a
// one-time setup link; opening it, the merchant creates the owner with the store's name, currency and
// country and lands in /config signed in; the same link a second time says it was used.
import { DESKTOP, openBrowser, PHONE, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

const LINK = /http:\/\/\S+\/config\/setup\?token=[A-Za-z0-9_-]+/;

let store: RunningStore;
let link: string;
beforeAll(async () => {
  store = await startStore({ env: { NODE_ENV: "production", SITECART_DEMO: "off", SITECART_PUBLIC_URL: "" } });
  // The link is printed just after the server says it serves.
  const printed = await store.printed(LINK);
  // The server printed its own address; the browser reaches it on the harness's.
  link = `${store.baseUrl}${new URL(printed[0]).pathname}${new URL(printed[0]).search}`;
}, 180_000);
afterAll(() => store?.stop());

it("prints no password in production", () => {
  expect(store.output()).not.toMatch(/password|Demo sign-ins/i);
});

it("creates the first owner from the setup link, lands in the admin signed in, and the link then says it was used", async () => {
  const browser = await openBrowser(DESKTOP);
  try {
    const page = await browser.context.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Set up your store" }).waitFor();
    await shoot(page, "first-owner-setup-1280");
    await page.getByLabel("Your email").fill("jane@example.com");
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Store name").fill("Jane's Teas");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByRole("button", { name: "Create the store" }).click();
    await page.getByText("Choose a password of at least 10 characters.").waitFor();
    // What was typed stays.
    expect(await page.getByLabel("Store name").inputValue()).toBe("Jane's Teas");
    expect(await page.getByLabel("Currency").inputValue()).toBe("EUR");
    await page.getByLabel("Password").fill("a-long-password");
    await page.getByRole("button", { name: "Create the store" }).click();
    await page.waitForURL(/\/config$/);
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    const again = await browser.context.newPage();
    await again.goto(link);
    await again.getByText("This setup link was already used. Sign in instead.").waitFor();
    await again.getByRole("link", { name: "Sign in" }).waitFor();
  } finally {
    await browser.close();
  }
});

it("shows the setup form on a phone", async () => {
  const browser = await openBrowser(PHONE);
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/config/setup?token=not-a-link`);
    await page.getByText("This setup link is not valid.", { exact: false }).waitFor();
    await shoot(page, "first-owner-invalid-390");
  } finally {
    await browser.close();
  }
});
