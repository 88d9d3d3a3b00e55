// A subscription's renewal charged through the provider (issue 22): each due cycle is priced like a
// checkout of the subscription's product to its shipping address (priceCart: price, tax, shipping),
// charged off session to the card the first checkout saved, then placed like a checkout (placeOrder:
// stock taken, order, confirmation email) in one transaction. A failed charge makes the subscription
// PAST_DUE and is tried again on the schedule of domain/payments/renewal-retries.ts; the member is
// emailed each time, and after the last try the subscription is cancelled and the owner told.
// Once per cycle: the charge's idempotency key is per subscription, cycle and try (a crashed run finds
// the same charge again), and the claim of the cycle is conditional on the row as read.
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { isSubscriptionState, moveSubscription, type RenewalDecision } from "../../domain/checkout/subscription-states.ts";
import { NotEnoughStockError } from "../../domain/errors.ts";
import { formatMoney } from "../../domain/money.ts";
import { renewalMessages } from "../../domain/messages/subscription-renewals.ts";
import { providerIdempotencyKey } from "../../domain/payments/checkout-payment.ts";
import { afterRenewalFailure, subscriptionCardPath } from "../../domain/payments/renewal-retries.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { priceCart, type CartView } from "../cart/cart-view.ts";
import type { CartRow } from "../cart/cart-transaction.ts";
import type { StockHoldService } from "../cart/stock-holds.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SavedCardService } from "../payments/saved-cards.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { rulesFor } from "./addresses.ts";
import { loadOrderView, type OrderView } from "./order-view.ts";
import { announceSale, placeOrder } from "./place-order.ts";

type SubscriptionRow = Prisma.SubscriptionGetPayload<object>;
type Bill = Extract<RenewalDecision, { kind: "BILL" }>;

export interface PaidRenewalDeps {
  savedCards: Pick<SavedCardService, "connected" | "charge" | "refund">;
  settings: StoreSettingsService;
  definitions: ProductDefinitions;
  mailer: Mailer;
  stockHolds: Pick<StockHoldService, "announce">;
  pubsub: StorePubSub;
  /** The site's address, for the links in the emails. */
  publicUrl: string;
}

