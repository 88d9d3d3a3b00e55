// What a payment that came back from Stripe makes (issue 22): the order, once, whoever reports the
// success first (the shopper's return, the webhook, the reconciliation job); or, when no order can be
// made any more (the stock sold out after the hold expired, the cart changed, a gift card was spent,
// the cart was ordered with another payment), a full refund and an email saying why. One order per
// payment: the payment row is claimed in the order's transaction, under the cart's lock, and
// Order.paymentIntentId is unique.
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { GiftCardError, NotEnoughStockError, NotFoundError } from "../../domain/errors.ts";
import { formatMoney } from "../../domain/money.ts";
import { checkoutPaymentMessages } from "../../domain/messages/checkout-payments.ts";
import {
  OPEN_PAYMENT_STATUSES,
  SETTLEABLE_PAYMENT_STATUSES,
  paidInFull,
  paymentOutcome,
  type ProviderPayment,
} from "../../domain/payments/checkout-payment.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { priceCart } from "../cart/cart-view.ts";
import type { CartWriter } from "../cart/cart-transaction.ts";
import { releaseHolds, type StockHoldService } from "../cart/stock-holds.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import { rulesFor } from "../checkout/addresses.ts";
import { loadOrderView, type OrderView } from "../checkout/order-view.ts";
import { announceSale, placeOrder } from "../checkout/place-order.ts";
import { keepSavedCard } from "../checkout/subscriptions.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { sameSecret } from "../support/ids.ts";
import type { CheckoutPaymentRow, CheckoutPaymentService } from "./checkout-payments.ts";

export type Settlement =
  | { kind: "ordered"; order: OrderView }
  | { kind: "processing" }
  | { kind: "failed"; message: string }
  | { kind: "refunded"; message: string }
  /** Not paid yet (the shopper has not confirmed, or is authenticating). */
  | { kind: "open" }
  /** No payment of this store has that intent. */
  | { kind: "unknown" };

type RefundReason = keyof typeof checkoutPaymentMessages.refundReasons;

/** No order can be made of this payment: it is refunded for `reason`. */
class CannotOrder extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason);
  }
}

/** Another settlement moved the payment first: read it again. */
class SettledMeanwhile extends Error {}

export class PaymentSettlement {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: {
      payments: CheckoutPaymentService;
      settings: StoreSettingsService;
      definitions: ProductDefinitions;
      stockHolds: StockHoldService;
      writer: CartWriter;
      pubsub: StorePubSub;
      mailer: Mailer;
      publicUrl: string;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The shopper is back from paying: settles the payment as Stripe has it now. Only the browser that
   * holds the payment's cart, or that was given the intent's client secret, learns anything.
   */
  async complete(
    paymentIntentId: string,
    proof: { cartToken: string | null; clientSecret: string | null },
  ): Promise<{ settlement: Settlement; visitorCartPurchased: boolean }> {
    const unknown = { settlement: { kind: "unknown" as const }, visitorCartPurchased: false };
    const row = await this.deps.payments.find({ paymentIntentId });
    if (!row) return unknown;
    const cart = await this.db.cart.findFirst({ where: { id: row.cartId, websiteId: this.websiteId }, select: { token: true } });
    const holdsCart = cart !== null && proof.cartToken !== null && sameSecret(proof.cartToken, cart.token);
    const payment = await this.deps.payments.retrieve(paymentIntentId);
    if (!payment) return unknown;
    if (!holdsCart && !(proof.clientSecret && payment.clientSecret && sameSecret(proof.clientSecret, payment.clientSecret))) return unknown;
    const settlement = await this.settle(payment);
    return { settlement, visitorCartPurchased: holdsCart && settlement.kind === "ordered" };
  }

