// Charges (what a confirmed PaymentIntent makes: `ch_...`, succeeded with a balance transaction and its
// fee, or failed with the card's decline), refunds against them, and disputes opened on them.
import { fixture, newId, unixNow, type StripeObject } from "./fixtures.ts";
import { invalidRequest, type CardFailure } from "./errors.ts";
import { formatAmount, ZERO_DECIMAL_CURRENCIES } from "./currencies.ts";
import { allowOnly, mergeMetadata, optionalEnum, optionalInteger, optionalString, type Params } from "./form.ts";
import { chargeCardDetails } from "./test-cards.ts";
import type { RequestContext, StandInState } from "./state.ts";

/** Stripe's card fee in the US: 2.9% + 30¢ (a stand-in's figure: the fee is not what the tests are about). */
export function cardFee(amount: number, currency: string): number {
  return Math.round(amount * 0.029) + (ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 30);
}

function balanceTransaction(state: StandInState, ctx: RequestContext, source: string, amount: number, currency: string, type: "charge" | "refund"): string {
  const txn = fixture("balance_transaction");
  const fee = type === "charge" ? cardFee(amount, currency) : 0;
  const now = unixNow();
  Object.assign(txn, {
    id: newId("txn"),
    amount,
    available_on: now + 2 * 86_400,
    created: now,
    currency,
    description: null,
    fee,
    fee_details: fee > 0 ? [{ amount: fee, application: null, currency, description: "Stripe processing fees", type: "stripe_fee" }] : [],
    net: amount - fee,
    reporting_category: type,
    source,
    status: "pending",
    type,
  });
  return state.put(ctx.account.id, txn).id as string;
}

const APPROVED = { network_status: "approved_by_network", reason: null, risk_level: "normal", seller_message: "Payment complete.", type: "authorized" };

/** The charge of a payment attempt: succeeded, or failed with `failure` (the card's decline). */
export function createCharge(state: StandInState, ctx: RequestContext, intent: StripeObject, paymentMethod: StripeObject, failure?: CardFailure): StripeObject {
  const charge = fixture("charge");
  const id = newId("ch");
  const amount = intent.amount as number;
  const declined = {
    network_status: "declined_by_network",
    reason: failure?.decline_code ?? null,
    risk_level: "normal",
    seller_message: "The bank did not return any further details with this decline.",
    type: "issuer_declined",
  };
  Object.assign(charge, {
    id,
    amount,
    amount_captured: failure ? 0 : amount,
    amount_refunded: 0,
    application_fee: null,
    balance_transaction: failure ? null : balanceTransaction(state, ctx, id, amount, intent.currency as string, "charge"),
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: "SITECART",
    captured: !failure,
    created: unixNow(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...(intent.metadata as Record<string, string>) },
    outcome: { ...charge.outcome, ...(failure ? declined : APPROVED) },
    paid: !failure,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: { card: chargeCardDetails(paymentMethod, amount), type: "card" },
    receipt_email: intent.receipt_email,
    receipt_url: null,
    refunded: false,
    refunds: { object: "list", data: [], has_more: false, total_count: 0, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: intent.shipping,
    source: null,
    status: failure ? "failed" : "succeeded",
    transfer_data: null,
  });
  return state.put(ctx.account.id, charge);
}

const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** The succeeded charge a refund is for: named directly, or an intent's latest charge. */
function refundedCharge(state: StandInState, ctx: RequestContext, params: Params): StripeObject {
  const chargeId = optionalString(params, "charge");
  const intentId = optionalString(params, "payment_intent");
  if (chargeId && intentId) throw invalidRequest("You may only specify one of these parameters: charge, payment_intent.", { param: "payment_intent" });
  if (chargeId) return state.require(ctx, chargeId, "charge", "charge", "charge");
  if (!intentId)
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", { code: "parameter_missing" });
  const intent = state.require(ctx, intentId, "payment_intent", "payment_intent", "payment_intent");
  const charge =
    intent.status === "succeeded" && typeof intent.latest_charge === "string" ? state.find(ctx.account.id, intent.latest_charge, "charge") : undefined;
  if (!charge) throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: "payment_intent" });
  return charge;
}

/** POST /v1/refunds: all or part of what is left of the charge; raises charge.refunded and refund.created. */
export function createRefund(state: StandInState, ctx: RequestContext, params: Params): StripeObject {
  allowOnly(params, ["payment_intent", "charge", "amount", "reason", "metadata", "instructions_email"]);
  const charge = refundedCharge(state, ctx, params);
  const currency = charge.currency as string;
  const remaining = (charge.amount as number) - (charge.amount_refunded as number);
  const amount = optionalInteger(params, "amount") ?? remaining;
  const reason = optionalEnum(params, "reason", REFUND_REASONS) ?? null;
  if (charge.status !== "succeeded") throw invalidRequest(`Charge ${charge.id} has not succeeded; it cannot be refunded.`, { param: "charge" });
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: "charge_disputed" });
  if (remaining === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  if (amount <= 0) throw invalidRequest("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, currency)})`,
      {
        code: "amount_too_large",
        param: "amount",
      },
    );
  }
  const refund = fixture("refund");
  const id = newId("re");
  Object.assign(refund, {
    id,
    amount,
    balance_transaction: balanceTransaction(state, ctx, id, -amount, currency, "refund"),
    charge: charge.id,
    created: unixNow(),
    currency,
    metadata: mergeMetadata({}, params),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    status: "succeeded",
  });
  state.put(ctx.account.id, refund);
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.refunds.data.unshift(structuredClone(refund));
  charge.refunds.total_count = charge.refunds.data.length;
  state.emit(ctx, "refund.created", refund);
  state.emit(ctx, "charge.refunded", charge);
  return refund;
}

export type DisputeReason = "fraudulent" | "product_not_received" | "product_unacceptable" | "duplicate" | "general" | "subscription_canceled" | "unrecognized";

/** A dispute on a charge (the customer's bank contests it): charge.disputed, and charge.dispute.created. */
export function createDispute(state: StandInState, ctx: RequestContext, charge: StripeObject, reason: DisputeReason, amount?: number): StripeObject {
  const dispute = fixture("dispute");
  const now = unixNow();
  Object.assign(dispute, {
    id: newId("dp"),
    amount: amount ?? (charge.amount as number) - (charge.amount_refunded as number),
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    evidence_details: { ...dispute.evidence_details, due_by: now + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    payment_method_details: { card: { brand: charge.payment_method_details.card.brand, case_type: "chargeback", network_reason_code: null }, type: "card" },
    reason,
    status: "needs_response",
  });
  state.put(ctx.account.id, dispute);
  charge.disputed = true;
  state.emit(ctx, "charge.dispute.created", dispute);
  return dispute;
}
