// Abandoned checkout recovery (issue 24 part 4): the cart remembers the email typed at checkout with
// the shopper's marketing consent as given then; a per-site job writes one reminder per due cart to
// the outbox (the cart marked in the same transaction, by a conditional update that finds no order);
// the reminder's link restores that cart into the visitor's session with its stock checked again.
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { availableUnits } from "../../domain/cart/stock.ts";
import {
  abandonedCheckoutEmail,
  CART_RECOVERY_PATH,
  CART_REMINDER_UNSUBSCRIBE_PATH,
  REMINDER_DELAY_MINUTES,
  reminderCutoff,
  reminderDelayProblem,
} from "../../domain/checkout/abandoned-checkout.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import { isValidEmail } from "../../domain/forms/validate.ts";
import type { CartService } from "../cart/cart.ts";
import { variantStock } from "../cart/stock-holds.ts";
import { loadEffectiveBranding } from "../mail/branding.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newSecret, sha256 } from "../support/ids.ts";

export interface AbandonedCheckoutSettings {
  enabled: boolean;
  delayMinutes: number;
}

export interface CheckoutContact {
  email: string;
  /** The box as the shopper left it: true only when they ticked it. */
  marketingConsent: boolean;
  language?: string | null;
}

/** What a recovery link did: the cart now in the visitor's session, and what its stock no longer allows. */
export interface RecoveredCart {
  cartToken: string;
  /** Entries taken out (none left) or cut down (fewer left), by product name. */
  soldOut: string[];
}

/** Carts reminded per run and site, at most (the next run takes the rest). */
export const REMINDER_BATCH = 50;

