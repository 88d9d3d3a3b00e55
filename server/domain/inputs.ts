// Input rules as zod schemas, shared by the transports (GraphQL validates its inputs with them through
// @pothos/plugin-validation, REST its bodies) and by the services that re-check what REST passes on.
// A refusal is worded with the spec's message and names the typed error it answers, so an invalid
// quantity is an InvalidQuantityError on every edge, as it was when only the services checked it.
import { z } from "zod";
import { CheckoutError, CouponError, GiftCardError, DomainError, InvalidInputError, InvalidQuantityError, NotFoundError, SignInFailedError } from "./errors.ts";
import { checkoutMessages } from "./messages/checkout.ts";

/** The typed errors an input refusal can answer (the `code` of each DomainError). */
export type RefusalCode =
  | "INVALID_INPUT"
  | "INVALID_QUANTITY"
  | "COUPON_INVALID"
  | "GIFT_CARD_INVALID"
  | "NOT_FOUND"
  | "SIGN_IN_FAILED"
  | "CART_EMPTY"
  | "EMAIL_REQUIRED"
  | "EMAIL_INVALID";

/** A zod custom issue: `message`, answered as the typed error `code`. */
export const refusal = (message: string, code: RefusalCode = "INVALID_INPUT") => ({ code: "custom" as const, message, params: { refusal: code } });

/** The typed error an issue names (InvalidInputError when it names none). */
export function errorOfIssue(issue: { message: string; params?: unknown }): DomainError {
  const code = (issue.params as { refusal?: RefusalCode } | undefined)?.refusal ?? "INVALID_INPUT";
  switch (code) {
    case "INVALID_QUANTITY":
      return new InvalidQuantityError(issue.message);
    case "COUPON_INVALID":
      return new CouponError(issue.message);
    case "GIFT_CARD_INVALID":
      return new GiftCardError(issue.message);
    case "NOT_FOUND":
      return new NotFoundError(issue.message);
    case "SIGN_IN_FAILED":
      return new SignInFailedError();
    case "CART_EMPTY":
    case "EMAIL_REQUIRED":
    case "EMAIL_INVALID":
      return new CheckoutError(code, issue.message);
    case "INVALID_INPUT":
      return new InvalidInputError(issue.message);
  }
}

/** The typed error of the first issue: one problem at a time, as the services answer. */
export const errorOfIssues = (issues: readonly { message: string; params?: unknown }[]): DomainError =>
  issues.length ? errorOfIssue(issues[0]) : new InvalidInputError(checkoutMessages.invalidRequest);

/**
 * The value as `schema` parses it, or the typed error of its first problem. Problems the schema leaves
 * unworded read 'invalidRequest' (zod's own English never reaches a user).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value, { error: () => checkoutMessages.invalidRequest });
  if (!result.success) throw errorOfIssues(result.error.issues);
  return result.data;
}

/** `schema`, every refusal of it worded `message` and answered as `code`. */
export function refusedAs<T extends z.ZodType>(schema: T, message: string, code: RefusalCode = "INVALID_INPUT") {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue(refusal(message, code));
    return z.NEVER;
  });
}

/** Text of at most `max` characters (null and absent pass: "not given"). */
export const boundedText = (max: number, message: string = checkoutMessages.invalidRequest) => refusedAs(z.string().max(max), message);

/** A page of a connection: `first`/`last` at most `max` items. */
export const pageBounds = (max: number) => {
  const size = z
    .number()
    .nullish()
    .refine((value) => value == null || value <= max, refusal(checkoutMessages.pageTooLarge(max)));
  return z.looseObject({ first: size, last: size });
};

/** A connection that only pages forward (first/after): `last` and `before` are refused. */
export const forwardPagesOnly = z
  .looseObject({ last: z.unknown().optional(), before: z.unknown().optional() })
  .refine((args) => args.last == null && args.before == null, refusal(checkoutMessages.pageForwardOnly));
