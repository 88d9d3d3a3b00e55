// A checkout's payment through the provider (issue 22): its states and the rules that decide what a
// payment that came back from the provider makes. Pure: the services store and move the rows.
//
//   STARTING ──(provider made the intent)──▶ PENDING ──(succeeded, order made)──▶ PAID
//      │                                       │  ▲
//      │                                       ▼  │ (another card on the same intent)
//      │                                     FAILED
//      └──(the shopper started again)──▶ SUPERSEDED (from STARTING, PENDING or FAILED)
//   PENDING/FAILED/SUPERSEDED ──(paid but no order can be made)──▶ REFUNDING ──(provider refunded)──▶ REFUNDED

/** Where Stripe posts a site's webhooks (on the site's own host) and where it sends the shopper back. */
export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";
export const CHECKOUT_RETURN_PATH = "/checkout/return";

/** The events that move a checkout's payment. */
export const PAYMENT_INTENT_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.processing",
  "payment_intent.canceled",
] as const;

/** Refunds made in Stripe's dashboard (recorded on the order once) and disputes (the order marked, the owner told). */
export const REFUND_EVENTS = ["charge.refunded", "refund.created"] as const;
export const DISPUTE_EVENTS = ["charge.dispute.created"] as const;

/** The events the owner's Stripe webhook endpoint must send. */
export const STRIPE_WEBHOOK_EVENTS = [...PAYMENT_INTENT_EVENTS, ...REFUND_EVENTS, ...DISPUTE_EVENTS] as const;

export const CHECKOUT_PAYMENT_STATUSES = ["STARTING", "PENDING", "FAILED", "SUPERSEDED", "PAID", "REFUNDING", "REFUNDED"] as const;
export type CheckoutPaymentStatus = (typeof CHECKOUT_PAYMENT_STATUSES)[number];

/** States whose payment may still succeed at the provider: a success then makes the order (or a refund). */
export const OPEN_PAYMENT_STATUSES: readonly CheckoutPaymentStatus[] = ["STARTING", "PENDING", "FAILED"];

/** States a success is settled from: open ones, and a superseded payment the shopper paid anyway. */
export const SETTLEABLE_PAYMENT_STATUSES: readonly CheckoutPaymentStatus[] = [...OPEN_PAYMENT_STATUSES, "SUPERSEDED"];

/** The provider's view of one payment, as much as the rules need (Stripe's PaymentIntent fields). */
export interface ProviderPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  /** The provider's words for the last failure (Stripe's last_payment_error.message). */
  failureMessage: string | null;
  /** The customer and the payment method it was paid with (Stripe's ids): the card a subscription keeps. */
  customerId?: string | null;
  paymentMethodId?: string | null;
}

/** What a payment as the provider reports it means for the checkout. */
export type PaymentOutcome = "succeeded" | "processing" | "failed" | "open";

/** Stripe's PaymentIntent statuses, read as the checkout needs them. */
export function paymentOutcome(payment: Pick<ProviderPayment, "status" | "failureMessage">): PaymentOutcome {
  if (payment.status === "succeeded") return "succeeded";
  if (payment.status === "processing") return "processing";
  // A declined or unauthenticated attempt leaves the intent waiting for another payment method.
  if (payment.status === "canceled" || (payment.status === "requires_payment_method" && payment.failureMessage !== null)) return "failed";
  return "open";
}

/** The provider's currency code for ours (Stripe wants lower case ISO 4217). */
export const providerCurrency = (currency: string) => currency.toLowerCase();

/**
 * Whether what the provider took is what the order costs: the same amount in the same currency (both
 * in minor units, JPY having none, as the store and Stripe count them).
 */
export function paidInFull(payment: Pick<ProviderPayment, "amount" | "currency">, expected: { amount: number; currency: string }): boolean {
  return payment.amount === expected.amount && payment.currency.toLowerCase() === expected.currency.toLowerCase();
}

/** Idempotency keys of the provider calls: a retry of one call never makes a second intent or refund. */
export const providerIdempotencyKey = {
  createIntent: (paymentId: string) => `sitecart-checkout-payment-${paymentId}`,
  refund: (paymentId: string) => `sitecart-refund-${paymentId}`,
  /** The owner's refund of an order: one per order, amount refunded before it, and amount (a retry finds it again). */
  orderRefund: (orderId: string, refundedBefore: number, amount: number) => `sitecart-order-refund-${orderId}-${refundedBefore}-${amount}`,
  /** The member's Customer at the provider (one per member of a site, however many checkouts race). */
  customer: (websiteId: string, accountId: number) => `sitecart-customer-${websiteId}-${accountId}`,
  /**
   * A renewal's off-session charge: one per subscription, cycle and try. A crashed run tries again with
   * the same key and finds the same charge; the scheduled retry of a declined one must be a new
   * charge, which a key replaying the decline (Stripe keeps keys 24 h) would not be.
   */
  renewal: (subscriptionId: string, cycle: number, attempt: number) => `sitecart-renewal-${subscriptionId}-${cycle}-${attempt}`,
  /** The refund of a renewal charged for goods that had sold out. */
  renewalRefund: (paymentIntentId: string) => `sitecart-renewal-refund-${paymentIntentId}`,
};

/** A webhook event that failed is tried again after these delays (then left for the operator: lastError). */
export const PAYMENT_EVENT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 24 * 3600_000];

/** Whether an event tried `attempts` times, the last time `lastTriedAt`, is due again at `now`. */
export function paymentEventDue(attempts: number, lastTriedAt: Date, now: Date): boolean {
  if (attempts === 0) return true;
  const delay = PAYMENT_EVENT_RETRY_DELAYS_MS[attempts - 1];
  return delay !== undefined && now.getTime() - lastTriedAt.getTime() >= delay;
}

/**
 * An unpaid intent is given up (cancelled at the provider) this long after its hold expired: long
 * enough for a slow bank's authentication to come back, short enough that a forgotten tab cannot pay.
 */
export const ABANDONED_PAYMENT_AFTER_MS = 24 * 3600_000;

/** A payment still STARTING after this long was never handed to the shopper (the process died): dropped. */
export const STARTING_PAYMENT_GRACE_MS = 10 * 60_000;

/** A superseded intent is checked for a late success for this long after it was replaced. */
export const SUPERSEDED_PAYMENT_WATCH_MS = 3600_000;
