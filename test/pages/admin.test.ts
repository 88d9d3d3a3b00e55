// The owner's admin document (/config and below, issue 9): served by the same process, loading the
// admin entry (never the storefront's), not indexed, not cached; the storefront never loads the admin.
import { ADMIN_ENTRY, clientEntryTags, STOREFRONT_ENTRY } from "../../server/pages/client-assets.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const get = (path: string) => store.visitor().request<string>("GET", path);

describe("/config", () => {
  it.each(["/config", "/config/", "/config/products", "/config/orders/abc?state=PLACED"])("answers %s with the admin document", async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain("<title>Sitecart admin</title>");
    expect(page.body).toContain('<div id="admin">');
    expect(page.body).toContain(clientEntryTags(ADMIN_ENTRY));
    expect(page.body).not.toContain("Page not found");
  });

  it("is not a prefix match: /configure is a storefront address (404 here)", async () => {
    const page = await get("/configure");
    expect(page.status).toBe(404);
    expect(page.body).not.toContain('<div id="admin">');
  });

  it("keeps the admin out of storefront pages", async () => {
    const page = await get("/");
    const adminTags = clientEntryTags(ADMIN_ENTRY);
    if (adminTags) expect(page.body).not.toContain(adminTags);
    expect(page.body).toContain(clientEntryTags(STOREFRONT_ENTRY));
  });
});
