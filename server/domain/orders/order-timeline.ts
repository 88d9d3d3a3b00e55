// An order's timeline (issue 24): what happened to it, oldest first. Each event is stored as a kind
// and its facts (services/orders/order-timeline.ts); the owner's screen words them from the admin's
// messages, so the stored row never holds a sentence that could go stale or be in the wrong language.

export const ORDER_EVENT_KINDS = [
  "PLACED",
  "PAID",
  "SHIPPED",
  "CANCELLED",
  "REFUNDED",
  "NOTE",
  "EMAIL_SENT",
  "STATUS_LINK_REVOKED",
  "STATUS_LINK_ISSUED",
  "CUSTOMER_ERASED",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who did it: an owner (their email), the shopper, or the store itself (checkout, a webhook, a job). */
export type OrderEventActor = string | "shopper" | "system";

/** The facts an event keeps, by kind (all optional: an older row may lack some). */
export interface OrderEventData {
  /** SHIPPED: the shipment. */
  shipmentId?: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** SHIPPED, REFUNDED: units by order line. */
  lines?: { orderItemId: number; quantity: number }[];
  /** PAID, REFUNDED: minor units of the order's currency. */
  amount?: number;
  /** REFUNDED: Stripe's reason code. */
  reason?: string | null;
  /** EMAIL_SENT: the outbox email's kind (ORDER_CONFIRMATION, SHIPPING_CONFIRMATION…) and address. */
  emailKind?: string;
  to?: string;
}

/** A note an owner adds: trimmed, 1 to 2,000 characters. */
export const ORDER_NOTE_MAX_LENGTH = 2000;

export const isOrderEventKind = (value: unknown): value is OrderEventKind =>
  typeof value === "string" && (ORDER_EVENT_KINDS as readonly string[]).includes(value);

/** The stored JSON read back; a malformed row reads as no facts. */
export function parseOrderEventData(json: string): OrderEventData {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as OrderEventData) : {};
  } catch {
    return {};
  }
}
