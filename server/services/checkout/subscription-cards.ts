// The member updates the card of a subscription (issue 22): a SetupIntent for their Customer, which
// the page confirms with the Payment Element (no money moves), then the card it saved becomes the
// subscription's. A past-due subscription's failed cycle is charged again at once with the new card.
// The SetupIntent must be this subscription's (its metadata) and the member's Customer's: an id from
// another page or another member changes nothing.
import type { Db } from "../../db/client.ts";
import { InvalidInputError, NotAllowedError, NotFoundError, PaymentProviderUnavailableError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { subscriptionCardMessages } from "../../domain/messages/subscription-renewals.ts";
import type { SavedCardService } from "../payments/saved-cards.ts";
import { toSubscriptionView, type SubscriptionService, type SubscriptionView } from "./subscriptions.ts";

export interface CardSetup {
  clientSecret: string;
  publishableKey: string;
  subscription: SubscriptionView;
}

export class SubscriptionCardService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly savedCards: Pick<SavedCardService, "customerFor" | "startSetup" | "setupResult">,
    private readonly subscriptions: Pick<SubscriptionService, "retryNow">,
  ) {}

  /** Starts saving a new card for the member's subscription. Throws NotFound, NotAllowed (ended) or PaymentProviderUnavailable. */
  async start(accountId: number, subscriptionId: string): Promise<CardSetup> {
    const row = await this.#own(accountId, subscriptionId);
    const customerId = row.paymentCustomerId ?? (await this.savedCards.customerFor(accountId));
    const setup = customerId ? await this.savedCards.startSetup(customerId, { sitecart_subscription_id: row.id }) : null;
    if (!setup) throw new PaymentProviderUnavailableError(subscriptionCardMessages.notConnected);
    return { ...setup, subscription: toSubscriptionView(row) };
  }

  /** The page's SetupIntent succeeded: its card pays the subscription from now on (a past-due cycle at once). */
  async complete(accountId: number, subscriptionId: string, setupIntentId: string): Promise<SubscriptionView> {
    const row = await this.#own(accountId, subscriptionId);
    const setup = await this.savedCards.setupResult(setupIntentId);
    const customerId = row.paymentCustomerId ?? (await this.savedCards.customerFor(accountId));
    if (!setup || setup.metadata.sitecart_subscription_id !== row.id || setup.customerId !== customerId)
      throw new NotFoundError(checkoutMessages.subscriptionNotFound);
    if (setup.status !== "succeeded" || !setup.paymentMethodId) throw new InvalidInputError(subscriptionCardMessages.notSaved);
    await this.db.subscription.updateMany({
      where: { id: row.id, websiteId: this.websiteId },
      data: { paymentCustomerId: setup.customerId, paymentMethodId: setup.paymentMethodId },
    });
    return this.subscriptions.retryNow(row.id);
  }

  async #own(accountId: number, subscriptionId: string) {
    const row = await this.db.subscription.findFirst({ where: { id: subscriptionId, websiteId: this.websiteId, accountId } });
    if (!row) throw new NotFoundError(checkoutMessages.subscriptionNotFound);
    if (row.state === "CANCELLED" || row.state === "COMPLETED") throw new NotAllowedError(subscriptionCardMessages.ended);
    return row;
  }
}
