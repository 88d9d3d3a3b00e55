// Stripe's API keys as an owner pastes them (issue 22): which field holds what, and whether they are
// test or live keys. Pure: the admin's form shows the same refusals before asking the server.
// Prefixes: https://docs.stripe.com/keys (pk_ publishable, sk_ secret, rk_ restricted, whsec_ webhook).
import type { FieldError } from "../errors.ts";
import { paymentMessages } from "../messages/payments.ts";

export type PaymentMode = "test" | "live";

export interface PaymentKeysInput {
  publishableKey: string;
  secretKey: string;
  /** Empty or null: none (the webhooks of a later part need it). */
  webhookSecret?: string | null;
}

export interface PaymentKeys {
  mode: PaymentMode;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string | null;
}

// Stripe's keys are letters and digits after the prefix; 255 bounds what we store.
const PUBLISHABLE = /^pk_(test|live)_[A-Za-z0-9]{1,247}$/;
const SECRET = /^(?:sk|rk)_(test|live)_[A-Za-z0-9]{1,247}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]{1,249}$/;

/** The mode a publishable or secret key is for; null when it is neither. */
export function keyMode(key: string): PaymentMode | null {
  const match = PUBLISHABLE.exec(key) ?? SECRET.exec(key);
  return match ? (match[1] as PaymentMode) : null;
}

/** The keys trimmed and checked, with their mode; or the field errors (field ids as the input's names). */
export function parsePaymentKeys(input: PaymentKeysInput): { keys: PaymentKeys } | { fieldErrors: FieldError[] } {
  const publishableKey = input.publishableKey.trim();
  const secretKey = input.secretKey.trim();
  const webhookSecret = (input.webhookSecret ?? "").trim() || null;
  const fieldErrors: FieldError[] = [];
  const refuse = (fieldId: string, message: string) => fieldErrors.push({ fieldId, message });
  if (publishableKey === "") refuse("publishableKey", paymentMessages.publishableKeyRequired);
  else if (!PUBLISHABLE.test(publishableKey)) refuse("publishableKey", paymentMessages.publishableKeyInvalid);
  if (secretKey === "") refuse("secretKey", paymentMessages.secretKeyRequired);
  else if (PUBLISHABLE.test(secretKey)) refuse("secretKey", paymentMessages.secretKeyIsPublishable);
  else if (!SECRET.test(secretKey)) refuse("secretKey", paymentMessages.secretKeyInvalid);
  if (webhookSecret !== null && !WEBHOOK_SECRET.test(webhookSecret)) refuse("webhookSecret", paymentMessages.webhookSecretInvalid);
  if (fieldErrors.length > 0) return { fieldErrors };
  const mode = keyMode(secretKey) as PaymentMode;
  // Test keys take no real money and live keys do: a mix would show one mode and charge in the other.
  if (keyMode(publishableKey) !== mode) return { fieldErrors: [{ fieldId: "secretKey", message: paymentMessages.modeMismatch }] };
  return { keys: { mode, publishableKey, secretKey, webhookSecret } };
}