  /** Settles a payment as Stripe reports it (the webhook's object, or the intent retrieved on return). */
  async settle(payment: ProviderPayment): Promise<Settlement> {
    const row = await this.deps.payments.find({ paymentIntentId: payment.id });
    if (!row) return { kind: "unknown" };
    const outcome = paymentOutcome(payment);
    if (outcome === "failed") return this.#failed(row, payment);
    if (outcome !== "succeeded") return { kind: outcome };
    const answer = await this.#answerFor(row);
    if (answer) return answer;
    try {
      // Never more or less than the payment row says: the server priced it, Stripe must have taken it.
      if (!paidInFull(payment, row)) throw new CannotOrder("cartChanged");
      return await this.#order(row, payment);
    } catch (error) {
      if (error instanceof SettledMeanwhile) return (await this.#answerFor((await this.deps.payments.find({ id: row.id }))!)) ?? { kind: "open" };
      const reason = refundReasonOf(error);
      if (!reason) throw error;
      return this.#refund(row, reason);
    }
  }

  /** Finishes a refund Stripe did not take at the first try (the reconciliation job calls it again). */
  async completeRefund(row: CheckoutPaymentRow): Promise<boolean> {
    if (!(await this.deps.payments.refundInFull(row))) return false;
    const refunded = await this.db.$transaction(async (tx) => {
      const moved = await sql(tx)
        .updateTable("CheckoutPayment")
        .set({ status: "REFUNDED", updatedAt: this.now() })
        .where("id", "=", row.id)
        .where("status", "=", "REFUNDING")
        .returning("id")
        .executeTakeFirst();
      if (moved) await this.#enqueueRefundEmail(tx, row);
      return !!moved;
    });
    if (refunded) void this.deps.mailer.deliverPending();
    return true;
  }

  /** What an already-settled payment answers; null while it is still open. */
  async #answerFor(row: CheckoutPaymentRow): Promise<Settlement | null> {
    if (row.status === "PAID" && row.orderId) {
      const order = await loadOrderView(this.db, row.orderId, this.websiteId);
      if (order) return { kind: "ordered", order };
    }
    if (row.status === "REFUNDING" || row.status === "REFUNDED")
      return { kind: "refunded", message: row.failureMessage ?? checkoutPaymentMessages.paymentRefunded };
    return null;
  }

  /** A declined or unauthenticated attempt: the shopper may try again on the same intent while the hold lasts. */
  async #failed(row: CheckoutPaymentRow, payment: ProviderPayment): Promise<Settlement> {
    const message = payment.failureMessage ?? checkoutPaymentMessages.paymentFailed;
    await this.db.checkoutPayment.updateMany({
      where: { id: row.id, websiteId: this.websiteId, status: "PENDING" },
      data: { status: "FAILED", failureMessage: message },
    });
    return { kind: "failed", message };
  }

