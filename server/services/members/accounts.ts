// Site members' own accounts (issue 12): sign-up, password reset by email, and the member's orders.
//
// Sign-up makes a site member (no role) with a bcrypt hash, as every account is stored
// (passwords.ts), then signs them in through the session service. Password reset never tells
// whether an address has an account: the request answers the same either way, and only an existing
// account gets an email (through the outbox, in the transaction that stores the reset). The link's
// token is single-use, expires after an hour, and only its hash is stored; setting the new password
// spends it, forgets the account's other reset links and ends every session of the account.
import { InvalidInputError, NotFoundError, RateLimitedError } from "../../domain/errors.ts";
import { checkNewPassword, normalizeMemberEmail } from "../../domain/members/accounts.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import type { Db } from "../../db/client.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { loadOrderView, type OrderView } from "../checkout/order-view.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { LimiterStore, type Limiter } from "../support/rate-limiter.ts";
import { hashPassword } from "./passwords.ts";
import type { SessionService, SignInResult } from "./sessions.ts";
import { messages } from "../../domain/messages/storefront.ts";

/** A reset link works for an hour, once. */
export const PASSWORD_RESET_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_PATH = "/account/reset-password";
/** Reset requests: 5 per client address per 15 minutes (refused), 3 emails per address per hour (the rest silently not sent). */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_EMAILS_PER_ACCOUNT = 3;
/** Sign-ups: 10 per client address per hour. */
export const SIGN_UPS_PER_ADDRESS = 10;
/** The account page lists the newest orders, at most this many. */
export const MAX_MEMBER_ORDERS = 50;

export interface MemberOrder {
  order: OrderView;
  /** PLACED, FULFILLED, CANCELLED or REFUNDED. */
  state: string;
  /** A subscription checkout's order (its cart was a subscription cart). */
  subscription: boolean;
}

