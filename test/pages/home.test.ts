import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

it("lists the catalogue without JavaScript, with the same price display as the API", async () => {
  const page = await store.visitor().request("GET", "/");
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect(page.body).toContain("<title>Sitecart Demo</title>");
  expect(page.body).toContain("<strong>Linen Shirt</strong> · from $39.00 · <em>sale</em>");
  expect(page.body).toContain("<strong>Recipe eBook</strong> · <s>$12.00</s> $9.00 · <em>sale</em>");
  expect(page.body).toContain("<strong>Canvas Tote</strong> · $25.00 · <em>sold out</em>");
  expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("crumb="))).toBe(true);
});

it("never lets a product name become live markup", async () => {
  await store.db.product.create({
    data: { websiteId: DEMO_WEBSITE_ID, slug: "hostile", name: '<script>alert("x")</script>', productType: 2, price: 100 },
  });
  const page = await store.visitor().request("GET", "/");
  expect(page.body).not.toContain("<script>alert");
  expect(page.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
});
