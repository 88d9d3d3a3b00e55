// Issue 23 part 2 in Debian's Chromium: the owner creates a product on the Shop store page in the
// admin and it shows on /shop and in search; a store page with more than a page of products shows
// page 2 through its link. Screenshots of the editor's store page section and the paged store page.
import { LISTING_PAGE_SIZE } from "../../server/domain/catalog/listing.ts";
import { apiClient, DEMO_ACCOUNTS, signIn } from "../support/e2e/admin.ts";
import { DESKTOP, openBrowser, PHONE, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 300_000);
afterAll(() => store?.stop());

it("lists a product the owner creates with a store page on /shop and in search", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/products/new?type=DIGITAL");
    await page.getByRole("heading", { name: "New product" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Lantern Guide");
    await page.locator("#product-price").fill("12.00");
    await page.getByLabel("Listed on").selectOption({ label: "Shop (/shop)" });
    await shoot(page, "admin-product-store-page");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByRole("heading", { name: "Edit Lantern Guide" }).waitFor();

    const visitor = await browser.context.newPage();
    await visitor.goto(`${store.baseUrl}/shop?sort=newest`);
    await visitor.getByRole("link", { name: "Lantern Guide" }).first().waitFor();
    await visitor.goto(`${store.baseUrl}/search?q=lantern`);
    await visitor.getByRole("link", { name: "Lantern Guide" }).first().waitFor();
  } finally {
    await browser.close();
  }
}, 120_000);

it("shows a store page's second page through its link, at phone and desktop width", async () => {
  const { email, password } = DEMO_ACCOUNTS.owner;
  const api = await apiClient(store.baseUrl, email, password);
  const pages = await api.graphql("{ productStorePages { collectionId urlId } }");
  const shop = pages.productStorePages.find((row: { urlId: string }) => row.urlId === "shop").collectionId;
  for (let index = 1; index <= LISTING_PAGE_SIZE; index++) {
    await api.graphql(`mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename } }`, {
      input: { name: `Candle ${String(index).padStart(2, "0")}`, productType: "DIGITAL", price: 500 + index, collectionId: shop },
    });
  }
  for (const [viewport, name] of [
    [PHONE, "store-page-paged-390"],
    [DESKTOP, "store-page-paged-1280"],
  ] as const) {
    const browser = await openBrowser(viewport);
    try {
      const page = await browser.context.newPage();
      await page.goto(`${store.baseUrl}/shop?sort=name`);
      await page.getByRole("navigation", { name: "Pages" }).waitFor();
      await shoot(page, name);
      await page.getByRole("link", { name: "Page 2" }).click();
      await page.waitForURL(/page=2/);
      await page.getByRole("link", { name: "Recipe eBook" }).first().waitFor();
      await page.getByText("Page 2 of 2").first().waitFor();
    } finally {
      await browser.close();
    }
  }
}, 180_000);
