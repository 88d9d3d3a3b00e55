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
  // §8 Form submit HTTP errors, by status
  // §8 Other form messages
  // §4 Form
  // §5 Restock, §4 Restock widget
  restockEmailBlank: "Email cannot be blank",
  restockEmailInvalid: "Email is invalid",
  completeCaptcha: "Complete CAPTCHA before submitting.",
  signedUp: "Signed up!",
  // platform-support §8
  enterValidEmail: "Please enter a valid email",
  // Checkout and member accounts refuse an address that is not an email with it.
  emailAddressInvalid: "Please enter a valid email address.", // ours
  // ours: forms
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
  applyCouponLabel: "Apply coupon", // ours
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
  // ours: product listings (issue 23): counts, the pager, sorting and the category filter
  productCount: (count: number) => `${count} product${count === 1 ? "" : "s"}`, // ours
  storeEmpty: "There are no products in this store yet.", // ours
  addFirstProduct: "Add a product", // ours
  pagerLabel: "Pages", // ours
  pagerPrevious: "Previous", // ours
  pagerNext: "Next", // ours
  pagerPage: (page: number) => `Page ${page}`, // ours
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`, // ours
  sortLabel: "Sort by", // ours
  sortNames: { featured: "Featured", newest: "Newest", "price-asc": "Price: low to high", "price-desc": "Price: high to low", name: "Name" }, // ours
  categoryLabel: "Category", // ours
  allCategories: "All categories", // ours
  applyListing: "Apply", // ours
  listingPageInvalid: (max: number) => `A page is a whole number from 1 to ${max}, without a cursor.`, // ours
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
  galleryShowImage: (position: number, total: number) => `Show image ${position} of ${total}`, // ours
  // ours: the checkout form, zones and order addresses (issue 14)
  // ours: storefront members and forms anywhere (issue 12)
  signIn: "Sign in", // ours
  signOut: "Sign out", // ours
  signUp: "Sign up", // ours
  account: "Account", // ours
  accountPageTitle: "Your account", // ours
  signInPageTitle: "Sign in", // ours
  signUpPageTitle: "Create an account", // ours
  forgotPasswordPageTitle: "Reset your password", // ours
  resetPasswordPageTitle: "Choose a new password", // ours
  orderStatusPageTitle: "Order status", // ours
  addressBookPageTitle: "Your addresses", // ours
  orderPlacedOn: (date: string) => `Placed on ${date}`, // ours
  accessDeniedPageTitle: "Members only", // ours
  accessDeniedLead: "This page is for members. Join, or sign in if you already are one.", // ours
  join: "Join", // ours
  newsletterUnsubscribePageTitle: "Unsubscribe", // ours
  newsletterUnsubscribeLine: (link: string) => `To stop getting these emails, unsubscribe: ${link}`, // ours
  // Issue 24 part 4: the cart a reminder's link brought back, with what its stock no longer allows
  cartRecoveryUnavailable: (names: string) => `No longer available in the quantity you chose, so taken out or reduced: ${names}.`, // ours
  keepCartOnSignOut: "Keep a copy of my cart in this browser", // ours
  signingOut: "Signing out…", // ours
  accountMenu: "Account", // ours
  // Gift cards and subscriptions (issue 12 items 2-3, ours except the spec's alert title)
  giftCardPageTitle: "Send a gift card", // ours
  // Languages on the storefront (issue 12 item 4; ours). French in messages-fr.ts.
  language: "Language", // ours: the switcher's label
  /** §8 Cart UI: 'To check out, your order subtotal must be {subtotal} or more.' */
  minimumSubtotal: (subtotal: string) => `To check out, your order subtotal must be ${subtotal} or more.`,
  footerNavigation: "Footer", // ours
  /** The footer when the owner wrote none: test mode only while no payment provider is connected (issue 22). */
  defaultFooterText: (siteTitle: string, takesPayments = false) =>
    takesPayments ? `${siteTitle} · a Sitecart store.` : `${siteTitle} · a Sitecart store in test mode: no real orders or payments.`, // ours
} as const;
