// An order's shipments (issue 24): the owner fulfils some or all unshipped units with a carrier and a
// tracking number, in as many shipments as they like. The rules are domain/orders/shipments.ts; the
// last unit moves the order to FULFILLED through the transition table, with the same conditional
// update as orders.ts. Each shipment writes its shipping confirmation to the outbox (dedupe key per
// shipment) and its SHIPPED event to the timeline, in the same transaction. Also the timeline's reads
// and the owner's notes.
import type { Db, Tx } from "../../db/client.ts";
import { FormInvalidError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { fulfilmentMessages } from "../../domain/messages/fulfilment.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { shippingConfirmationEmail } from "../../domain/orders/order-emails.ts";
import { assertOrderMove, isOrderState, OrderMoveError, type OrderState } from "../../domain/orders/order-states.ts";
import { ORDER_NOTE_MAX_LENGTH } from "../../domain/orders/order-timeline.ts";
import {
  fulfilmentStatusOf,
  noteProblem,
  planShipment,
  type FulfilmentStatus,
  type ShipmentRequest,
  type ShippableLine,
  unshippedOf,
} from "../../domain/orders/shipments.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { loadEffectiveBranding } from "../mail/branding.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newId } from "../support/ids.ts";
import { parseJsonObject } from "../support/json.ts";
import { sendOrderEmail } from "./order-emails.ts";
import { listOrderEvents, recordOrderEvent, type OrderEventView } from "./order-timeline.ts";

export interface ShipmentView {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: { orderItemId: number; productName: string; quantity: number }[];
  createdAt: Date;
}

export interface OrderFulfilment {
  status: FulfilmentStatus;
  shipments: ShipmentView[];
  /** Of each of the order's items (in order), how many are still to ship (0 for lines that do not ship). */
  unshipped: number[];
}

const TX = { maxWait: 10_000, timeout: 30_000 } as const;

/** The order's lines with how many of each shipped, in the order's item order. */
async function shippableLines(db: Db | Tx, orderId: string): Promise<ShippableLine[]> {
  const [items, shipped] = await Promise.all([
    db.orderItem.findMany({ where: { orderId }, orderBy: { id: "asc" }, select: { id: true, productName: true, productType: true, quantity: true } }),
    db.shipmentLine.groupBy({ by: ["orderItemId"], where: { shipment: { orderId } }, _sum: { quantity: true } }),
  ]);
  const shippedOf = new Map(shipped.map((row) => [row.orderItemId, row._sum.quantity ?? 0]));
  return items.map((item) => ({
    orderItemId: item.id,
    productName: item.productName,
    productType: item.productType,
    quantity: item.quantity,
    shipped: shippedOf.get(item.id) ?? 0,
  }));
}

/** How many units of the order have shipped (cancel refuses a partly shipped order). */
export async function shippedUnits(tx: Tx | Db, orderId: string): Promise<number> {
  const sum = await tx.shipmentLine.aggregate({ where: { shipment: { orderId } }, _sum: { quantity: true } });
  return sum._sum.quantity ?? 0;
}

