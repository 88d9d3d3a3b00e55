// The owner's orders (issue 9): the site's orders searched, filtered and paged, one order with its
// state, and the moves of the transition table (domain/orders/order-states.ts): fulfil, cancel (the
// stock goes back), refund (test mode). Reading needs `orders.read`, moving `orders.write`
// (docs/permissions.md). They answer the one `Order` type (checkout.ts) that the buyer's `order`
// query answers too; the owner-only fields below are added to it, nullable and behind orders.read.
import { ORDER_STATES, OrderMoveError, nextOrderStates } from "../domain/orders/order-states.ts";
import { refundStatusOf } from "../domain/orders/order-refunds.ts";
import { InvalidInputError, NotFoundError, PaymentProviderUnavailableError, type DomainError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import type { OrderGiftCardsAndSubscription, OwnerOrderView } from "../services/orders/orders.ts";
import type { OrderView } from "../services/checkout/order-view.ts";
import { MemberSubscriptionRef } from "./checkout-subscriptions.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { forwardConnection } from "./connections.ts";
import { OrderRef } from "./checkout.ts";
import { ErrorInterface } from "./errors.ts";
import { MoneyRef } from "./money.ts";
import { successWith } from "./payloads.ts";

const RefundStatusEnum = builder.enumType("OrderRefundStatus", {
  description: "NONE: nothing refunded; PARTIAL: some of what was paid went back; FULL: all of it (the order is REFUNDED).",
  values: ["NONE", "PARTIAL", "FULL"] as const,
});

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
export const OwnerGiftCardRef = builder.objectRef<IssuedGiftCard>("OwnerGiftCard").implement({
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

// An order read through `order`, `node` or a member's orders carries the buyer's fields only: an owner
// who selects an owner-only field gets the owner's view, read once per order and request.
const ownerViewsByRequest = new WeakMap<object, Map<string, Promise<OwnerOrderView | null>>>();
function ownerView(ctx: GraphQLContext, order: OrderView): Promise<OwnerOrderView | null> | OwnerOrderView {
  if ("state" in order) return order as OwnerOrderView;
  const byOrder = ownerViewsByRequest.get(ctx) ?? new Map<string, Promise<OwnerOrderView | null>>();
  ownerViewsByRequest.set(ctx, byOrder);
  const view = byOrder.get(order.id) ?? ctx.services.orders.get(order.id);
  byOrder.set(order.id, view);
  return view;
}

// Owner-only fields of Order: nullable, so that a shopper who selects one still gets the order (that
// field null, with a top-level FORBIDDEN or UNAUTHENTICATED error), never `order: null`.
builder.objectFields(OrderRef, (t) => {
  const owners = { nullable: true, authScopes: { permission: "orders.read" } } as const;
  const ownerField =
    <T>(read: (order: OwnerOrderView) => T) =>
    async (order: OrderView, _args: unknown, ctx: GraphQLContext): Promise<T | null> => {
      const view = await ownerView(ctx, order);
      return view ? read(view) : null;
    };
  return {
    state: t.field({ ...owners, type: OrderStateEnum, description: "Owners (orders.read).", resolve: ownerField((order) => order.state) }),
    nextStates: t.field({
      ...owners,
      type: [OrderStateEnum],
      description: "Owners (orders.read): the states this order may move to now (the actions to offer).",
      resolve: ownerField((order) => [...nextOrderStates(order.state)]),
    }),
    couponCodes: t.stringList({ ...owners, description: "Owners (orders.read).", resolve: ownerField((order) => order.couponCodes) }),
    paymentIntentId: t.string({
      ...owners,
      description: "Owners (orders.read): the Stripe payment intent that paid it (pi_…); null in test mode or when gift cards paid it all.",
      resolve: ownerField((order) => order.paymentIntentId),
    }),
    refundStatus: t.field({
      ...owners,
      type: RefundStatusEnum,
      description: "Owners (orders.read): none, partially or fully refunded (issue 22).",
      resolve: ownerField((order) => refundStatusOf(order)),
    }),
    disputedAt: t.field({
      ...owners,
      type: "DateTime",
      description: "Owners (orders.read): when the shopper's bank disputed the payment; null: never.",
      resolve: ownerField((order) => order.disputedAt),
    }),
    giftCardPayments: t.field({
      ...owners,
      type: [GiftCardPaymentRef],
      description: "Owners (orders.read): the gift cards that paid for this order.",
      resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).payments.map((payment) => ({ ...payment, currency: order.currency })),
    }),
    giftCardsIssued: t.field({
      ...owners,
      type: [OwnerGiftCardRef],
      description: "Owners (orders.read): the gift cards this order bought, with what is left on each.",
      resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).issued,
    }),
    subscription: t.field({
      ...owners,
      type: MemberSubscriptionRef,
      description: "Owners (orders.read): the subscription this order started (a subscription checkout) or renewed.",
      resolve: async (order, _args, ctx) => (await orderExtras(ctx, order.id)).subscription,
    }),
    shippingCountry: t.string({ ...owners, description: "Owners (orders.read).", resolve: ownerField((order) => order.shippingCountry) }),
    shippingRegion: t.string({ ...owners, description: "Owners (orders.read).", resolve: ownerField((order) => order.shippingRegion) }),
    shippingPostalCode: t.string({ ...owners, description: "Owners (orders.read).", resolve: ownerField((order) => order.shippingPostalCode) }),
    fulfilledAt: t.field({ ...owners, type: "DateTime", description: "Owners (orders.read).", resolve: ownerField((order) => order.fulfilledAt) }),
    cancelledAt: t.field({ ...owners, type: "DateTime", description: "Owners (orders.read).", resolve: ownerField((order) => order.cancelledAt) }),
    refundedAt: t.field({ ...owners, type: "DateTime", description: "Owners (orders.read).", resolve: ownerField((order) => order.refundedAt) }),
  };
});

builder.queryFields((t) => ({
  ownerOrders: t.withAuth({ permission: "orders.read" }).connection(
    {
      type: OrderRef,
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
    type: OrderRef,
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

type ErrorClasses = (new (message: string) => DomainError)[];

/** `<Name>Input { orderId }`, `<Name>Success { order }`: the shape of every order move. */
function orderMove(name: string, description: string, move: "fulfil" | "cancel" | "refund", providerErrors: ErrorClasses = []) {
  const Input = builder.inputType(`${name}Input`, { fields: (t) => ({ orderId: t.string({ required: true }) }) });
  const Success = successWith(`${name}Success`, "order", OrderRef);
  builder.mutationField(name[0].toLowerCase() + name.slice(1), (t) =>
    t.withAuth({ permission: "orders.write" }).field({
      type: Success,
      description,
      errors: { types: [NotFoundError, OrderMoveError, ...providerErrors] },
      args: { input: t.arg({ type: Input, required: true }) },
      // The refund records who asked for it (the order's refunds list shows it).
      resolve: async (_root, { input }, ctx) => ({
        order: await (move === "refund"
          ? ctx.services.orders.refund(input.orderId, ctx.viewer.signedIn ? ctx.viewer.email : null)
          : ctx.services.orders[move](input.orderId, ctx.viewer.signedIn ? ctx.viewer.email : null)),
      }),
    }),
  );
}

orderMove(
  "FulfillOrder",
  "Owners: marks a placed order fulfilled: every unshipped unit in one shipment without tracking (fulfilOrder takes lines, carrier and tracking number).",
  "fulfil",
  [InvalidInputError],
);
orderMove(
  "CancelOrder",
  "Owners: cancels a placed order that has not started shipping; each limited variant gets its units back and the shopper is emailed.",
  "cancel",
  [InvalidInputError],
);
orderMove(
  "RefundOrder",
  "Owners: refunds a fulfilled or cancelled order: in full through Stripe when it was paid there (issue 22); a test-mode order's refund is recorded, no money moves.",
  "refund",
  [PaymentProviderUnavailableError, InvalidInputError],
);
