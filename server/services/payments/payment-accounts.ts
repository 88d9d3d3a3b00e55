// The site's payment account (issue 22, "Connecting a store to Stripe"): the owner's keys checked by
// a call to Stripe before they are saved, the secrets encrypted (secret-box.ts), never handed to a
// client. The key rules are domain/payments/keys.ts. Without an account the store runs in test mode.
import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { FormInvalidError, InvalidInputError, NotAllowedError, PaymentProviderUnavailableError } from "../../domain/errors.ts";
import { paymentMessages } from "../../domain/messages/payments.ts";
import { parsePaymentKeys, type PaymentKeys, type PaymentKeysInput, type PaymentMode } from "../../domain/payments/keys.ts";
import { decryptSecret, encryptSecret, newEncryptionKey } from "./secret-box.ts";
import { stripeClient, type StripeApiBase } from "./stripe-client.ts";

export interface PaymentOptions {
  /** PAYMENTS_ENCRYPTION_KEY; null: connecting is refused (production without the variable). */
  encryptionKey: Buffer | null;
  /** STRIPE_API_URL's host/port/protocol; null: Stripe itself. */
  stripeApi: StripeApiBase | null;
}

/** What an owner may see of the account: never a secret. */
export interface PaymentAccountView {
  provider: "stripe";
  mode: PaymentMode;
  publishableKey: string;
  accountId: string;
  country: string | null;
  defaultCurrency: string | null;
  hasWebhookSecret: boolean;
  connectedAt: Date;
}

// Without configuration (tests, a harness) a key made once per process: never a known value, and
// what it encrypted is unreadable after a restart, which only development data can meet.
let processKey: Buffer | null = null;
export function defaultPaymentOptions(): PaymentOptions {
  processKey ??= newEncryptionKey();
  return { encryptionKey: processKey, stripeApi: null };
}

type AccountRow = {
  mode: string;
  publishableKey: string;
  secretKeyCiphertext: string;
  webhookSecretCiphertext: string | null;
  accountId: string;
  country: string | null;
  defaultCurrency: string | null;
  connectedAt: Date;
};

const viewOf = (row: AccountRow): PaymentAccountView => ({
  provider: "stripe",
  mode: row.mode === "live" ? "live" : "test",
  publishableKey: row.publishableKey,
  accountId: row.accountId,
  country: row.country,
  defaultCurrency: row.defaultCurrency,
  hasWebhookSecret: row.webhookSecretCiphertext !== null,
  connectedAt: row.connectedAt,
});

export class PaymentAccountService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly options: PaymentOptions,
  ) {}

  /** The account as the owner sees it; null: not connected (test mode). */
  async view(): Promise<PaymentAccountView | null> {
    const row = await this.db.paymentAccount.findUnique({ where: { websiteId: this.websiteId } });
    return row ? viewOf(row) : null;
  }

  /**
   * Checks the keys (formats, then Stripe: GET /v1/account with the secret key, `accounts.retrieveCurrent`) and saves them,
   * replacing the site's account. Throws FormInvalidError (formats), InvalidInputError (Stripe's
   * refusal, in its words), PaymentProviderUnavailableError (Stripe not reached), NotAllowedError (no
   * encryption key configured); nothing is saved on any of them.
   */
  async connect(input: PaymentKeysInput): Promise<PaymentAccountView> {
    const parsed = parsePaymentKeys(input);
    if ("fieldErrors" in parsed) throw new FormInvalidError(parsed.fieldErrors);
    const key = this.options.encryptionKey;
    if (!key) throw new NotAllowedError(paymentMessages.encryptionKeyMissing);
    const account = await this.#retrieveAccount(parsed.keys);
    const data = {
      provider: "stripe",
      mode: parsed.keys.mode,
      publishableKey: parsed.keys.publishableKey,
      secretKeyCiphertext: encryptSecret(key, parsed.keys.secretKey, this.websiteId),
      webhookSecretCiphertext: parsed.keys.webhookSecret === null ? null : encryptSecret(key, parsed.keys.webhookSecret, this.websiteId),
      accountId: account.id,
      country: account.country ?? null,
      defaultCurrency: account.default_currency ?? null,
    };
    const row = await this.db.paymentAccount.upsert({
      where: { websiteId: this.websiteId },
      create: { websiteId: this.websiteId, ...data },
      // Replacing keys is a new connection: connectedAt says since when these keys are in use.
      update: { ...data, connectedAt: new Date() },
    });
    return viewOf(row);
  }

  /** Deletes the keys: the store is back in test mode. Disconnecting twice is not an error. */
  async disconnect(): Promise<void> {
    await this.db.paymentAccount.deleteMany({ where: { websiteId: this.websiteId } });
  }

  /** The secret key for the payment code; null: not connected. Never for a client. */
  async secretKey(): Promise<string | null> {
    const row = await this.db.paymentAccount.findUnique({ where: { websiteId: this.websiteId }, select: { secretKeyCiphertext: true } });
    return row ? this.#decrypt(row.secretKeyCiphertext) : null;
  }

  /**
   * An SDK instance on the site's account for the payment code (calls with idempotency keys: retried),
   * with the account's publishable key and mode, from one read of the row; null: not connected.
   */
  async client(): Promise<{ client: Stripe; publishableKey: string; mode: PaymentAccountView["mode"] } | null> {
    const row = await this.db.paymentAccount.findUnique({
      where: { websiteId: this.websiteId },
      select: { secretKeyCiphertext: true, publishableKey: true, mode: true },
    });
    if (!row) return null;
    const client = stripeClient(this.#decrypt(row.secretKeyCiphertext), this.options.stripeApi, { retries: 2 });
    return { client, publishableKey: row.publishableKey, mode: row.mode as PaymentAccountView["mode"] };
  }

  /** The webhook signing secret the webhooks are verified with; null: not connected or none given. */
  async webhookSecret(): Promise<string | null> {
    const row = await this.db.paymentAccount.findUnique({ where: { websiteId: this.websiteId }, select: { webhookSecretCiphertext: true } });
    return row?.webhookSecretCiphertext ? this.#decrypt(row.webhookSecretCiphertext) : null;
  }

  #decrypt(ciphertext: string): string {
    if (!this.options.encryptionKey) throw new NotAllowedError(paymentMessages.encryptionKeyMissing);
    return decryptSecret(this.options.encryptionKey, ciphertext, this.websiteId);
  }

  async #retrieveAccount(keys: PaymentKeys): Promise<Stripe.Account> {
    try {
      return await stripeClient(keys.secretKey, this.options.stripeApi).accounts.retrieveCurrent();
    } catch (error) {
      // Not reached, timed out, or Stripe's own failure (5xx): the owner can try again.
      if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
        throw new PaymentProviderUnavailableError(paymentMessages.stripeUnreachable);
      // Stripe refused the key (unknown, revoked, restricted without the right): its own words.
      if (
        error instanceof Stripe.errors.StripeAuthenticationError ||
        error instanceof Stripe.errors.StripePermissionError ||
        error instanceof Stripe.errors.StripeInvalidRequestError
      ) {
        throw new InvalidInputError(error.message);
      }
      throw error;
    }
  }
}
