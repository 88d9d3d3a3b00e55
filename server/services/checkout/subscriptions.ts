// Members' subscriptions (issue 12 item 2). A subscription checkout by a signed-in member starts one
// (its order is cycle 1); the member skips the next cycle, pauses, resumes and cancels it, each move
// checked against domain/checkout/subscription-states.ts and written with a conditional update on the
// state it was checked from. The scheduler's renewal job (renewDue) places one order per due cycle: in
// test mode here, through the provider in paid-renewals.ts when the store is connected (issue 22); the
// (subscriptionId, subscriptionCycle) unique key and the conditional update on cyclesBilled make a cycle
// billed once however many processes or retries run it.
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import {
  addBillingPeriods,
  initialSubscriptionState,
  isSubscriptionState,
  memberActions,
  moveSubscription,
  nextBillingAfterResume,
  nextBillingDateProblem,
  renewalDecision,
  type MemberSubscriptionAction,
  type RenewalDecision,
  type SubscriptionState,
} from "../../domain/checkout/subscription-states.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { newId } from "../support/ids.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

export interface SubscriptionView {
  id: string;
  orderId: string;
  productId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  billingPeriod: { value: number; unit: string };
  numBillingCycles: number;
  state: SubscriptionState;
  cyclesBilled: number;
  /** Null once cancelled or completed (nothing more is billed). */
  nextBillingAt: string | null;
  /** PAST_DUE: the provider's words for the failed renewal charge, and when it is tried again. */
  renewalFailure: { message: string; retryAt: string | null } | null;
  skipNext: boolean;
  /** What the member may do now. */
  actions: MemberSubscriptionAction[];
}

export type SubscriptionRow = Prisma.SubscriptionGetPayload<object>;

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  const state = isSubscriptionState(row.state) ? row.state : "ACTIVE";
  const ended = state === "CANCELLED" || state === "COMPLETED";
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    currency: row.currency,
    billingPeriod: { value: row.billingPeriodValue, unit: row.billingPeriodUnit },
    numBillingCycles: row.numBillingCycles,
    state,
    cyclesBilled: row.cyclesBilled,
    nextBillingAt: ended ? null : row.nextBillingAt.toISOString(),
    renewalFailure: state === "PAST_DUE" && row.failureMessage ? { message: row.failureMessage, retryAt: row.retryAt?.toISOString() ?? null } : null,
    skipNext: row.skipNext,
    actions: memberActions(state, row.skipNext),
  };
}

/** At checkout: the subscription a member's subscription order starts (none for a guest's). */
export async function startSubscription(
  tx: Tx,
  order: { id: string; websiteId: string; currency: string; accountId: number | null; createdAt: Date },
  item: { productId: number; variantId: number | null; productName: string; quantity: number; unitPrice: number },
): Promise<void> {
  if (order.accountId === null) return;
  const plan = await tx.subscriptionPlan.findUnique({ where: { productId: item.productId } });
  if (!plan) return;
  const period = { value: plan.billingPeriodValue, unit: plan.billingPeriodUnit };
  await tx.subscription.create({
    data: {
      id: newId(),
      websiteId: order.websiteId,
      accountId: order.accountId,
      orderId: order.id,
      productId: item.productId,
      variantId: item.variantId,
      productName: item.productName,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      currency: order.currency,
      billingPeriodValue: plan.billingPeriodValue,
      billingPeriodUnit: plan.billingPeriodUnit,
      numBillingCycles: plan.numBillingCycles,
      state: initialSubscriptionState(plan.numBillingCycles),
      cyclesBilled: 1,
      nextBillingAt: addBillingPeriods(order.createdAt, period),
    },
  });
}

/** In a paid subscription checkout's transaction: the subscription its order started keeps the card it was paid with. */
export async function keepSavedCard(tx: Tx, orderId: string, card: { customerId: string; paymentMethodId: string }): Promise<void> {
  await tx.subscription.updateMany({ where: { orderId }, data: { paymentCustomerId: card.customerId, paymentMethodId: card.paymentMethodId } });
}

