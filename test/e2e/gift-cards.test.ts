// Gift cards that can be spent (issue 12 item 3) in Debian's Chromium against `npm start`: a gift card
// bought through the gift card page (recipient, message), its code shown on the test-mode confirmation
// page, then spent in a second cart (another browser context) through the cart's gift card field.
import { mkdirSync } from "node:fs";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, SCREENSHOTS, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

it("a gift card bought for a friend is spent in a second cart", async () => {
  const browser = await openBrowser();
  try {
    const buyer = await browser.context.newPage();
    await buyer.goto(`${store.baseUrl}/shop/p/gift-card`);
    await buyer.getByLabel("Value").selectOption({ label: "$25.00" });
    await buyer.locator("button.add-to-cart").click();
    await buyer.getByRole("heading", { name: "Send a gift card" }).waitFor();
    await buyer.getByRole("button", { name: "Buy gift card" }).click();
    await buyer.getByText("Enter the recipient's email address.").waitFor();
    expect(await accessibilityViolations(buyer)).toEqual([]);
    await shoot(buyer, "gift-card-page");
    await buyer.getByLabel("Recipient email").fill("friend@example.com");
    await buyer.getByLabel("Message (up to 80 characters)").fill("Happy birthday!");
    await buyer.getByRole("button", { name: "Buy gift card" }).click();
    await buyer.waitForURL(`${store.baseUrl}/cart`);
    await buyer.goto(`${store.baseUrl}/checkout`);
    await buyer.fill("#checkout-email", "buyer@example.com");
    await buyer.getByRole("button", { name: "Place order" }).click();
    await buyer.getByRole("heading", { name: "Gift card codes (test mode)" }).waitFor();
    const code = (await buyer.locator(".issued-gift-cards .gift-card-code").first().textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    await shoot(buyer, "gift-card-confirmation");

    const second = await openBrowser(); // another visitor: a second cart
    const shopper = await second.context.newPage();
    await shopper.goto(`${store.baseUrl}/shop/p/recipe-ebook`);
    await shopper.locator("button.add-to-cart").click();
    await shopper.getByRole("button", { name: "Added!" }).waitFor();
    await shopper.goto(`${store.baseUrl}/cart`);
    await shopper.getByLabel("Gift card code").fill("WRONG-CODE0-00000-00000");
    await shopper.getByRole("button", { name: "Apply gift card" }).click();
    await shopper.getByText("That gift card code is not valid.").waitFor();
    await shopper.getByLabel("Gift card code").fill(code.toLowerCase());
    await shopper.getByRole("button", { name: "Apply gift card" }).click();
    await shopper.getByRole("button", { name: `Remove gift card ${code}` }).waitFor();
    await shopper.locator(".cart-grand-total").filter({ hasText: "$0.00" }).waitFor();
    expect(await accessibilityViolations(shopper)).toEqual([]);
    await shoot(shopper, "gift-card-cart");
    await shopper.goto(`${store.baseUrl}/checkout`);
    await shopper.fill("#checkout-email", "reader@example.com");
    await shopper.getByRole("button", { name: "Place order" }).click();
    await shopper.locator(".order-grand-total").filter({ hasText: "$0.00" }).waitFor();
    await second.close();

    // The owner's order page shows the card the first order bought, masked, with what is left on it.
    const boughtOrderId = new URL(buyer.url()).pathname.split("/").pop()!;
    const owner = await browser.context.newPage();
    await signIn(owner, store.baseUrl, "owner");
    await owner.goto(`${store.baseUrl}/config/orders/${boughtOrderId}`);
    const cards = owner.getByRole("region", { name: "Gift cards bought" });
    await cards.getByRole("row", { name: new RegExp(`•••••-•••••-•••••-${code.slice(-5)} friend@example.com \\$25\\.00 \\$16\\.00`) }).waitFor();
    expect(await owner.content()).not.toContain(code);
    expect(await accessibilityViolations(owner)).toEqual([]);
    await shoot(owner, "admin-order-gift-card");
  } finally {
    await browser.close();
  }
}, 120_000);
