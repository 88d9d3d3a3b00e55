// The store's emails in the admin (issue 24, page type 301) in Debian's Chromium against `npm start`
// with a local SMTP server (smtp-server, a stand-in for the store's): the owner sets the branding (a
// bad colour refused first), every email's preview is drawn with it, the text part is shown, and
// "Send me a test" delivers a multipart email to the owner. Screenshots of each preview at 390 and
// 1280 px; axe on the screen.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { DESKTOP, openBrowser, PHONE, SCREENSHOTS } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { startLocalSmtp, type LocalSmtp } from "../support/local-smtp.ts";

// Every email the store sends that the preview lists (emailMessages.kindNames).
const EMAILS = [
  "Order confirmation",
  "Shipping confirmation",
  "Order cancelled",
  "Refund",
  "Password reset",
  "Newsletter confirmation",
  "Back in stock",
  "Gift card",
  "Order status link",
  "Abandoned checkout reminder",
];
const SHOTS = join(SCREENSHOTS, "emails");

let smtp: LocalSmtp;
let store: RunningStore;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  smtp = await startLocalSmtp();
  store = await startStore({ env: { SMTP_URL: smtp.url } });
}, 300_000);
afterAll(async () => {
  await store?.stop();
  await smtp?.close();
});

const preview = (page: Page, name: string) => page.getByRole("article", { name });

async function shootPreviews(page: Page) {
  for (const [size, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    // The branding form (not the full page: Chromium leaves off-screen sandboxed frames blank in one).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `emails-branding-${size}.png`) });
    for (const name of EMAILS) {
      const card = preview(page, name);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: join(SHOTS, `${name.toLowerCase().replace(/ /g, "-")}-${size}.png`) });
    }
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

it("the owner brands the emails, previews each one and sends a test to their own address", async () => {
  const owner = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Emails" }).first().click();
    await page.getByRole("heading", { name: "Emails", level: 1 }).waitFor();

    await page.getByLabel("Store name").fill("Bean & Leaf");
    await page.getByLabel("Accent colour", { exact: true }).fill("orange");
    await page.locator("form.email-branding").getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter the accent colour as # and six hexadecimal digits, for example #1f6feb.").first().waitFor();

    await page.getByLabel("Accent colour", { exact: true }).fill("#b03a2e");
    await page.getByLabel("Reply-to address").fill("hello@beanleaf.test");
    await page.getByLabel("Footer").fill("Bean & Leaf · 1 Market Street · Springfield");
    await page.locator("form.email-branding").getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").getByText("Saved.").waitFor();

    // Every preview is redrawn with the new branding, in a frame that runs nothing.
    for (const name of EMAILS) {
      const frame = preview(page, name).frameLocator("iframe");
      await frame.getByText("Bean & Leaf · 1 Market Street · Springfield").waitFor({ state: "attached" });
      expect(await preview(page, name).locator("iframe").getAttribute("sandbox")).toBe("");
    }
    // Chromium may not lay out an off-screen frame of another origin (a sandboxed one is), so its text
    // can count as hidden even in view: the test asks for the text, the screenshots show the layout.
    await preview(page, "Order confirmation").scrollIntoViewIfNeeded();
    await preview(page, "Order confirmation")
      .frameLocator("iframe")
      .getByText("Thank you for your order! Order #1001 is confirmed.", { exact: true })
      .waitFor({ state: "attached" });
    await shootPreviews(page);

    await preview(page, "Password reset").getByRole("button", { name: "Text" }).click();
    await preview(page, "Password reset").getByText("Someone asked to set a new password for your account.", { exact: false }).waitFor();

    await preview(page, "Order confirmation").getByRole("button", { name: "Send me a test" }).click();
    await preview(page, "Order confirmation").getByText("A test was sent to owner@sitecart.test.").waitFor();
    const [mail] = await smtp.receivedCount(1);
    expect(mail!.to).toMatchObject({ text: "owner@sitecart.test" });
    expect(mail!.subject).toBe("[Test] Order #1001 is confirmed");
    expect(mail!.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(mail!.text).toContain("Thank you for your order! Order #1001 is confirmed.");
    expect(mail!.html).toContain("Bean &amp; Leaf");
    expect(mail!.replyTo?.text).toBe("hello@beanleaf.test");
  } finally {
    await owner.close();
  }
});
