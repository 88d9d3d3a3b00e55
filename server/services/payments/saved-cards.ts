// Saved cards (issue 22, "Subscriptions charge their saved payment method"): the member's Stripe
// Customer, kept on their account of the site, that a subscription checkout saves the card to; and the
// off-session charges of the renewals (services/checkout/paid-renewals.ts). Every call carries an
// idempotency key (domain/payments/checkout-payment.ts), so a retried call never charges twice.
import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { providerCurrency, providerIdempotencyKey } from "../../domain/payments/checkout-payment.ts";
import { renewalMessages } from "../../domain/messages/subscription-renewals.ts";
import type { PaymentAccountService } from "./payment-accounts.ts";

/** An off-session charge as the renewal needs it: paid by that intent, or refused in the provider's words. */
export type OffSessionCharge = { kind: "succeeded"; paymentIntentId: string } | { kind: "failed"; message: string; code: string | null };

export class SavedCardService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly accounts: Pick<PaymentAccountService, "client">,
  ) {}

  /** Whether renewals charge through the provider (a connected account): false is test mode. */
  async connected(): Promise<boolean> {
    return (await this.accounts.client()) !== null;
  }

  /**
   * The member's Customer at the site's Stripe account, made the first time (the idempotency key makes
   * racing checkouts share one). Null when the store is not connected. Throws the SDK's errors.
   */
  async customerFor(accountId: number): Promise<string | null> {
    const stripe = await this.accounts.client();
    if (!stripe) return null;
    const account = await this.db.account.findFirst({ where: { id: accountId, websiteId: this.websiteId }, select: { email: true, stripeCustomerId: true } });
    if (!account) return null;
    if (account.stripeCustomerId) return account.stripeCustomerId;
    const customer = await stripe.client.customers.create(
      { email: account.email, metadata: { sitecart_website_id: this.websiteId, sitecart_account_id: String(accountId) } },
      { idempotencyKey: providerIdempotencyKey.customer(this.websiteId, accountId) },
    );
    // The first writer wins; a racing one made the same customer (same key) anyway.
    await this.db.account.updateMany({ where: { id: accountId, websiteId: this.websiteId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
    return customer.id;
  }

  /**
   * Charges a saved card with nobody present (`off_session`). A decline or a bank asking for
   * authentication is a "failed" answer; Stripe not reached (or not connected) throws, so the
   * renewal is tried again by the next run with the same key.
   */
  async charge(input: {
    amount: number;
    currency: string;
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
    receiptEmail: string | null;
    metadata: Record<string, string>;
  }): Promise<OffSessionCharge> {
    const stripe = await this.accounts.client();
    if (!stripe) throw new Error("renewal charged without a connected payment account");
    try {
      const intent = await stripe.client.paymentIntents.create(
        {
          amount: input.amount,
          currency: providerCurrency(input.currency),
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          metadata: { sitecart_website_id: this.websiteId, ...input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === "succeeded") return { kind: "succeeded", paymentIntentId: intent.id };
      // processing (some bank debits) or requires_action: not paid now; the member is asked to act.
      return { kind: "failed", message: intent.last_payment_error?.message ?? renewalMessages.notCompleted, code: intent.status };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { kind: "failed", message: error.message, code: error.code ?? null };
      throw error;
    }
  }

  /**
   * A SetupIntent for the member to save a new card to `customerId` with the Payment Element (no money
   * moves); null when the store is not connected. Throws the SDK's errors.
   */
  async startSetup(customerId: string, metadata: Record<string, string>): Promise<{ clientSecret: string; publishableKey: string } | null> {
    const stripe = await this.accounts.client();
    if (!stripe) return null;
    const setup = await stripe.client.setupIntents.create({
      customer: customerId,
      usage: "off_session",
      automatic_payment_methods: { enabled: true },
      metadata: { sitecart_website_id: this.websiteId, ...metadata },
    });
    return { clientSecret: setup.client_secret!, publishableKey: stripe.publishableKey };
  }

  /** A SetupIntent as Stripe has it now: its status, customer, saved card and metadata; null when unknown. */
  async setupResult(
    setupIntentId: string,
  ): Promise<{ status: string; customerId: string | null; paymentMethodId: string | null; metadata: Record<string, string> } | null> {
    const stripe = await this.accounts.client();
    if (!stripe) return null;
    try {
      const setup = await stripe.client.setupIntents.retrieve(setupIntentId);
      const id = (field: string | { id: string } | null) => (typeof field === "string" ? field : (field?.id ?? null));
      return { status: setup.status, customerId: id(setup.customer), paymentMethodId: id(setup.payment_method), metadata: setup.metadata ?? {} };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Refunds a renewal's charge in full (idempotent per intent). Throws the SDK's errors. */
  async refund(paymentIntentId: string): Promise<void> {
    const stripe = await this.accounts.client();
    if (!stripe) throw new Error("refund without a connected payment account");
    await stripe.client.refunds.create(
      { payment_intent: paymentIntentId, reason: "requested_by_customer" },
      { idempotencyKey: providerIdempotencyKey.renewalRefund(paymentIntentId) },
    );
  }
}
