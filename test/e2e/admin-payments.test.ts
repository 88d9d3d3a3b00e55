// Store settings → Payments in Debian's Chromium against `npm start` on a fresh demo store (issue 22,
// "Connecting a store to Stripe"): the server's STRIPE_API_URL points at the local stand-in of
// Stripe's API (test/support/stripe/, NOT Stripe). The owner sees the store in test mode, pastes a
// bad key (Stripe's refusal shown), then the stand-in's test keys (TEST badge, the account's facts),
// and disconnects behind the confirm dialog. axe runs on each state; screenshots at phone and desktop
// width go to SCREENSHOTS.
import { randomBytes } from "node:crypto";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";

let standIn: StripeStandIn;
let store: RunningStore;
beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: ["sk_test_standInBrowser0001wxyz"] });
  store = await startStore({ env: { STRIPE_API_URL: standIn.url, PAYMENTS_ENCRYPTION_KEY: randomBytes(32).toString("base64") } });
}, 120_000);
afterAll(async () => {
  await store?.stop();
  await standIn?.close();
});

it("connects the stand-in's test keys after a refused one, shows TEST, and disconnects after confirming", async () => {
  const owner = await openBrowser();
  try {
    const page = await owner.context.newPage();
    await signIn(page, store.baseUrl, "owner", "/config/settings/store/payments");
    await page.getByRole("heading", { name: "Payments", level: 1 }).waitFor();
    await page.getByText("Without a payment account the store runs in test mode").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-payments-not-connected");

    await page.getByLabel("Publishable key").fill(standIn.publishableKey);
    await page.getByLabel(/^Secret key/).fill("sk_test_notAKeyOfThisStandIn000abcd");
    await page.getByRole("button", { name: "Connect Stripe" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^Invalid API Key provided: sk_test_\*+abcd$/ })
      .waitFor();

    await page.getByLabel(/^Secret key/).fill(standIn.secretKey);
    await page.getByLabel(/^Webhook signing secret/).fill("whsec_browserSigning0001");
    await page.getByRole("button", { name: "Connect Stripe" }).click();
    // Where the owner points Stripe's webhooks; with the signing secret saved, no notice asks for it.
    await page.getByText(/^http:\/\/[^ ]+\/webhooks\/stripe$/).waitFor();
    expect(await page.getByText(/^Checkout takes payments through Stripe/).count()).toBe(0);
    expect(await page.locator(".badge.payment-mode").textContent()).toBe("TEST");
    await page.getByText(standIn.account.id).waitFor();
    expect(await page.content()).not.toContain(standIn.secretKey);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-payments-connected");

    await page.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("dialog", { name: "Disconnect Stripe?" });
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Stripe was disconnected: the store runs in test mode.").waitFor();
    await page.getByRole("heading", { name: /Not connected/ }).waitFor();
  } finally {
    await owner.close();
  }
});
