// An order's refunds (issue 22): the owner's, of chosen lines and/or an amount, with a reason and
// optionally restocking, and those made in Stripe's dashboard (recorded from the webhook). One path
// for a partial and a full refund: the rules are domain/orders/order-refunds.ts; a refund of all that
// is left moves the order to REFUNDED (the transition table decides whether it may), a smaller one
// only adds to Order.refundedAmount. A paid order is refunded at Stripe first (idempotency key per
// order, amount refunded before, amount), then recorded; a test-mode order's refund is recorded only.
import type { Db, Tx } from "../../db/client.ts";
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { orderRefundMessages } from "../../domain/messages/order-refunds.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { planRefund, refundLeft, type RefundReason, type RefundRequest, type RefundedLine } from "../../domain/orders/order-refunds.ts";
import { assertOrderMove, isOrderState, OrderMoveError } from "../../domain/orders/order-states.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { CheckoutPaymentService } from "../payments/checkout-payments.ts";
import type { RestockService } from "../restock/restock.ts";
import { newId } from "../support/ids.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { returnUnits, unitsOf } from "./return-stock.ts";
import { orderRefundEmail } from "../../domain/orders/order-emails.ts";
import { loadEffectiveBranding } from "../mail/branding.ts";
import { sendOrderEmail } from "./order-emails.ts";
import { recordOrderEvent } from "./order-timeline.ts";

export interface OrderRefundView {
  id: string;
  amount: number;
  currency: string;
  lines: (RefundedLine & { productName: string })[];
  reason: RefundReason | null;
  restocked: boolean;
  providerRefundId: string | null;
  source: "OWNER" | "PROVIDER";
  createdBy: string | null;
  createdAt: Date;
}

export interface OrderRefundSummary {
  refunds: OrderRefundView[];
  refundedAmount: number;
  currency: string;
  /** What can still be refunded (minor units), and of each line (by position in the order's items). */
  left: number;
  quantitiesLeft: number[];
}

export interface OwnerRefundInput extends RefundRequest {
  reason: RefundReason;
  restock?: boolean | null;
}

/** A refund as Stripe reports it (the webhook's refund object). */
export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  reason: string | null;
  /** Set on the refunds Sitecart made itself (the owner's path records those). */
  sitecartOrderId: string | null;
}

type Recorded = { orderId: string; restocked: Set<number>; notified: number };

const parseLines = (text: string): RefundedLine[] => JSON.parse(text) as RefundedLine[];

export class OrderRefundService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: {
      pubsub: StorePubSub;
      definitions: ProductDefinitions;
      restock: RestockService;
      payments: Pick<CheckoutPaymentService, "refundOrder">;
      mailer: Mailer;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The order's refunds, oldest first. */
  async list(orderId: string): Promise<OrderRefundView[]> {
    return (await this.summary(orderId))?.refunds ?? [];
  }

  /** What the owner's order page shows of refunds: each refund, the total, what is left (per line too). */
  async summary(orderId: string): Promise<OrderRefundSummary | null> {
    const order = await this.db.order.findFirst({
      where: { id: orderId, websiteId: this.websiteId },
      select: {
        grandTotal: true,
        refundedAmount: true,
        currency: true,
        items: { orderBy: { id: "asc" }, select: { id: true, productName: true, quantity: true } },
        refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      },
    });
    if (!order) return null;
    const names = new Map(order.items.map((item) => [item.id, item.productName]));
    const refunds = order.refunds.map((row) => ({
      ...row,
      lines: parseLines(row.lines).map((line) => ({ ...line, productName: names.get(line.orderItemId) ?? "" })),
      reason: row.reason as RefundReason | null,
      source: row.source === "PROVIDER" ? ("PROVIDER" as const) : ("OWNER" as const),
    }));
    const refundedOf = (id: number) =>
      refunds
        .flatMap((refund) => refund.lines)
        .filter((line) => line.orderItemId === id)
        .reduce((sum, line) => sum + line.quantity, 0);
    return {
      refunds,
      refundedAmount: order.refundedAmount,
      currency: order.currency,
      left: refundLeft(order),
      quantitiesLeft: order.items.map((item) => Math.max(item.quantity - refundedOf(item.id), 0)),
    };
  }

