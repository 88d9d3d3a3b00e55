// What a subscription renewal charged through the provider says (issue 22): the member's emails when
// its charge fails and when it is cancelled, the owner's, and the failures that are not the provider's.
export const renewalMessages = {
  noSavedCard: "No card is saved for this subscription.", // ours
  productUnavailable: "The subscribed product is no longer available.", // ours
  soldOut: "The subscribed product was sold out, so the payment was refunded.", // ours
  notCompleted: "The payment was not completed.", // ours
  failedEmailSubject: (store: string) => `Your ${store} subscription payment did not go through`, // ours
  failedEmailBody: (p: { store: string; product: string; amount: string; reason: string; retryOn: string; link: string }) =>
    [
      `We could not charge ${p.amount} for your ${p.product} subscription with ${p.store}.`,
      "",
      `Why: ${p.reason}`,
      "",
      `We will try again on ${p.retryOn}. To keep your subscription, update your card before then:`,
      p.link,
      "",
    ].join("\n"), // ours
  cancelledEmailSubject: (store: string) => `Your ${store} subscription was cancelled`, // ours
  cancelledEmailBody: (p: { store: string; product: string; reason: string; link: string }) =>
    [
      `We tried several times to charge your card for your ${p.product} subscription with ${p.store}, without success, so it has been cancelled. Nothing more will be charged.`,
      "",
      `Why: ${p.reason}`,
      "",
      "To subscribe again, visit the store:",
      p.link,
      "",
    ].join("\n"), // ours
  ownerCancelledEmailSubject: (product: string) => `A ${product} subscription was cancelled: its payments failed`, // ours
  ownerCancelledEmailBody: (p: { member: string; product: string; reason: string; link: string }) =>
    [
      `The ${p.product} subscription of ${p.member} was cancelled after its renewal payment failed on every retry.`,
      "",
      `Last failure: ${p.reason}`,
      "",
      p.link,
      "",
    ].join("\n"), // ours
};

/** The member's "update your card" page (issue 22): a SetupIntent with the Payment Element. */
export const subscriptionCardMessages = {
  pageTitle: "Update your card", // ours
  intro: (product: string) => `The card you save here pays your ${product} subscription from now on.`, // ours
  save: "Save card", // ours
  saving: "Saving…", // ours
  saved: "Your new card is saved.", // ours
  paidNow: "Your new card is saved and the payment that failed has gone through: your subscription is active again.", // ours
  stillFailing: (reason: string) => `Your new card is saved, but the payment that failed did not go through: ${reason}`, // ours
  ended: "This subscription has ended: there is no card to update.", // ours
  notConnected: "This store does not take card payments, so there is no card to update.", // ours
  notSaved: "The card could not be saved. Please try again.", // ours
  signIn: "Sign in to update the card of your subscription.", // ours
  backToAccount: "Back to your account", // ours
  updateCard: "Update card", // ours
};
