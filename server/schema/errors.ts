// Domain errors as GraphQL types. Each implements `interface Error { message code }`, so a client
// renders `... on Error { message }`; mutations list the ones they can produce.
import {
  CaptchaError,
  CheckoutError,
  ConflictError,
  FormKeyInvalidError,
  FormNotConfiguredError,
  SignInFailedError,
  SubmissionRateLimitedError,
  CouponError,
  GiftCardError,
  SubscriptionMoveError,
  DomainError,
  FormInvalidError,
  IdempotencyKeyReusedError,
  InvalidInputError,
  PaymentProviderUnavailableError,
  PaymentFailedError,
  PaymentPendingError,
  InvalidQuantityError,
  NotAllowedError,
  NotEnoughStockError,
  NotFoundError,
  RateLimitedError,
  StoreClosedError,
  VariantSelectionError,
} from "../domain/errors.ts";
import { builder } from "./builder.ts";

export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  description: "A failure the user can act on; `message` is ready to show.",
  fields: (t) => ({
    message: t.exposeString("message"),
    code: t.exposeString("code"),
  }),
});

export const FieldErrorRef = builder.objectRef<{ fieldId: string; message: string }>("FieldError").implement({
  fields: (t) => ({
    fieldId: t.exposeString("fieldId"),
    message: t.exposeString("message"),
  }),
});

type ErrorClass = abstract new (...args: never[]) => DomainError;

function errorType(errorClass: ErrorClass, name: string, description: string) {
  builder.objectType(errorClass as unknown as new () => DomainError, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof errorClass,
  });
}

errorType(NotFoundError, "NotFoundError", "The product, cart, entry or order does not exist.");
errorType(InvalidQuantityError, "InvalidQuantityError", "The quantity is not a whole number from 1 to 9999.");
errorType(VariantSelectionError, "VariantSelectionError", "Options left unselected, an unavailable variant, or no gift-card denomination.");
errorType(NotEnoughStockError, "NotEnoughStockError", "Not enough stock for the quantity already in the cart plus this one.");
errorType(CouponError, "CouponError", "The coupon code is unknown, expired, not applied, or its minimum is not met.");
errorType(GiftCardError, "GiftCardError", "The gift card code is unknown, empty, in another currency, not applied, or its balance changed at checkout.");
errorType(SubscriptionMoveError, "SubscriptionMoveError", "The subscription's state does not allow that change (domain/checkout/subscription-states.ts).");
errorType(CheckoutError, "CheckoutError", "The cart cannot be checked out yet (empty, under the minimum, no address or email).");
errorType(NotAllowedError, "NotAllowedError", "Not possible for this product or cart (e.g. the cart is already purchased).");
errorType(InvalidInputError, "InvalidInputError", "An argument is malformed.");
errorType(PaymentProviderUnavailableError, "PaymentProviderUnavailableError", "The payment provider (Stripe) could not be reached; nothing was changed.");
errorType(IdempotencyKeyReusedError, "IdempotencyKeyReusedError", "The idempotency key was already used for a different request.");
errorType(PaymentFailedError, "PaymentFailedError", "The payment did not go through (the provider's words). The cart is intact: pay again.");
errorType(PaymentPendingError, "PaymentPendingError", "The payment is still processing; the order is made and emailed once it succeeds.");
errorType(RateLimitedError, "RateLimitedError", "Too many changes in a short time; try again in a few seconds.");
errorType(SignInFailedError, "SignInFailedError", "The email or password is incorrect.");
errorType(FormNotConfiguredError, "FormNotConfiguredError", "The form does not exist ('This form has not been configured yet.').");
errorType(FormKeyInvalidError, "FormKeyInvalidError", "The submission key is missing, expired, already spent or another visitor's: get a new one.");
errorType(CaptchaError, "CaptchaError", "The captcha is required (CAPTCHA_REQUIRED) or did not verify (CAPTCHA_FAILED).");
errorType(SubmissionRateLimitedError, "SubmissionRateLimitedError", "Too many submissions from this address or for this email.");
errorType(StoreClosedError, "StoreClosedError", "The site's plan takes no orders now (expired, trial ended, past due beyond its grace).");
errorType(ConflictError, "ConflictError", "Another product, variant, form or category already uses that name, SKU or key.");

builder.objectType(FormInvalidError, {
  name: "FormInvalidError",
  description: "Some answers to a form are invalid; `fieldErrors` says which and why.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof FormInvalidError,
  fields: (t) => ({
    fieldErrors: t.field({ type: [FieldErrorRef], resolve: (error) => error.fieldErrors }),
  }),
});

/** The errors every cart write can produce. */
export const cartWriteErrors = [NotFoundError, NotAllowedError, InvalidInputError, IdempotencyKeyReusedError, RateLimitedError];
