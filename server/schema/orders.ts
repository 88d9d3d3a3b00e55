// The owner's orders (issue 9): the site's orders searched, filtered and paged, one order with its
// state, and the moves of the transition table (domain/orders/order-states.ts): fulfil, cancel (the
// stock goes back), refund (test mode). Reading needs `orders.read`, moving `orders.write`
// (docs/permissions.md); the buyer's own `order` query (checkout.ts) is unchanged.
import { ORDER_STATES, OrderMoveError, nextOrderStates } from "../domain/orders/order-states.ts";
import { NotFoundError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { ownerMessages } from "../domain/owner-messages.ts";
import type { OrderGiftCardsAndSubscription, OwnerOrderView } from "../services/orders/orders.ts";
import { MemberSubscriptionRef } from "./checkout-subscriptions.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { forwardConnection } from "./connections.ts";
import { AddressRef, OrderItemRef } from "./checkout.ts";
import { ErrorInterface } from "./errors.ts";
import { MoneyRef } from "./money.ts";
import { successWith } from "./payloads.ts";

const OrderStateEnum = builder.enumType("OrderState", {
  description: "PLACED: paid at checkout (test mode); FULFILLED: the goods went out; CANCELLED: stock returned; REFUNDED: the money went back (final).",
  values: ORDER_STATES,
});

builder.objectType(OrderMoveError, {
  name: "OrderMoveError",
  description: "The order's state does not allow this move (e.g. cancelling a fulfilled order).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OrderMoveError,
  fields: (t) => ({
    from: t.field({ type: OrderStateEnum, description: "The order's state.", resolve: (error) => error.from }),
    to: t.field({ type: OrderStateEnum, description: "The state asked for.", resolve: (error) => error.to }),
  }),
});

type IssuedGiftCard = OrderGiftCardsAndSubscription["issued"][number];
const OwnerGiftCardRef = builder.objectRef<IssuedGiftCard>("OwnerGiftCard").implement({
  description: "A gift card an order bought, as its owner sees it: the code masked but for its last group.",
  fields: (t) => ({
    maskedCode: t.exposeString("maskedCode"),
    recipientEmail: t.exposeString("recipientEmail"),
    message: t.exposeString("message", { nullable: true }),
    initialBalance: t.field({ type: MoneyRef, resolve: (card) => ({ value: card.initialBalance, currency: card.currency }) }),
    balance: t.field({ type: MoneyRef, description: "What is left to spend.", resolve: (card) => ({ value: card.balance, currency: card.currency }) }),
  }),
});
const GiftCardPaymentRef = builder.objectRef<OrderGiftCardsAndSubscription["payments"][number] & { currency: string }>("OwnerGiftCardPayment").implement({
  description: "What a gift card paid of an order.",
  fields: (t) => ({
    maskedCode: t.exposeString("maskedCode"),
    amount: t.field({ type: MoneyRef, resolve: (payment) => ({ value: payment.amount, currency: payment.currency }) }),
  }),
});

// The three fields below share one read per order and request.
const extrasByRequest = new WeakMap<object, Map<string, Promise<OrderGiftCardsAndSubscription>>>();
function orderExtras(ctx: GraphQLContext, orderId: string): Promise<OrderGiftCardsAndSubscription> {
  const byOrder = extrasByRequest.get(ctx) ?? new Map<string, Promise<OrderGiftCardsAndSubscription>>();
  extrasByRequest.set(ctx, byOrder);
  const extras = byOrder.get(orderId) ?? ctx.services.orders.giftCardsAndSubscription(orderId);
  byOrder.set(orderId, extras);
  return extras;
}

export const OwnerOrderRef = builder.objectRef<OwnerOrderView>("OwnerOrder").implement({
  description: "An order as its owner sees it: the buyer, the items, the totals, where it ships and its state.",
  authScopes: { permission: "orders.read" },
  fields: (t) => {
    const amount = (field: "subtotal" | "discountTotal" | "taxTotal" | "shippingTotal" | "grandTotal") =>
      t.field({ type: MoneyRef, resolve: (order: OwnerOrderView) => ({ value: order[field], currency: order.currency }) });
    return {
      id: t.id({
        description: "A global id (base64 of OwnerOrder:<orderId>) so that clients' caches keep one copy of each order.",
        resolve: (order) => Buffer.from(`OwnerOrder:${order.id}`).toString("base64"),
      }),
      orderId: t.exposeString("id", { description: "The raw order id." }),
      orderNumber: t.exposeInt("orderNumber"),
      state: t.field({ type: OrderStateEnum, resolve: (order) => order.state }),
      nextStates: t.field({
        type: [OrderStateEnum],
        description: "The states this order may move to now (the actions to offer).",
        resolve: (order) => [...nextOrderStates(order.state)],
      }),
      testMode: t.exposeBoolean("testMode", { description: "Paid in test mode: no money moved." }),
      customerEmail: t.exposeString("customerEmail", { nullable: true }),
      items: t.field({ type: [OrderItemRef], resolve: (order) => order.items.map((item) => ({ ...item, currency: order.currency })) }),
      subtotal: amount("subtotal"),
      discountTotal: amount("discountTotal"),
      taxTotal: amount("taxTotal"),
      shippingTotal: amount("shippingTotal"),
      grandTotal: amount("grandTotal"),
      couponCodes: t.exposeStringList("couponCodes"),
      giftCardTotal: t.field({
        type: MoneyRef,
        description: "What gift cards paid; grandTotal is what was left to pay.",
        resolve: (order) => ({ value: order.giftCardTotal, currency: order.currency }),
      }),
      giftCardPayments: t.field({
        type: [GiftCardPaymentRef],
        description: "The gift cards that paid for this order.",
        resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).payments.map((payment) => ({ ...payment, currency: order.currency })),
      }),
      giftCardsIssued: t.field({
        type: [OwnerGiftCardRef],
        description: "The gift cards this order bought, with what is left on each.",
        resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).issued,
      }),
      subscription: t.field({
        type: MemberSubscriptionRef,
        nullable: true,
        description: "The subscription this order started (a subscription checkout) or renewed.",
        resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).subscription,
      }),
      shippingOption: t.exposeString("shippingOption", { nullable: true }),
      shippingCountry: t.exposeString("shippingCountry", { nullable: true }),
      shippingRegion: t.exposeString("shippingRegion", { nullable: true }),
      shippingPostalCode: t.exposeString("shippingPostalCode", { nullable: true }),
      shippingAddress: t.field({
        type: AddressRef,
        nullable: true,
        description: "Null when the order ships nothing.",
        resolve: (order) => order.shippingAddress,
      }),
      billingAddress: t.field({
        type: AddressRef,
        nullable: true,
        description: "Who pays; null when no address was asked.",
        resolve: (order) => order.billingAddress,
      }),
      createdAt: t.field({ type: "DateTime", description: "When it was placed.", resolve: (order) => order.createdAt }),
      fulfilledAt: t.expose("fulfilledAt", { type: "DateTime", nullable: true }),
      cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
      refundedAt: t.expose("refundedAt", { type: "DateTime", nullable: true }),
    };
  },
});

