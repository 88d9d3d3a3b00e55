// The order status page without an account (page type 211, issue 24 §3): each order gets a bearer
// token at checkout, kept only as its sha256 hash (Order.statusTokenHash); /order-status/<token> reads
// the order through it. The owner revokes the link or issues a new one (emailed to the buyer), each
// recorded in the order's timeline. "Buy again" puts the order's items back in the shopper's cart
// through the cart's own add (its stock and availability rules), naming what could not go back.
import type { Db, Tx } from "../../db/client.ts";
import { DomainError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { orderStatusLinkEmail, orderStatusPath, shopperOrderState, type ShopperOrderState } from "../../domain/orders/order-status-page.ts";
import type { CartService } from "../cart/cart.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { loadOrderView, type OrderView } from "../checkout/order-view.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { recordOrderEvent } from "./order-timeline.ts";

export interface OrderShipmentView {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: Date;
  lines: { orderItemId: number; productName: string; quantity: number }[];
}

export interface OrderStatusView {
  /** The order (never sent to the page whole: its raw id is a bearer of the confirmation page). */
  order: OrderView;
  state: ShopperOrderState;
  shipments: OrderShipmentView[];
}

/** What a token names: nothing (null), a revoked link, or the order. */
export type OrderStatusLookup = { revoked: true; orderId: string } | { revoked: false; orderId: string };

export interface StatusLinkState {
  /** A token was issued (orders placed before issue 24 have none). */
  issued: boolean;
  revokedAt: Date | null;
}

export interface ReorderResult {
  /** The cart the items went in (null when none could go back and the visitor had no cart). */
  cartToken: string | null;
  /** The product names that could not go back (gone, unavailable, sold out). */
  leftOut: string[];
}

/** A new token for an order, in the caller's transaction: stored hashed, any revocation lifted. Returns the token. */
export async function issueStatusToken(tx: Tx | Db, orderId: string): Promise<string> {
  const token = newSecret();
  await tx.order.update({ where: { id: orderId }, data: { statusTokenHash: sha256(token), statusLinkRevokedAt: null } });
  return token;
}

/** The order a status token names on this site, and whether its link was revoked; null when none. */
export async function findByStatusToken(db: Db | Tx, websiteId: string, token: string): Promise<OrderStatusLookup | null> {
  if (!token || token.length > 200) return null;
  const row = await db.order.findFirst({ where: { websiteId, statusTokenHash: sha256(token) }, select: { id: true, statusLinkRevokedAt: true } });
  if (!row) return null;
  return { revoked: row.statusLinkRevokedAt !== null, orderId: row.id };
}

export class OrderStatusLinkService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: { mailer: Mailer; carts: Pick<CartService, "addEntry">; publicUrl: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** What a token names (see findByStatusToken). */
  lookup(token: string): Promise<OrderStatusLookup | null> {
    return findByStatusToken(this.db, this.websiteId, token);
  }

  /** The page's facts for a token that works: the order, its state in the shopper's words, its shipments. */
  async view(token: string): Promise<OrderStatusView | { revoked: true } | null> {
    const found = await this.lookup(token);
    if (!found) return null;
    if (found.revoked) return { revoked: true };
    const [order, row, items, shipments] = await Promise.all([
      loadOrderView(this.db, found.orderId, this.websiteId),
      this.db.order.findUniqueOrThrow({ where: { id: found.orderId }, select: { state: true, refundedAmount: true, grandTotal: true } }),
      this.db.orderItem.findMany({
        where: { orderId: found.orderId },
        select: { id: true, productName: true, productType: true, quantity: true },
        orderBy: { id: "asc" },
      }),
      this.db.shipment.findMany({
        where: { websiteId: this.websiteId, orderId: found.orderId },
        include: { lines: { orderBy: { id: "asc" } } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      }),
    ]);
    if (!order) return null;
    const names = new Map(items.map((item) => [item.id, item.productName]));
    const shipmentViews = shipments.map((shipment) => ({
      id: shipment.id,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      createdAt: shipment.createdAt,
      lines: shipment.lines.map((line) => ({ orderItemId: line.orderItemId, productName: names.get(line.orderItemId) ?? "", quantity: line.quantity })),
    }));
    const state = shopperOrderState({
      ...row,
      lines: items.map((item) => ({
        orderItemId: item.id,
        productName: item.productName,
        productType: item.productType,
        quantity: item.quantity,
        shipped: shipments.flatMap((shipment) => shipment.lines).reduce((sum, line) => sum + (line.orderItemId === item.id ? line.quantity : 0), 0),
      })),
    });
    return { order, state, shipments: shipmentViews };
  }

  /** The owner's view of an order's link. */
  async linkState(orderId: string): Promise<StatusLinkState> {
    const row = await this.db.order.findFirst({
      where: { id: orderId, websiteId: this.websiteId },
      select: { statusTokenHash: true, statusLinkRevokedAt: true },
    });
    if (!row) throw new NotFoundError(ownerMessages.orderNotFound);
    return { issued: row.statusTokenHash !== null, revokedAt: row.statusLinkRevokedAt };
  }

  /** The owner turns the link off: the page then says it no longer works. Revoking twice changes nothing. */
  async revoke(orderId: string, actor: string | null): Promise<StatusLinkState> {
    await this.db.$transaction(async (tx) => {
      const row = await tx.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { statusTokenHash: true, statusLinkRevokedAt: true } });
      if (!row) throw new NotFoundError(ownerMessages.orderNotFound);
      if (row.statusTokenHash === null || row.statusLinkRevokedAt !== null) return;
      const at = this.now();
      await tx.order.update({ where: { id: orderId }, data: { statusLinkRevokedAt: at } });
      await recordOrderEvent(tx, { websiteId: this.websiteId, orderId, kind: "STATUS_LINK_REVOKED", actor, at });
    });
    return this.linkState(orderId);
  }

  /** The owner sends the buyer a new link (the old one stops naming the order); needs the buyer's email. */
  async reissue(orderId: string, actor: string | null): Promise<StatusLinkState> {
    await this.db.$transaction(async (tx) => {
      const order = await tx.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { customerEmail: true, orderNumber: true } });
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      if (!order.customerEmail) throw new InvalidInputError(ownerMessages.orderHasNoEmail);
      const token = await issueStatusToken(tx, orderId);
      const at = this.now();
      await recordOrderEvent(tx, { websiteId: this.websiteId, orderId, kind: "STATUS_LINK_ISSUED", actor, at });
      const link = `${this.deps.publicUrl}${orderStatusPath(token)}`;
      await this.deps.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "ORDER_STATUS_LINK",
          dedupeKey: `order-status-link:${orderId}:${newId()}`,
          toEmail: order.customerEmail,
          ...orderStatusLinkEmail(order.orderNumber, link),
        },
      ]);
    });
    void this.deps.mailer.deliverPending();
    return this.linkState(orderId);
  }

  /**
   * "Buy again": each of the order's lines goes back in the visitor's cart through the cart's own add,
   * so availability and stock are checked by the cart's rules; a line they refuse is left out and named.
   */
  async reorder(visitor: Visitor, token: string): Promise<ReorderResult> {
    const found = await this.lookup(token);
    if (!found || found.revoked) throw new NotFoundError(ownerMessages.orderNotFound);
    const order = await loadOrderView(this.db, found.orderId, this.websiteId);
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    let cartToken = visitor.cartToken;
    const leftOut: string[] = [];
    for (const item of order.items) {
      try {
        const result = await this.deps.carts.addEntry(
          { ...visitor, cartToken },
          { itemId: item.itemId, sku: item.sku, quantity: item.quantity, additionalFields: item.additionalFields },
        );
        cartToken = result.cartToken;
      } catch (error) {
        // The cart's refusals (gone, unavailable, sold out, not enough stock, a form that changed).
        if (!(error instanceof DomainError)) throw error;
        leftOut.push(item.productName);
      }
    }
    return { cartToken, leftOut };
  }
}
