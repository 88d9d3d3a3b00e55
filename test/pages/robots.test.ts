// /robots.txt (issue 23): crawlers keep out of the admin, the cart, checkout, the member's account and
// the API; products and pages stay open, and the file names the site's sitemap on the host asked.
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 30_000);
afterAll(() => store.close());

it("keeps crawlers out of the private paths and leaves the shop open", async () => {
  const response = await fetch(`${store.baseUrl}/robots.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  const host = new URL(store.baseUrl).host;
  expect(await response.text()).toBe(
    [
      "User-agent: *",
      "Disallow: /config",
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /account",
      "Disallow: /api",
      "Disallow: /graphql",
      "",
      `Sitemap: http://${host}/sitemap.xml`,
      "",
    ].join("\n"),
  );
});

it("answers HEAD without a body, and a product page is not one of the disallowed paths", async () => {
  const head = await fetch(`${store.baseUrl}/robots.txt`, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");
  const rules = (await (await fetch(`${store.baseUrl}/robots.txt`)).text()).split("\n").filter((line) => line.startsWith("Disallow: "));
  expect(rules.some((rule) => "/shop/p/ceramic-mug".startsWith(rule.slice("Disallow: ".length)))).toBe(false);
});
