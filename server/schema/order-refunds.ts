// An order's refunds (issue 22), owner-only on Order: each refund, what was refunded and what is left
// (per line too), and `issueOrderRefund`: the owner refunds lines and/or an amount with Stripe's reason,
// optionally restocking (orders.write). `refundOrder` stays the full refund's shortcut (orders.ts).
import { InvalidInputError, NotFoundError, PaymentProviderUnavailableError } from "../domain/errors.ts";
import { REFUND_REASONS, type RefundReason } from "../domain/orders/order-refunds.ts";
import { OrderMoveError } from "../domain/orders/order-states.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import type { GraphQLContext } from "../context.ts";
import type { OrderRefundSummary, OrderRefundView } from "../services/orders/order-refunds.ts";
import { builder } from "./builder.ts";
import { OrderRef } from "./checkout.ts";
import { MoneyRef } from "./money.ts";
import { successWith } from "./payloads.ts";

const RefundReasonEnum = builder.enumType("RefundReason", {
  description: "Stripe's refund reasons.",
  values: Object.fromEntries(REFUND_REASONS.map((reason) => [reason.toUpperCase(), { value: reason }])) as Record<
    Uppercase<RefundReason>,
    { value: RefundReason }
  >,
});

const RefundLineRef = builder.objectRef<OrderRefundView["lines"][number]>("OrderRefundLine").implement({
  fields: (t) => ({ productName: t.exposeString("productName"), quantity: t.exposeInt("quantity") }),
});

const OrderRefundRef = builder.objectRef<OrderRefundView>("OrderRefund").implement({
  description: "One refund of an order: the owner's, or one made in Stripe's dashboard (source PROVIDER).",
  fields: (t) => ({
    id: t.exposeString("id"),
    amount: t.field({ type: MoneyRef, resolve: (refund) => ({ value: refund.amount, currency: refund.currency }) }),
    lines: t.field({ type: [RefundLineRef], resolve: (refund) => refund.lines }),
    reason: t.field({ type: RefundReasonEnum, nullable: true, resolve: (refund) => refund.reason }),
    restocked: t.exposeBoolean("restocked"),
    source: t.exposeString("source", { description: "OWNER (this admin) or PROVIDER (Stripe's dashboard)." }),
    providerRefundId: t.exposeString("providerRefundId", { nullable: true, description: "Stripe's refund (re_…); null in test mode." }),
    createdBy: t.exposeString("createdBy", { nullable: true, description: "The owner who refunded; null for Stripe's dashboard." }),
    createdAt: t.field({ type: "DateTime", resolve: (refund) => refund.createdAt }),
  }),
});

// Read once per order and request, whichever of the fields below are selected.
const summaries = new WeakMap<object, Map<string, Promise<OrderRefundSummary | null>>>();
function summary(ctx: GraphQLContext, orderId: string): Promise<OrderRefundSummary | null> {
  const byOrder = summaries.get(ctx) ?? new Map<string, Promise<OrderRefundSummary | null>>();
  summaries.set(ctx, byOrder);
  const found = byOrder.get(orderId) ?? ctx.services.orderRefunds.summary(orderId);
  byOrder.set(orderId, found);
  return found;
}

builder.objectFields(OrderRef, (t) => {
  const owners = { nullable: true, authScopes: { permission: "orders.read" } } as const;
  const read =
    <T>(pick: (summary: OrderRefundSummary) => T) =>
    async (order: { id: string }, _args: unknown, ctx: GraphQLContext): Promise<T | null> => {
      const found = await summary(ctx, order.id);
      return found ? pick(found) : null;
    };
  return {
    refunds: t.field({
      ...owners,
      type: [OrderRefundRef],
      description: "Owners (orders.read): the order's refunds, oldest first.",
      resolve: read((s) => s.refunds),
    }),
    refundedAmount: t.field({
      ...owners,
      type: MoneyRef,
      description: "Owners (orders.read): what its refunds gave back.",
      resolve: read((s) => ({ value: s.refundedAmount, currency: s.currency })),
    }),
    refundableAmount: t.field({
      ...owners,
      type: MoneyRef,
      description: "Owners (orders.read): what can still be refunded.",
      resolve: read((s) => ({ value: s.left, currency: s.currency })),
    }),
    refundableQuantities: t.intList({
      ...owners,
      description: "Owners (orders.read): of each of `items`, how many can still be refunded.",
      resolve: read((s) => s.quantitiesLeft),
    }),
  };
});

const RefundLineInput = builder.inputType("IssueOrderRefundLineInput", {
  fields: (t) => ({
    line: t.int({ required: true, description: "The line's position in the order's `items` (0 is the first)." }),
    quantity: t.int({ required: true }),
  }),
});

const IssueOrderRefundInput = builder.inputType("IssueOrderRefundInput", {
  fields: (t) => ({
    orderId: t.string({ required: true }),
    lines: t.field({ type: [RefundLineInput], description: "The lines to refund; their value is the amount unless `amount` is given." }),
    amount: t.int({ description: "Minor units; at most what is left. Neither lines nor amount: all that is left." }),
    reason: t.field({ type: RefundReasonEnum, required: true }),
    restock: t.boolean({ description: "Put the refunded lines' units back into stock." }),
  }),
});

builder.mutationField("issueOrderRefund", (t) =>
  t.withAuth({ permission: "orders.write" }).field({
    type: successWith("IssueOrderRefundSuccess", "order", OrderRef),
    description:
      "Owners: refunds lines and/or an amount of an order, through Stripe when it was paid there (a test-mode order's refund is recorded only); never more than is left. All that is left moves the order to REFUNDED.",
    errors: { types: [NotFoundError, OrderMoveError, InvalidInputError, PaymentProviderUnavailableError] },
    args: { input: t.arg({ type: IssueOrderRefundInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const by = ctx.viewer.signedIn ? ctx.viewer.email : null;
      await ctx.services.orderRefunds.refund(input.orderId, { lines: input.lines, amount: input.amount, reason: input.reason, restock: input.restock }, by);
      const order = await ctx.services.orders.get(input.orderId);
      if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
      return { order };
    },
  }),
);
