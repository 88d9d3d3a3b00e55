// Texts of the order status page without an account (/order-status/<token>, page type 211, issue 24
// §3), its "Buy again" notice and the email that sends a new link. Ours: the spec names the page type
// only. The page's title is storefront.ts orderStatusPageTitle (the member's order page shares it).
export const orderStatusMessages = {
  /** The order's state in the shopper's words (domain/orders/order-status-page.ts shopperOrderState). */
  states: {
    PLACED: "Placed",
    PARTIALLY_SHIPPED: "Partially shipped",
    SHIPPED: "Shipped",
    CANCELLED: "Cancelled",
    REFUNDED: "Refunded",
    PARTLY_REFUNDED: "Partly refunded",
  } as Readonly<Record<string, string>>,
  orderNumber: (orderNumber: number | string) => `Order #${orderNumber}`,
  items: "Items",
  shipments: "Shipments",
  noShipmentsYet: "Nothing has shipped yet. We will email you when it does.",
  shipmentHeading: (index: number) => `Shipment ${index}`,
  carrier: "Carrier",
  trackingNumber: "Tracking number",
  trackPackage: "Track this package",
  buyAgain: "Buy again",
  buyingAgain: "Adding to your cart…",
  /** After "Buy again": what could not go back in the cart. */
  buyAgainLeftOut: (names: string) => `Not added, no longer available or sold out: ${names}.`,
  revokedTitle: "This link no longer works",
  revokedLead:
    "The store has turned off this order status link. To see your order, use the latest email the store sent you, or contact the store and give your order number.",
  contactStore: "Contact the store",
  // The email with a new link (the owner's "Send a new link")
  newLinkSubject: (orderNumber: number) => `Your order #${orderNumber}: a new status link`,
  newLinkBody: (orderNumber: number, link: string) =>
    `Here is a new link to follow order #${orderNumber}: ${link}\n\nEarlier links to this order no longer work.`,
} as const;
