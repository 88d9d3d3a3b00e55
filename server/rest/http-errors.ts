// The one table from failure to HTTP status and body for the REST adapter.
import {
  CaptchaError,
  CheckoutError,
  ConflictError,
  ForbiddenError,
  FormKeyInvalidError,
  FormNotConfiguredError,
  NotSignedInError,
  SignInFailedError,
  SubmissionRateLimitedError,
  CouponError,
  CrumbFailedError,
  DomainError,
  FormInvalidError,
  IdempotencyKeyReusedError,
  InvalidInputError,
  InputTooLargeError,
  InvalidQuantityError,
  NotAllowedError,
  NotEnoughStockError,
  NotFoundError,
  RateLimitedError,
  StoreClosedError,
  VariantSelectionError,
} from "../domain/errors.ts";
import { ImageRefusedError, type ImageRefusal } from "../domain/catalog/product-images.ts";
import { DigitalFileRefusedError, type DigitalFileRefusal } from "../domain/downloads/digital-files.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { HttpError } from "../http/http-error.ts";
import { processLogger } from "../services/support/log.ts";

export interface HttpFailure {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const statusByError: [new (...args: never[]) => DomainError, number][] = [
  [NotFoundError, 404],
  [InvalidQuantityError, 400],
  [VariantSelectionError, 400],
  [InvalidInputError, 400],
  [InputTooLargeError, 413],
  [NotEnoughStockError, 409],
  [CouponError, 400],
  [CheckoutError, 400],
  [NotAllowedError, 409],
  [IdempotencyKeyReusedError, 422],
  [NotSignedInError, 401],
  [SignInFailedError, 401],
  [ForbiddenError, 403],
  [FormKeyInvalidError, 401],
  [FormNotConfiguredError, 404],
  [CaptchaError, 400],
  [ConflictError, 409],
  // A policy of the store, not a failure of the server: 503 would read as an outage (metrics, retries).
  [StoreClosedError, 403],
];

/** Image uploads: 415 not an image we take, 413 too big, 422 too many pixels or unreadable. */
const DIGITAL_FILE_REFUSAL_STATUS: Record<DigitalFileRefusal, number> = {
  EMPTY: 400,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  CONTENT_MISMATCH: 415,
  TOO_MANY_FILES: 409,
};

const IMAGE_REFUSAL_STATUS: Record<ImageRefusal, number> = {
  UNSUPPORTED_TYPE: 415,
  TOO_LARGE: 413,
  TOO_MANY_PIXELS: 422,
  UNREADABLE: 422,
  EMPTY: 400,
  TOO_MANY_IMAGES: 409,
};

/**
 * A route's own wording of failures the router produces: the form endpoints answer a crumb failure
 * with 401 'Unable to submit form. Please try again later.', the rate limit with the form's 429 text
 * and an unexpected failure with 'Unable to send form. Please try again later.' (spec §8).
 */
export interface FailureWording {
  crumbFailed?: { status: number; message: string };
  rateLimited?: string;
  unexpected?: string;
}

export function toHttpFailure(error: unknown, wording: FailureWording = {}): HttpFailure {
  if (error instanceof CrumbFailedError) {
    return wording.crumbFailed
      ? { status: wording.crumbFailed.status, body: { crumbFail: true, error: wording.crumbFailed.message } }
      : { status: 403, body: { crumbFail: true, error: error.message } };
  }
  if (error instanceof RateLimitedError || error instanceof SubmissionRateLimitedError) {
    const message = error instanceof SubmissionRateLimitedError ? error.message : (wording.rateLimited ?? error.message);
    return { status: 429, body: { error: message }, headers: { "Retry-After": String(error.retryAfterSeconds) } };
  }
  if (error instanceof FormInvalidError) {
    return {
      status: 400,
      body: { error: error.message, errors: Object.fromEntries(error.fieldErrors.map(({ fieldId, message }) => [fieldId, message])) },
    };
  }
  if (error instanceof DigitalFileRefusedError)
    return { status: DIGITAL_FILE_REFUSAL_STATUS[error.reason], body: { error: error.message, code: error.reason } };
  if (error instanceof ImageRefusedError) return { status: IMAGE_REFUSAL_STATUS[error.reason], body: { error: error.message, code: error.reason } };
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message } };
  if (error instanceof DomainError) {
    const status = statusByError.find(([errorClass]) => error instanceof errorClass)?.[1] ?? 400;
    return { status, body: { error: error.message, code: error.code } };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { error: checkoutMessages.databaseUnavailable } };
  processLogger().error({ err: error }, "Unexpected error in a REST handler");
  return { status: 500, body: { error: wording.unexpected ?? checkoutMessages.serverError } };
}