builder.queryFields((t) => ({
  ownerOrders: t.withAuth({ permission: "orders.read" }).connection(
    {
      type: OwnerOrderRef,
      description: "Owners: the site's orders, newest first.",
      args: {
        search: t.arg.string({ description: "An order number (#1001 or 1001), a raw order id, or part of the buyer's email." }),
        state: t.arg({ type: OrderStateEnum }),
        placedAfter: t.arg({ type: "DateTime", description: "Placed at or after this instant." }),
        placedBefore: t.arg({ type: "DateTime", description: "Placed before this instant." }),
      },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.orders.list({
          search: args.search,
          state: args.state,
          placedAfter: args.placedAfter,
          placedBefore: args.placedBefore,
          first: args.first,
          after: args.after,
        });
        return forwardConnection(page, (node) => node.id);
      },
    },
    { name: "OwnerOrderConnection" },
    { name: "OwnerOrderEdge" },
  ),
  ownerOrder: t.withAuth({ permission: "orders.read" }).field({
    type: OwnerOrderRef,
    description: "Owners: one order of the site by its raw id.",
    errors: { types: [NotFoundError] },
    args: { orderId: t.arg.string({ required: true }) },
    resolve: async (_root, { orderId }, ctx) => {
      const order = await ctx.services.orders.get(orderId);
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      return order;
    },
  }),
}));

/** `<Name>Input { orderId }`, `<Name>Success { order }`: the shape of every order move. */
function orderMove(name: string, description: string, move: "fulfil" | "cancel" | "refund") {
  const Input = builder.inputType(`${name}Input`, { fields: (t) => ({ orderId: t.string({ required: true }) }) });
  const Success = successWith(`${name}Success`, "order", OwnerOrderRef);
  builder.mutationField(name[0].toLowerCase() + name.slice(1), (t) =>
    t.withAuth({ permission: "orders.write" }).field({
      type: Success,
      description,
      errors: { types: [NotFoundError, OrderMoveError] },
      args: { input: t.arg({ type: Input, required: true }) },
      resolve: async (_root, { input }, ctx) => ({ order: await ctx.services.orders[move](input.orderId) }),
    }),
  );
}

orderMove("FulfillOrder", "Owners: marks a placed order fulfilled (the goods went out).", "fulfil");
orderMove("CancelOrder", "Owners: cancels a placed order; each limited variant gets its units back.", "cancel");
orderMove("RefundOrder", "Owners: refunds a fulfilled or cancelled order (test mode: recorded, no money moves).", "refund");