export class AbandonedCheckoutService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly carts: Pick<CartService, "viewById" | "removeEntry" | "updateEntryQuantity">,
    private readonly mailer: Pick<Mailer, "enqueue">,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The owner's setting: off, 1 hour until they change it. */
  async settings(): Promise<AbandonedCheckoutSettings> {
    const row = await this.db.abandonedCheckoutSettings.findUnique({ where: { websiteId: this.websiteId } });
    return { enabled: row?.enabled ?? false, delayMinutes: row?.delayMinutes ?? REMINDER_DELAY_MINUTES.default };
  }

  /** Saves the owner's setting; InvalidInputError for a delay outside 15 minutes to 72 hours. */
  async updateSettings(input: AbandonedCheckoutSettings): Promise<AbandonedCheckoutSettings> {
    const problem = reminderDelayProblem(input.delayMinutes);
    if (problem) throw new InvalidInputError(problem);
    const data = { enabled: input.enabled, delayMinutes: input.delayMinutes };
    await this.db.abandonedCheckoutSettings.upsert({ where: { websiteId: this.websiteId }, create: { websiteId: this.websiteId, ...data }, update: data });
    return data;
  }

  /**
   * The shopper typed their email at checkout (the contact step, or the checkout itself): the cart of
   * `cartToken` keeps it, with the consent as given now (a later untick withdraws it). Nothing for a
   * cart already ordered, of another site, or an invalid address; true when the cart kept it.
   */
  async recordContact(cartToken: string | null, contact: CheckoutContact): Promise<boolean> {
    const email = contact.email.trim().toLowerCase();
    if (!cartToken || !isValidEmail(email)) return false;
    const now = this.now();
    const updated = await sql(this.db)
      .updateTable("Cart")
      .set({
        contactEmail: email,
        contactMarketingConsent: contact.marketingConsent === true,
        contactLanguage: contact.language?.slice(0, 35) ?? null,
        contactAt: now,
        updatedAt: now,
      })
      .where("token", "=", cartToken)
      .where("websiteId", "=", this.websiteId)
      .where("isPurchased", "=", false)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /**
   * The job's turn for this site: every due cart (an email with consent, no order, untouched for the
   * owner's delay, never reminded, its address not unsubscribed) gets one reminder in the outbox.
   * Returns how many were written. Nothing while the setting is off.
   */
  async remindDue(): Promise<number> {
    const settings = await this.settings();
    if (!settings.enabled) return 0;
    const now = this.now();
    const due = await sql(this.db)
      .selectFrom("Cart")
      .select(["id", "contactEmail", "contactLanguage"])
      .where("websiteId", "=", this.websiteId)
      .where("kind", "=", "STANDARD")
      .where("contactEmail", "is not", null)
      .where("contactMarketingConsent", "=", true)
      .where("isPurchased", "=", false)
      .where("orderId", "is", null)
      .where("reminderSentAt", "is", null)
      .where("updatedAt", "<=", reminderCutoff(now, settings.delayMinutes))
      // An address that unsubscribed from the store's mailing lists said no to marketing email.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("MailingListSignUp")
              .innerJoin("MailingList", "MailingList.id", "MailingListSignUp.mailingListId")
              .select("MailingListSignUp.id")
              .where("MailingList.websiteId", "=", this.websiteId)
              .whereRef("MailingListSignUp.email", "=", "Cart.contactEmail")
              .where("MailingListSignUp.status", "=", "UNSUBSCRIBED"),
          ),
        ),
      )
      .orderBy("updatedAt", "asc")
      .limit(REMINDER_BATCH)
      .execute();
    let written = 0;
    for (const cart of due) if (await this.#remind(cart.id, cart.contactEmail!, cart.contactLanguage)) written++;
    return written;
  }

  async #remind(cartId: string, email: string, language: string | null): Promise<boolean> {
    const view = await this.carts.viewById(cartId);
    if (!view || view.entries.length === 0) return false;
    const token = newSecret();
    return this.db.$transaction(async (tx) => {
      // Marked only while it still has no order: a checkout that committed first wins, and one that
      // comes after waits for this row (PostgreSQL's row lock; SQLite runs one writer).
      const marked = await sql(tx)
        .updateTable("Cart")
        .set({ reminderSentAt: this.now(), recoveryTokenHash: sha256(token) })
        .where("id", "=", cartId)
        .where("isPurchased", "=", false)
        .where("orderId", "is", null)
        .where("reminderSentAt", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return false;
      const branding = await loadEffectiveBranding(tx, this.websiteId);
      const email_ = abandonedCheckoutEmail(
        {
          storeName: branding.storeName,
          currency: view.currency,
          items: view.entries.map((entry) => ({
            productName: entry.title,
            attributes: entry.chosenVariant?.attributes ?? {},
            quantity: entry.quantity,
            unitPrice: entry.purchasePriceCents,
          })),
          subtotal: view.subtotalCents,
          link: `${this.publicUrl}${CART_RECOVERY_PATH}${token}`,
          unsubscribeLink: `${this.publicUrl}${CART_REMINDER_UNSUBSCRIBE_PATH}${token}`,
        },
        language,
      );
      await this.mailer.enqueue(tx, this.websiteId, [{ kind: "ABANDONED_CHECKOUT", dedupeKey: `abandoned-checkout:${cartId}`, toEmail: email, ...email_ }]);
      return true;
    });
  }

  async #cartOfToken(token: unknown) {
    if (typeof token !== "string" || token.length < 16 || token.length > 100) return null;
    return this.db.cart.findFirst({
      where: { recoveryTokenHash: sha256(token), websiteId: this.websiteId },
      select: { id: true, token: true, isPurchased: true, contactEmail: true },
    });
  }

  /**
   * The reminder's link: the cart it names (still without an order) with each limited entry checked
   * against the stock of now through the cart's own writes (removed when none is left, cut down when
   * fewer are); null for a token that names nothing, or a cart already ordered.
   */
  async recover(token: unknown): Promise<RecoveredCart | null> {
    const cart = await this.#cartOfToken(token);
    if (!cart || cart.isPurchased) return null;
    const visitor = { cartToken: cart.token, crumb: null };
    const entries = await this.db.cartEntry.findMany({ where: { cartId: cart.id }, select: { id: true, variantId: true, quantity: true } });
    const view = await this.carts.viewById(cart.id);
    const soldOut: string[] = [];
    for (const entry of entries) {
      if (entry.variantId === null) continue;
      const stock = await variantStock(this.db, entry.variantId, { websiteId: this.websiteId, now: this.now(), exceptCartId: cart.id });
      const available = stock ? availableUnits(stock) : 0;
      if (available >= entry.quantity) continue;
      soldOut.push(view?.entries.find((shown) => shown.id === entry.id)?.title ?? "");
      if (available === 0) await this.carts.removeEntry(visitor, entry.id);
      else await this.carts.updateEntryQuantity(visitor, entry.id, available);
    }
    return { cartToken: cart.token, soldOut: soldOut.filter((name) => name !== "") };
  }

  /** Whose reminders an unsubscribe link stops (the page asks first: mail scanners follow links); null when it names nothing. */
  async unsubscribeTarget(token: unknown): Promise<{ email: string } | null> {
    const cart = await this.#cartOfToken(token);
    return cart?.contactEmail ? { email: cart.contactEmail } : null;
  }

  /** Withdraws the consent of every cart of the site with the link's address: no reminder goes to it again. */
  async unsubscribe(token: unknown): Promise<{ email: string } | null> {
    const target = await this.unsubscribeTarget(token);
    if (!target) return null;
    await sql(this.db)
      .updateTable("Cart")
      .set({ contactMarketingConsent: false })
      .where("websiteId", "=", this.websiteId)
      .where("contactEmail", "=", target.email)
      .execute();
    return target;
  }

  /** The owner's figures: carts that got a reminder, and those of them ordered after it (recovered). */
  async stats(): Promise<{ reminded: number; recovered: number }> {
    const reminded = sql(this.db)
      .selectFrom("Cart")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("Cart.websiteId", "=", this.websiteId)
      .where("Cart.reminderSentAt", "is not", null);
    // isRecovered's rule in SQL: an order made at or after the reminder.
    const [all, recovered] = await Promise.all([
      reminded.executeTakeFirstOrThrow(),
      reminded.innerJoin("Order", "Order.id", "Cart.orderId").whereRef("Order.createdAt", ">=", "Cart.reminderSentAt").executeTakeFirstOrThrow(),
    ]);
    return { reminded: Number(all.count), recovered: Number(recovered.count) };
  }
}
