// The site screens of issue 10 in Debian's Chromium against `npm start` on a fresh demo store: the
// owner changes the footer text and sees it on a product page (server-rendered and in the React
// shell), adds a navigation link and follows it; the templates and people screens open. axe runs on
// each admin screen; screenshots at phone and desktop width go to SCREENSHOTS.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

const adminLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name }).first();

it("the owner's footer text shows on a product page; a new navigation link shows in the header and leads to its page", async () => {
  const owner = await openBrowser();
  const shopper = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");

    await adminLink(page, "Header and footer").click();
    await page.getByRole("heading", { name: "Header and footer", level: 1 }).waitFor();
    await page.getByLabel("Footer text").fill("Hand-made in Lisbon · free returns");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved. Every page of the store shows it now.").waitFor();
    await shoot(page, "admin-site-header-footer");

    const shop = await shopper.context.newPage();
    const response = await shop.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    expect(await response!.text()).toContain("Hand-made in Lisbon · free returns"); // server-rendered
    await shop.locator("footer.site-footer", { hasText: "Hand-made in Lisbon · free returns" }).waitFor(); // the React shell

    await adminLink(page, "Navigation").click();
    await page.getByRole("heading", { name: "Navigation", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add a link" }).click();
    const added = page.getByRole("group", { name: "Link 3" });
    await added.getByLabel("Title").fill("Search mugs");
    await added.getByLabel("Address").fill("/search?q=mug");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved. Every page of the store shows it now.").waitFor();
    await shoot(page, "admin-site-navigation");

    await shop.goto(`${store.baseUrl}/`);
    await shop.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search mugs" }).click();
    await shop.waitForURL(`${store.baseUrl}/search?q=mug`);
    await shop
      .getByRole("link", { name: /Ceramic Mug/ })
      .first()
      .waitFor();
    // The layout's collection link resolves too.
    await shop.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
    await shop.waitForURL(`${store.baseUrl}/shop`);
    await shop
      .getByRole("link", { name: /Linen Shirt/ })
      .first()
      .waitFor();
    expect((await shop.request.get(`${store.baseUrl}/shop`)).status()).toBe(200);
    await shop.setViewportSize(PHONE);
    await shop.screenshot({ path: join(SCREENSHOTS, "storefront-owner-chrome-phone.png"), fullPage: true });
    await shop.setViewportSize(DESKTOP);
    await shop.screenshot({ path: join(SCREENSHOTS, "storefront-owner-chrome-desktop.png"), fullPage: true });

    await adminLink(page, "Templates").click();
    await page.getByRole("heading", { name: "Templates", level: 1 }).waitFor();
    await shoot(page, "admin-site-templates");
    await page.getByRole("link", { name: "product", exact: true }).click();
    await page.getByRole("heading", { name: "product", level: 1 }).waitFor();
    await page.getByLabel("Preview page").fill("/shop/p/linen-shirt");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByText("Rendered with the product page template (HTTP 200).").waitFor();
    await shoot(page, "admin-site-template");

    await adminLink(page, "People").click();
    await page.getByRole("heading", { name: "People", level: 1 }).waitFor();
    await page.getByText("member@sitecart.test").waitFor();
    await page.getByLabel("Email address").fill("helper@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "editor" });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent to helper@example.com.").waitFor();
    await page.getByRole("cell", { name: "helper@example.com" }).waitFor();
    await shoot(page, "admin-people");

    // The invitation page is for someone not signed in: a wrong link is refused next to the password.
    const invitee = await shopper.context.newPage();
    await invitee.goto(`${store.baseUrl}/config/accept-invitation?token=not-a-real-token`);
    await invitee.getByRole("heading", { name: "Accept your invitation" }).waitFor();
    await invitee.getByLabel("Password").fill("a long enough password");
    await invitee.getByRole("button", { name: "Accept invitation" }).click();
    await invitee.getByText("This invitation link is not valid or has expired. Ask for a new invitation.").waitFor();
    await shoot(invitee, "admin-accept-invitation");
  } finally {
    await owner.close();
    await shopper.close();
  }
}, 180_000);
