// The test payment methods the stand-in knows, named like Stripe's documented test PaymentMethods
// (`pm_card_visa`, `pm_card_chargeDeclined`...): passing one as `payment_method` makes a new PaymentMethod
// (`pm_...`) with that card, which behaves as the card does in Stripe's test mode when confirmed.
import { fixture, newId, unixNow, type StripeObject } from "./fixtures.ts";
import { CARD_FAILURES, type CardFailure } from "./errors.ts";

/**
 * What confirming a payment with the card does:
 * - `succeed`: the payment succeeds;
 * - `decline`: the charge fails with the card error (402);
 * - `authenticate`: 3-D Secure on every payment; off-session it fails with authentication_required;
 * - `authenticateOnce`: 3-D Secure on session, then off-session payments on the saved card succeed.
 */
export type CardBehaviour = { kind: "succeed" } | { kind: "decline"; failure: CardFailure } | { kind: "authenticate" } | { kind: "authenticateOnce" };

export interface TestCard {
  brand: string;
  last4: string;
  country: string;
  funding: "credit" | "debit";
  behaviour: CardBehaviour;
}

const visa = { brand: "visa", country: "US", funding: "credit" } as const;

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { ...visa, last4: "4242", behaviour: { kind: "succeed" } },
  pm_card_visa_debit: { ...visa, last4: "5556", funding: "debit", behaviour: { kind: "succeed" } },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", country: "US", funding: "credit", behaviour: { kind: "succeed" } },
  pm_card_amex: { brand: "amex", last4: "0005", country: "US", funding: "credit", behaviour: { kind: "succeed" } },
  pm_card_chargeDeclined: { ...visa, last4: "0002", behaviour: { kind: "decline", failure: CARD_FAILURES.declined } },
  pm_card_visa_chargeDeclined: { ...visa, last4: "0002", behaviour: { kind: "decline", failure: CARD_FAILURES.declined } },
  pm_card_chargeDeclinedInsufficientFunds: { ...visa, last4: "9995", behaviour: { kind: "decline", failure: CARD_FAILURES.insufficientFunds } },
  pm_card_visa_chargeDeclinedInsufficientFunds: { ...visa, last4: "9995", behaviour: { kind: "decline", failure: CARD_FAILURES.insufficientFunds } },
  pm_card_authenticationRequired: { ...visa, last4: "3184", behaviour: { kind: "authenticate" } },
  pm_card_threeDSecure2Required: { ...visa, last4: "3220", behaviour: { kind: "authenticate" } },
  pm_card_authenticationRequiredOnSetup: { ...visa, last4: "3155", behaviour: { kind: "authenticateOnce" } },
};

/** A stored PaymentMethod: Stripe's object, and the card's behaviour that the stand-in keeps beside it. */
export interface StoredPaymentMethod {
  object: StripeObject;
  behaviour: CardBehaviour;
}

/** A new PaymentMethod object (`pm_...`) for a test card. */
export function paymentMethodFor(card: TestCard): StoredPaymentMethod {
  const object = fixture("payment_method");
  const expYear = new Date().getUTCFullYear() + 3;
  Object.assign(object, {
    id: newId("pm"),
    created: unixNow(),
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
    allow_redisplay: "unspecified",
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
  });
  Object.assign(object.card, {
    brand: card.brand,
    display_brand: card.brand,
    last4: card.last4,
    country: card.country,
    funding: card.funding,
    exp_month: 12,
    exp_year: expYear,
    fingerprint: `fp${card.brand}${card.last4}`,
    networks: { available: [card.brand], preferred: null },
    wallet: null,
    generated_from: null,
  });
  return { object, behaviour: card.behaviour };
}

/** The card details a charge shows (`payment_method_details.card`), from its PaymentMethod. */
export function chargeCardDetails(paymentMethod: StripeObject, amount: number): StripeObject {
  const charge = fixture("charge");
  const card = paymentMethod.card as StripeObject;
  return {
    ...charge.payment_method_details.card,
    amount_authorized: amount,
    brand: card.brand,
    last4: card.last4,
    country: card.country,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    fingerprint: card.fingerprint,
    funding: card.funding,
    network: card.brand,
    wallet: null,
    overcapture: { maximum_amount_capturable: amount, status: "unavailable" },
  };
}
