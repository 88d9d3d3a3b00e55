// The owner's products and inventory in Debian's Chromium (issue 9, screens 2 and 3): create a product
// with two options, set its stock in the inventory panel, and see it on the storefront's product page.
// Screenshots of the list, the editor of each type and the inventory panel at phone and desktop width.
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("creates a product with two options, sets its stock in the inventory panel, and the storefront shows it", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/products");
    await page.getByRole("heading", { name: "Products" }).waitFor();
    await page.getByRole("link", { name: "Linen Shirt" }).waitFor();
    await shoot(page, "admin-products");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Create product" }).click();
    await page.getByRole("heading", { name: "New product" }).waitFor();
    // Saving an empty form: the message next to the name, which takes focus; nothing is sent.
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Enter the product's name (at most 200 characters).").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("product-name");

    await page.getByLabel("Name", { exact: true }).fill("Field Jacket");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 1 name").fill("Size");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 2 name").fill("Color");
    const variant = (position: number) => page.locator(".variant-card").nth(position);
    await variant(0).getByLabel("SKU").fill("JACKET-M-OLIVE");
    await variant(0).getByLabel("Size").fill("M");
    await variant(0).getByLabel("Color").fill("Olive");
    await variant(0).getByLabel("Price", { exact: true }).fill("120.00");
    await page.getByRole("button", { name: "Add variant" }).click();
    await variant(1).getByLabel("SKU").fill("JACKET-L-NAVY");
    await variant(1).getByLabel("Size").fill("L");
    await variant(1).getByLabel("Color").fill("Navy");
    await variant(1).getByLabel("Price", { exact: true }).fill("125.00");
    await page.getByLabel("Show scarcity when few are left").check();
    await page.getByLabel("Scarcity text").fill("Only {qty} left!");
    await shoot(page, "admin-product-new-physical");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByRole("heading", { name: "Edit Field Jacket" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Product created." }).waitFor();
    await shoot(page, "admin-product-edit-physical");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The inventory panel: search, open the row, give the olive jacket 3 units.
    await page.goto(`${store.baseUrl}/config/inventory?q=jacket`);
    await page.getByRole("link", { name: "Field Jacket" }).waitFor();
    await page.getByRole("button", { name: "Show the variants of Field Jacket" }).click();
    await page.getByLabel("Units in stock for JACKET-M-OLIVE").fill("3");
    await page.getByRole("button", { name: "Save JACKET-M-OLIVE" }).click();
    await page.getByText("Stock of JACKET-M-OLIVE saved.").waitFor();
    await page.getByText("3 in stock").waitFor();
    await shoot(page, "admin-inventory");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The storefront's product page: the options, the stock (scarcity text at 3 left), the add button.
    await page.goto(`${store.baseUrl}/shop/p/field-jacket`);
    await page.locator("button.add-to-cart").waitFor();
    await page.selectOption("select >> nth=0", "M");
    await page.selectOption("select >> nth=1", "Olive");
    await page.getByText("Only 3 left!").waitFor();
    await page.locator("button.add-to-cart").click();
    await page.getByRole("button", { name: "Added!" }).waitFor();
    await page.selectOption("select >> nth=0", "L");
    await page.selectOption("select >> nth=1", "Navy");
    await page
      .getByText(/sold out/i)
      .first()
      .waitFor();
  } finally {
    await browser.close();
  }
});

it("shows the editor of each product type, and the inventory panel's variants at phone width", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/products");
    for (const type of ["DIGITAL", "SERVICE", "GIFT_CARD", "PAYWALL"]) {
      await page.goto(`${store.baseUrl}/config/products/new?type=${type}`);
      await page.getByRole("heading", { name: "New product" }).waitFor();
      await shoot(page, `admin-product-new-${type.toLowerCase()}`);
    }
    await page.goto(`${store.baseUrl}/config/products?type=PHYSICAL`);
    await page.getByRole("link", { name: "Coffee Club" }).click();
    await page.getByRole("heading", { name: "Edit Coffee Club" }).waitFor();
    await shoot(page, "admin-product-edit-subscription");
    await page.goto(`${store.baseUrl}/config/inventory?sort=STOCK_ASC`);
    await page.getByRole("button", { name: "Show the variants of Linen Shirt" }).click();
    await page.getByLabel("Units in stock for LINEN-M-WHITE").waitFor();
    await shoot(page, "admin-inventory-expanded");
  } finally {
    await browser.close();
  }
});
