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
  emailNotValid: (example: string = EMAIL_FORMAT_EXAMPLE) =>
    `Email is not valid. Email addresses should follow the format ${example}.`,
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
  itemIdRequired: "itemId is required.", // ours
  bodyNotJson: "The request body is not valid JSON.", // ours
  bodyTooLarge: "The request body is too large.", // ours
  routeNotFound: "Not found.", // ours
  pageTooLarge: (max: number) => `A page holds at most ${max} items.`, // ours
  localeInvalid: "That is not a locale (try en-US or de-DE).", // ours
  notSubscribable: "This product is not sold as a subscription.", // ours
  methodNotAllowed: "Method not allowed.", // ours
  invalidRequest: "The request is not valid.", // ours
  /** §8 Cart UI: 'To check out, your order subtotal must be {subtotal} or more.' */
  minimumSubtotal: (subtotal: string) => `To check out, your order subtotal must be ${subtotal} or more.`,
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
} as const;
