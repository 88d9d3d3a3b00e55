// The money of one order paid through Stripe as its owner sees it (issue 22): what was captured, what
// went back, Stripe's fee and what the store keeps, and where the payment is in Stripe's dashboard.
// Pure: the service reads Stripe's charge, these rules say what its numbers mean.
import type { PaymentMode } from "./keys.ts";

export interface OrderMoney {
  /** Minor units, in `currency` (Stripe's lower-case code upper-cased). */
  captured: number;
  refunded: number;
  /** Stripe's processing fee; null when Stripe has not reported one (no balance transaction yet). */
  fee: number | null;
  /** What the store keeps: captured − refunded − fee (Stripe keeps its fee on a refund). */
  net: number;
  currency: string;
}

/** The order's money from the charge's captured and refunded amounts and its fee, if reported. */
export function orderMoneyOf(charge: { captured: number; refunded: number; fee: number | null; currency: string }): OrderMoney {
  return { ...charge, currency: charge.currency.toUpperCase(), net: charge.captured - charge.refunded - (charge.fee ?? 0) };
}

/** The payment's page in Stripe's dashboard: test-mode payments live under /test. */
export function stripeDashboardPaymentUrl(mode: PaymentMode, paymentIntentId: string): string {
  return `https://dashboard.stripe.com${mode === "test" ? "/test" : ""}/payments/${encodeURIComponent(paymentIntentId)}`;
}
