// Every user-facing string of the spec, word for word (storefront-and-commerce.md §4, §5, §8), plus the
// few that the spec leaves to us (marked "ours", recorded in docs/decisions.md). Nothing else in the
// code base spells these texts; the client imports them too, so client and server cannot drift.

/** 'Please select the {option} option.' and its two- and many-option forms (spec §5 Variant selection). */
export function selectOptions(optionNames: readonly string[]): string {
  if (optionNames.length === 0) return "";
  if (optionNames.length === 1) return `Please select the ${optionNames[0]} option.`;
  if (optionNames.length === 2) return `Please select the ${optionNames[0]} and ${optionNames[1]} options.`;
  const last = optionNames[optionNames.length - 1];
  return `Please select the ${optionNames.slice(0, -1).join(", ")} and ${last} options.`;
}

/** The {email} of the email-format message (ours: the spec leaves the example open). */
export const EMAIL_FORMAT_EXAMPLE = "user@domain.com";

export const messages = {
  // §5 Variant selection
  variantUnavailable: "Sorry, that item variant is unavailable. Please select another variant.",
  notEnoughStock: "Sorry, we do not have enough of that item available.",
  // §5 Quantity
  quantityNotANumber: "Quantity must be a number.",
  quantityNotWhole: "Quantity must be a whole number",
  quantityOutOfRange: "Quantity must be between 1 and 9999.", // ours
  // §5 Gift card
  selectDenomination: "Select a denomination for the Gift Card",
  // §5 Subscriptions
  subscriptionUnavailable: "Unavailable",
  subscriptionNotAllowed: "Subscriptions can be offered only for physical or service products.", // ours
  // §5 Forms
  required: "Required",
  characterLimitExceeded: "You have exceeded the character limit.",
  formInvalid: "One or more fields is invalid, please check your entries.",
  /** 'Email is not valid. Email addresses should follow the format {email}.' */
  emailNotValid: (example: string = EMAIL_FORMAT_EXAMPLE) => `Email is not valid. Email addresses should follow the format ${example}.`,
  // §8 Add to cart failure
  crumbFailed: "Your session has expired. Please reload the page and try again.",
  cookiesDisabled: "Please enable cookies in your browser, reload the page, and try again.",
  rateLimited: "Please try again in a few seconds.",
  alertUnableToAddItem: "Unable to Add Item",
  alertUnableToPurchaseItem: "Unable to Purchase Item",
  alertUnableToPurchaseGiftCard: "Unable to purchase Gift Card",
  // §4 Add-to-cart button
  adding: "Adding…",
  added: "Added!",
  // §8 Cart UI
  unableToUpdateQuantity: "Unable to update quantity",
  unableToRemoveItem: "Unable to remove item",
  unableToOpenForm: "Unable to open form",
  unableToUpdateForm: "Unable to update form",
  checkInternetConnection: "Please check your internet connection.",
  pleaseTryAgain: "Please try again.",
  cartEmpty: "You have nothing in your shopping cart.",
  // ours: cart, coupon, shipping and checkout failures the spec does not word
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
  emailInvalidForCheckout: "Please enter a valid email address.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request.",
  idempotencyKeyInvalid: "Idempotency-Key must be 1 to 255 visible characters.",
  notPurchasable: "This product cannot be added to the cart.",
  invalidAdditionalFields: "Could not parse the form fields, please check your entries.",
  entryQuantityLimit: "Quantity must be between 1 and 9999.",
  subscriptionNeedsCheckout: "Subscription products are purchased through a subscription checkout.",
  serverError: "Something went wrong on our side. Please try again.", // ours
  databaseUnavailable: "The store is temporarily unavailable. Please try again in a moment.", // ours
  itemIdRequired: "itemId is required.", // ours
  bodyNotJson: "The request body is not valid JSON.", // ours
  bodyTooLarge: "The request body is too large.", // ours
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
  // §8 Form submit HTTP errors, by status
  formUnauthorized: "Unable to submit form. Please try again later.",
  formNotConfigured: "This form has not been configured yet.",
  formRateLimited: "Unable to submit form. Submission rate limit exceeded. Please try again later.",
  formServerError: "Unable to send form. Please try again later.",
  formUnknownError: "Unknown error, please try again later.",
  // §8 Other form messages
  formProcessingError: "Error processing form submission. Please reload and try again.",
  recaptchaFailed: "reCAPTCHA failed. Refresh this page and try again.",
  formKeyUnavailable: "Could not get a form submission key, please try again later.",
  formFieldsUnparseable: "Could not parse the form fields, please check your entries.",
  formProblemAbove: "Your form has encountered a problem. Please scroll down to review.",
  formProblemBelow: "Your form has encountered a problem. Please scroll up to review.",
  // §4 Form
  submitting: "Submitting…",
  /** §4 Text area counter 'used / max'. */
  characterCount: (used: number, max: number) => `${used} / ${max}`,
  /** platform-support §9 Likert labels, for the scores -2, -1, 0, 1, 2. */
  likertLabels: ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"],
  // §5 Restock, §4 Restock widget
  restockEmailBlank: "Email cannot be blank",
  restockEmailInvalid: "Email is invalid",
  completeCaptcha: "Complete CAPTCHA before submitting.",
  signedUp: "Signed up!",
  // platform-support §8
  mainNavigationMissing: "Unable to find site main navigation",
  recaptchaNotSetUp: "ReCaptcha has not been set up!",
  noMailingLists: "You don't have any mailing lists. Please create one before continuing",
  listNotSelected: "A List must be selected",
  /** platform-support §5 'This {tagType} already exists' */
  alreadyExists: (tagType: string) => `This ${tagType} already exists`,
  enterValidEmail: "Please enter a valid email",
  /** platform-support §5 '{val} is not a valid page URL' */
  notValidPageUrl: (value: string) => `${value} is not a valid page URL`,
  // ours: forms
  notAnOption: "Please choose one of the options.", // ours
  notANumber: "Please enter a number.", // ours
  invalidDate: "Please enter a valid date.", // ours
  invalidTime: "Please enter a valid time.", // ours
  invalidLikert: "Please answer with a score from -2 to 2.", // ours
  urlTooLong: "Please enter a web address shorter than 2083 characters.", // ours
  formNotFound: "That form could not be found.", // ours
  templateTypeUnknown: "Only type=form has a template schema.", // ours
  newsletterConfirmInvalid: "This confirmation link is not valid or has expired.", // ours
  newsletterConfirmSubject: "Please confirm your subscription", // ours
  newsletterConfirmBody: (listName: string, link: string) =>
    `Please confirm that you want to receive "${listName}" by opening this link:\n\n${link}\n\nIf you did not ask for this, ignore this email.`, // ours
  // ours: restock
  variantNotFound: "That product variant could not be found.", // ours
  restockNotOffered: "Back-in-stock notifications are not offered for this product.", // ours
  restockInStock: "This item is in stock: you can add it to your cart now.", // ours
  restockSubject: (productName: string) => `${productName} is back in stock`, // ours
  restockBody: (productName: string, variantText: string, link: string) =>
    `Good news: ${productName}${variantText ? ` (${variantText})` : ""} is back in stock.\n\nShop it here: ${link}`, // ours
  sendRequestsTooMany: (max: number) => `Send at most ${max} requests at once.`, // ours
  // ours: members and owners
  signInFailed: "Your email or password is incorrect.", // ours
  signInRequired: "Please sign in to continue.", // ours
  forbidden: "You do not have permission to do that.", // ours
  languageNotOffered: "That language is not offered on this site.", // ours
  // §5 Installment: the bounds as 'available for orders over/up to {amount}'
  payLaterOver: (amount: string) => `available for orders over ${amount}`,
  payLaterUpTo: (amount: string) => `available for orders up to ${amount}`,
  payLaterInstallments: (count: number, amount: string) => `or ${count} interest-free payments of ${amount}`, // ours
  payLaterTerms:
    "Pay in installments at checkout, interest-free. Installments are taken every two weeks; the first at purchase. Eligibility is decided by the payment provider.", // ours
  // §8 Product defaults
  soldOut: "sold out",
  sale: "sale",
  addToCart: "Add To Cart",
  subscribe: "Subscribe",
  quantity: "Quantity",
  quickView: "Quick View",
  value: "Value",
  selectValue: "Select Value",
  selectVariantName: (variantName: string) => `Select ${variantName}`,
  notAnswered: "N/A",
  // ours: storefront page titles and descriptions (page context, issue 3)
  collectionPageDescription: (count: number, siteTitle: string) => `Shop ${count} product${count === 1 ? "" : "s"} at ${siteTitle}.`, // ours
  searchPageTitle: "Search", // ours
  searchPageDescription: "Search the store's products.", // ours
  cartPageTitle: "Cart", // ours
  cartPageDescription: "Your shopping cart.", // ours
  checkoutPageTitle: "Checkout", // ours
  checkoutPageDescription: "Check out your order.", // ours
  contactPageTitle: "Contact", // ours
  contactPageDescription: "Write to us, or sign up for our newsletter.", // ours
  notFoundPageTitle: "Page not found", // ours
  notFoundPageDescription: "There is no page at this address.", // ours
  orderConfirmedPageTitle: "Order confirmed", // ours
  orderConfirmedPageDescription: (orderNumber: number | string) => `Order #${orderNumber} is confirmed.`, // ours
  // Storefront labels (ours): the client's headings, buttons and labels (issue 8); the spec words none of
  // them but the cart count. Page titles above double as the names of the links to those pages.
  ok: "OK", // ours
  save: "Save", // ours
  close: "Close", // ours
  submit: "Submit", // ours
  remove: "Remove", // ours
  removeEntry: (title: string) => `Remove ${title}`, // ours
  editForm: (formName: string) => `Edit ${formName}`, // ours
  couponAlertTitle: "Coupon", // ours
  couponCode: "Coupon code", // ours
  applyCoupon: "Apply", // ours
  couponNotApplicable: "(not applicable)", // ours
  shipping: "Shipping", // ours
  subtotal: "Subtotal", // ours
  discount: "Discount", // ours
  tax: "Tax", // ours
  total: "Total", // ours
  goToCheckout: "Checkout", // ours
  continueShopping: "Continue shopping", // ours
  checkoutTestMode: "Test mode: no payment is taken.", // ours
  email: "Email", // ours
  shippingAddress: "Shipping address", // ours
  postalCode: "Postal code", // ours
  placeOrder: "Place order", // ours
  pageNotFoundText: "The page you are looking for does not exist.", // ours
  backToShop: "Back to the shop", // ours
  searchProducts: "Search products", // ours
  loading: "Loading…", // ours
  orderThankYou: (orderNumber: number | string) => `Thank you! Order #${orderNumber} is confirmed`, // ours
  orderConfirmationGoesTo: (email: string) => `A confirmation goes to ${email}.`, // ours
  searchNoMatch: (query: string) => `No products match “${query}”.`, // ours
  searchFound: (count: number) => `${count} found`, // ours
  /** Before a product's lowest price when its variants' prices differ. */
  priceFrom: "from", // ours
  /** The struck normal price beside a sale price, for screen readers. */
  priceWas: (normalPrice: string) => `was ${normalPrice}`, // ours
  /** The pill cart's accessible name. */
  cartSummary: (quantity: number, subtotal: string) => `Cart: ${quantity} ${quantity === 1 ? "item" : "items"}, ${subtotal}`, // ours
  /** platform-support §9: the cart count display cap of 100 ('100+' above). */
  cartCountAboveCap: "100+",
  mainNavigation: "Main", // ours
  shop: "Shop", // ours
  somethingWentWrong: "Something went wrong", // ours
  reloadPage: "Reload the page", // ours
  /** Between the error page's two ways back: '{reloadPage} or {goToShop}.' */
  or: " or ", // ours
  goToShop: "go to the shop", // ours
  honeypotLabel: "Leave this empty", // ours
  captchaBadge: "Protected by reCAPTCHA", // ours
  /** Labels of the parts of multi-part form answers (the part names are the spec's, §3 Form answers). */
  formFieldParts: {
    Line1: "Address line 1",
    Line2: "Address line 2",
    City: "City",
    State: "State",
    Zip: "Zip code",
    Country: "Country",
    Month: "Month",
    Day: "Day",
    Year: "Year",
    First: "First name",
    Last: "Last name",
    Areacode: "Area code",
    Prefix: "Prefix",
    Line: "Line",
    Hour: "Hour",
    Minute: "Minute",
    Second: "Second",
    Ampm: "AM/PM",
  } as Readonly<Record<string, string>>, // ours
  payLaterTitle: "Pay in installments", // ours
  payLaterAbout: "About paying in installments", // ours
  // The restock widget's texts when the owner left them empty (restockNotificationMessages)
  restockEmailLabel: "Email", // ours
  restockCallToAction: "Get notified when this is back in stock.", // ours
  restockEmailPlaceholder: "Email Address", // ours
  restockMailingList: "Sign up for news and updates", // ours
  restockButton: "Notify Me", // ours
  // ours: checkout addresses and shipping zones (issue 14). Field labels follow the label kinds of
  // Google's address data (domain/checkout/address-rules.ts); a required field left empty says `required`.
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
  noShippingToAddress: "Sorry, we do not ship to this address. Please choose another address.", // ours
  galleryShowImage: (position: number, total: number) => `Show image ${position} of ${total}`, // ours
  // ours: the checkout form, zones and order addresses (issue 14)
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
  phoneParts: { Country: "Country code", Areacode: "Area code", Prefix: "Prefix", Line: "Line" } as Readonly<Record<string, string>>, // ours
  contactDetails: "Contact", // ours
  orderSummary: "Order summary", // ours
  shippedTo: "Shipping to", // ours
  billedTo: "Billing to", // ours
  orderStatusLink: "Order status page", // ours
  // ours: storefront members and forms anywhere (issue 12)
  signIn: "Sign in", // ours
  signOut: "Sign out", // ours
  signUp: "Sign up", // ours
  account: "Account", // ours
  accountPageTitle: "Your account", // ours
  signInPageTitle: "Sign in", // ours
  signUpPageTitle: "Create an account", // ours
  emailLabel: "Email", // ours
  passwordLabel: "Password", // ours
  newPasswordLabel: "New password", // ours
  rememberMeLabel: "Keep me signed in", // ours
  signingIn: "Signing in…", // ours
  signingUp: "Creating your account…", // ours
  noAccountYet: "New here?", // ours
  createAccount: "Create an account", // ours
  haveAccount: "Already a member?", // ours
  forgotPassword: "Forgot your password?", // ours
  signedInAs: (email: string) => `Signed in as ${email}`, // ours
  memberEmailInvalid: "Please enter a valid email address.", // ours
  memberEmailTaken: "An account with this email already exists. Sign in, or reset your password.", // ours
  passwordTooShort: (min: number) => `Your password must be at least ${min} characters long.`, // ours
  passwordTooLong: "Your password is too long.", // ours
  forgotPasswordPageTitle: "Reset your password", // ours
  forgotPasswordLead: "Enter the email address of your account and we will send you a link to set a new password.", // ours
  sendResetLink: "Send the link", // ours
  passwordResetRequested: "If an account uses this address, we have sent it a link to set a new password. The link works for one hour.", // ours
  passwordResetSubject: "Set a new password", // ours
  passwordResetBody: (link: string) =>
    `Someone asked to set a new password for your account. To choose one, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`, // ours
  resetPasswordPageTitle: "Choose a new password", // ours
  setNewPassword: "Set the new password", // ours
  passwordResetInvalid: "This link to set a new password has expired or was already used. Please ask for a new one.", // ours
  passwordResetDone: "Your password is changed. Please sign in with it.", // ours
  yourOrders: "Your orders", // ours
  yourSubscriptions: "Your subscriptions", // ours
  noOrdersYet: "You have not ordered anything yet.", // ours
  noSubscriptionsYet: "You have no subscriptions.", // ours
  orderNumber: (n: number) => `Order #${n}`, // ours
  orderStatusPageTitle: "Order status", // ours
  orderPlacedOn: (date: string) => `Placed on ${date}`, // ours
  memberOrderStates: { PLACED: "Placed", FULFILLED: "Fulfilled", CANCELLED: "Cancelled", REFUNDED: "Refunded" } as Readonly<Record<string, string>>, // ours
  orderNotYours: "We could not find this order in your account.", // ours
  backToAccount: "Back to your account", // ours
  accessDeniedPageTitle: "Members only", // ours
  accessDeniedLead: "This page is for members. Join, or sign in if you already are one.", // ours
  join: "Join", // ours
  newsletterUnsubscribePageTitle: "Unsubscribe", // ours
  newsletterUnsubscribeLead: (email: string, list: string) => `Stop sending ${list} to ${email}?`, // ours
  newsletterUnsubscribeButton: "Unsubscribe", // ours
  newsletterUnsubscribed: (list: string) => `You are unsubscribed from ${list}. You will get no more emails from it.`, // ours
  newsletterUnsubscribeInvalid: "This unsubscribe link is not valid.", // ours
  newsletterUnsubscribeLine: (link: string) => `To stop getting these emails, unsubscribe: ${link}`, // ours
  formBlockNoScript: "This form needs JavaScript: please turn it on to send it.", // ours
  keepCartOnSignOut: "Keep a copy of my cart in this browser", // ours
  signingOut: "Signing out…", // ours
  accountMenu: "Account", // ours
  lockScreenPageTitle: "This site is private", // ours (lock screen, page type 103)
  lockScreenLead: "Enter the site's password to continue.", // ours
  protectedPageTitle: "This page is protected", // ours (protected content, page type 105)
  protectedPageLead: "Enter the page's password to see it.", // ours
  unlock: "Enter", // ours
  unlocking: "Checking…", // ours
  pagePasswordWrong: "That password is not correct.", // ours
  pagePathInvalid: "A page path starts with / and names a page of this site (not the home page, the account pages or the API).", // ours
  // Gift cards and subscriptions (issue 12 items 2-3, ours except the spec's alert title)
  giftCardInvalid: "That gift card code is not valid.", // ours
  giftCardEmpty: "That gift card has no balance left.", // ours
  giftCardWrongCurrency: (currency: string) => `That gift card is in another currency; this cart is in ${currency}.`, // ours
  giftCardNotApplied: "That gift card is not applied to your cart.", // ours
  giftCardNothingToPay: "Gift cards cannot pay for gift cards or subscriptions.", // ours
  giftCardBalanceChanged: "A gift card's balance changed while you checked out. Review your cart and try again.", // ours
  giftCardCode: "Gift card code", // ours
  giftCardApply: "Apply", // ours
  giftCardRemove: (code: string) => `Remove gift card ${code}`, // ours
  giftCardsApplied: "Gift cards", // ours
  giftCardRecipientEmail: "Recipient email", // ours
  giftCardMessage: "Message (up to 80 characters)", // ours
  giftCardMessageTooLong: "Keep the message to 80 characters or fewer.", // ours
  giftCardRecipientInvalid: "Enter the recipient's email address.", // ours
  giftCardPageTitle: "Send a gift card", // ours
  giftCardBuy: "Buy gift card", // ours
  giftCardsIssued: "Gift card codes (test mode)", // ours
  giftCardEmailSubject: (store: string) => `You have received a gift card from ${store}`, // ours
  giftCardEmailBody: (amount: string, code: string, message: string | null) =>
    `You have received a gift card worth ${amount}.\n\nYour code: ${code}${message ? `\n\n"${message}"` : ""}`, // ours
  subscriptionsTitle: "Subscriptions", // ours
  subscriptionNextBilling: (date: string) => `Next billing: ${date}`, // ours
  subscriptionStateActive: "Active", // ours
  subscriptionStatePaused: "Paused", // ours
  subscriptionStateCancelled: "Cancelled", // ours
  subscriptionStateCompleted: "Completed", // ours
  subscriptionSkipNext: "Skip next", // ours
  subscriptionNextSkipped: "The next billing is skipped.", // ours
  subscriptionPause: "Pause", // ours
  subscriptionResume: "Resume", // ours
  subscriptionCancel: "Cancel subscription", // ours
  subscriptionNotFound: "That subscription could not be found.", // ours
  subscriptionCancelQuestion: "Cancel this subscription? Nothing more will be billed.", // ours
  subscriptionKeep: "Keep it", // ours
  subscriptionMoveNotAllowed: (action: string, state: string) => `This subscription is ${state.toLowerCase()} and cannot ${action}.`, // ours
  // Languages on the storefront (issue 12 item 4; ours). French in messages-fr.ts.
  language: "Language", // ours: the switcher's label
  translationLanguageNotOffered: "Choose one of the site's languages other than its default.", // ours
  translationNameRequired: "A translation needs a name.", // ours
  translationTooLong: "The name may have up to 200 characters and the description up to 20,000.", // ours
  /** §8 Cart UI: 'To check out, your order subtotal must be {subtotal} or more.' */
  minimumSubtotal: (subtotal: string) => `To check out, your order subtotal must be ${subtotal} or more.`,
  footerNavigation: "Footer", // ours
  defaultFooterText: (siteTitle: string) => `${siteTitle} · a Sitecart store in test mode: no real orders or payments.`, // ours
  /** A stock edit refused because checkouts (or another owner) changed the stock since it was read. */
  stockChanged: (current: number | null) =>
    current === null
      ? "The stock changed since you loaded it: it is now unlimited. Check it and save again."
      : `The stock changed since you loaded it: ${current} left now. Check it and save again.`, // ours
} as const;
