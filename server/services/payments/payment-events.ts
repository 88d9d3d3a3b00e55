// Stripe's webhooks for one site (issue 22), and the job that makes sure no payment is left behind.
// A delivery is verified with Stripe's own algorithm (Stripe.webhooks.constructEvent, the site's
// signing secret), stored once (the event id is unique per site: a replay or a concurrent duplicate
// is answered without effect) and processed at once; one that fails is tried again by the job with
// backoff (PAYMENT_EVENT_RETRY_DELAYS_MS). The job also reconciles: it asks Stripe about payments no
// event settled (a lost webhook, a process killed between the payment and its order) and finishes
// refunds Stripe did not take the first time.
import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { checkoutPaymentMessages } from "../../domain/messages/checkout-payments.ts";
import {
  ABANDONED_PAYMENT_AFTER_MS,
  STARTING_PAYMENT_GRACE_MS,
  DISPUTE_EVENTS,
  PAYMENT_INTENT_EVENTS,
  REFUND_EVENTS,
  SUPERSEDED_PAYMENT_WATCH_MS,
  paymentEventDue,
  paymentOutcome,
} from "../../domain/payments/checkout-payment.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { providerPaymentOf, type CheckoutPaymentService } from "./checkout-payments.ts";
import type { PaymentAccountService } from "./payment-accounts.ts";
import type { PaymentSettlement } from "./payment-settlement.ts";
import type { OrderDisputeService } from "../orders/order-disputes.ts";
import type { OrderRefundService } from "../orders/order-refunds.ts";

// Any other event is stored and left alone.
const PAYMENT_EVENTS = new Set<string>(PAYMENT_INTENT_EVENTS);
const REFUNDS = new Set<string>(REFUND_EVENTS);
const DISPUTES = new Set<string>(DISPUTE_EVENTS);

export interface WebhookAnswer {
  status: 200 | 400;
  message: string;
}

type EventRow = { id: number; type: string; payload: string };

export class PaymentEventService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly accounts: PaymentAccountService,
    private readonly payments: CheckoutPaymentService,
    private readonly settlement: PaymentSettlement,
    private readonly orders: { refunds: Pick<OrderRefundService, "recordProviderRefund">; disputes: Pick<OrderDisputeService, "record"> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One delivery of Stripe's: 400 and nothing stored when the signature does not verify (or the store
   * has no signing secret); 200 once the event is stored, whether or not processing it worked (the job
   * tries again), and 200 without effect for an event already received.
   */
  async receive(rawBody: Buffer, signature: string | null): Promise<WebhookAnswer> {
    const secret = await this.accounts.webhookSecret();
    if (!secret) return { status: 400, message: checkoutPaymentMessages.noWebhookSecret };
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
    } catch {
      return { status: 400, message: checkoutPaymentMessages.badSignature };
    }
    let row: EventRow;
    try {
      row = await sql(this.db)
        .insertInto("PaymentEvent")
        .values({ websiteId: this.websiteId, eventId: event.id, type: event.type, payload: JSON.stringify(event), receivedAt: this.now() })
        .returning(["id", "type", "payload"])
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return { status: 200, message: "already received" };
      throw error;
    }
    await this.#process(row);
    return { status: 200, message: "received" };
  }

  /** The job: events due for another try, then the payments no event settled. */
  async runDue(): Promise<{ events: number; payments: number }> {
    const now = this.now();
    const pending = await this.db.paymentEvent.findMany({
      where: { websiteId: this.websiteId, processedAt: null },
      orderBy: { receivedAt: "asc" },
      take: 100,
    });
    const due = pending.filter((row) => paymentEventDue(row.attempts, row.lastTriedAt ?? row.receivedAt, now));
    for (const row of due) await this.#process(row);
    return { events: due.length, payments: await this.#reconcile(now) };
  }

  async #process(row: EventRow): Promise<void> {
    try {
      const event = JSON.parse(row.payload) as Stripe.Event;
      if (PAYMENT_EVENTS.has(row.type)) await this.settlement.settle(providerPaymentOf(event.data.object as Stripe.PaymentIntent));
      else if (REFUNDS.has(row.type)) await this.#refunds(event);
      else if (DISPUTES.has(row.type)) await this.#dispute(event.data.object as Stripe.Dispute);
      await this.db.paymentEvent.update({
        where: { id: row.id },
        data: { processedAt: this.now(), lastTriedAt: this.now(), attempts: { increment: 1 }, lastError: null },
      });
    } catch (error) {
      await this.db.paymentEvent.update({
        where: { id: row.id },
        data: { lastTriedAt: this.now(), attempts: { increment: 1 }, lastError: error instanceof Error ? error.message : String(error) },
      });
    }
  }

  /**
   * Refunds made in Stripe's dashboard: `refund.created` carries the refund, `charge.refunded` the
   * charge with its refunds (when the API version lists them). Each is recorded once whichever comes.
   */
  async #refunds(event: Stripe.Event): Promise<void> {
    const object = event.data.object as Stripe.Refund | Stripe.Charge;
    const refunds = object.object === "refund" ? [object] : (object.refunds?.data ?? []);
    for (const refund of refunds) {
      const paymentIntentId = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
      if (!paymentIntentId || refund.status === "failed" || refund.status === "canceled") continue;
      await this.orders.refunds.recordProviderRefund({
        id: refund.id,
        paymentIntentId,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason ?? null,
        sitecartOrderId: refund.metadata?.sitecart_order_id ?? null,
      });
    }
  }

  async #dispute(dispute: Stripe.Dispute): Promise<void> {
    const paymentIntentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
    if (!paymentIntentId) return;
    await this.orders.disputes.record({ id: dispute.id, paymentIntentId, amount: dispute.amount, currency: dispute.currency, reason: dispute.reason });
  }

  /** Asks Stripe about every payment still in flight; returns how many it settled or gave up. */
  async #reconcile(now: Date): Promise<number> {
    let moved = 0;
    for (const row of await this.payments.list(["REFUNDING"])) if (await this.settlement.completeRefund(row)) moved++;
    const open = await this.payments.list(["STARTING", "PENDING", "FAILED"]);
    // A replaced intent is cancelled, but it may have succeeded just before: watched for a while.
    const replaced = await this.payments.list(["SUPERSEDED"], new Date(now.getTime() - SUPERSEDED_PAYMENT_WATCH_MS));
    for (const row of [...open, ...replaced]) {
      const age = now.getTime() - row.createdAt.getTime();
      if (!row.paymentIntentId) {
        // Never handed to the shopper (the process stopped before Stripe answered): nobody can pay it.
        if (row.status === "STARTING" && age > STARTING_PAYMENT_GRACE_MS) {
          await this.db.checkoutPayment.updateMany({ where: { id: row.id, status: "STARTING" }, data: { status: "SUPERSEDED" } });
          moved++;
        }
        continue;
      }
      const payment = await this.payments.retrieve(row.paymentIntentId);
      if (!payment) continue;
      if (paymentOutcome(payment) === "succeeded") {
        await this.settlement.settle(payment);
        moved++;
      } else if (row.status !== "SUPERSEDED" && now.getTime() - row.holdExpiresAt.getTime() > ABANDONED_PAYMENT_AFTER_MS) {
        await this.payments.cancelIntent(row.paymentIntentId);
        await this.db.checkoutPayment.updateMany({ where: { id: row.id, status: row.status }, data: { status: "SUPERSEDED" } });
        moved++;
      }
    }
    return moved;
  }
}
