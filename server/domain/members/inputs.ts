// Sign-in's input rules (see domain/inputs.ts), shared by POST /api/site-users/account/session and the
// signIn mutation. An address or password no account can have fails as a wrong one does (one message
// for both, so nothing can be probed), without a lookup or a password hash.
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../forms/validate.ts";
import { refusal } from "../inputs.ts";
import { messages } from "../messages/storefront.ts";
import { checkoutMessages } from "../messages/checkout.ts";

/** bcrypt reads 72 bytes; anything far longer is not a password anyone set here. */
export const MAX_PASSWORD_LENGTH = 1024;

const text = (max: number) =>
  z.string({ error: checkoutMessages.invalidRequest }).refine((value) => value.length <= max, refusal(messages.signInFailed, "SIGN_IN_FAILED"));

export const signInEmailInput = text(EMAIL_MAX_LENGTH);
export const signInPasswordInput = text(MAX_PASSWORD_LENGTH);

/** The sign-in body: email, password and an optional rememberMe. */
export const signInInput = z.object(
  { email: signInEmailInput, password: signInPasswordInput, rememberMe: z.boolean({ error: checkoutMessages.invalidRequest }).nullish() },
  { error: checkoutMessages.invalidRequest },
);
