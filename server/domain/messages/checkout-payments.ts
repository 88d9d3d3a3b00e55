// What the checkout says about its payment through the provider (issue 22), server side: the answers
// of completeCheckoutPayment and the email of a payment refunded because no order could be made.
export const checkoutPaymentMessages = {
  paymentNotFound: "That payment could not be found for this store.", // ours
  paymentProcessing: "Your payment is still being processed. We will email you as soon as it goes through; there is no need to pay again.", // ours
  paymentFailed: "Your payment did not go through. Nothing was charged: please try again or use another payment method.", // ours
  paymentRefunded: "Your payment was refunded and no order was placed.", // ours
  providerUnreachable: "The payment could not be started because the payment provider did not answer. Nothing was charged: please try again in a moment.", // ours
  notConnected: "This order was paid through Stripe, which is no longer connected: connect it again in Store settings → Payments to refund it.", // ours
  noWebhookSecret: "This store has no webhook signing secret: add it in Store settings → Payments.", // ours
  badSignature: "The webhook's signature does not match this store's signing secret.", // ours
  /** Why a paid payment was refunded instead of becoming an order. */
  refundReasons: {
    soldOut: "An item in your cart sold out while you were paying.",
    cartChanged: "Your cart changed while you were paying, so the amount paid no longer matched it.",
    giftCardChanged: "A gift card on your cart no longer had the balance it was to pay.",
    alreadyOrdered: "Your cart had already been ordered with another payment.",
  }, // ours
  refundEmailSubject: (storeName: string) => `Your payment to ${storeName} was refunded`, // ours
  refundEmailBody: (storeName: string, amount: string, reason: string) =>
    [
      `We could not place your order with ${storeName}, so your payment of ${amount} has been refunded in full.`,
      "",
      `Why: ${reason}`,
      "",
      "The refund goes back to the card or account you paid with; your bank may take 5 to 10 days to show it.",
      "Your cart is still there if you would like to try again.",
      "",
    ].join("\n"), // ours
};
