// The one place a Stripe SDK instance is made (issue 22): the site's secret key, and the API base the
// configuration names (STRIPE_API_URL; the tests' stand-in) or Stripe itself.
import Stripe from "stripe";

/** Where the SDK sends its calls (the SDK's host/port/protocol options). */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: "http" | "https";
}

/** STRIPE_API_URL's value as the SDK's options; null when it is not an http(s) URL with a host and nothing else. */
export function parseStripeApiUrl(text: string): StripeApiBase | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "" || url.pathname.replace(/\/+$/, "") !== "") return null;
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80, protocol };
}

/**
 * An SDK instance for one secret key; `base` null: api.stripe.com. By default one try with a short
 * timeout (an owner waits for the answer); calls that carry an idempotency key may be retried.
 */
export function stripeClient(secretKey: string, base: StripeApiBase | null, { retries = 0 }: { retries?: number } = {}): Stripe {
  return new Stripe(secretKey, { ...(base ?? {}), maxNetworkRetries: retries, timeout: 15_000 });
}
