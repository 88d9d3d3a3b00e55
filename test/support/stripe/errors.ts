// Stripe's error answers: `{"error": {type, code, message, param, decline_code, doc_url, ...}}` with the
// HTTP status Stripe uses (400 invalid request, 401 authentication, 402 card error, 404 missing). The
// SDK picks its error class from the status and `type` (StripeCardError for 402, StripeIdempotencyError
// for type idempotency_error...). Messages the tests check are Stripe's wording; the others follow it as
// closely as the public examples show.
import type { StripeObject } from "./fixtures.ts";

export interface StripeErrorBody {
  type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  charge?: string;
  doc_url?: string;
  payment_intent?: StripeObject;
  setup_intent?: StripeObject;
  payment_method?: StripeObject;
  request_log_url?: string;
}

/** Thrown by a handler; the server answers `status` with `{ error: body }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;
}

export function invalidRequest(message: string, extra: Omit<StripeErrorBody, "type" | "message"> = {}, status = 400): StripeApiError {
  const withDoc = extra.code ? { doc_url: docUrl(extra.code), ...extra } : extra;
  return new StripeApiError(status, { type: "invalid_request_error", message, ...withDoc });
}

/** Stripe shows a key's first 8 characters and last 4, the rest as stars. */
export function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, Math.max(0, key.length - 4)).replace(/./g, "*")}${key.slice(-4)}`;
  return `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}`;
}

export const authErrors = {
  missing: () =>
    invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      {},
      401,
    ),
  invalid: (key: string) =>
    new StripeApiError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${maskKey(key)}`, code: "api_key_invalid" }),
  publishable: () =>
    invalidRequest(
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
      { code: "secret_key_required" },
      401,
    ),
};

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {},
    404,
  );
}

/** `No such payment_intent: 'pi_123'` (404, resource_missing). */
export function noSuch(objectName: string, id: string, param: string): StripeApiError {
  return invalidRequest(`No such ${objectName}: '${id}'`, { code: "resource_missing", param }, 404);
}

export const paramErrors = {
  unknown: (param: string) => invalidRequest(`Received unknown parameter: ${param}`, { code: "parameter_unknown", param }),
  missing: (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param }),
  integer: (param: string, value: unknown) => invalidRequest(`Invalid integer: ${String(value)}`, { code: "parameter_invalid_integer", param }),
  boolean: (param: string, value: unknown) => invalidRequest(`Invalid boolean: ${String(value)}`, { code: "parameter_invalid_string", param }),
  string: (param: string) => invalidRequest(`Invalid string: ${param} must be a string`, { code: "parameter_invalid_string", param }),
  oneOf: (param: string, values: readonly string[]) =>
    invalidRequest(`Invalid ${param}: must be one of ${values.slice(0, -1).join(", ")}, or ${values[values.length - 1]}`, { param }),
};

export function idempotencyParamsMismatch(key: string): StripeApiError {
  return new StripeApiError(400, {
    type: "idempotency_error",
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

export function idempotencyEndpointMismatch(key: string, first: string, now: string): StripeApiError {
  return new StripeApiError(400, {
    type: "idempotency_error",
    message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${now}' vs '${first}'). Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

/** A card error (402): what the SDK raises as StripeCardError, and what the intent keeps as last_payment_error. */
export interface CardFailure {
  code: string;
  decline_code?: string;
  message: string;
}

export const CARD_FAILURES = {
  declined: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficientFunds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  authenticationRequired: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
} satisfies Record<string, CardFailure>;

/** `last_payment_error` after a failed 3-D Secure authentication (the customer chose "Fail"). */
export const AUTHENTICATION_FAILURE: StripeErrorBody = {
  type: "invalid_request_error",
  code: "payment_intent_authentication_failure",
  doc_url: docUrl("payment_intent_authentication_failure"),
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

export function cardErrorBody(failure: CardFailure, extra: Pick<StripeErrorBody, "charge" | "payment_method">): StripeErrorBody {
  return { type: "card_error", doc_url: docUrl(failure.code), ...failure, ...extra };
}

export function unexpectedState(message: string): StripeApiError {
  return invalidRequest(message, { code: "payment_intent_unexpected_state" });
}
