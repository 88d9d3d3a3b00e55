// Stripe, the one payment provider so far (issue 22): Stripe.js loads from js.stripe.com when the
// payment step first needs it (the `pure` entry point injects nothing on import, so pages whose
// Content-Security-Policy has no Stripe origins never try), once per publishable key, as Stripe asks
// ("create and share a single instance of the Stripe object"). Another provider would sit beside this
// module with its own loader and return-query reader.
import type { Stripe } from "@stripe/stripe-js";
import { CHECKOUT_RETURN_PATH } from "../../../../server/domain/payments/checkout-payment.ts";
import { loadStripe } from "@stripe/stripe-js/pure";

const instances = new Map<string, Promise<Stripe | null>>();

/** The Stripe object of a publishable key (pk_...); a failed load is forgotten so a later step retries. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey).catch((error: unknown) => {
      instances.delete(publishableKey);
      throw error;
    });
    instances.set(publishableKey, instance);
  }
  return instance;
}

/**
 * What Stripe appends to the return_url after a redirect (3-D Secure): `payment_intent`,
 * `payment_intent_client_secret` (it lets the server answer a browser that does not hold the cart),
 * `redirect_status`. Null when the intent is missing.
 */
export function returnedPayment(search: URLSearchParams): { paymentIntentId: string; clientSecret: string | null; redirectStatus: string | null } | null {
  const paymentIntentId = search.get("payment_intent");
  return paymentIntentId ? { paymentIntentId, clientSecret: search.get("payment_intent_client_secret"), redirectStatus: search.get("redirect_status") } : null;
}

/** Where Stripe sends the shopper back: this page's own site, whichever of its addresses they shop on. */
export const returnUrlHere = (): string => new URL(CHECKOUT_RETURN_PATH, window.location.origin).toString();
