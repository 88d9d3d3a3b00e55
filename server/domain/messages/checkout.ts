// The checkout's, gift cards' and subscriptions' own texts (address form labels and errors, shipping
// zones, billing, gift card codes, subscription moves; issues 12 and 14): a module of their own, loaded
// with the cart, checkout and account screens, so the product page's bundle does not carry them.
export const checkoutMessages = {
  addressLabels: {
    fullName: "Full name",
    company: "Company",
    line1: "Address",
    line2: "Apartment, suite, etc.",
    country: "Country",
    phone: "Phone",
  }, // ours
  /** The city field's label by the country's locality kind. */
  localityLabels: { city: "City", district: "District", post_town: "Town/City", suburb: "Suburb" } as Readonly<Record<string, string>>, // ours
  /** The region field's label by the country's region kind. */
  regionLabels: {
    area: "Area",
    county: "County",
    department: "Department",
    district: "District",
    do_si: "Province",
    emirate: "Emirate",
    island: "Island",
    oblast: "Oblast",
    parish: "Parish",
    prefecture: "Prefecture",
    province: "Province",
    state: "State",
  } as Readonly<Record<string, string>>, // ours
  /** The postal code field's label by the country's postal code kind. */
  postalCodeLabels: { postal: "Postal code", zip: "ZIP code", pin: "PIN code", eircode: "Eircode" } as Readonly<Record<string, string>>, // ours
  /** Beside the label of a field the shopper may leave empty. */
  optionalField: (label: string) => `${label} (optional)`, // ours
  /** '{label} is not valid. Example: {example}.' (the label is the country's: ZIP code, Postal code, PIN code...). */
  postalCodeInvalid: (label: string, example: string | null) => (example ? `${label} is not valid. Example: ${example}.` : `${label} is not valid.`), // ours
  regionNotUsed: "Addresses in this country have no region.", // ours
  phoneInvalid: "Please enter a valid phone number.", // ours
  /** A number typed without + is read in the address's country. */
  phoneInvalidFor: (country: string) => `Please enter a valid phone number for ${country}, or start it with + and the country code.`, // ours
  noShippingToAddress: "Sorry, we do not ship to this address. Please choose another address.", // ours
  shippingZoneInvalid: "Please name at least one country, or a country and its regions.", // ours
  shippingZoneNotFound: "That shipping zone could not be found.", // ours
  billingAddress: "Billing address", // ours
  billingSameAsShipping: "Billing address same as shipping", // ours
  saveAddress: "Save this address to my account", // ours
  savedAddresses: "Saved addresses", // ours
  newAddress: "A new address", // ours
  shippingMethod: "Shipping method", // ours
  chooseAddressForShipping: "Enter your address to see the shipping options.", // ours
  noAddressNeeded: "Nothing in this order is shipped: no address is needed.", // ours
  chooseRegion: "Choose…", // ours
  contactDetails: "Contact", // ours
  orderSummary: "Order summary", // ours
  shippedTo: "Shipping to", // ours
  billedTo: "Billing to", // ours
  orderStatusLink: "Order status page", // ours
  giftCardInvalid: "That gift card code is not valid.", // ours
  giftCardEmpty: "That gift card has no balance left.", // ours
  // Issue 24 §6: the owner disabled it (a lost or disputed card); the shopper is told to ask the store.
  giftCardDisabled: "That gift card has been disabled. Please contact the store.", // ours
  giftCardWrongCurrency: (currency: string) => `That gift card is in another currency; this cart is in ${currency}.`, // ours
  giftCardNotApplied: "That gift card is not applied to your cart.", // ours
  giftCardNothingToPay: "Gift cards cannot pay for gift cards or subscriptions.", // ours
  giftCardBalanceChanged: "A gift card's balance changed while you checked out. Review your cart and try again.", // ours
  giftCardCode: "Gift card code", // ours
  giftCardApply: "Apply", // ours
  // The button's accessible name: the cart has a coupon form's Apply beside it.
  giftCardApplyLabel: "Apply gift card", // ours
  giftCardRemove: (code: string) => `Remove gift card ${code}`, // ours
  giftCardsApplied: "Gift cards", // ours
  giftCardRecipientEmail: "Recipient email", // ours
  giftCardMessage: "Message (up to 80 characters)", // ours
  giftCardMessageTooLong: "Keep the message to 80 characters or fewer.", // ours
  giftCardRecipientInvalid: "Enter the recipient's email address.", // ours
  giftCardBuy: "Buy gift card", // ours
  giftCardsIssued: "Gift card codes (test mode)", // ours
  giftCardEmailSubject: (store: string) => `You have received a gift card from ${store}`, // ours
  giftCardEmailBody: (amount: string, code: string, message: string | null) =>
    `You have received a gift card worth ${amount}.\n\nYour code: ${code}${message ? `\n\n"${message}"` : ""}`, // ours
  subscriptionsTitle: "Subscriptions", // ours
  subscriptionNextBilling: (date: string) => `Next billing: ${date}`, // ours
  subscriptionStateActive: "Active", // ours
  subscriptionStatePaused: "Paused", // ours
  subscriptionStatePastDue: "Past due", // ours
  subscriptionPaymentFailed: (reason: string, retryOn: string | null) =>
    `The last payment failed: ${reason}${retryOn ? ` We will try again on ${retryOn}.` : ""}`, // ours
  subscriptionStateCancelled: "Cancelled", // ours
  subscriptionStateCompleted: "Completed", // ours
  subscriptionSkipNext: "Skip next", // ours
  subscriptionNextSkipped: "The next billing is skipped.", // ours
  subscriptionPause: "Pause", // ours
  subscriptionResume: "Resume", // ours
  subscriptionCancel: "Cancel subscription", // ours
  subscriptionNotFound: "That subscription could not be found.", // ours
  subscriptionBillingDateInPast: "The next billing date cannot be in the past.", // ours (issue 24 §6)
  subscriptionCancelQuestion: "Cancel this subscription? Nothing more will be billed.", // ours
  subscriptionKeep: "Keep it", // ours
  subscriptionMoveNotAllowed: (action: string, state: string) => `This subscription is ${state.toLowerCase().replace("_", " ")} and cannot ${action}.`, // ours
  // The cart's, coupons' and shipping's failures (ours) that the spec does not word
  productNotFound: "That product could not be found.",
  entryNotFound: "That item is no longer in your shopping cart.",
  cartNotFound: "Your shopping cart could not be found.",
  cartAlreadyPurchased: "This cart has already been checked out.",
  couponInvalid: "That coupon code is not valid.",
  couponNotApplied: "That coupon code is not applied to your cart.",
  couponMinimumNotMet: (minimum: string) => `That coupon needs an order subtotal of ${minimum} or more.`,
  shippingOptionNotFound: "That shipping option is not available.",
  shippingAddressRequired: "Please enter a shipping address.",
  emailRequiredForCheckout: "Please enter an email address for your order confirmation.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request.",
  idempotencyKeyInvalid: "Idempotency-Key must be 1 to 255 visible characters.",
  notPurchasable: "This product cannot be added to the cart.",
  subscriptionNeedsCheckout: "Subscription products are purchased through a subscription checkout.",
  serverError: "Something went wrong on our side. Please try again.", // ours
  payLaterModalUnavailable: "The pay-later provider's terms are not available.", // ours
  payLaterModalLocale: "locale must be a pay-later locale such as en_US or fr_CA.", // ours
  databaseUnavailable: "The store is temporarily unavailable. Please try again in a moment.", // ours
  itemIdRequired: "itemId is required.", // ours
  bodyNotJson: "The request body is not valid JSON.", // ours
  bodyTooLarge: "The request body is too large.", // ours
  tooManyNames: (limit: number) => `The request has more than ${limit} names in its query string or form.`, // ours (platform-support §9 parse limit)
  tokenLimitExceeded: (limit: number) => `Syntax Error: Token limit of ${limit} exceeded.`, // ours (graphql-armor's wording; comments count)
  tooManyIds: (limit: number) => `Ask for at most ${limit} ids at once.`, // ours
  crossSiteRefused: "Requests from other sites are not accepted here.", // ours
  routeNotFound: "Not found.", // ours
  pageTooLarge: (max: number) => `A page holds at most ${max} items.`, // ours
  pageForwardOnly: "Page forward with first and after.", // ours
  localeInvalid: "That is not a locale (try en-US or de-DE).", // ours
  notSubscribable: "This product is not sold as a subscription.", // ours
  methodNotAllowed: "Method not allowed.", // ours
  invalidRequest: "The request is not valid.", // ours
  // Abandoned checkout recovery (issue 24 part 4), ours
  marketingConsent: "Email me news and offers, and a reminder if I leave my cart",
  cartRecoveryNotFoundTitle: "This link does not work",
  cartRecoveryNotFoundBody: "This cart link is not valid or its cart has already been ordered.",
  cartRecoveryBackToStore: "Continue shopping",
  reminderUnsubscribeTitle: "Stop cart reminders",
  reminderUnsubscribeAsk: (email: string) => `Stop sending cart reminders to ${email}?`,
  reminderUnsubscribeButton: "Unsubscribe",
  reminderUnsubscribed: (email: string) => `${email} will get no more cart reminders.`,
} as const;
