// The Stripe.js stand-in against the Stripe API stand-in in Debian's Chromium (both test/support/
// stripe/, NOT Stripe): a plain page served under checkout's Content-Security-Policy loads "Stripe.js"
// from js.stripe.com (routed to the stand-in), mounts the Payment Element, and confirms PaymentIntents
// with Stripe's test card numbers: success, a decline in Stripe's words, and 3-D Secure through the
// stand-in's page back to the return_url.
import type { Page } from "playwright-core";
import { CHECKOUT_CONTENT_SECURITY_POLICY } from "../../server/pages/content-security-policy.ts";
import { openBrowser } from "../support/e2e/browser.ts";
import { routeStripe } from "../support/e2e/stripe.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";

const SHOP = "https://shop.test";
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn?.close());

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>
<script src="https://js.stripe.com/endive/stripe.js"></script></head>
<body><form id="form"><div id="payment-element"></div></form><p id="result"></p></body></html>`;

async function openShop(page: Page) {
  await routeStripe(page, standIn);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": CHECKOUT_CONTENT_SECURITY_POLICY },
      body: PAGE,
    }),
  );
  await page.goto(`${SHOP}/checkout`);
  return violations;
}

async function mountAndPay(page: Page, clientSecret: string, cardNumber: string, redirect: "if_required" | "always" = "if_required") {
  await page.evaluate(
    ({ key, clientSecret }) => {
      const stripe = (window as any).Stripe(key);
      const elements = stripe.elements({ clientSecret });
      const element = elements.create("payment");
      element.mount("#payment-element");
      (window as any).pay = (redirect: string) =>
        stripe.confirmPayment({ elements, confirmParams: { return_url: "https://shop.test/checkout/return" }, redirect }).then((result: any) => {
          document.getElementById("result")!.textContent = JSON.stringify(
            result.error ? { error: result.error.message } : { status: result.paymentIntent.status },
          );
        });
    },
    { key: standIn.publishableKey, clientSecret },
  );
  await page.getByLabel("Card number (stand-in)").fill(cardNumber);
  await page.evaluate((redirect) => void (window as any).pay(redirect), redirect);
}

const newIntent = (amount = 1800) => standIn.client().paymentIntents.create({ amount, currency: "usd", automatic_payment_methods: { enabled: true } });

it("pays with 4242 4242 4242 4242 under checkout's CSP, and declines 4000 0000 0000 0002 in Stripe's words", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    const violations = await openShop(page);
    const paid = await newIntent();
    await mountAndPay(page, paid.client_secret!, "4242 4242 4242 4242");
    await page.locator("#result", { hasText: '{"status":"succeeded"}' }).waitFor();
    expect((await standIn.client().paymentIntents.retrieve(paid.id)).status).toBe("succeeded");

    await page.goto(`${SHOP}/checkout`);
    const declined = await newIntent();
    await mountAndPay(page, declined.client_secret!, "4000000000000002");
    await page.locator("#result", { hasText: '{"error":"Your card was declined."}' }).waitFor();
    expect((await standIn.client().paymentIntents.retrieve(declined.id)).status).toBe("requires_payment_method");
    const fromBrowser = standIn.requests.filter((request) => request.path.endsWith("/confirm"));
    expect(fromBrowser.map((request) => request.status)).toEqual([200, 402]);
    expect(violations).toEqual([]);
  } finally {
    await browser.close();
  }
});

it("goes through the stand-in's 3-D Secure page for 4000 0027 6000 3184 and back to the return_url", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await openShop(page);
    const intent = await newIntent(4200);
    await mountAndPay(page, intent.client_secret!, "4000002760003184");
    await page.waitForURL((url) => url.pathname === `/3ds/${intent.id}`);
    await page.getByRole("link", { name: "Complete" }).click();
    await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/checkout/return");
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: "succeeded",
    });
  } finally {
    await browser.close();
  }
});
