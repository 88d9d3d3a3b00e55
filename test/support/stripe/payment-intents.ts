// PaymentIntents: create (and confirm at once), update while unpaid, confirm, cancel, and the end of a
// 3-D Secure authentication. Confirming runs the test card's behaviour (test-cards.ts): succeeded with
// a charge, a 402 decline that leaves the intent in requires_payment_method with last_payment_error, or
// requires_action with a redirect to the stand-in's 3-D Secure page.
import { fixture, newId, randomToken, unixNow, type StripeObject } from "./fixtures.ts";
import {
  CARD_FAILURES,
  AUTHENTICATION_FAILURE,
  StripeApiError,
  cardErrorBody,
  invalidRequest,
  paramErrors,
  unexpectedState,
  type CardFailure,
} from "./errors.ts";
import { checkChargeAmount, checkCurrency } from "./currencies.ts";
import {
  allowOnly,
  mergeMetadata,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredInteger,
  requiredString,
  type Params,
} from "./form.ts";
import { createCharge } from "./charges.ts";
import { TEST_CARDS, paymentMethodFor } from "./test-cards.ts";
import type { RequestContext, StandInState } from "./state.ts";

const CHANGEABLE_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];
const CANCELABLE_STATUSES = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];
/** Fields Stripe lets you change whatever the intent's status. */
const ALWAYS_UPDATABLE = ["metadata", "description", "receipt_email", "shipping", "expand"];
const SETUP_FUTURE_USAGE = ["on_session", "off_session"] as const;
const CONFIRM_PARAMS = ["payment_method", "return_url", "off_session", "setup_future_usage", "receipt_email", "shipping"];
const UPDATE_PARAMS = ["amount", "currency", "metadata", "customer", "description", "receipt_email", "setup_future_usage", "payment_method"];
const CREATE_PARAMS = [...UPDATE_PARAMS, ...CONFIRM_PARAMS, "confirm", "automatic_payment_methods", "payment_method_types", "statement_descriptor_suffix"];

const RETURN_URL_REQUIRED =
  "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.";

/** `off_session`: true/false, or Stripe's "one_off" / "recurring" (both true). */
function offSessionParam(params: Params): boolean | undefined {
  const value = optionalString(params, "off_session");
  if (value === undefined) return undefined;
  if (value === "true" || value === "one_off" || value === "recurring") return true;
  if (value === "false") return false;
  throw paramErrors.boolean("off_session", value);
}

/** A test card name (`pm_card_visa`) makes a new PaymentMethod; otherwise the account's PaymentMethod with this id. */
export function resolvePaymentMethod(state: StandInState, ctx: RequestContext, id: string): StripeObject {
  const card = TEST_CARDS[id];
  if (!card) return state.require(ctx, id, "payment_method", "PaymentMethod", "payment_method");
  const stored = paymentMethodFor(card);
  state.behaviours.set(stored.object.id as string, stored.behaviour);
  return state.put(ctx.account.id, stored.object);
}

function customerParam(state: StandInState, ctx: RequestContext, params: Params): string | null | undefined {
  const id = optionalString(params, "customer");
  if (id === undefined || id === "") return id === "" ? null : undefined;
  state.require(ctx, id, "customer", "customer", "customer");
  return id;
}

function automaticPaymentMethodsParam(params: Params): StripeObject | undefined {
  const value = optionalObject(params, "automatic_payment_methods");
  if (!value) return undefined;
  for (const key of Object.keys(value)) if (key !== "enabled" && key !== "allow_redirects") throw paramErrors.unknown(`automatic_payment_methods[${key}]`);
  const enabled = optionalBoolean(value, "enabled", "automatic_payment_methods[enabled]");
  if (enabled === undefined) throw paramErrors.missing("automatic_payment_methods[enabled]");
  const allowRedirects = optionalEnum(value, "allow_redirects", ["always", "never"] as const);
  return enabled ? { allow_redirects: allowRedirects ?? "always", enabled: true } : { enabled: false };
}

function shippingParam(params: Params): StripeObject | null | undefined {
  const value = optionalObject(params, "shipping");
  if (!value) return params.shipping === "" ? null : undefined;
  const address = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...(optionalObject(value, "address") ?? {}) };
  return { address, carrier: value.carrier ?? null, name: value.name ?? null, phone: value.phone ?? null, tracking_number: value.tracking_number ?? null };
}

