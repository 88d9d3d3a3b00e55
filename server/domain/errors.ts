// Typed failures with stable codes. Pure domain functions return results; services throw these;
// transports map them (schema/errors.ts for GraphQL, rest/http-errors.ts for REST).
import { messages } from "./messages.ts";

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
    super(messages.formInvalid);
  }
}

export class CouponError extends DomainError {
  readonly code = "COUPON_INVALID";
}

export class CheckoutError extends DomainError {
  readonly code: "CART_EMPTY" | "MINIMUM_SUBTOTAL" | "SHIPPING_ADDRESS_REQUIRED" | "EMAIL_REQUIRED" | "EMAIL_INVALID";
  constructor(code: CheckoutError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/** The request is understood but not allowed for this product or cart (e.g. a purchased cart). */
export class NotAllowedError extends DomainError {
  readonly code = "NOT_ALLOWED";
}

export class InvalidInputError extends DomainError {
  readonly code = "INVALID_INPUT";
}

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = "IDEMPOTENCY_KEY_REUSED";
  constructor() {
    super(messages.idempotencyKeyReused);
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