  /**
   * The owner refunds lines and/or an amount (neither: all that is left). Throws InvalidInputError
   * (the rules, or Stripe's refusal), OrderMoveError (a full refund the order's state does not allow),
   * PaymentProviderUnavailableError; nothing is recorded then.
   */
  async refund(orderId: string, input: OwnerRefundInput, by: string | null): Promise<void> {
    const order = await this.db.order.findFirst({
      where: { id: orderId, websiteId: this.websiteId },
      include: { items: { orderBy: { id: "asc" } }, refunds: { select: { lines: true } } },
    });
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    const state = isOrderState(order.state) ? order.state : "PLACED";
    if (state === "REFUNDED") throw new OrderMoveError(state, "REFUNDED");
    const plan = planRefund(
      {
        grandTotal: order.grandTotal,
        refundedAmount: order.refundedAmount,
        currency: order.currency,
        items: order.items.map((item) => ({ orderItemId: item.id, productName: item.productName, quantity: item.quantity, unitPrice: item.unitPrice })),
        refundedLines: order.refunds.flatMap((refund) => parseLines(refund.lines)),
      },
      input,
    );
    if (plan.full) assertOrderMove(state, "REFUNDED");
    const providerRefundId =
      order.paymentIntentId && plan.amount > 0
        ? await this.deps.payments.refundOrder(orderId, order.paymentIntentId, {
            amount: plan.amount,
            reason: input.reason,
            refundedBefore: order.refundedAmount,
          })
        : null;
    const restockItems = input.restock
      ? plan.lines.map((line) => ({ ...line, variantId: order.items.find((item) => item.id === line.orderItemId)!.variantId }))
      : [];
    const recorded = await this.db.$transaction(
      async (tx) => {
        const result: Recorded = { orderId, restocked: new Set(), notified: 0 };
        // Conditional on what was refunded when the plan was made: of two refunds at once, one wins.
        const moved = await tx.order.updateMany({
          where: { id: orderId, refundedAmount: order.refundedAmount, state },
          data: { refundedAmount: order.refundedAmount + plan.amount, ...(plan.full ? { state: "REFUNDED", refundedAt: this.now() } : {}) },
        });
        if (moved.count !== 1) throw new InvalidInputError(orderRefundMessages.changedMeanwhile);
        if (plan.amount > 0) {
          await tx.orderRefund.create({
            data: {
              id: newId(),
              websiteId: this.websiteId,
              orderId,
              amount: plan.amount,
              currency: order.currency,
              lines: JSON.stringify(plan.lines),
              reason: input.reason,
              restocked: restockItems.length > 0,
              providerRefundId,
              source: "OWNER",
              createdBy: by,
              createdAt: this.now(),
            },
          });
          await this.#recordRefund(tx, order, { amount: plan.amount, lines: plan.lines, reason: input.reason, full: plan.full, by });
        }
        if (restockItems.length > 0) result.notified = await returnUnits(tx, this.deps.restock, unitsOf(restockItems), result.restocked);
        return result;
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    this.#afterCommit(recorded);
  }

  /**
   * A refund Stripe reports (made in its dashboard): recorded on its order once (the refund id is
   * unique); the order moves to REFUNDED when nothing is left. Refunds Sitecart made are the owner's
   * path's to record. Answers whether it recorded anything.
   */
  async recordProviderRefund(refund: ProviderRefund): Promise<boolean> {
    if (refund.sitecartOrderId) return false;
    const order = await this.db.order.findFirst({ where: { paymentIntentId: refund.paymentIntentId, websiteId: this.websiteId } });
    if (!order) return false;
    try {
      const recorded = await this.db.$transaction(async (tx) => {
        const current = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedAmount: true, state: true } });
        await tx.orderRefund.create({
          data: {
            id: newId(),
            websiteId: this.websiteId,
            orderId: order.id,
            amount: refund.amount,
            currency: refund.currency.toUpperCase(),
            reason: refund.reason,
            providerRefundId: refund.id,
            source: "PROVIDER",
            createdAt: this.now(),
          },
        });
        const refundedAmount = Math.min(current.refundedAmount + refund.amount, order.grandTotal);
        // Stripe already moved the money: the order says so even if the owner never fulfilled it.
        const full = refundedAmount >= order.grandTotal && current.state !== "REFUNDED";
        await tx.order.update({ where: { id: order.id }, data: { refundedAmount, ...(full ? { state: "REFUNDED", refundedAt: this.now() } : {}) } });
        await this.#recordRefund(
          tx,
          { ...order, refundedAmount: current.refundedAmount },
          { amount: refund.amount, lines: [], reason: refund.reason, full: refundedAmount >= order.grandTotal, by: null },
        );
        return { orderId: order.id, restocked: new Set<number>(), notified: 0 };
      });
      this.#afterCommit(recorded);
      return true;
    } catch (error) {
      // Recorded already (a redelivery, or charge.refunded and refund.created for the same refund).
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** The refund on the timeline, and the shopper's refund email (once per refund). */
  async #recordRefund(
    tx: Tx,
    order: { id: string; orderNumber: number; customerEmail: string | null; currency: string; language: string | null; refundedAmount: number },
    refund: { amount: number; lines: RefundedLine[]; reason: string | null; full: boolean; by: string | null },
  ): Promise<void> {
    const at = this.now();
    await recordOrderEvent(tx, {
      websiteId: this.websiteId,
      orderId: order.id,
      kind: "REFUNDED",
      data: { amount: refund.amount, lines: refund.lines, reason: refund.reason },
      actor: refund.by ?? "system",
      at,
    });
    if (!order.customerEmail) return;
    const branding = await loadEffectiveBranding(tx, this.websiteId);
    const names = new Map(
      (await tx.orderItem.findMany({ where: { orderId: order.id }, select: { id: true, productName: true } })).map((item) => [item.id, item.productName]),
    );
    const email = orderRefundEmail(
      {
        storeName: branding.storeName,
        orderNumber: order.orderNumber,
        amount: { value: refund.amount, currency: order.currency },
        lines: refund.lines.map((line) => ({ productName: names.get(line.orderItemId) ?? "", quantity: line.quantity })),
        reason: refund.reason,
        full: refund.full,
      },
      order.language,
    );
    await sendOrderEmail(tx, this.deps.mailer, {
      websiteId: this.websiteId,
      orderId: order.id,
      kind: "ORDER_REFUNDED",
      dedupeKey: `order-refunded:${order.id}:${order.refundedAmount}:${refund.amount}`,
      toEmail: order.customerEmail,
      email,
      at,
    });
  }

  #afterCommit({ orderId, restocked, notified }: Recorded): void {
    if (restocked.size > 0) {
      this.deps.definitions.invalidate([...restocked]);
      this.deps.pubsub.publish("catalogChanged", { productIds: [...restocked] });
      this.deps.pubsub.publish("stockChanged", { websiteId: this.websiteId, productIds: [...restocked] });
    }
    if (notified > 0) this.deps.restock.afterCommit();
    void this.deps.mailer.deliverPending();
    this.deps.pubsub.publish("orderChanged", { websiteId: this.websiteId, orderId });
  }
}