export class ShipmentService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: { pubsub: StorePubSub; mailer: Mailer; publicUrl: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The order's fulfilment: its derived status, its shipments (oldest first), what is left to ship; null: no such order here. */
  async fulfilment(orderId: string): Promise<OrderFulfilment | null> {
    const order = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { state: true } });
    if (!order) return null;
    const [lines, rows] = await Promise.all([
      shippableLines(this.db, orderId),
      this.db.shipment.findMany({
        where: { orderId, websiteId: this.websiteId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { lines: { orderBy: { id: "asc" } } },
      }),
    ]);
    const names = new Map(lines.map((line) => [line.orderItemId, line.productName]));
    const state: OrderState = isOrderState(order.state) ? order.state : "PLACED";
    return {
      status: fulfilmentStatusOf(state, lines),
      unshipped: lines.map((line) => (state === "PLACED" ? unshippedOf(line) : 0)),
      shipments: rows.map((row) => ({
        id: row.id,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        trackingUrl: row.trackingUrl,
        createdAt: row.createdAt,
        lines: row.lines.map((line) => ({ orderItemId: line.orderItemId, productName: names.get(line.orderItemId) ?? "", quantity: line.quantity })),
      })),
    };
  }

  /**
   * Ships some or all unshipped units (no lines: all of them). Throws NotFoundError (another site's
   * order included), InvalidInputError (the order cannot ship), FormInvalidError (by field),
   * OrderMoveError (the order moved meanwhile). Answers the new shipment's id.
   */
  async fulfil(orderId: string, request: ShipmentRequest, by: string | null = null): Promise<string> {
    const shipmentId = newId();
    await this.db.$transaction(async (tx) => {
      const order = await tx.order.findFirst({
        where: { id: orderId, websiteId: this.websiteId },
        select: { state: true, orderNumber: true, customerEmail: true, language: true },
      });
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      const state: OrderState = isOrderState(order.state) ? order.state : "PLACED";
      // Lock the order's row first (a write), so of two shipments at once the second counts the first's units.
      const locked = await tx.order.updateMany({ where: { id: orderId, state }, data: { state } });
      if (locked.count !== 1) throw new InvalidInputError(fulfilmentMessages.changedMeanwhile);
      const lines = await shippableLines(tx, orderId);
      const plan = planShipment({ state, lines }, request);
      const at = this.now();
      await tx.shipment.create({
        data: {
          id: shipmentId,
          websiteId: this.websiteId,
          orderId,
          carrier: plan.carrier,
          trackingNumber: plan.trackingNumber,
          trackingUrl: plan.trackingUrl,
          createdAt: at,
          lines: { create: plan.lines },
        },
      });
      if (plan.completes) {
        assertOrderMove(state, "FULFILLED");
        const moved = await tx.order.updateMany({ where: { id: orderId, state }, data: { state: "FULFILLED", fulfilledAt: at } });
        if (moved.count !== 1) throw new OrderMoveError(state, "FULFILLED");
      }
      await recordOrderEvent(tx, {
        websiteId: this.websiteId,
        orderId,
        kind: "SHIPPED",
        data: { shipmentId, carrier: plan.carrier, trackingNumber: plan.trackingNumber, lines: plan.lines },
        actor: by,
        at,
      });
      if (order.customerEmail) {
        const branding = await loadEffectiveBranding(tx, this.websiteId);
        const byId = new Map(lines.map((line) => [line.orderItemId, line]));
        const attributes = await tx.orderItem.findMany({ where: { orderId }, select: { id: true, attributes: true } });
        const attributesOf = new Map(attributes.map((row) => [row.id, parseJsonObject(row.attributes)]));
        const email = shippingConfirmationEmail(
          {
            storeName: branding.storeName,
            orderNumber: order.orderNumber,
            lines: plan.lines.map((line) => ({
              productName: byId.get(line.orderItemId)!.productName,
              quantity: line.quantity,
              attributes: attributesOf.get(line.orderItemId),
            })),
            carrier: plan.carrier,
            trackingNumber: plan.trackingNumber,
            trackingUrl: plan.trackingUrl,
            complete: plan.completes,
            link: `${this.deps.publicUrl}/order-confirmed/${orderId}`,
          },
          order.language,
        );
        await sendOrderEmail(tx, this.deps.mailer, {
          websiteId: this.websiteId,
          orderId,
          kind: "SHIPPING_CONFIRMATION",
          dedupeKey: `order-shipped:${shipmentId}`,
          toEmail: order.customerEmail,
          email,
          at,
        });
      }
    }, TX);
    void this.deps.mailer.deliverPending();
    this.deps.pubsub.publish("orderChanged", { websiteId: this.websiteId, orderId });
    return shipmentId;
  }

  /** The order's timeline, oldest first; null: no such order here. */
  async timeline(orderId: string): Promise<OrderEventView[] | null> {
    const order = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { id: true } });
    return order ? listOrderEvents(this.db, this.websiteId, orderId) : null;
  }

  /** The owner adds a note (trimmed, 1–2,000 characters) to the order's timeline. */
  async addNote(orderId: string, note: string, by: string | null): Promise<void> {
    const problem = noteProblem(note, ORDER_NOTE_MAX_LENGTH);
    if (problem) throw new FormInvalidError([{ fieldId: "note", message: problem }]);
    const order = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { id: true } });
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    await recordOrderEvent(this.db, { websiteId: this.websiteId, orderId, kind: "NOTE", note: note.trim(), actor: by, at: this.now() });
    this.deps.pubsub.publish("orderChanged", { websiteId: this.websiteId, orderId });
  }
}
