// A checkout's payment through Stripe (issue 22): the CheckoutPayment rows and the provider calls
// behind them. The row is written (with the stock held) in the checkout's transaction, before Stripe
// is called, so a payment that succeeds is always found again: by the shopper's return, the webhook or
// the reconciliation job, whichever comes first (payment-settlement.ts makes the order from it). Every
// call to Stripe carries an idempotency key, so a retry never makes a second intent or refund.
import Stripe from "stripe";
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { InvalidInputError, NotFoundError, PaymentProviderUnavailableError } from "../../domain/errors.ts";
import { checkoutPaymentMessages } from "../../domain/messages/checkout-payments.ts";
import {
  CHECKOUT_RETURN_PATH,
  STRIPE_WEBHOOK_PATH,
  OPEN_PAYMENT_STATUSES,
  providerCurrency,
  providerIdempotencyKey,
  type CheckoutPaymentStatus,
  type ProviderPayment,
} from "../../domain/payments/checkout-payment.ts";
import type { RefundReason } from "../../domain/orders/order-refunds.ts";
import type { CartView } from "../cart/cart-view.ts";
import type { CartRow } from "../cart/cart-transaction.ts";
import { holdStock, releaseHolds, type StockHoldService } from "../cart/stock-holds.ts";
import type { OrderFacts } from "../checkout/order-steps.ts";
import { newId } from "../support/ids.ts";
import type { PaymentAccountService } from "./payment-accounts.ts";
import type { SavedCardService } from "./saved-cards.ts";

/** What the checkout's transaction answers (plain JSON: the cart writer replays it to a retry). */
export interface PaymentStart {
  paymentId: string;
  amount: number;
  currency: string;
  holdExpiresAt: string;
  /** The cart's earlier payments this one replaces: their intents are cancelled after commit. */
  supersededIntentIds: string[];
  /** Products whose available stock the hold changed (their caches are told after commit). */
  heldProductIds: number[];
}

/** What the shopper's browser needs to pay: Stripe's client secret, never the secret key. */
export interface OpenPayment {
  paymentId: string;
  paymentIntentId: string;
  clientSecret: string;
  publishableKey: string;
  amount: number;
  currency: string;
  returnUrl: string;
  holdExpiresAt: string;
}

/** The checkout form's facts stored with the payment, for the order it makes later. */
export interface StoredCheckout {
  email: string;
  accountId: number | null;
  language: string | null;
  addresses: OrderFacts["addresses"];
  saveAddress: boolean;
  /** A member's subscription checkout: the card is saved to their Customer for the renewals. */
  saveCard?: boolean;
}

export type CheckoutPaymentRow = {
  id: string;
  cartId: string;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  status: CheckoutPaymentStatus;
  checkout: StoredCheckout;
  orderId: string | null;
  failureMessage: string | null;
  holdExpiresAt: Date;
  createdAt: Date;
};

/** A Stripe intent as the checkout's rules read it. */
export function providerPaymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    failureMessage: intent.last_payment_error?.message ?? null,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
  };
}

/** An expandable field's id (the SDK gives the id unless asked to expand it). */
function idOf(field: string | { id: string } | null): string | null {
  return typeof field === "string" ? field : (field?.id ?? null);
}

