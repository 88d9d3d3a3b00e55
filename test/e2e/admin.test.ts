// The owner's admin in Debian's Chromium (issue 9): sign-in, staying signed in across a reload,
// sign-out; a store manager who cannot open site settings; a member who cannot open /config.
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("the owner signs in at /config, stays signed in after a reload, opens the outbox, and signs out", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${store.baseUrl}/config`);
    await page.getByRole("heading", { name: "Sign in to manage your store" }).waitFor();
    await shoot(page, "admin-sign-in");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill("owner@sitecart.test");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Your email or password is incorrect." }).waitFor();

    await signIn(page, store.baseUrl, "owner");
    await page.getByText("owner@sitecart.test · admin").waitFor();
    await shoot(page, "admin-home");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.reload();
    await page.getByText("owner@sitecart.test · admin").waitFor();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Email outbox" }).click();
    await page.getByRole("heading", { name: "Email outbox" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("admin-main"); // focus moved to the new screen
    await shoot(page, "admin-outbox");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to manage your store" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Sign in to manage your store" }).waitFor();
  } finally {
    await browser.close();
  }
});

it("a store manager signs in but cannot open site settings", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "manager");
    await page.getByText("manager@sitecart.test · store manager").waitFor();
    expect(await page.getByRole("link", { name: "Email outbox" }).count()).toBe(0);
    await page.goto(`${store.baseUrl}/config/settings/outbox`);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    await page.getByText("Your role can't open this screen. Ask the site's administrator if you need it.").waitFor();
  } finally {
    await browser.close();
  }
});

it("a site member who signs in at /config sees 'No access', never the admin", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "member");
    await page.getByRole("heading", { name: "No access" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    await shoot(page, "admin-no-access");
    await page.getByRole("button", { name: "Sign in with another account" }).click();
    await page.getByRole("heading", { name: "Sign in to manage your store" }).waitFor();
  } finally {
    await browser.close();
  }
});
