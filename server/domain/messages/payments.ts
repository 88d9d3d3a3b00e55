// Texts of Store settings → Payments (issue 22): the refusals of the payment keys (server and screen
// share them) and the screen's own texts. Loaded only by that screen and by the payments service.
export const paymentMessages = {
  /** The provider's name, the connected card's heading. */
  providerName: "Stripe",
  publishableKeyPlaceholder: "pk_test_…",
  // Refusals of the keys (domain/payments/keys.ts)
  publishableKeyRequired: "Enter your publishable key.",
  publishableKeyInvalid: "This is not a publishable key: it starts with pk_test_ or pk_live_.",
  secretKeyRequired: "Enter your secret key.",
  secretKeyIsPublishable: "This is your publishable key: paste the secret key (sk_… or rk_…) here.",
  secretKeyInvalid: "This is not a secret key: it starts with sk_test_, sk_live_, rk_test_ or rk_live_.",
  webhookSecretInvalid: "This is not a webhook signing secret: it starts with whsec_.",
  modeMismatch: "The publishable and secret keys must both be test keys or both be live keys.",
  stripeUnreachable: "Sitecart could not reach Stripe to check your keys. Nothing was saved: please try again in a moment.",
  encryptionKeyMissing: "Payment keys cannot be saved on this server yet: its operator must set PAYMENTS_ENCRYPTION_KEY first. Nothing was saved.",
  // The screen
  notConnectedTitle: "Not connected",
  notConnectedBody: "Without a payment account the store runs in test mode: orders go through and no real payment is taken.",
  connectIntro:
    "Connect your Stripe account with its API keys (Stripe dashboard → Developers → API keys). Sitecart checks them with Stripe before saving them.",
  /** Shown while no webhook signing secret is saved. */
  webhookNotice:
    "Checkout takes payments through Stripe. So that paid orders arrive even when a shopper closes the tab, add a webhook endpoint in Stripe's dashboard (Developers → Webhooks) for the address below, sending the events below, then save its signing secret here.",
  webhookEndpoint: "Webhook endpoint",
  webhookEvents: "Events to send",
  publishableKey: "Publishable key",
  secretKey: "Secret key",
  secretKeyHint: "Stored encrypted and never shown again.",
  webhookSecret: "Webhook signing secret",
  webhookSecretHint: "From your webhook endpoint in Stripe (whsec_…). Recommended: paid orders then arrive at once, even when the shopper closes the tab.",
  connect: "Connect Stripe",
  connecting: "Checking with Stripe…",
  replaceKeys: "Replace keys",
  cancel: "Cancel",
  connected: "Stripe is connected.",
  testBadge: "TEST",
  liveBadge: "LIVE",
  modeLabel: (mode: "test" | "live") => (mode === "live" ? "Live keys: real payments" : "Test keys: no real payments"),
  accountId: "Account",
  country: "Country",
  currency: "Default currency",
  webhookSecretSet: "Set",
  webhookSecretNotSet: "Not set",
  connectedAt: "Connected",
  disconnect: "Disconnect",
  disconnectTitle: "Disconnect Stripe?",
  disconnectBody: "The keys are deleted from Sitecart and the store goes back to test mode. You can connect again at any time.",
  disconnected: "Stripe was disconnected: the store runs in test mode.",
};