export class AccountService {
  readonly #resetsPerAddress: Limiter;
  readonly #resetEmailsPerAccount: Limiter;
  readonly #signUpsPerAddress: Limiter;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
    limiters: LimiterStore = new LimiterStore(null),
  ) {
    this.#resetsPerAddress = limiters.limiter("password-reset-address", { points: RESET_REQUESTS_PER_ADDRESS, durationSeconds: 15 * 60 });
    this.#resetEmailsPerAccount = limiters.limiter("password-reset-account", { points: RESET_EMAILS_PER_ACCOUNT, durationSeconds: 60 * 60 });
    this.#signUpsPerAddress = limiters.limiter("sign-up-address", { points: SIGN_UPS_PER_ADDRESS, durationSeconds: 60 * 60 });
  }

  /** A new site member, signed in at once (the answer is sign-in's). */
  async signUp(visitor: Visitor, input: { email: unknown; password: unknown }, client: { remoteAddress: string | null }): Promise<SignInResult> {
    const email = normalizeMemberEmail(input.email);
    if (!email) throw new InvalidInputError(messages.emailAddressInvalid);
    const problem = checkNewPassword(input.password);
    if (problem) throw new InvalidInputError(problem);
    const wait = await this.#signUpsPerAddress.take(client.remoteAddress ?? "unknown");
    if (wait > 0) throw new RateLimitedError(wait);
    const password = input.password as string;
    const existing = await this.db.account.findFirst({ where: { websiteId: this.websiteId, email }, select: { id: true } });
    if (existing) throw new InvalidInputError(memberMessages.memberEmailTaken);
    const passwordHash = await hashPassword(password);
    try {
      await this.db.account.create({ data: { websiteId: this.websiteId, email, passwordHash, role: null, createdAt: this.now() } });
    } catch {
      // Two sign-ups of one address at once: the unique index lets one through.
      throw new InvalidInputError(memberMessages.memberEmailTaken);
    }
    return this.sessions.signIn(visitor, { email, password, rememberMe: false }, client);
  }

  /**
   * Sends a reset link when the address has an account; answers the same when it has none (no
   * account enumeration). Refused only by the per-address limit, which does not depend on the account.
   */
  async requestPasswordReset(input: { email: unknown }, client: { remoteAddress: string | null }): Promise<void> {
    const wait = await this.#resetsPerAddress.take(client.remoteAddress ?? "unknown");
    if (wait > 0) throw new RateLimitedError(wait);
    const email = normalizeMemberEmail(input.email);
    if (!email) throw new InvalidInputError(messages.emailAddressInvalid);
    const account = await this.db.account.findFirst({ where: { websiteId: this.websiteId, email }, select: { id: true, email: true } });
    if (!account) return;
    // More requests for one account than this stay unanswered, silently: the answer must not differ.
    if ((await this.#resetEmailsPerAccount.take(String(account.id))) > 0) return;
    const token = newSecret();
    const now = this.now();
    const id = newId();
    await this.db.$transaction(async (tx) => {
      await tx.passwordReset.create({
        data: { id, tokenHash: sha256(token), accountId: account.id, createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MS) },
      });
      await this.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "PASSWORD_RESET",
          dedupeKey: `password-reset:${id}`,
          toEmail: account.email,
          subject: memberMessages.passwordResetSubject,
          textBody: memberMessages.passwordResetBody(`${this.publicUrl}${PASSWORD_RESET_PATH}?token=${token}`),
        },
      ]);
    });
    void this.mailer.deliverPending().catch(() => undefined);
  }

  /** Sets the new password with a reset link's token: spends it, forgets the account's other links, ends its sessions. */
  async resetPassword(input: { token: unknown; password: unknown }): Promise<void> {
    const token = input.token;
    if (typeof token !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new NotFoundError(memberMessages.passwordResetInvalid);
    const problem = checkNewPassword(input.password);
    if (problem) throw new InvalidInputError(problem);
    const passwordHash = await hashPassword(input.password as string);
    const now = this.now();
    const done = await this.db.$transaction(async (tx) => {
      const reset = await tx.passwordReset.findUnique({ where: { tokenHash: sha256(token), account: { websiteId: this.websiteId } } });
      if (!reset || reset.expiresAt <= now) return false;
      // Only the request that moves it from unused sets the password (a double submit spends it once).
      const spent = await tx.passwordReset.updateMany({ where: { id: reset.id, usedAt: null }, data: { usedAt: now } });
      if (spent.count !== 1) return false;
      await tx.passwordReset.updateMany({ where: { accountId: reset.accountId, usedAt: null }, data: { usedAt: now } });
      await tx.account.update({ where: { id: reset.accountId }, data: { passwordHash } });
      await tx.session.updateMany({ where: { accountId: reset.accountId, revokedAt: null }, data: { revokedAt: now } });
      return true;
    });
    if (!done) throw new NotFoundError(memberMessages.passwordResetInvalid);
  }

  /** The member's orders, newest first; subscription checkouts marked. */
  async orders(accountId: number): Promise<MemberOrder[]> {
    const rows = await this.db.order.findMany({
      where: { websiteId: this.websiteId, accountId },
      orderBy: [{ createdAt: "desc" }, { orderNumber: "desc" }],
      take: MAX_MEMBER_ORDERS,
      select: { id: true, purchasedCartId: true, state: true, subscriptionId: true },
    });
    const subscriptionCarts = new Set(
      (await this.db.cart.findMany({ where: { id: { in: rows.map((row) => row.purchasedCartId) }, kind: "SUBSCRIPTION" }, select: { id: true } })).map(
        (cart) => cart.id,
      ),
    );
    const views = await Promise.all(rows.map((row) => loadOrderView(this.db, row.id, this.websiteId)));
    return views.flatMap((view, index) =>
      view ? [{ order: view, state: rows[index].state, subscription: subscriptionCarts.has(view.purchasedCartId) || rows[index].subscriptionId !== null }] : [],
    );
  }

  /** One of the member's orders (another account's, or a guest's, is not found). */
  async order(accountId: number, orderId: string): Promise<MemberOrder | null> {
    const row = await this.db.order.findFirst({
      where: { id: orderId, websiteId: this.websiteId, accountId },
      select: { id: true, state: true, subscriptionId: true },
    });
    if (!row) return null;
    const view = await loadOrderView(this.db, row.id, this.websiteId);
    if (!view) return null;
    const cart = await this.db.cart.findUnique({ where: { id: view.purchasedCartId }, select: { kind: true } });
    return { order: view, state: row.state, subscription: cart?.kind === "SUBSCRIPTION" || row.subscriptionId !== null };
  }
}
