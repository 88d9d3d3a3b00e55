// The page types of platform-support §3 "Enumerations": every page context carries one, and the
// tracking rules read it (no page view on not found, the lock screen or member-area access denied).
// The store serves the ones in SERVED_PAGE_TYPES; the rest name pages of a website builder this store
// has no feature for (splash pages, donations, reviews requests, SSO...): see docs/decisions.md.
import { ProductType } from "../catalog/product-state.ts";

export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
  SSO_PAGE: 400,
} as const;
export type PageTypeNumber = (typeof PageType)[keyof typeof PageType];

/** The page types this store's addresses answer with (the rest: see the module comment). */
export const SERVED_PAGE_TYPES: readonly PageTypeNumber[] = [
  PageType.MAIN_CONTENT,
  PageType.PAGE,
  PageType.CONTENT_ITEM,
  PageType.NOT_FOUND,
  PageType.ERROR,
  PageType.SEARCH,
  PageType.LOCK_SCREEN,
  PageType.PROTECTED_CONTENT,
  PageType.MEMBER_AREA_ACCESS_DENIED,
  PageType.SHOW_CART,
  PageType.CHECKOUT,
  PageType.ORDER_CONFIRMED,
  PageType.SUBSCRIPTION_CONFIRMED,
  PageType.MEMBERSHIP_CONFIRMED,
  PageType.ORDER_STATUS,
  PageType.NEWSLETTER_UNSUBSCRIBE,
];

/**
 * The confirmation page's type: a subscription checkout confirms a subscription (206), an order of
 * a members-area (paywall) product confirms a membership (208), any other order is confirmed (202).
 */
export function confirmationPageType(order: { startsSubscription: boolean; productTypes: readonly number[] }): PageTypeNumber {
  if (order.startsSubscription) return PageType.SUBSCRIPTION_CONFIRMED;
  if (order.productTypes.includes(ProductType.PAYWALL)) return PageType.MEMBERSHIP_CONFIRMED;
  return PageType.ORDER_CONFIRMED;
}
