// The payment of one order paid through Stripe, as its owner sees it (issue 22): card brand and last
// 4, captured, refunded, fee, net and the dashboard link. Read from Stripe when the owner opens the
// order (docs/decisions.md "Payments: the checkout pays"): Stripe holds the truth, refunds made in its
// dashboard included, so nothing is copied at settlement that could go stale.
import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { orderMoneyOf, stripeDashboardPaymentUrl, type OrderMoney } from "../../domain/payments/order-money.ts";
import type { PaymentAccountService } from "./payment-accounts.ts";

export interface OrderPaymentView {
  paymentIntentId: string;
  /** Null when the store is no longer connected (the mode, hence the link, is unknown). */
  dashboardUrl: string | null;
  /** "visa", "mastercard"…; null for a method without a card or when Stripe could not be asked. */
  cardBrand: string | null;
  cardLast4: string | null;
  /** Null when Stripe could not be asked (not connected, not reached) or the payment has no charge. */
  money: OrderMoney | null;
}

type ExpandedCharge = Stripe.Charge & { balance_transaction: Stripe.BalanceTransaction | string | null };

export class OrderPaymentService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly accounts: PaymentAccountService,
  ) {}

  /** The order's Stripe payment; null for a test-mode order or one gift cards paid in full. */
  async view(orderId: string): Promise<OrderPaymentView | null> {
    const order = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { paymentIntentId: true } });
    if (!order?.paymentIntentId) return null;
    const paymentIntentId = order.paymentIntentId;
    const stripe = await this.accounts.client();
    const unknown: OrderPaymentView = {
      paymentIntentId,
      dashboardUrl: stripe ? stripeDashboardPaymentUrl(stripe.mode, paymentIntentId) : null,
      cardBrand: null,
      cardLast4: null,
      money: null,
    };
    if (!stripe) return unknown;
    let charge: ExpandedCharge | null;
    try {
      const intent = await stripe.client.paymentIntents.retrieve(paymentIntentId, {
        expand: ["latest_charge.balance_transaction"],
      });
      charge = typeof intent.latest_charge === "object" ? (intent.latest_charge as ExpandedCharge | null) : null;
    } catch (error) {
      // The owner still sees the order and the link; the figures wait for Stripe to answer.
      if (error instanceof Stripe.errors.StripeError) return unknown;
      throw error;
    }
    if (!charge) return unknown;
    const card = charge.payment_method_details?.card ?? null;
    const fee = typeof charge.balance_transaction === "object" && charge.balance_transaction ? charge.balance_transaction.fee : null;
    return {
      ...unknown,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      money: orderMoneyOf({ captured: charge.amount_captured, refunded: charge.amount_refunded, fee, currency: charge.currency }),
    };
  }
}
