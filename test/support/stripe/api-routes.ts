// The endpoints the stand-in answers, each a method, a path pattern and a handler that returns the
// object to answer with (the server expands `expand[]` paths and writes it) or throws a StripeApiError.
// A request to any other endpoint gets Stripe's 404 "Unrecognized request URL".
import { fixture, newId, randomToken, unixNow, type StripeObject } from "./fixtures.ts";
import { allowOnly, mergeMetadata, optionalString, type Params } from "./form.ts";
import { createRefund } from "./charges.ts";
import { cancelPaymentIntent, confirmPaymentIntent, createPaymentIntent, resolvePaymentMethod, updatePaymentIntent } from "./payment-intents.ts";
import { confirmSetupIntent, createSetupIntent } from "./setup-intents.ts";
import { TEST_CARDS } from "./test-cards.ts";
import type { RequestContext, StandInAccount, StandInState } from "./state.ts";

export interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  handle(state: StandInState, ctx: RequestContext, params: Params, id: string): StripeObject;
}

/** GET /v1/account: the account of the secret key (how a store checks the keys it is given). */
export function accountObject(account: StandInAccount): StripeObject {
  const object = fixture("account");
  const requirements = { ...object.requirements, current_deadline: null, currently_due: [], disabled_reason: null, eventually_due: [], past_due: [] };
  Object.assign(object, {
    id: account.id,
    business_profile: { ...object.business_profile, name: account.businessName },
    capabilities: { card_payments: account.chargesEnabled ? "active" : "inactive", transfers: account.chargesEnabled ? "active" : "inactive" },
    charges_enabled: account.chargesEnabled,
    country: account.country,
    default_currency: account.defaultCurrency,
    details_submitted: account.chargesEnabled,
    email: null,
    payouts_enabled: account.chargesEnabled,
    requirements: account.chargesEnabled ? requirements : object.requirements,
    settings: { ...object.settings, dashboard: { display_name: account.businessName, timezone: "Etc/UTC" } },
  });
  return object;
}

function createCustomer(state: StandInState, ctx: RequestContext, params: Params): StripeObject {
  allowOnly(params, ["email", "name", "phone", "description", "metadata", "payment_method"]);
  const customer = fixture("customer");
  const paymentMethodId = optionalString(params, "payment_method");
  const paymentMethod = paymentMethodId ? resolvePaymentMethod(state, ctx, paymentMethodId) : null;
  Object.assign(customer, {
    id: newId("cus"),
    address: null,
    balance: 0,
    created: unixNow(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: optionalString(params, "description") || null,
    discount: null,
    email: optionalString(params, "email") || null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { ...customer.invoice_settings, default_payment_method: null },
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: optionalString(params, "name") || null,
    phone: optionalString(params, "phone") || null,
    shipping: null,
  });
  if (paymentMethod) paymentMethod.customer = customer.id;
  return state.put(ctx.account.id, customer);
}

function intent(state: StandInState, ctx: RequestContext, id: string): StripeObject {
  return state.require(ctx, id, "payment_intent", "payment_intent", "intent");
}

const ID = "([A-Za-z0-9_]+)";

function path(template: string): RegExp {
  return new RegExp(`^${template.replace(":id", ID)}$`);
}

/** A GET endpoint: reads one object; takes no parameter but `expand` (and those listed). */
function get(template: string, read: (state: StandInState, ctx: RequestContext, id: string) => StripeObject, allowed: string[] = []): Route {
  return {
    method: "GET",
    pattern: path(template),
    handle: (state, ctx, params, id) => {
      allowOnly(params, allowed);
      return read(state, ctx, id);
    },
  };
}

function post(template: string, handle: Route["handle"]): Route {
  return { method: "POST", pattern: path(template), handle };
}

function findEvent(state: StandInState, ctx: RequestContext, id: string): StripeObject {
  const found = state.events.find((entry) => entry.accountId === ctx.account.id && entry.event.id === id);
  return found ? found.event : state.require(ctx, id, "event", "event", "id");
}

export const ROUTES: Route[] = [
  get("/v1/account", (_state, ctx) => accountObject(ctx.account)),
  post("/v1/payment_intents", (state, ctx, params) => createPaymentIntent(state, ctx, params)),
  get("/v1/payment_intents/:id", intent, ["client_secret"]),
  post("/v1/payment_intents/:id", (state, ctx, params, id) => updatePaymentIntent(state, ctx, intent(state, ctx, id), params)),
  post("/v1/payment_intents/:id/confirm", (state, ctx, params, id) => confirmPaymentIntent(state, ctx, intent(state, ctx, id), params)),
  post("/v1/payment_intents/:id/cancel", (state, ctx, params, id) => cancelPaymentIntent(state, ctx, intent(state, ctx, id), params)),
  post("/v1/setup_intents", (state, ctx, params) => createSetupIntent(state, ctx, params)),
  get("/v1/setup_intents/:id", (state, ctx, id) => state.require(ctx, id, "setup_intent", "setup_intent", "intent"), ["client_secret"]),
  post("/v1/setup_intents/:id/confirm", (state, ctx, params, id) =>
    confirmSetupIntent(state, ctx, state.require(ctx, id, "setup_intent", "setup_intent", "intent"), params),
  ),
  post("/v1/refunds", (state, ctx, params) => createRefund(state, ctx, params)),
  get("/v1/refunds/:id", (state, ctx, id) => state.require(ctx, id, "refund", "refund", "id")),
  post("/v1/customers", (state, ctx, params) => createCustomer(state, ctx, params)),
  get("/v1/customers/:id", (state, ctx, id) => state.require(ctx, id, "customer", "customer", "id")),
  get("/v1/payment_methods/:id", (state, ctx, id) =>
    TEST_CARDS[id] ? resolvePaymentMethod(state, ctx, id) : state.require(ctx, id, "payment_method", "PaymentMethod", "payment_method"),
  ),
  get("/v1/charges/:id", (state, ctx, id) => state.require(ctx, id, "charge", "charge", "id")),
  get("/v1/disputes/:id", (state, ctx, id) => state.require(ctx, id, "dispute", "dispute", "dispute")),
  get("/v1/events/:id", findEvent),
];

/** The route for a request, with the id in its path; null when the stand-in has no such endpoint. */
export function matchRoute(method: string, path: string): { route: Route; id: string } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, id: match[1] ?? "" };
  }
  return null;
}
