// Typed failures with stable codes. Pure domain functions return results; services throw these;
// transports map them (schema/errors.ts for GraphQL, rest/http-errors.ts for REST).
import { messages } from "./messages/storefront.ts";
import { ownerMessages } from "./messages/owner.ts";
import { formMessages } from "./messages/forms.ts";
import { checkoutMessages } from "./messages/checkout.ts";
import { siteMessages } from "./messages/sites.ts";

export abstract class DomainError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly code = "NOT_FOUND";
}

export class InvalidQuantityError extends DomainError {
  readonly code = "INVALID_QUANTITY";
}

/** Options left unselected, no matching variant, or a gift card without a denomination. */
export class VariantSelectionError extends DomainError {
  readonly code: "OPTIONS_NOT_SELECTED" | "VARIANT_UNAVAILABLE" | "DENOMINATION_REQUIRED";
  constructor(code: VariantSelectionError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

export class NotEnoughStockError extends DomainError {
  readonly code = "NOT_ENOUGH_STOCK";
  constructor() {
    super(messages.notEnoughStock);
  }
}

export interface FieldError {
  fieldId: string;
  message: string;
}

export class FormInvalidError extends DomainError {
  readonly code = "FORM_INVALID";
  constructor(readonly fieldErrors: FieldError[]) {
    super(formMessages.formInvalid);
  }
}

export class CouponError extends DomainError {
  readonly code = "COUPON_INVALID";
}

/** A gift card code that names no usable card, is not applied, or a balance that changed (issue 12). */
export class GiftCardError extends DomainError {
  readonly code = "GIFT_CARD_INVALID";
}

/** A subscription move its state does not allow (domain/checkout/subscription-states.ts). */
export class SubscriptionMoveError extends DomainError {
  readonly code = "SUBSCRIPTION_MOVE_NOT_ALLOWED";
}

export class CheckoutError extends DomainError {
  readonly code: "CART_EMPTY" | "MINIMUM_SUBTOTAL" | "SHIPPING_ADDRESS_REQUIRED" | "NO_SHIPPING_OPTION" | "EMAIL_REQUIRED" | "EMAIL_INVALID";
  constructor(code: CheckoutError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/** The request is understood but not allowed for this product or cart (e.g. a purchased cart). */
export class NotAllowedError extends DomainError {
  readonly code = "NOT_ALLOWED";
}

/** The payment provider could not be reached (network, timeout, its outage): nothing was changed. */
export class PaymentProviderUnavailableError extends DomainError {
  readonly code = "PAYMENT_PROVIDER_UNAVAILABLE";
}

/** The provider declined or could not authenticate the payment: its words; the cart is intact (issue 22). */
export class PaymentFailedError extends DomainError {
  readonly code = "PAYMENT_FAILED";
}

/** The payment is still processing at the provider: the order follows when it succeeds (issue 22). */
export class PaymentPendingError extends DomainError {
  readonly code = "PAYMENT_PENDING";
}

export class InvalidInputError extends DomainError {
  readonly code = "INVALID_INPUT";
}

/** An input past one of its bounds (sizes, counts, nesting, the 1000-name parse limit). */
export class InputTooLargeError extends DomainError {
  readonly code = "TOO_LARGE";
}

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = "IDEMPOTENCY_KEY_REUSED";
  constructor() {
    super(checkoutMessages.idempotencyKeyReused);
  }
}

export class CrumbFailedError extends DomainError {
  readonly code = "CRUMB_FAILED";
  constructor() {
    super(messages.crumbFailed);
  }
}

export class RateLimitedError extends DomainError {
  readonly code = "RATE_LIMITED";
  constructor(readonly retryAfterSeconds: number) {
    super(messages.rateLimited);
  }
}

/** The caller is not signed in (or their session ended) and the operation needs a signed-in caller. */
export class NotSignedInError extends DomainError {
  readonly code = "UNAUTHENTICATED";
  constructor() {
    super(messages.signInRequired);
  }
}

/** The caller is signed in but their role does not hold the permission the operation needs. */
export class ForbiddenError extends DomainError {
  readonly code = "FORBIDDEN";
  constructor() {
    super(messages.forbidden);
  }
}

/** The site's plan takes no orders now (expired, trial ended, past due beyond its grace): domain/site/site-status.ts, issue 21. */
export class StoreClosedError extends DomainError {
  readonly code = "STORE_CLOSED";
  constructor() {
    super(siteMessages.checkoutClosed);
  }
}

/** Unknown email or wrong password (one message for both, so addresses cannot be probed). */
export class SignInFailedError extends DomainError {
  readonly code = "SIGN_IN_FAILED";
  constructor() {
    super(messages.signInFailed);
  }
}

/** The form submission key is missing, unknown, expired, spent or another visitor's (HTTP 401). */
export class FormKeyInvalidError extends DomainError {
  readonly code = "FORM_KEY_INVALID";
  constructor() {
    super(formMessages.formUnauthorized);
  }
}

/** The form does not exist (HTTP 404 'This form has not been configured yet.'). */
export class FormNotConfiguredError extends DomainError {
  readonly code = "FORM_NOT_CONFIGURED";
  constructor() {
    super(formMessages.formNotConfigured);
  }
}

/** A captcha is needed and missing (CAPTCHA_REQUIRED) or did not verify (CAPTCHA_FAILED). */
export class CaptchaError extends DomainError {
  readonly code: "CAPTCHA_REQUIRED" | "CAPTCHA_FAILED";
  constructor(code: CaptchaError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/** Too many form submissions from one address or for one email (HTTP 429, the form's message). */
export class SubmissionRateLimitedError extends DomainError {
  readonly code = "SUBMISSION_RATE_LIMITED";
  constructor(readonly retryAfterSeconds: number) {
    super(formMessages.formRateLimited);
  }
}

/** The thing would clash with an existing one (a slug, SKU, form key or root category). */
export class ConflictError extends DomainError {
  readonly code = "CONFLICT";
}

/**
 * A stock edit made against a stock that has changed since it was read (checkouts sold units, or
 * another owner saved): nothing was written; the current stock comes back to show.
 */
export class StockChangedError extends DomainError {
  readonly code = "STOCK_CHANGED";
  constructor(
    readonly currentQtyInStock: number,
    readonly currentUnlimited: boolean,
  ) {
    super(ownerMessages.stockChanged(currentUnlimited ? null : currentQtyInStock));
  }
}
