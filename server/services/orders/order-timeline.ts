// Writes and reads an order's timeline (domain/orders/order-timeline.ts). `recordOrderEvent` runs in
// the caller's transaction, so an event is stored exactly when the thing it records is.
import type { Db, Tx } from "../../db/client.ts";
import { parseOrderEventData, type OrderEventActor, type OrderEventData, type OrderEventKind } from "../../domain/orders/order-timeline.ts";

export interface OrderEventView {
  id: number;
  kind: OrderEventKind;
  note: string | null;
  data: OrderEventData;
  actor: string | null;
  createdAt: Date;
}

export interface RecordOrderEvent {
  websiteId: string;
  orderId: string;
  kind: OrderEventKind;
  data?: OrderEventData;
  note?: string | null;
  actor?: OrderEventActor | null;
  at?: Date;
}

/** Adds one event to an order's timeline, in the caller's transaction. */
export async function recordOrderEvent(tx: Tx | Db, event: RecordOrderEvent): Promise<void> {
  await tx.orderEvent.create({
    data: {
      websiteId: event.websiteId,
      orderId: event.orderId,
      kind: event.kind,
      note: event.note ?? null,
      data: JSON.stringify(event.data ?? {}),
      actor: event.actor ?? null,
      ...(event.at ? { createdAt: event.at } : {}),
    },
  });
}

/** One order's timeline, oldest first (ids break ties within a millisecond). */
export async function listOrderEvents(db: Db | Tx, websiteId: string, orderId: string): Promise<OrderEventView[]> {
  const rows = await db.orderEvent.findMany({ where: { websiteId, orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OrderEventKind,
    note: row.note,
    data: parseOrderEventData(row.data),
    actor: row.actor,
    createdAt: row.createdAt,
  }));
}
