// The owner's orders: the site's orders (search, filter, paged newest first), one order, and the moves
// an owner makes (fulfil, cancel, refund in test mode). Every move is checked by the transition table
// (domain/orders/order-states.ts) and written in one transaction with a conditional update on the
// state it was checked against, so of two owners moving the same order at once only one wins: a
// cancelled order gives its stock back exactly once.
import { requiresShipping } from "../../domain/cart/cart-totals.ts";
import { maskGiftCardCode } from "../../domain/cart/gift-card-payment.ts";
import { parseGiftCardPayments } from "../checkout/gift-cards.ts";
import { toSubscriptionView, type SubscriptionView } from "../checkout/subscriptions.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { OrderMoveError, assertOrderMove, isOrderState, returnsStock, type OrderState } from "../../domain/orders/order-states.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { RestockService } from "../restock/restock.ts";
import { containsIgnoringCase } from "../support/text-search.ts";
import type { OrderRefundService } from "./order-refunds.ts";
import { orderInclude, toOrderView, type OrderView } from "../checkout/order-view.ts";
import { returnUnits, unitsOf } from "./return-stock.ts";
import { orderCancellationEmail } from "../../domain/orders/order-emails.ts";
import { assertCancellable } from "../../domain/orders/shipments.ts";
import { loadEffectiveBranding } from "../mail/branding.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendOrderEmail } from "./order-emails.ts";
import { recordOrderEvent } from "./order-timeline.ts";
import { shippedUnits, type ShipmentService } from "./shipments.ts";

/** An order as its owner sees it: the buyer's view, its state and where it shipped. */
export interface OwnerOrderView extends OrderView {
  state: OrderState;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  shippingCountry: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  couponCodes: string[];
  /** The Stripe payment intent that paid it (issue 22); null in test mode or when gift cards paid it all. */
  paymentIntentId: string | null;
  /** What its refunds gave back, and when the shopper's bank disputed the payment (issue 22). */
  refundedAmount: number;
  disputedAt: Date | null;
}

export interface OrderGiftCardsAndSubscription {
  issued: { maskedCode: string; currency: string; initialBalance: number; balance: number; recipientEmail: string; message: string | null }[];
  payments: { maskedCode: string; amount: number }[];
  subscription: SubscriptionView | null;
}

export interface OrderFilter {
  /** An order number (with or without "#"), a raw order id, or part of the buyer's email (any case). */
  search?: string | null;
  state?: OrderState | null;
  /** Placed at or after this instant. */
  placedAfter?: Date | null;
  /** Placed before this instant. */
  placedBefore?: Date | null;
}

export interface OrderPage {
  items: OwnerOrderView[];
  hasNextPage: boolean;
}

export const MAX_ORDER_PAGE = 100;

/** The moment each state is reached is kept in its own column. */
const MOVED_AT: Record<Exclude<OrderState, "PLACED">, "fulfilledAt" | "cancelledAt" | "refundedAt"> = {
  FULFILLED: "fulfilledAt",
  CANCELLED: "cancelledAt",
  REFUNDED: "refundedAt",
};

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOwnerView(row: OrderRow): OwnerOrderView {
  let couponCodes: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.couponCodes);
    if (Array.isArray(parsed)) couponCodes = parsed.filter((code): code is string => typeof code === "string");
  } catch {
    // A malformed list shows as none.
  }
  return {
    ...toOrderView(row),
    state: isOrderState(row.state) ? row.state : "PLACED",
    paymentIntentId: row.paymentIntentId,
    refundedAmount: row.refundedAmount,
    disputedAt: row.disputedAt,
    fulfilledAt: row.fulfilledAt,
    cancelledAt: row.cancelledAt,
    refundedAt: row.refundedAt,
    shippingCountry: row.shippingCountry,
    shippingRegion: row.shippingRegion,
    shippingPostalCode: row.shippingPostalCode,
    couponCodes,
  };
}

