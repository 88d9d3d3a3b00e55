// API keys and marketing hooks in Debian's Chromium against `npm start` on a fresh demo store (issue
// 10 items 6 and 7): the owner creates a key in the panel and copies it from the modal; the test then
// uses it as an integrator would (curl-like fetch, no cookie): reads products and changes a stock
// level; the owner deletes the key in the panel and the next request is refused. The marketing
// screen saves a pixel id and hands out a feed URL that serves. axe runs on each screen; screenshots
// at phone and desktop width go to SCREENSHOTS.
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

/** What an integrator's `curl -H "Authorization: Bearer …" -d '{"query": …}'` does. */
async function curl(key: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${store.baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string }[] } };
}

it("creates a key in the panel, uses it to read products and change stock, and is refused once it is deleted", async () => {
  const owner = await openBrowser();
  try {
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.baseUrl });
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/settings/api-keys");
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await page.getByText("No API keys yet.").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByLabel("Name").fill("Inventory sync");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel(/Read products and stock/).check();
    await dialog.getByLabel(/Change products and stock/).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-api-key-scopes");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByText("It will not be shown again.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Copy: Your API key" }).click();
    await dialog.getByText("Copied to the clipboard.").waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-api-key-created");
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText("The API key “Inventory sync” was created.").waitFor();
    await page.getByRole("cell", { name: /^Inventory sync sck_/ }).waitFor();

    // The integrator: no cookie, crumb or xsrf token, only the key.
    const products = await curl(key, "{ ownerProducts(first: 20) { edges { node { slug variants { id sku qtyInStock } } } } }");
    expect(products.status).toBe(200);
    const mug = products.body.data.ownerProducts.edges.map((edge: any) => edge.node).find((node: any) => node.slug === "ceramic-mug");
    const changed = await curl(key, "mutation($id: ID!) { setVariantStock(input: { id: $id, qtyInStock: 25 }) { __typename } }", { id: mug.variants[0].id });
    expect(changed.body.data).toEqual({ setVariantStock: { __typename: "SetVariantStockSuccess" } });
    const shown = await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ product(slug: "ceramic-mug") { variants { qtyInStock } } }' }),
    });
    expect(((await shown.json()) as any).data.product.variants[0].qtyInStock).toBe(25);
    // What the key was not given is refused.
    expect((await curl(key, "{ ownerOrders(first: 1) { edges { node { orderId } } } }")).body.errors?.[0].message).toBe(
      "You do not have permission to do that.",
    );

    // The list shows the last use; the owner deletes the key through the confirm dialog.
    await page.reload();
    const row = page.getByRole("row", { name: /Inventory sync/ });
    await row.waitFor();
    expect(await row.locator('td[data-label="Last used"]').textContent()).not.toBe("Never");
    await shoot(page, "admin-api-keys");
    await row.getByRole("button", { name: "Delete the API key Inventory sync" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this API key?" });
    expect(await accessibilityViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Delete key" }).click();
    await page.getByText("The API key was deleted.").waitFor();
    await page.getByText("No API keys yet.").waitFor();

    const refused = await curl(key, "{ ownerProducts(first: 1) { edges { node { slug } } } }");
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0].message).toBe("The API key is not valid: it is mistyped, or it was revoked.");
  } finally {
    await owner.close();
  }
}, 120_000);

it("saves the pixel id and copies a products feed URL that serves the feed", async () => {
  const owner = await openBrowser();
  try {
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.baseUrl });
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/settings/outbox");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Marketing" }).first().click();
    await page.getByRole("heading", { name: "Marketing", level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Pixel ID").fill("123456789012345");
    await page.getByRole("button", { name: "Save pixel ID" }).click();
    await page.getByText("Pixel ID saved.").waitFor();
    await page.getByRole("button", { name: "Copy: Feed URL (Google Merchant XML)" }).click();
    await page.getByText("Copied to the clipboard.").first().waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/feeds\/[A-Za-z0-9_-]{32}\/products\.xml$/);
    await shoot(page, "admin-marketing");
    const feed = await fetch(store.baseUrl + new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("<g:id>MUG-1</g:id>");
  } finally {
    await owner.close();
  }
}, 120_000);
