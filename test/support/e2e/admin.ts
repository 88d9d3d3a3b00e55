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

/** A signed-in API client (cookies, crumb, xsrf header), as a browser's script is: GraphQL answers' data, errors thrown. */
export async function apiClient(baseUrl: string, email: string, password: string) {
  const cookies = new Map<string, string>();
  let xsrf: string | null = null;
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookies.get("crumb")) headers["x-csrf-token"] = cookies.get("crumb")!;
    if (xsrf) headers["x-siteuser-xsrf-token"] = xsrf;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0];
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response.json().catch(() => null);
  };
  await send("GET", "/healthz");
  xsrf = (await send("POST", "/api/site-users/account/session", { email, password, rememberMe: false })).xsrfToken;
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const result = await send("POST", "/graphql", { query, variables });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data;
  };
  return { graphql };
}