/** POST /v1/payment_intents, with `confirm=true` confirmed at once (and so possibly a 402). */
export function createPaymentIntent(state: StandInState, ctx: RequestContext, params: Params): StripeObject {
  allowOnly(params, CREATE_PARAMS);
  const amount = requiredInteger(params, "amount");
  const currency = checkCurrency(requiredString(params, "currency"));
  checkChargeAmount(amount, currency);
  const automatic = automaticPaymentMethodsParam(params);
  if (automatic && params.payment_method_types !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: automatic_payment_methods, payment_method_types.", {
      param: "automatic_payment_methods",
    });
  }
  const confirm = optionalBoolean(params, "confirm") ?? false;
  for (const name of ["off_session", "return_url"]) {
    if (params[name] !== undefined && !confirm) throw invalidRequest(`The parameter ${name} can only be used when confirm=true.`, { param: name });
  }
  const customer = customerParam(state, ctx, params) ?? null;
  const paymentMethodId = optionalString(params, "payment_method");
  const paymentMethod = paymentMethodId ? resolvePaymentMethod(state, ctx, paymentMethodId) : null;
  const types = params.payment_method_types;
  const intent = fixture("payment_intent");
  const id = newId("pi");
  Object.assign(intent, {
    id,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: automatic ?? null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: "automatic",
    created: unixNow(),
    currency,
    customer,
    description: optionalString(params, "description") ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: mergeMetadata({}, params),
    next_action: null,
    payment_method: paymentMethod?.id ?? null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: Array.isArray(types) ? types : ["card"],
    processing: null,
    receipt_email: optionalString(params, "receipt_email") ?? null,
    setup_future_usage: optionalEnum(params, "setup_future_usage", SETUP_FUTURE_USAGE) ?? null,
    shipping: shippingParam(params) ?? null,
    statement_descriptor_suffix: optionalString(params, "statement_descriptor_suffix") ?? null,
    status: paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: null,
  });
  state.put(ctx.account.id, intent);
  state.intentSettings.set(id, { returnUrl: null, offSession: false });
  state.emit(ctx, "payment_intent.created", intent);
  if (confirm) confirmPaymentIntent(state, ctx, intent, params, { checked: true });
  return intent;
}

/** POST /v1/payment_intents/:id: amount, currency, customer, payment method while unpaid; metadata and description always. */
export function updatePaymentIntent(state: StandInState, ctx: RequestContext, intent: StripeObject, params: Params): StripeObject {
  allowOnly(params, UPDATE_PARAMS);
  const restricted = Object.keys(params).find((key) => !ALWAYS_UPDATABLE.includes(key));
  const status = intent.status as string;
  if (restricted && !CHANGEABLE_STATUSES.includes(status)) {
    throw unexpectedState(
      `This PaymentIntent's ${restricted} could not be updated because it has a status of ${status}. You may only update the ${restricted} of a PaymentIntent with one of the following statuses: ${CHANGEABLE_STATUSES.join(", ")}.`,
    );
  }
  const currency = params.currency !== undefined ? checkCurrency(requiredString(params, "currency")) : (intent.currency as string);
  const amount = optionalInteger(params, "amount") ?? (intent.amount as number);
  if (params.amount !== undefined || params.currency !== undefined) checkChargeAmount(amount, currency);
  const customer = customerParam(state, ctx, params);
  const paymentMethodId = optionalString(params, "payment_method");
  const setupFutureUsage = params.setup_future_usage === "" ? null : optionalEnum(params, "setup_future_usage", SETUP_FUTURE_USAGE);
  const shipping = shippingParam(params);
  Object.assign(intent, { amount, currency, metadata: mergeMetadata(intent.metadata as Record<string, string>, params) });
  if (customer !== undefined) intent.customer = customer;
  if (paymentMethodId) intent.payment_method = resolvePaymentMethod(state, ctx, paymentMethodId).id;
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
  if (shipping !== undefined) intent.shipping = shipping;
  for (const field of ["description", "receipt_email"]) if (params[field] !== undefined) intent[field] = optionalString(params, field) || null;
  if (restricted) {
    intent.next_action = null;
    intent.status = intent.payment_method ? "requires_confirmation" : "requires_payment_method";
  }
  return intent;
}

