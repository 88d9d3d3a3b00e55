// What the tracking facade (client/shared/tracking/track.ts) hands to the tracking module (client/storefront/tracking/tracker.ts).
export interface TrackingContext {
  cookiePolicy: string;
  bannerEnabled: boolean;
  websiteId: string;
}

/** The order for analytics (storefront §4); amounts in minor units. */
export interface OrderForAnalytics {
  id: string;
  purchasedCartId: string;
  testMode: boolean;
  websiteId?: string;
  currency: string;
  items: { sku: string | null; productName: string; productId: number | null; quantity: number; unitPrice: number }[];
  grandTotal: number;
  shippingTotal: number;
  taxTotal: number;
}

export type TrackingCall =
  | ["page", string, number | null]
  /** The product's global id (base64 of "Product:N") or raw id. */
  | ["view-product", string]
  /** Raw product id, variant id, quantity. */
  | ["add-to-cart", string | number, string | number | null | undefined, number]
  | ["checkout-start"]
  /** The order, and the owner's pixel id (null: none). */
  | ["purchase", OrderForAnalytics, string | null | undefined]
  | ["form-render", string]
  | ["form-submit", string]
  | ["quick-view", number]
  | ["overlay", string, "open" | "close" | "submit"];