export class OrderAdminService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly definitions: ProductDefinitions,
    private readonly restock: RestockService,
    /** Refunds, partial and full, through the provider when it took the payment (issue 22). */
    private readonly refunds: Pick<OrderRefundService, "refund">,
    /** Fulfilment goes through the shipments (issue 24); the cancellation email through the outbox. */
    private readonly follow: { shipments: Pick<ShipmentService, "fulfil">; mailer: Mailer },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of the site's orders, newest first; `after` is the id of the last order of the previous page. */
  async list(filter: OrderFilter & { first?: number | null; after?: string | null }): Promise<OrderPage> {
    const take = Math.min(Math.max(filter.first ?? 20, 1), MAX_ORDER_PAGE);
    const where = this.#where(filter);
    if (filter.after && !(await this.db.order.count({ where: { AND: [where, { id: filter.after }] } }))) throw new NotFoundError(ownerMessages.orderNotFound);
    const rows = await this.db.order.findMany({
      where,
      // Order numbers grow with every checkout of the site: the newest first, a stable cursor.
      orderBy: { orderNumber: "desc" },
      ...(filter.after ? { cursor: { id: filter.after }, skip: 1 } : {}),
      take: take + 1,
      include: orderInclude,
    });
    return { items: rows.slice(0, take).map(toOwnerView), hasNextPage: rows.length > take };
  }

  /** One order of this site; null when there is none (another site's order included). */
  async get(orderId: string): Promise<OwnerOrderView | null> {
    const row = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, include: orderInclude });
    return row ? toOwnerView(row) : null;
  }

  /**
   * What an order did with gift cards and subscriptions (issue 12): the cards it bought (codes
   * masked: the owner helps a recipient without being able to spend the card), the cards that paid
   * for it, and the subscription it started or renewed.
   */
  async giftCardsAndSubscription(orderId: string): Promise<OrderGiftCardsAndSubscription> {
    const order = await this.db.order.findFirst({
      where: { id: orderId, websiteId: this.websiteId },
      select: { giftCardPayments: true, subscriptionId: true },
    });
    if (!order) return { issued: [], payments: [], subscription: null };
    const [issued, subscription] = await Promise.all([
      this.db.giftCard.findMany({
        where: { orderId, websiteId: this.websiteId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { code: true, currency: true, initialBalance: true, balance: true, recipientEmail: true, message: true },
      }),
      this.db.subscription.findFirst({
        where: { websiteId: this.websiteId, OR: [{ orderId }, ...(order.subscriptionId ? [{ id: order.subscriptionId }] : [])] },
      }),
    ]);
    return {
      issued: issued.map(({ code, ...card }) => ({ ...card, maskedCode: maskGiftCardCode(code) })),
      payments: parseGiftCardPayments(order.giftCardPayments).map((payment) => ({ maskedCode: maskGiftCardCode(payment.code), amount: payment.amount })),
      subscription: subscription ? toSubscriptionView(subscription) : null,
    };
  }

  /**
   * Marks a placed order fulfilled (the goods went out): every unshipped unit in one shipment without
   * tracking (issue 24: the shipments' path, so the shopper hears of it); an order with nothing to
   * ship (digital only) just moves.
   */
  async fulfil(orderId: string, by: string | null = null): Promise<OwnerOrderView> {
    const current = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { state: true } });
    if (!current) throw new NotFoundError(ownerMessages.orderNotFound);
    assertOrderMove(isOrderState(current.state) ? current.state : "PLACED", "FULFILLED");
    const items = await this.db.orderItem.findMany({ where: { orderId }, select: { productType: true } });
    if (!items.some((item) => requiresShipping(item.productType))) return this.#move(orderId, "FULFILLED", by);
    await this.follow.shipments.fulfil(orderId, {}, by);
    const order = await this.get(orderId);
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    return order;
  }

  /**
   * Cancels a placed order that has not started shipping (docs/decisions.md): each limited variant
   * gets its units back (unlimited ones have no count), and the shopper is told.
   */
  cancel(orderId: string, by: string | null = null): Promise<OwnerOrderView> {
    return this.#move(orderId, "CANCELLED", by);
  }

  /**
   * Refunds all that is left of a fulfilled or cancelled order: the full refund is the partial
   * refund's path (order-refunds.ts) with nothing chosen. A test-mode order moves no money; one paid
   * through Stripe is refunded there first (issue 22) and marked refunded once Stripe took it.
   */
  async refund(orderId: string, by: string | null = null): Promise<OwnerOrderView> {
    await this.refunds.refund(orderId, { reason: "requested_by_customer" }, by);
    const order = await this.get(orderId);
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    return order;
  }

  #where({ search, state, placedAfter, placedBefore }: OrderFilter): Prisma.OrderWhereInput {
    const text = search?.trim();
    const number = text && /^#?\d{1,9}$/.test(text) ? Number(text.replace("#", "")) : null;
    return {
      websiteId: this.websiteId,
      ...(state ? { state } : {}),
      ...(placedAfter || placedBefore ? { createdAt: { ...(placedAfter ? { gte: placedAfter } : {}), ...(placedBefore ? { lt: placedBefore } : {}) } } : {}),
      ...(text ? { OR: [{ id: text }, { customerEmail: containsIgnoringCase(this.db, text) }, ...(number !== null ? [{ orderNumber: number }] : [])] } : {}),
    };
  }

  async #move(orderId: string, to: Exclude<OrderState, "PLACED">, by: string | null): Promise<OwnerOrderView> {
    const restocked = new Set<number>();
    let notified = 0;
    const order = await this.db.$transaction(
      async (tx) => {
        const current = await tx.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { state: true } });
        if (!current) throw new NotFoundError(ownerMessages.orderNotFound);
        const from = isOrderState(current.state) ? current.state : "PLACED";
        assertOrderMove(from, to);
        if (to === "CANCELLED") assertCancellable(await shippedUnits(tx, orderId));
        // Conditional on the state just checked: a concurrent move of the same order makes this one miss.
        const moved = await tx.order.updateMany({ where: { id: orderId, state: from }, data: { state: to, [MOVED_AT[to]]: this.now() } });
        if (moved.count !== 1) {
          const now = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { state: true } });
          throw new OrderMoveError(isOrderState(now.state) ? now.state : from, to);
        }
        if (returnsStock(to)) notified = await this.#returnStock(tx, orderId, restocked);
        if (to === "CANCELLED") await this.#recordCancel(tx, orderId, by);
        return tx.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    if (restocked.size > 0) {
      // This process forgets at once; others hear it through the event.
      this.definitions.invalidate([...restocked]);
      this.pubsub.publish("catalogChanged", { productIds: [...restocked] });
      this.pubsub.publish("stockChanged", { websiteId: this.websiteId, productIds: [...restocked] });
    }
    if (notified > 0) this.restock.afterCommit();
    void this.follow.mailer.deliverPending();
    this.pubsub.publish("orderChanged", { websiteId: this.websiteId, orderId });
    return toOwnerView(order);
  }

  /** The cancel on the timeline, and the shopper's cancellation email (once per order). */
  async #recordCancel(tx: Tx, orderId: string, by: string | null): Promise<void> {
    const at = this.now();
    await recordOrderEvent(tx, { websiteId: this.websiteId, orderId, kind: "CANCELLED", actor: by, at });
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { orderNumber: true, customerEmail: true, language: true, grandTotal: true },
    });
    if (!order.customerEmail) return;
    const branding = await loadEffectiveBranding(tx, this.websiteId);
    await sendOrderEmail(tx, this.follow.mailer, {
      websiteId: this.websiteId,
      orderId,
      kind: "ORDER_CANCELLED",
      dedupeKey: `order-cancelled:${orderId}`,
      toEmail: order.customerEmail,
      email: orderCancellationEmail({ storeName: branding.storeName, orderNumber: order.orderNumber, paid: order.grandTotal > 0 }, order.language),
      at,
    });
  }

  /** Gives the order's units back to its limited variants; the stock that arrives notifies waiters. */
  async #returnStock(tx: Tx, orderId: string, restocked: Set<number>): Promise<number> {
    const items = await tx.orderItem.findMany({ where: { orderId }, select: { variantId: true, quantity: true } });
    return returnUnits(tx, this.restock, unitsOf(items), restocked);
  }
}