/** POST /v1/payment_intents/:id/confirm (and create with confirm=true). */
export function confirmPaymentIntent(
  state: StandInState,
  ctx: RequestContext,
  intent: StripeObject,
  params: Params,
  options: { checked?: boolean } = {},
): StripeObject {
  if (!options.checked) allowOnly(params, CONFIRM_PARAMS);
  const status = intent.status as string;
  if (status === "succeeded") throw unexpectedState("You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
  if (!CHANGEABLE_STATUSES.includes(status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
    );
  }
  const settings = state.intentSettings.get(intent.id as string)!;
  const paymentMethodId = options.checked ? undefined : optionalString(params, "payment_method");
  if (paymentMethodId) intent.payment_method = resolvePaymentMethod(state, ctx, paymentMethodId).id;
  if (!options.checked) {
    const setupFutureUsage = optionalEnum(params, "setup_future_usage", SETUP_FUTURE_USAGE);
    if (setupFutureUsage) intent.setup_future_usage = setupFutureUsage;
    const receiptEmail = optionalString(params, "receipt_email");
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;
  }
  const returnUrl = optionalString(params, "return_url");
  if (returnUrl !== undefined) settings.returnUrl = returnUrl || null;
  settings.offSession = offSessionParam(params) ?? false;
  if (!intent.payment_method) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  const automatic = intent.automatic_payment_methods as StripeObject | null;
  if (automatic?.enabled && automatic.allow_redirects !== "never" && !settings.returnUrl && !settings.offSession) {
    throw invalidRequest(RETURN_URL_REQUIRED, { param: "return_url" });
  }
  const paymentMethod = state.find(ctx.account.id, intent.payment_method as string, "payment_method")!;
  const behaviour = state.behaviours.get(paymentMethod.id as string) ?? { kind: "succeed" };
  if (behaviour.kind === "succeed") return succeed(state, ctx, intent, paymentMethod);
  if (behaviour.kind === "decline") return fail(state, ctx, intent, paymentMethod, behaviour.failure, true);
  const passedBefore = behaviour.kind === "authenticateOnce" && state.authenticated.has(paymentMethod.id as string);
  if (settings.offSession)
    return passedBefore ? succeed(state, ctx, intent, paymentMethod) : fail(state, ctx, intent, paymentMethod, CARD_FAILURES.authenticationRequired, false);
  return requireAction(state, ctx, intent, settings.returnUrl);
}

function succeed(state: StandInState, ctx: RequestContext, intent: StripeObject, paymentMethod: StripeObject): StripeObject {
  const charge = createCharge(state, ctx, intent, paymentMethod);
  Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id, next_action: null, last_payment_error: null });
  if (intent.setup_future_usage && intent.customer) paymentMethod.customer = intent.customer;
  state.emit(ctx, "charge.succeeded", charge);
  state.emit(ctx, "payment_intent.succeeded", intent);
  return intent;
}

/** A failed attempt: the intent goes back to requires_payment_method, and the request answers 402. */
function fail(state: StandInState, ctx: RequestContext, intent: StripeObject, paymentMethod: StripeObject, failure: CardFailure, charged: boolean): never {
  const charge = charged ? createCharge(state, ctx, intent, paymentMethod, failure) : null;
  const error = cardErrorBody(failure, { ...(charge ? { charge: charge.id as string } : {}), payment_method: structuredClone(paymentMethod) });
  Object.assign(intent, { status: "requires_payment_method", payment_method: null, next_action: null, last_payment_error: error });
  if (charge) {
    intent.latest_charge = charge.id;
    state.emit(ctx, "charge.failed", charge);
  }
  state.emit(ctx, "payment_intent.payment_failed", intent);
  throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
}

/** 3-D Secure: a redirect to the stand-in's page when there is a return_url, Stripe.js's action otherwise. */
function requireAction(state: StandInState, ctx: RequestContext, intent: StripeObject, returnUrl: string | null): StripeObject {
  const url = `${ctx.baseUrl}/3ds/${intent.id}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ""}`;
  intent.status = "requires_action";
  intent.next_action = returnUrl
    ? { type: "redirect_to_url", redirect_to_url: { return_url: returnUrl, url } }
    : { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: url, source: newId("src") } };
  state.emit(ctx, "payment_intent.requires_action", intent);
  return intent;
}

/** The customer finished the 3-D Secure page: "Complete" pays, "Fail" leaves the intent to another payment method. */
export function finishAuthentication(state: StandInState, ctx: RequestContext, intent: StripeObject, outcome: "succeeded" | "failed"): void {
  if (intent.status !== "requires_action") return;
  const paymentMethod = state.find(ctx.account.id, intent.payment_method as string, "payment_method")!;
  if (outcome === "succeeded") {
    state.authenticated.add(paymentMethod.id as string);
    succeed(state, ctx, intent, paymentMethod);
    return;
  }
  Object.assign(intent, { status: "requires_payment_method", payment_method: null, next_action: null });
  intent.last_payment_error = { ...AUTHENTICATION_FAILURE, payment_method: structuredClone(paymentMethod) };
  state.emit(ctx, "payment_intent.payment_failed", intent);
}

/** POST /v1/payment_intents/:id/cancel. */
export function cancelPaymentIntent(state: StandInState, ctx: RequestContext, intent: StripeObject, params: Params): StripeObject {
  allowOnly(params, ["cancellation_reason"]);
  const reason = optionalEnum(params, "cancellation_reason", ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const) ?? null;
  const status = intent.status as string;
  if (!CANCELABLE_STATUSES.includes(status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(", ")}.`,
    );
  }
  Object.assign(intent, { status: "canceled", canceled_at: unixNow(), cancellation_reason: reason, next_action: null });
  state.emit(ctx, "payment_intent.canceled", intent);
  return intent;
}
