// The first owner of a site (issue 23). A site without an owner (no admin account) gets a one-time
// setup link, stored hashed: printed by `npm start` (server/main.ts) and by `npm run owner -- create`.
// Opening it shows the setup form (/config/setup); submitting it makes the admin account, names the
// store, sets its currency and country, spends the link and signs the owner in. A newer link retires
// the earlier ones; a used link stays, so it can say it was used (docs/decisions.md "Production start").
import { FormInvalidError, InvalidInputError, NotAllowedError, RateLimitedError } from "../../domain/errors.ts";
import { PAY_LATER_ACCOUNT_COUNTRIES } from "../../domain/cart/installments.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { Role } from "../../domain/members/permissions.ts";
import { currencyDecimals, DEFAULT_CURRENCY } from "../../domain/money.ts";
import {
  cleanSetupInput,
  SETUP_LINK_MS,
  SETUP_LINK_REFUSALS,
  setupLinkState,
  SITE_SETUP_PATH,
  siteSetupProblems,
  type SetupLinkState,
} from "../../domain/site/site-setup.ts";
import { rescaleAmount } from "../../domain/store/store-settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { FAILED_SIGN_IN_WINDOW_MS, MAX_FAILED_SIGN_INS, type SessionService, type SignInResult } from "../members/sessions.ts";
import { hashPassword } from "../members/passwords.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { openSite } from "./operator.ts";
import { LimiterStore, type Limiter } from "../support/rate-limiter.ts";

/** What the setup screen needs to know of a link before showing the form. */
export interface SetupLinkView {
  state: SetupLinkState;
  /** Set by `npm run owner -- create <email>`: the form shows it and cannot change it. */
  email: string | null;
  /** Why the link cannot be used (null when it can). */
  message: string | null;
}

export interface CompleteSetupInput {
  token: unknown;
  email?: unknown;
  password: unknown;
  storeName: unknown;
  currency: unknown;
  country: unknown;
}

/** Whether the site has an owner: an account with the admin role. */
export async function siteHasOwner(db: Db | Tx, websiteId: string): Promise<boolean> {
  return (await db.account.count({ where: { websiteId, role: Role.ADMIN } })) > 0;
}

/**
 * A new one-time setup link for the site's first owner (its address under `baseUrl`), valid
 * SETUP_LINK_MS; earlier links not yet used expire now. `email` fixes the owner's address. Refused
 * (NotAllowedError) when the site has an owner already. Platform work: run on the application's pool.
 */
