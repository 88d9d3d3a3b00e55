// What a publishable key (pk_...) may do, as Stripe allows it to Stripe.js in the browser: with a
// PaymentIntent's (or SetupIntent's) client secret, retrieve that intent (GET /v1/payment_intents/:id)
// and confirm it (POST /v1/payment_intents/:id/confirm; the same under /v1/setup_intents). Any other call with a publishable key is Stripe's 401
// secret_key_required; a wrong client secret is Stripe's 400 on `client_secret`. Answers carry CORS
// headers, as Stripe's API does, so a shop's page may call it.
import { authErrors, invalidRequest, noSuch } from "./errors.ts";
import type { Params } from "./form.ts";
import type { StandInAccount, StandInState } from "./state.ts";

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE",
  "access-control-allow-headers": "authorization, content-type, idempotency-key, stripe-version, stripe-account",
  "access-control-expose-headers": "request-id, stripe-version, idempotent-replayed",
};

const CLIENT_SECRET_CALLS: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/v1\/payment_intents\/[A-Za-z0-9_]+$/ },
  { method: "POST", path: /^\/v1\/payment_intents\/[A-Za-z0-9_]+\/confirm$/ },
  { method: "GET", path: /^\/v1\/setup_intents\/[A-Za-z0-9_]+$/ },
  { method: "POST", path: /^\/v1\/setup_intents\/[A-Za-z0-9_]+\/confirm$/ },
];

export const CLIENT_SECRET_MISMATCH = "The client_secret provided does not match the client_secret associated with the PaymentIntent.";

/**
 * Lets a publishable-key request through when it is one of Stripe.js's client-secret calls and the
 * secret is the intent's; removes `client_secret` from `params` (the handlers take Stripe's other
 * parameters only). Throws Stripe's error otherwise.
 */
export function checkPublishableAccess(state: StandInState, account: StandInAccount, method: string, path: string, id: string, params: Params): void {
  if (!CLIENT_SECRET_CALLS.some((call) => call.method === method && call.path.test(path))) throw authErrors.publishable();
  const secret = params.client_secret;
  if (typeof secret !== "string" || secret === "") throw authErrors.publishable();
  delete params.client_secret;
  const type = path.startsWith("/v1/setup_intents/") ? "setup_intent" : "payment_intent";
  const intent = state.find(account.id, id, type);
  if (!intent) throw noSuch(type, id, "intent");
  if (intent.client_secret !== secret)
    throw invalidRequest(type === "setup_intent" ? CLIENT_SECRET_MISMATCH.replace("PaymentIntent", "SetupIntent") : CLIENT_SECRET_MISMATCH, {
      param: "client_secret",
    });
}
