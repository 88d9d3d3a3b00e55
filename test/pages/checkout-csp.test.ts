// Checkout's documents allow Stripe.js and its Payment Element (issue 22), every other document keeps
// the storefront's policy: Stripe's origins only where a card is taken.
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

async function policy(path: string): Promise<Record<string, string>> {
  const page = await store.visitor().request<string>("GET", path);
  const header = page.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(
    header.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(" ")];
    }),
  );
}

it.each(["/checkout", "/checkout?cartToken=abc", "/checkout/return?payment_intent=pi_123&redirect_status=succeeded"])(
  "lets the %s document load Stripe.js, its frames and its API",
  async (path) => {
    const directives = await policy(path);
    expect(directives["script-src"]).toBe(
      "'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directives["frame-src"]).toBe(
      "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/ https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directives["connect-src"]).toBe("'self' ws: wss: https://api.stripe.com");
    expect(directives["default-src"]).toBe("'self'");
  },
);

it.each(["/", "/cart", "/shop/p/linen-shirt", "/order-confirmed/nope", "/checkoutx", "/account"])("keeps Stripe out of the %s document", async (path) => {
  const directives = await policy(path);
  expect(`${directives["script-src"]} ${directives["frame-src"]} ${directives["connect-src"]}`).not.toContain("stripe");
  expect(directives["connect-src"]).toBe("'self' ws: wss:");
});