/** A move of a subscription: the member's (SKIP_NEXT, PAUSE, RESUME, CANCEL) or the owner's, who may also move the next billing date. */
export type SubscriptionMove = { action: MemberSubscriptionAction } | { action: "CHANGE_BILLING_DATE"; nextBillingAt: Date };

/**
 * The one path of every member's and owner's move: the subscription `where` names (none: not found) is
 * checked against the transition table (moveSubscription) and written conditionally on the state it
 * was checked from, in one transaction. Throws SubscriptionMoveError when the table refuses the move.
 */
export async function moveSubscriptionRow(db: Db, where: Prisma.SubscriptionWhereInput, move: SubscriptionMove, now: Date): Promise<SubscriptionRow> {
  return db.$transaction(async (tx) => {
    const row = await tx.subscription.findFirst({ where });
    if (!row) throw new NotFoundError(checkoutMessages.subscriptionNotFound);
    const from = isSubscriptionState(row.state) ? row.state : "ACTIVE";
    const to = moveSubscription(from, move.action, row.skipNext);
    const data: Prisma.SubscriptionUpdateManyMutationInput = { state: to };
    if (move.action === "SKIP_NEXT") data.skipNext = true;
    if (move.action === "RESUME") {
      data.nextBillingAt = nextBillingAfterResume(row.nextBillingAt, { value: row.billingPeriodValue, unit: row.billingPeriodUnit }, now);
    }
    if (move.action === "CHANGE_BILLING_DATE") {
      const problem = nextBillingDateProblem(move.nextBillingAt, now);
      if (problem) throw new InvalidInputError(problem);
      data.nextBillingAt = move.nextBillingAt;
    }
    // Conditional on what was checked: a concurrent move of the same subscription makes this one miss.
    const moved = await tx.subscription.updateMany({ where: { id: row.id, state: from, skipNext: row.skipNext }, data });
    if (moved.count !== 1) {
      const current = await tx.subscription.findUniqueOrThrow({ where: { id: row.id } });
      moveSubscription(isSubscriptionState(current.state) ? current.state : from, move.action, current.skipNext);
      throw new NotFoundError(checkoutMessages.subscriptionNotFound);
    }
    return tx.subscription.findUniqueOrThrow({ where: { id: row.id } });
  });
}

/** Renewals charged through the provider (paid-renewals.ts PaidRenewals; named here, not imported: it places orders, which start subscriptions). */
export interface PaidRenewalRunner {
  connected(): Promise<boolean>;
  renew(row: SubscriptionRow, decision: Extract<RenewalDecision, { kind: "BILL" }>, now: Date): Promise<string | null>;
}