export class CheckoutPaymentService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly accounts: PaymentAccountService,
    private readonly publicUrl: string,
    private readonly stockHolds: Pick<StockHoldService, "announce">,
    private readonly savedCards: Pick<SavedCardService, "customerFor">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The address the owner gives Stripe for this site's webhooks. */
  webhookUrl(): string {
    return `${this.publicUrl}${STRIPE_WEBHOOK_PATH}`;
  }

  /** Whether checkout takes payment through a provider (a connected account): false is test mode. */
  async connected(): Promise<boolean> {
    return (await this.accounts.view()) !== null;
  }

  /**
   * In the checkout's transaction: holds the cart's stock and writes the payment (STARTING), replacing
   * the cart's earlier open payments. Throws NotEnoughStockError when other carts hold what is left.
   */
  async begin(tx: Tx, cart: CartRow, view: CartView, facts: OrderFacts, saveAddress: boolean): Promise<PaymentStart> {
    const q = sql(tx);
    const earlier = await q
      .updateTable("CheckoutPayment")
      .set({ status: "SUPERSEDED", updatedAt: facts.at })
      .where("cartId", "=", cart.id)
      .where("status", "in", OPEN_PAYMENT_STATUSES)
      .returning("paymentIntentId")
      .execute();
    const lines = view.entries.flatMap((entry) =>
      entry.chosenVariant?.variantId == null ? [] : [{ variantId: entry.chosenVariant.variantId, productId: entry.itemId, quantity: entry.quantity }],
    );
    const hold = await holdStock(tx, { websiteId: cart.websiteId, cartId: cart.id, lines }, facts.at);
    const paymentId = newId();
    const saveCard = cart.kind === "SUBSCRIPTION" && facts.accountId !== null;
    const checkout: StoredCheckout = {
      email: facts.email,
      accountId: facts.accountId,
      language: facts.language,
      addresses: facts.addresses,
      saveAddress,
      saveCard,
    };
    await q
      .insertInto("CheckoutPayment")
      .values({
        id: paymentId,
        websiteId: cart.websiteId,
        cartId: cart.id,
        provider: "stripe",
        amount: view.grandTotalCents,
        currency: view.currency,
        status: "STARTING",
        checkout: JSON.stringify(checkout),
        holdExpiresAt: hold.expiresAt,
        createdAt: facts.at,
        updatedAt: facts.at,
      })
      .execute();
    return {
      paymentId,
      amount: view.grandTotalCents,
      currency: view.currency,
      holdExpiresAt: hold.expiresAt.toISOString(),
      supersededIntentIds: earlier.flatMap((row) => (row.paymentIntentId ? [row.paymentIntentId] : [])),
      heldProductIds: [...hold.productIds],
    };
  }

  /**
   * After commit: makes (or, on a retry, finds again by its idempotency key) the payment's intent for
   * the amount the server priced, and cancels the intents it replaced. When Stripe cannot be reached the
   * payment is dropped and its stock released: nothing was charged.
   */
  async open(start: PaymentStart): Promise<OpenPayment> {
    const stripe = await this.#stripe();
    const row = await this.#row({ id: start.paymentId });
    if (!stripe || !row) throw new NotFoundError(checkoutPaymentMessages.paymentNotFound);
    let intent: Stripe.PaymentIntent;
    try {
      // A subscription's card is saved for its renewals, charged with nobody present (issue 22).
      const customer = row.checkout.saveCard && row.checkout.accountId !== null ? await this.savedCards.customerFor(row.checkout.accountId) : null;
      intent = await stripe.client.paymentIntents.create(
        {
          amount: start.amount,
          currency: providerCurrency(start.currency),
          // The methods the owner enabled in Stripe's dashboard: cards, wallets, pay-later.
          automatic_payment_methods: { enabled: true },
          ...(customer ? { customer, setup_future_usage: "off_session" as const } : {}),
          receipt_email: row.checkout.email,
          metadata: { sitecart_website_id: this.websiteId, sitecart_payment_id: start.paymentId, sitecart_cart_id: row.cartId },
        },
        { idempotencyKey: providerIdempotencyKey.createIntent(start.paymentId) },
      );
    } catch (error) {
      await this.#drop(start.paymentId);
      throw unreachableOr(error);
    }
    await this.db.checkoutPayment.updateMany({
      where: { id: start.paymentId, websiteId: this.websiteId, status: "STARTING" },
      data: { paymentIntentId: intent.id, status: "PENDING" },
    });
    await Promise.all(start.supersededIntentIds.map((id) => this.cancelIntent(id)));
    return {
      paymentId: start.paymentId,
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret!,
      publishableKey: stripe.publishableKey,
      amount: start.amount,
      currency: start.currency,
      returnUrl: `${this.publicUrl}${CHECKOUT_RETURN_PATH}`,
      holdExpiresAt: start.holdExpiresAt,
    };
  }

  /** The intent as Stripe has it now (the shopper's return is only a hint: Stripe says what happened). */
  async retrieve(paymentIntentId: string): Promise<(ProviderPayment & { clientSecret: string | null }) | null> {
    const stripe = await this.#stripe();
    if (!stripe) return null;
    try {
      const intent = await stripe.client.paymentIntents.retrieve(paymentIntentId);
      return { ...providerPaymentOf(intent), clientSecret: intent.client_secret };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw unreachableOr(error);
    }
  }

  /** Cancels an intent nobody will pay any more; one that already succeeded is settled like any other. */
  async cancelIntent(paymentIntentId: string): Promise<void> {
    const stripe = await this.#stripe();
    try {
      await stripe?.client.paymentIntents.cancel(paymentIntentId, { cancellation_reason: "abandoned" });
    } catch {
      // Already succeeded, already cancelled or Stripe not reached: a later success is still settled
      // (webhook or reconciliation), and an unpaid intent expires at Stripe on its own.
    }
  }

  /** Refunds a payment in full at Stripe (idempotent per payment); false when Stripe could not be reached. */
  async refundInFull(row: Pick<CheckoutPaymentRow, "id" | "paymentIntentId">): Promise<boolean> {
    const stripe = await this.#stripe();
    if (!stripe || !row.paymentIntentId) return false;
    try {
      await stripe.client.refunds.create(
        { payment_intent: row.paymentIntentId, reason: "requested_by_customer", metadata: { sitecart_payment_id: row.id } },
        { idempotencyKey: providerIdempotencyKey.refund(row.id) },
      );
      return true;
    } catch (error) {
      // An intent refunded already (in Stripe's dashboard, say) is refunded: nothing left to do.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return true;
      return false;
    }
  }

  /**
   * The owner's refund of (part of) a paid order at Stripe; answers Stripe's refund id. The key names
   * the order, what it had refunded before and the amount: a retry finds the same refund, a second
   * refund gets its own. Throws Stripe's refusal in its words, or PaymentProviderUnavailableError;
   * nothing moved then.
   */
  async refundOrder(orderId: string, paymentIntentId: string, refund: { amount: number; reason: RefundReason; refundedBefore: number }): Promise<string> {
    const stripe = await this.#stripe();
    if (!stripe) throw new PaymentProviderUnavailableError(checkoutPaymentMessages.notConnected);
    try {
      const made = await stripe.client.refunds.create(
        { payment_intent: paymentIntentId, amount: refund.amount, reason: refund.reason, metadata: { sitecart_order_id: orderId } },
        { idempotencyKey: providerIdempotencyKey.orderRefund(orderId, refund.refundedBefore, refund.amount) },
      );
      return made.id;
    } catch (error) {
      throw unreachableOr(error);
    }
  }

  /** A payment of this site by its id or its intent's id; null when there is none. */
  async find(where: { id: string } | { paymentIntentId: string }): Promise<CheckoutPaymentRow | null> {
    return this.#row(where);
  }

  /** Payments in the given states (moved since `movedSince`, if given), oldest first: the reconciliation job's work list. */
  async list(statuses: readonly CheckoutPaymentStatus[], movedSince?: Date, limit = 100): Promise<CheckoutPaymentRow[]> {
    const rows = await this.db.checkoutPayment.findMany({
      where: { websiteId: this.websiteId, status: { in: [...statuses] }, ...(movedSince ? { updatedAt: { gte: movedSince } } : {}) },
      orderBy: { createdAt: "asc" },
      take: limit,
    });
    return rows.map(rowOf);
  }

  async #row(where: { id: string } | { paymentIntentId: string }): Promise<CheckoutPaymentRow | null> {
    const row = await this.db.checkoutPayment.findFirst({ where: { ...where, websiteId: this.websiteId } });
    return row ? rowOf(row) : null;
  }

  /** A payment whose intent could not be made: superseded, its stock released. */
  async #drop(paymentId: string): Promise<void> {
    const released = await this.db.$transaction(async (tx) => {
      const dropped = await sql(tx)
        .updateTable("CheckoutPayment")
        .set({ status: "SUPERSEDED", updatedAt: this.now() })
        .where("id", "=", paymentId)
        .where("status", "=", "STARTING")
        .returning("cartId")
        .executeTakeFirst();
      return dropped ? releaseHolds(tx, dropped.cartId) : new Set<number>();
    });
    this.stockHolds.announce(released);
  }

  #stripe(): Promise<{ client: Stripe; publishableKey: string } | null> {
    return this.accounts.client();
  }
}

function rowOf(row: {
  id: string;
  cartId: string;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  status: string;
  checkout: string;
  orderId: string | null;
  failureMessage: string | null;
  holdExpiresAt: Date;
  createdAt: Date;
}): CheckoutPaymentRow {
  return { ...row, status: row.status as CheckoutPaymentStatus, checkout: JSON.parse(row.checkout) as StoredCheckout };
}

/**
 * Stripe's refusal of the request (an amount below its minimum, say) in its words; Stripe not reached
 * or failing on its side is the shopper's "try again"; anything else is a bug.
 */
function unreachableOr(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new InvalidInputError(error.message);
  if (error instanceof Stripe.errors.StripeError) return new PaymentProviderUnavailableError(checkoutPaymentMessages.providerUnreachable);
  return error;
}
