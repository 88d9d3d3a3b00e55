// Signing in to the admin (/config) in a browser test as one of the demo store's accounts
// (demo-store.md: owner = admin, manager = store manager, member = a site member).
import type { Page } from "playwright-core";

export const DEMO_ACCOUNTS = {
  owner: { email: "owner@sitecart.test", password: "owner-password" },
  manager: { email: "manager@sitecart.test", password: "manager-password" },
  member: { email: "member@sitecart.test", password: "member-password" },
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Opens /config (or `path`), signs in, and waits for the admin (or the no-access page) to show. */
export async function signIn(page: Page, baseUrl: string, account: DemoAccount, path = "/config"): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS[account];
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.locator(".admin-header, .no-access").first().waitFor();
}
