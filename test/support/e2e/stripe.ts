// Stripe in browser tests, without the internet: js.stripe.com answers with the Stripe.js stand-in
// (test/support/stripe/stripe-js-stand-in.ts) and api.stripe.com is forwarded to the local Stripe API
// stand-in (test/support/stripe/stand-in.ts), both through Playwright's routing. The page still asks
// for Stripe's own addresses, so its Content-Security-Policy is checked against Stripe's origins.
import type { BrowserContext, Page } from "playwright-core";
import type { StripeStandIn } from "../stripe/stand-in.ts";
import { STRIPE_JS_STAND_IN } from "../stripe/stripe-js-stand-in.ts";

export async function routeStripe(target: BrowserContext | Page, standIn: StripeStandIn): Promise<void> {
  await target.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body: STRIPE_JS_STAND_IN }),
  );
  await target.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standIn.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
