// Checkout's input rules (see domain/inputs.ts): the confirmation email and the cart token, refused
// as the checkout service refuses them (CheckoutError EMAIL_REQUIRED / EMAIL_INVALID / CART_EMPTY).
import { z } from "zod";
import { isValidEmail } from "./forms/validate.ts";
import { refusal, refusedAs } from "./inputs.ts";
import { messages } from "./messages/storefront.ts";
import { checkoutMessages } from "./messages/checkout.ts";

/** The order confirmation's email, trimmed: required, and a valid address. */
export const checkoutEmailInput = z.string().transform((value, ctx) => {
  const email = value.trim();
  if (!email) ctx.addIssue(refusal(checkoutMessages.emailRequiredForCheckout, "EMAIL_REQUIRED"));
  else if (!isValidEmail(email)) ctx.addIssue(refusal(messages.emailAddressInvalid, "EMAIL_INVALID"));
  return email;
});

/** A cart's token (base64url secrets); text that cannot be one names no cart, so nothing to check out. */
export const cartTokenInput = refusedAs(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), messages.cartEmpty, "CART_EMPTY");