export async function issueSetupLink(
  db: Db,
  websiteId: string,
  options: { baseUrl: string; email?: string | null; now?: Date },
): Promise<{ url: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  await db.$transaction(async (tx) => {
    if (await siteHasOwner(tx, websiteId)) throw new NotAllowedError(SETUP_LINK_REFUSALS.OWNER_EXISTS);
    await tx.siteSetupToken.updateMany({ where: { websiteId, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    await tx.siteSetupToken.create({ data: { id: newId(), websiteId, tokenHash: sha256(token), email: options.email ?? null, createdAt: now, expiresAt } });
  });
  return { url: `${options.baseUrl.replace(/\/+$/, "")}${SITE_SETUP_PATH}?token=${encodeURIComponent(token)}`, expiresAt };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export class SiteSetupService {
  readonly #failuresPerAddress: Limiter;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly sessions: SessionService,
    private readonly pubsub: StorePubSub,
    private readonly now: () => Date = () => new Date(),
    limiters: LimiterStore = new LimiterStore(null),
  ) {
    // Guessing links is limited like guessing passwords: failures per client address (sessions.ts).
    this.#failuresPerAddress = limiters.limiter("site-setup-address", { points: MAX_FAILED_SIGN_INS, durationSeconds: FAILED_SIGN_IN_WINDOW_MS / 1000 });
  }

  /** Where the link of `token` stands on this site (another site's link is INVALID here). */
  async link(token: string): Promise<SetupLinkView> {
    const row = await this.#row(this.db, token);
    const state = setupLinkState(row, await siteHasOwner(this.db, this.websiteId), this.now());
    return { state, email: state === "VALID" ? (row?.email ?? null) : null, message: state === "VALID" ? null : SETUP_LINK_REFUSALS[state] };
  }

  /**
   * Makes the site's first owner with the link's token and signs them in. FormInvalidError names the
   * fields to fix (nothing is spent); a link that cannot be used is NotAllowedError with the reason;
   * too many bad links from one address within the window is RateLimitedError.
   */
  async complete(visitor: Visitor, input: CompleteSetupInput, client: { remoteAddress: string | null }): Promise<SignInResult> {
    const token = text(input.token);
    if (token === "" || token.length > 200) throw new InvalidInputError(checkoutMessages.invalidRequest);
    const address = client.remoteAddress ?? "unknown";
    const lockedFor = await this.#failuresPerAddress.retryAfter(address);
    if (lockedFor > 0) throw new RateLimitedError(lockedFor);
    const link = await this.link(token);
    if (link.state !== "VALID") {
      if (link.state === "INVALID") await this.#failuresPerAddress.take(address);
      throw new NotAllowedError(link.message!);
    }
    const answers = cleanSetupInput({
      email: link.email ?? text(input.email),
      password: text(input.password),
      storeName: text(input.storeName),
      currency: text(input.currency),
      country: text(input.country),
    });
    const errors = siteSetupProblems(answers);
    if (errors.length > 0) throw new FormInvalidError(errors);
    const passwordHash = await hashPassword(answers.password);
    const now = this.now();
    await this.db.$transaction(async (tx) => {
      // Checked again inside the transaction: two forms sent at once make one owner.
      const row = await this.#row(tx, token);
      const state = setupLinkState(row, await siteHasOwner(tx, this.websiteId), now);
      if (state !== "VALID") throw new NotAllowedError(SETUP_LINK_REFUSALS[state]);
      const { count } = await tx.siteSetupToken.updateMany({ where: { id: row!.id, usedAt: null }, data: { usedAt: now } });
      if (count === 0) throw new NotAllowedError(SETUP_LINK_REFUSALS.USED);
      await tx.account.upsert({
        where: { websiteId_email: { websiteId: this.websiteId, email: answers.email } },
        create: { websiteId: this.websiteId, email: answers.email, passwordHash, role: Role.ADMIN, displayName: "", createdAt: now },
        update: { passwordHash, role: Role.ADMIN },
      });
      const website = await tx.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { currency: true, payLaterMin: true, payLaterMax: true } });
      // A new store has no prices yet; the pay-later bounds keep their figure in the new currency.
      const scale = (value: number) => rescaleAmount(value, currencyDecimals(website.currency || DEFAULT_CURRENCY), currencyDecimals(answers.currency));
      await tx.website.update({
        where: { id: this.websiteId },
        data: {
          title: answers.storeName,
          currency: answers.currency,
          paymentAccountCountry: answers.country,
          payLaterEnabled: (PAY_LATER_ACCOUNT_COUNTRIES as readonly string[]).includes(answers.country),
          payLaterMin: scale(website.payLaterMin),
          payLaterMax: scale(website.payLaterMax),
        },
      });
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.sessions.signIn(visitor, { email: answers.email, password: answers.password, rememberMe: false }, client);
  }

  #row(db: Db | Tx, token: string) {
    return db.siteSetupToken.findFirst({
      where: { tokenHash: sha256(token), websiteId: this.websiteId },
      select: { id: true, email: true, usedAt: true, expiresAt: true },
    });
  }
}

/**
 * Makes the site's row (an empty store, its main navigation) unless it exists: a production start
 * without the demo store. Returns whether it made it.
 */
export async function ensureEmptySite(db: Db, websiteId: string, title: string, now: Date = new Date()): Promise<boolean> {
  if (await db.website.findUnique({ where: { id: websiteId }, select: { id: true } })) return false;
  try {
    await db.$transaction(async (tx) => {
      await tx.website.create({ data: { id: websiteId, title, createdAt: now, statusChangedAt: now } });
      await openSite(tx, websiteId);
    });
  } catch (error) {
    // Another instance starting at the same moment made it.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