export class SubscriptionService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
    /** Renewals charged through the provider when the store is connected (issue 22); absent: test mode. */
    private readonly paid: PaidRenewalRunner | null = null,
  ) {}

  /** The member's subscriptions, newest first. */
  async list(accountId: number): Promise<SubscriptionView[]> {
    const rows = await this.db.subscription.findMany({
      where: { websiteId: this.websiteId, accountId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: 50,
    });
    return rows.map(toSubscriptionView);
  }

  /** A member's move: skip the next cycle, pause, resume or cancel. Another member's is not found. */
  async change(accountId: number, subscriptionId: string, action: MemberSubscriptionAction): Promise<SubscriptionView> {
    return toSubscriptionView(await moveSubscriptionRow(this.db, { id: subscriptionId, websiteId: this.websiteId, accountId }, { action }, this.now()));
  }

  /**
   * The renewal job: bills (or skips) every cycle due at `now` of this site's active subscriptions, and
   * tries again the past-due ones whose retry has come; the orders placed.
   */
  async renewDue(now: Date = this.now()): Promise<string[]> {
    const placed: string[] = [];
    const due = await this.db.subscription.findMany({
      where: {
        websiteId: this.websiteId,
        OR: [
          { state: "ACTIVE", nextBillingAt: { lte: now } },
          { state: "PAST_DUE", retryAt: { lte: now } },
        ],
      },
      orderBy: { nextBillingAt: "asc" },
      take: 500,
    });
    const charges = this.paid !== null && (await this.paid.connected());
    for (const row of due) {
      // A subscription that fell several cycles behind (the server was down) catches up one per run.
      const orderId = await this.#renew(row, now, charges);
      if (orderId) placed.push(orderId);
    }
    return placed;
  }

  /** After the member saved a new card (issue 22): a past-due subscription's failed cycle is charged again now. */
  async retryNow(subscriptionId: string): Promise<SubscriptionView> {
    const now = this.now();
    await this.db.subscription.updateMany({ where: { id: subscriptionId, websiteId: this.websiteId, state: "PAST_DUE" }, data: { retryAt: now } });
    const row = await this.db.subscription.findFirstOrThrow({ where: { id: subscriptionId, websiteId: this.websiteId } });
    if (row.state === "PAST_DUE") await this.#renew(row, now, this.paid !== null && (await this.paid.connected()));
    return toSubscriptionView(await this.db.subscription.findFirstOrThrow({ where: { id: subscriptionId, websiteId: this.websiteId } }));
  }

  async #renew(row: SubscriptionRow, now: Date, charges: boolean): Promise<string | null> {
    const decision = renewalDecision(
      {
        state: isSubscriptionState(row.state) ? row.state : "ACTIVE",
        nextBillingAt: row.nextBillingAt,
        skipNext: row.skipNext,
        cyclesBilled: row.cyclesBilled,
        numBillingCycles: row.numBillingCycles,
        billingPeriod: { value: row.billingPeriodValue, unit: row.billingPeriodUnit },
        retryAt: row.retryAt,
      },
      now,
    );
    if (decision.kind === "NONE") return null;
    if (decision.kind === "BILL" && charges && this.paid) return this.paid.renew(row, decision, now);
    // Every write is conditional on the row as read: another run that got there first makes this one a no-op.
    const unchanged = { id: row.id, state: "ACTIVE", cyclesBilled: row.cyclesBilled, nextBillingAt: row.nextBillingAt, skipNext: row.skipNext };
    if (decision.kind === "SKIP") {
      await this.db.subscription.updateMany({ where: unchanged, data: { skipNext: false, nextBillingAt: decision.nextBillingAt } });
      return null;
    }
    try {
      return await this.db.$transaction(async (tx) => {
        const moved = await tx.subscription.updateMany({
          where: unchanged,
          data: { cyclesBilled: decision.cycle, nextBillingAt: decision.nextBillingAt, state: decision.state },
        });
        if (moved.count !== 1) return null;
        const first = await tx.order.findUniqueOrThrow({ where: { id: row.orderId }, include: { addresses: true } });
        const { nextOrderNumber } = await tx.website.update({
          where: { id: row.websiteId },
          data: { nextOrderNumber: { increment: 1 } },
          select: { nextOrderNumber: true },
        });
        const orderId = newId();
        const total = row.unitPrice * row.quantity;
        await tx.order.create({
          data: {
            id: orderId,
            orderNumber: nextOrderNumber - 1,
            websiteId: row.websiteId,
            // Renewals have no cart of their own: a key no cart id can take (cart ids are UUIDs).
            purchasedCartId: `renewal:${row.id}:${decision.cycle}`,
            testMode: true,
            customerEmail: first.customerEmail,
            accountId: row.accountId,
            currency: row.currency,
            subtotal: total,
            discountTotal: 0,
            taxTotal: 0,
            shippingTotal: 0,
            grandTotal: total,
            shippingCountry: first.shippingCountry,
            shippingRegion: first.shippingRegion,
            shippingPostalCode: first.shippingPostalCode,
            language: first.language,
            subscriptionId: row.id,
            subscriptionCycle: decision.cycle,
            addresses: { create: first.addresses.map(({ id: _id, orderId: _orderId, ...address }) => address) },
            items: {
              create: [
                {
                  productId: row.productId,
                  variantId: row.variantId,
                  productName: row.productName,
                  productType: (await tx.product.findUnique({ where: { id: row.productId }, select: { productType: true } }))?.productType ?? 1,
                  quantity: row.quantity,
                  unitPrice: row.unitPrice,
                },
              ],
            },
          },
        });
        return orderId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null; // this cycle's order exists: billed already
      throw error;
    }
  }
}