const longDate = (date: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

export class PaidRenewals {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: PaidRenewalDeps,
  ) {}

  /** Whether renewals are charged through the provider; false: test mode (test orders, as before issue 22). */
  connected(): Promise<boolean> {
    return this.deps.savedCards.connected();
  }

  /** Bills the cycle `decision` names at `now`: the order placed, or null (failed, or another run billed it). */
  async renew(row: SubscriptionRow, decision: Bill, now: Date): Promise<string | null> {
    const first = await loadOrderView(this.db, row.orderId, this.websiteId);
    if (!first) return null;
    const { cart, view } = await this.#price(row, first, decision.cycle, now);
    if (!row.paymentCustomerId || !row.paymentMethodId) return this.#failed(row, decision, view, now, renewalMessages.noSavedCard);
    if (view.entries.length !== 1) return this.#failed(row, decision, view, now, renewalMessages.productUnavailable);
    const charge = await this.deps.savedCards.charge({
      amount: view.grandTotalCents,
      currency: view.currency,
      customerId: row.paymentCustomerId,
      paymentMethodId: row.paymentMethodId,
      idempotencyKey: providerIdempotencyKey.renewal(row.id, decision.cycle, row.renewalFailures),
      receiptEmail: first.customerEmail,
      metadata: { sitecart_subscription_id: row.id, sitecart_cycle: String(decision.cycle) },
    });
    if (charge.kind === "failed") return this.#failed(row, decision, view, now, charge.message);
    try {
      return await this.#place(row, decision, first, { cart, view }, charge.paymentIntentId, now);
    } catch (error) {
      if (isUniqueViolation(error)) return null; // this cycle's order exists: billed already
      if (!(error instanceof NotEnoughStockError)) throw error;
      // Charged, but the goods are gone: the money goes back and the cycle counts as a failed try.
      await this.deps.savedCards.refund(charge.paymentIntentId);
      return this.#failed(row, decision, view, now, renewalMessages.soldOut);
    }
  }

  /** The cycle priced like a checkout of the product to the subscription's address (no coupons, no gift cards). */
  async #price(row: SubscriptionRow, first: OrderView, cycle: number, now: Date): Promise<{ cart: CartRow; view: CartView }> {
    const original = await this.db.cart.findFirst({
      where: { id: first.purchasedCartId, websiteId: this.websiteId },
      select: { selectedShippingOptionId: true },
    });
    const settings = await this.deps.settings.get();
    // Renewals have no cart of their own: a key no cart id can take (cart ids are UUIDs), the order's purchasedCartId.
    const cartId = `renewal:${row.id}:${cycle}`;
    const shipping = first.shippingAddress;
    const cart: CartRow = {
      id: cartId,
      token: cartId,
      websiteId: row.websiteId,
      // Not SUBSCRIPTION: placing it must not start another subscription.
      kind: "RENEWAL",
      currency: row.currency,
      created: now,
      updatedAt: now,
      version: 0,
      isPurchased: false,
      orderId: null,
      selectedShippingOptionId: original?.selectedShippingOptionId ?? null,
      shippingCountry: shipping?.country ?? null,
      shippingRegion: shipping?.region ?? null,
      shippingPostalCode: shipping?.postalCode ?? null,
      couponCodes: "[]",
      giftCardCodes: "[]",
      creatorCrumbHash: null,
      contactEmail: null,
      contactMarketingConsent: false,
      contactLanguage: null,
      contactAt: null,
      reminderSentAt: null,
      recoveryTokenHash: null,
      entries: [],
    };
    cart.entries.push({
      id: cartId,
      cartId,
      productId: row.productId,
      variantId: row.variantId,
      denominationId: null,
      giftRecipientEmail: null,
      giftMessage: null,
      quantity: row.quantity,
      additionalFields: null,
      position: 0,
      createdAt: now,
    });
    return { cart, view: await priceCart(this.db, cart, cart.entries, { definitions: this.deps.definitions, settings, now: () => now }) };
  }

  async #place(
    row: SubscriptionRow,
    decision: Bill,
    first: OrderView,
    { cart, view }: { cart: CartRow; view: CartView },
    paymentIntentId: string,
    now: Date,
  ): Promise<string | null> {
    const addresses = { shipping: first.shippingAddress, billing: first.billingAddress };
    const rules = await rulesFor([addresses.shipping, addresses.billing]);
    const placed = await this.db.$transaction(async (tx) => {
      const claimed = await tx.subscription.updateMany({
        where: unchangedSince(row),
        data: { cyclesBilled: decision.cycle, nextBillingAt: decision.nextBillingAt, state: decision.state, ...paidUp },
      });
      if (claimed.count !== 1) return null;
      const result = await placeOrder(tx, this.deps.mailer, this.deps.publicUrl, {
        cart,
        view,
        facts: { email: first.customerEmail ?? "", accountId: row.accountId, language: first.language, addresses, at: now },
        saveAddress: false,
        payment: { testMode: false, paymentIntentId },
        rules,
      });
      await tx.order.update({ where: { id: result.order.id }, data: { subscriptionId: row.id, subscriptionCycle: decision.cycle } });
      return result;
    });
    if (!placed) return null;
    void this.deps.mailer.deliverPending();
    announceSale(this.deps.stockHolds, this.deps.pubsub, placed.order, placed.soldProductIds);
    return placed.order.id;
  }

  /** A failed try: PAST_DUE with the next try scheduled, or cancelled after the last; the emails in the same transaction. */
  async #failed(row: SubscriptionRow, decision: Bill, view: CartView, now: Date, reason: string): Promise<null> {
    const outcome = afterRenewalFailure(row.renewalFailures, row.firstFailedAt, now);
    const from = isSubscriptionState(row.state) ? row.state : "ACTIVE";
    const state = moveSubscription(from, outcome.kind === "RETRY" ? "FAIL_RENEWAL" : "GIVE_UP");
    const sent = await this.db.$transaction(async (tx) => {
      const moved = await tx.subscription.updateMany({
        where: unchangedSince(row),
        data: {
          state,
          renewalFailures: outcome.failures,
          firstFailedAt: outcome.kind === "RETRY" ? outcome.firstFailedAt : row.firstFailedAt,
          retryAt: outcome.kind === "RETRY" ? outcome.retryAt : null,
          failureMessage: reason,
        },
      });
      if (moved.count !== 1) return false;
      const amount = formatMoney({ value: view.grandTotalCents, currency: view.currency });
      await this.#enqueueFailureEmails(tx, row, decision.cycle, outcome, { amount, reason });
      return true;
    });
    if (sent) void this.deps.mailer.deliverPending();
    return null;
  }

  async #enqueueFailureEmails(
    tx: Tx,
    row: SubscriptionRow,
    cycle: number,
    outcome: ReturnType<typeof afterRenewalFailure>,
    { amount, reason }: { amount: string; reason: string },
  ): Promise<void> {
    const q = sql(tx);
    const [website, member] = await Promise.all([
      q.selectFrom("Website").select("title").where("id", "=", this.websiteId).executeTakeFirstOrThrow(),
      q.selectFrom("Account").select("email").where("id", "=", row.accountId).executeTakeFirst(),
    ]);
    const store = website.title;
    const product = row.productName;
    const key = `${row.id}:${cycle}:${outcome.failures}`;
    if (outcome.kind === "RETRY") {
      if (!member) return;
      await this.deps.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "RENEWAL_FAILED",
          dedupeKey: `renewal-failed:${key}`,
          toEmail: member.email,
          subject: renewalMessages.failedEmailSubject(store),
          textBody: renewalMessages.failedEmailBody({
            store,
            product,
            amount,
            reason,
            retryOn: longDate(outcome.retryAt),
            link: `${this.deps.publicUrl}${subscriptionCardPath(row.id)}`,
          }),
          language: null,
        },
      ]);
      return;
    }
    // The owners (admin role 1) of the site hear that it was cancelled.
    const owners = await q.selectFrom("Account").select("email").where("websiteId", "=", this.websiteId).where("role", "=", 1).execute();
    await this.deps.mailer.enqueue(tx, this.websiteId, [
      ...(member
        ? [
            {
              kind: "SUBSCRIPTION_CANCELLED" as const,
              dedupeKey: `subscription-cancelled:${key}`,
              toEmail: member.email,
              subject: renewalMessages.cancelledEmailSubject(store),
              textBody: renewalMessages.cancelledEmailBody({ store, product, reason, link: this.deps.publicUrl }),
              language: null,
            },
          ]
        : []),
      ...owners.map((owner) => ({
        kind: "OWNER_SUBSCRIPTION_CANCELLED" as const,
        dedupeKey: `owner-subscription-cancelled:${key}:${owner.email}`,
        toEmail: owner.email,
        subject: renewalMessages.ownerCancelledEmailSubject(product),
        textBody: renewalMessages.ownerCancelledEmailBody({
          member: member?.email ?? `#${row.accountId}`,
          product,
          reason,
          link: `${this.deps.publicUrl}/config/orders/${row.orderId}`,
        }),
        language: null,
      })),
    ]);
  }
}

/** The subscription as read: a run that moved it first makes this one's write miss. */
const unchangedSince = (row: SubscriptionRow) => ({
  id: row.id,
  state: row.state,
  cyclesBilled: row.cyclesBilled,
  nextBillingAt: row.nextBillingAt,
  renewalFailures: row.renewalFailures,
});

/** A paid cycle clears the failures. */
const paidUp = { renewalFailures: 0, firstFailedAt: null, retryAt: null, failureMessage: null };
