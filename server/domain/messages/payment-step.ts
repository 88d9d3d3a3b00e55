// The checkout's payment step and the return from 3-D Secure (issue 22): the shopper's texts around
// the provider's own form. The provider's words (a declined card...) come from the provider or the
// server as they are; these are ours. Loaded with the checkout screens only.
export const paymentStepMessages = {
  paymentTitle: "Payment", // ours
  /** The pay button: 'Pay $45.00'. */
  pay: (amount: string) => `Pay ${amount}`, // ours
  paying: "Paying…", // ours
  amountDue: "Amount due", // ours
  /** The details given, collapsed above the payment form. */
  detailsSummaryTitle: "Your details", // ours
  editDetails: "Edit details", // ours
  /** The stock held for this payment ran out (CheckoutPaymentRequired.holdExpiresAt passed). */
  holdExpired: "Your items are no longer held for this payment. Edit your details to check out again.", // ours
  /** When the hold ends, in the shopper's time: 'Your items are held until 14:05.' */
  heldUntil: (time: string) => `Your items are held until ${time}.`, // ours
  /** Stripe.js could not load (offline, or blocked). */
  providerUnavailable: "The payment form could not load. Check your connection and reload the page.", // ours
  /** The return page (/checkout/return) while the order is being made. */
  returnTitle: "Finishing your payment", // ours
  returnWorking: "Confirming your payment…", // ours
  returnMissing: "This page finishes a card payment, but no payment was given.", // ours
  backToCheckout: "Back to checkout", // ours
  /** The store is connected with test keys: no real money moves. */
  testPaymentsOnly: "Test payments only: pay with Stripe's test cards, such as 4242 4242 4242 4242. No real money is taken.", // ours
} as const;
