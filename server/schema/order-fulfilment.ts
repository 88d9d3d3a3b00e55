// An order's fulfilment and timeline (issue 24), owner-only on Order (orders.read): the derived
// fulfilment status, the shipments with their tracking links, what is left to ship per line, and the
// timeline (oldest first). `fulfilOrder` ships some or all unshipped units with a carrier and tracking
// number; `addOrderNote` adds the owner's note (both orders.write).
import { FormInvalidError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { OrderMoveError } from "../domain/orders/order-states.ts";
import { ORDER_EVENT_KINDS } from "../domain/orders/order-timeline.ts";
import { FULFILMENT_STATUSES } from "../domain/orders/shipments.ts";
import type { GraphQLContext } from "../context.ts";
import type { OrderEventView } from "../services/orders/order-timeline.ts";
import type { OrderFulfilment, ShipmentView } from "../services/orders/shipments.ts";
import { builder } from "./builder.ts";
import { OrderRef } from "./checkout.ts";
import { successWith } from "./payloads.ts";

const FulfilmentStatusEnum = builder.enumType("FulfilmentStatus", {
  description: "Derived from the shipments: UNFULFILLED (nothing shipped), PARTIALLY_SHIPPED, SHIPPED (every unit), NOTHING_TO_SHIP (digital only).",
  values: FULFILMENT_STATUSES,
});

const OrderEventKindEnum = builder.enumType("OrderEventKind", { values: ORDER_EVENT_KINDS });

const ShipmentLineRef = builder.objectRef<ShipmentView["lines"][number]>("ShipmentLine").implement({
  fields: (t) => ({ productName: t.exposeString("productName"), quantity: t.exposeInt("quantity") }),
});

const ShipmentRef = builder.objectRef<ShipmentView>("Shipment").implement({
  description: "One parcel of an order: its lines, carrier and tracking number.",
  fields: (t) => ({
    id: t.exposeString("id"),
    carrier: t.exposeString("carrier", { nullable: true }),
    trackingNumber: t.exposeString("trackingNumber", { nullable: true }),
    trackingUrl: t.exposeString("trackingUrl", { nullable: true, description: "The carrier's tracking page; null for a carrier typed as free text." }),
    lines: t.field({ type: [ShipmentLineRef], resolve: (shipment) => shipment.lines }),
    createdAt: t.field({ type: "DateTime", resolve: (shipment) => shipment.createdAt }),
  }),
});

const OrderEventRef = builder.objectRef<OrderEventView>("OrderEvent").implement({
  description: "One event of an order's timeline; its facts by kind (the admin words them).",
  fields: (t) => ({
    eventId: t.exposeInt("id", { description: "The event's number (ordered as the timeline; not a node id)." }),
    kind: t.field({ type: OrderEventKindEnum, resolve: (event) => event.kind }),
    note: t.exposeString("note", { nullable: true, description: "NOTE: the owner's text." }),
    actor: t.exposeString("actor", { nullable: true, description: "An owner's email, shopper or system." }),
    createdAt: t.field({ type: "DateTime", resolve: (event) => event.createdAt }),
    amount: t.int({ nullable: true, description: "PAID, REFUNDED: minor units of the order's currency.", resolve: (event) => event.data.amount ?? null }),
    units: t.int({
      nullable: true,
      description: "SHIPPED, REFUNDED: how many units.",
      resolve: (event) => (event.data.lines ? event.data.lines.reduce((sum, line) => sum + line.quantity, 0) : null),
    }),
    carrier: t.string({ nullable: true, resolve: (event) => event.data.carrier ?? null }),
    trackingNumber: t.string({ nullable: true, resolve: (event) => event.data.trackingNumber ?? null }),
    emailKind: t.string({
      nullable: true,
      description: "EMAIL_SENT: ORDER_CONFIRMATION, SHIPPING_CONFIRMATION…",
      resolve: (event) => event.data.emailKind ?? null,
    }),
    emailTo: t.string({ nullable: true, resolve: (event) => event.data.to ?? null }),
  }),
});

// Read once per order and request, whichever of the fields below are selected.
const fulfilments = new WeakMap<object, Map<string, Promise<OrderFulfilment | null>>>();
function fulfilment(ctx: GraphQLContext, orderId: string): Promise<OrderFulfilment | null> {
  const byOrder = fulfilments.get(ctx) ?? new Map<string, Promise<OrderFulfilment | null>>();
  fulfilments.set(ctx, byOrder);
  const found = byOrder.get(orderId) ?? ctx.services.shipments.fulfilment(orderId);
  byOrder.set(orderId, found);
  return found;
}

builder.objectFields(OrderRef, (t) => {
  const owners = { nullable: true, authScopes: { permission: "orders.read" } } as const;
  return {
    fulfilmentStatus: t.field({
      ...owners,
      type: FulfilmentStatusEnum,
      description: "Owners (orders.read): what has shipped of the order.",
      resolve: async (order, _args, ctx) => (await fulfilment(ctx, order.id))?.status ?? null,
    }),
    shipments: t.field({
      ...owners,
      type: [ShipmentRef],
      description: "Owners (orders.read): the order's shipments, oldest first.",
      resolve: async (order, _args, ctx) => (await fulfilment(ctx, order.id))?.shipments ?? null,
    }),
    unshippedQuantities: t.intList({
      ...owners,
      description: "Owners (orders.read): of each of `items`, how many are still to ship (0 for lines that do not ship).",
      resolve: async (order, _args, ctx) => (await fulfilment(ctx, order.id))?.unshipped ?? null,
    }),
    timeline: t.field({
      ...owners,
      type: [OrderEventRef],
      description: "Owners (orders.read): what happened to the order, oldest first.",
      resolve: (order, _args, ctx) => ctx.services.shipments.timeline(order.id),
    }),
  };
});

const FulfilOrderLineInput = builder.inputType("FulfilOrderLineInput", {
  fields: (t) => ({
    line: t.int({ required: true, description: "The line's position in the order's `items` (0 is the first)." }),
    quantity: t.int({ required: true, description: "Units to ship; 0 leaves the line out." }),
  }),
});

const FulfilOrderInput = builder.inputType("FulfilOrderInput", {
  fields: (t) => ({
    orderId: t.string({ required: true }),
    lines: t.field({ type: [FulfilOrderLineInput], description: "The lines to ship; none: every unshipped unit." }),
    carrier: t.string({ description: "A carrier of the list (UPS, DHL Express…: a tracking link) or any other name (no link)." }),
    trackingNumber: t.string({ description: "Trimmed; at most 64 printable characters." }),
  }),
});

const by = (ctx: GraphQLContext) => (ctx.viewer.signedIn ? ctx.viewer.email : null);

builder.mutationField("fulfilOrder", (t) =>
  t.withAuth({ permission: "orders.write" }).field({
    type: successWith("FulfilOrderSuccess", "order", OrderRef),
    description:
      "Owners: ships some or all unshipped units of an order as one shipment, emails the shopper; the last unit moves the order to FULFILLED. Field errors (FormInvalidError) by `carrier`, `trackingNumber`, `lines.<position>`.",
    errors: { types: [NotFoundError, InvalidInputError, FormInvalidError, OrderMoveError] },
    args: { input: t.arg({ type: FulfilOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.shipments.fulfil(input.orderId, { lines: input.lines, carrier: input.carrier, trackingNumber: input.trackingNumber }, by(ctx));
      const order = await ctx.services.orders.get(input.orderId);
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      return { order };
    },
  }),
);

const AddOrderNoteInput = builder.inputType("AddOrderNoteInput", {
  fields: (t) => ({ orderId: t.string({ required: true }), note: t.string({ required: true, description: "1 to 2,000 characters." }) }),
});

builder.mutationField("addOrderNote", (t) =>
  t.withAuth({ permission: "orders.write" }).field({
    type: successWith("AddOrderNoteSuccess", "order", OrderRef),
    description: "Owners: adds a note to the order's timeline (only the store's team sees it). Field error on `note`.",
    errors: { types: [NotFoundError, FormInvalidError] },
    args: { input: t.arg({ type: AddOrderNoteInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.shipments.addNote(input.orderId, input.note, by(ctx));
      const order = await ctx.services.orders.get(input.orderId);
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      return { order };
    },
  }),
);