  async #order(row: CheckoutPaymentRow, payment: ProviderPayment): Promise<Settlement> {
    const cart = await this.db.cart.findFirst({ where: { id: row.cartId, websiteId: this.websiteId }, select: { token: true } });
    if (!cart) throw new CannotOrder("cartChanged");
    const { addresses, saveAddress, ...shopper } = row.checkout;
    const rules = await rulesFor([addresses.shipping, addresses.billing]);
    // Read before the transaction: on SQLite a read outside it would wait for it.
    const settings = await this.deps.settings.get();
    let sold = new Set<number>();
    const result = await this.deps.writer.write(
      { cartToken: cart.token, crumb: null },
      {},
      {
        operation: "settle-payment",
        input: { paymentIntentId: payment.id },
        onPurchased: async (tx, purchased) => {
          const order = await sql(tx).selectFrom("Order").select("id").where("paymentIntentId", "=", payment.id).executeTakeFirst();
          if (!order) throw new CannotOrder("alreadyOrdered");
          return { cartId: purchased.id, order: (await loadOrderView(tx, order.id))! };
        },
        work: async (tx, locked) => {
          const claimed = await sql(tx)
            .updateTable("CheckoutPayment")
            .set({ status: "PAID", updatedAt: this.now() })
            .where("id", "=", row.id)
            .where("status", "in", SETTLEABLE_PAYMENT_STATUSES)
            .returning("id")
            .executeTakeFirst();
          if (!claimed) throw new SettledMeanwhile();
          const view = await priceCart(tx, locked, locked.entries, { definitions: this.deps.definitions, settings, now: this.now });
          if (view.entries.length === 0 || !paidInFull(payment, { amount: view.grandTotalCents, currency: view.currency }))
            throw new CannotOrder("cartChanged");
          const placed = await placeOrder(tx, this.deps.mailer, this.deps.publicUrl, {
            cart: locked,
            view,
            facts: { ...shopper, addresses, at: this.now() },
            saveAddress,
            payment: { testMode: false, paymentIntentId: payment.id },
            rules,
          });
          await releaseHolds(tx, locked.id);
          // A subscription checkout saved its card (setup_future_usage): the renewals charge it.
          if (payment.customerId && payment.paymentMethodId)
            await keepSavedCard(tx, placed.order.id, { customerId: payment.customerId, paymentMethodId: payment.paymentMethodId });
          await sql(tx).updateTable("CheckoutPayment").set({ orderId: placed.order.id }).where("id", "=", row.id).execute();
          sold = placed.soldProductIds;
          return { cartId: locked.id, order: placed.order };
        },
      },
    );
    void this.deps.mailer.deliverPending();
    announceSale(this.deps.stockHolds, this.deps.pubsub, result.order, sold);
    return { kind: "ordered", order: result.order };
  }

  /** Claims the payment for a refund (once), releases its stock, then refunds it at Stripe. */
  async #refund(row: CheckoutPaymentRow, reason: RefundReason): Promise<Settlement> {
    const message = checkoutPaymentMessages.refundReasons[reason];
    let released = new Set<number>();
    const claimed = await this.db.$transaction(async (tx) => {
      const moved = await sql(tx)
        .updateTable("CheckoutPayment")
        .set({ status: "REFUNDING", failureMessage: message, updatedAt: this.now() })
        .where("id", "=", row.id)
        .where("status", "in", SETTLEABLE_PAYMENT_STATUSES)
        .returning("id")
        .executeTakeFirst();
      if (!moved) return false;
      // The cart's holds are this payment's unless the shopper started another payment since.
      const newer = await sql(tx)
        .selectFrom("CheckoutPayment")
        .select("id")
        .where("cartId", "=", row.cartId)
        .where("status", "in", OPEN_PAYMENT_STATUSES)
        .executeTakeFirst();
      released = newer ? new Set() : await releaseHolds(tx, row.cartId);
      return true;
    });
    this.deps.stockHolds.announce(released);
    if (claimed) await this.completeRefund({ ...row, status: "REFUNDING", failureMessage: message });
    const now = await this.deps.payments.find({ id: row.id });
    return { kind: "refunded", message: now?.failureMessage ?? message };
  }

  async #enqueueRefundEmail(tx: Tx, row: CheckoutPaymentRow): Promise<void> {
    const website = await sql(tx).selectFrom("Website").select("title").where("id", "=", this.websiteId).executeTakeFirstOrThrow();
    const reason = row.failureMessage ?? checkoutPaymentMessages.paymentRefunded;
    const amount = formatMoney({ value: row.amount, currency: row.currency });
    await this.deps.mailer.enqueue(tx, this.websiteId, [
      {
        kind: "PAYMENT_REFUNDED",
        dedupeKey: `payment-refunded:${row.id}`,
        toEmail: row.checkout.email,
        subject: checkoutPaymentMessages.refundEmailSubject(website.title),
        textBody: checkoutPaymentMessages.refundEmailBody(website.title, amount, reason),
        language: row.checkout.language,
      },
    ]);
  }
}

function refundReasonOf(error: unknown): RefundReason | null {
  if (error instanceof CannotOrder) return error.reason;
  if (error instanceof NotEnoughStockError) return "soldOut";
  if (error instanceof GiftCardError) return "giftCardChanged";
  // The cart is gone (purged) or was ordered: nothing to make the order of.
  if (error instanceof NotFoundError) return "cartChanged";
  return null;
}
