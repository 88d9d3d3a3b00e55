// SetupIntents (a LOCAL STAND-IN of Stripe's API, not Stripe): create for a customer, retrieve, and
// confirm with a test card as the Payment Element does. A card that succeeds is attached to the
// intent's customer (usage off_session: Stripe's saved card for later off-session payments); a card
// that declines answers Stripe's 402 card_error with `setup_intent`, the intent back in
// requires_payment_method with last_setup_error. Cards that ask for 3-D Secure are not modelled here
// (Stripe would answer requires_action): confirming one is refused, so no test relies on it unknowingly.
import { fixture, newId, randomToken, unixNow, type StripeObject } from "./fixtures.ts";
import { StripeApiError, cardErrorBody, invalidRequest } from "./errors.ts";
import { allowOnly, mergeMetadata, optionalEnum, optionalObject, optionalString, requiredString, type Params } from "./form.ts";
import { resolvePaymentMethod } from "./payment-intents.ts";
import type { RequestContext, StandInState } from "./state.ts";

const CREATE_PARAMS = ["customer", "usage", "metadata", "automatic_payment_methods", "payment_method_types", "description"];
const CONFIRM_PARAMS = ["payment_method", "return_url"];

/** POST /v1/setup_intents. */
export function createSetupIntent(state: StandInState, ctx: RequestContext, params: Params): StripeObject {
  allowOnly(params, CREATE_PARAMS);
  const customer = optionalString(params, "customer");
  if (customer) state.require(ctx, customer, "customer", "customer", "customer");
  const automatic = optionalObject(params, "automatic_payment_methods");
  const id = newId("seti");
  const intent = fixture("setup_intent");
  Object.assign(intent, {
    id,
    automatic_payment_methods: automatic ? { enabled: automatic.enabled === "true", allow_redirects: automatic.allow_redirects ?? "always" } : null,
    client_secret: `${id}_secret_${randomToken(25)}`,
    created: unixNow(),
    customer: customer ?? null,
    description: optionalString(params, "description") ?? null,
    last_setup_error: null,
    latest_attempt: null,
    metadata: mergeMetadata({}, params),
    next_action: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_types: Array.isArray(params.payment_method_types) ? params.payment_method_types : ["card"],
    status: "requires_payment_method",
    usage: optionalEnum(params, "usage", ["on_session", "off_session"] as const) ?? "off_session",
  });
  state.put(ctx.account.id, intent);
  state.emit(ctx, "setup_intent.created", intent);
  return intent;
}

/** POST /v1/setup_intents/:id/confirm. */
export function confirmSetupIntent(state: StandInState, ctx: RequestContext, intent: StripeObject, params: Params): StripeObject {
  allowOnly(params, CONFIRM_PARAMS);
  if (intent.status === "succeeded")
    throw invalidRequest("You cannot confirm this SetupIntent because it has already succeeded.", { code: "setup_intent_unexpected_state" });
  const paymentMethod = resolvePaymentMethod(state, ctx, requiredString(params, "payment_method"));
  const behaviour = state.behaviours.get(paymentMethod.id as string) ?? { kind: "succeed" };
  if (behaviour.kind === "decline") {
    const error = cardErrorBody(behaviour.failure, { payment_method: structuredClone(paymentMethod) });
    Object.assign(intent, { status: "requires_payment_method", payment_method: null, last_setup_error: error });
    state.emit(ctx, "setup_intent.setup_failed", intent);
    throw new StripeApiError(402, { ...error, setup_intent: structuredClone(intent) });
  }
  if (behaviour.kind !== "succeed") throw invalidRequest("Stripe stand-in: 3-D Secure on a SetupIntent is not modelled.", { param: "payment_method" });
  if (intent.customer) paymentMethod.customer = intent.customer;
  Object.assign(intent, { status: "succeeded", payment_method: paymentMethod.id, last_setup_error: null, next_action: null });
  state.emit(ctx, "setup_intent.succeeded", intent);
  return intent;
}
