// Site-member and contributor sessions (platform-support §3, §7: POST/DELETE
// /api/site-users/account/session, POST .../locale). Owners and members sign in the same way; a
// session carries the account's role. A request speaks for the signed-in account only when it holds
// the session cookie, a SiteUserInfo cookie signed for that session, and the session's xsrf token in
// X-SiteUser-XSRF-Token; otherwise it is anonymous. The service returns what it decided (a session
// begun or ended, the cart the browser keeps, the language); server/http/cookies.ts `sessionCookies`
// turns that into the cookies both transports set.
//
// The member's cart: signing in keeps the visitor's open cart as the account's cart (or, with no
// cart in hand, gives back the cart the account kept); signing out takes the cart away from the
// browser, or with cloneCart leaves the visitor a copy of it.
import { InvalidInputError, RateLimitedError, SignInFailedError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { Permission, Principal } from "../../domain/members/permissions.ts";
import { canonicalLocale } from "../../domain/site/languages.ts";
import type { Db } from "../../db/client.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { readSiteUserInfo } from "./site-user-info.ts";
import { LimiterStore, type Limiter } from "../support/rate-limiter.ts";

export type Viewer =
  | { signedIn: false }
  | {
      signedIn: true;
      accountId: number;
      email: string;
      displayName: string;
      /** Contributor role, null for a site member. */
      role: number | null;
      locale: string | null;
      sessionId: string;
      /** Set when the request came with an API key (`Authorization: Bearer`): it acts with these scopes only. */
      apiKey?: { id: string; scopes: Permission[] };
    };

export const ANONYMOUS_VIEWER: Viewer = { signedIn: false };

export const toPrincipal = (viewer: Viewer): Principal =>
  viewer.signedIn ? { signedIn: true, role: viewer.role, ...(viewer.apiKey ? { scopes: viewer.apiKey.scopes } : {}) } : { signedIn: false };

const DAY_MS = 24 * 60 * 60 * 1000;
/** rememberMe keeps a session 30 days (a persistent cookie); otherwise 1 day, with browser-session cookies. */
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
export const SESSION_MS = DAY_MS;

export interface SignInInput {
  email: unknown;
  password: unknown;
  rememberMe?: unknown;
}

/** What a request presents: the session cookie's token, the SiteUserInfo beside it, and X-SiteUser-XSRF-Token. */
export interface SessionCredentials {
  token: string;
  /** The signed SiteUserInfo value (services/members/site-user-info.ts). */
  info: string | undefined;
  xsrfToken: string | null;
}

/** What a sign-in, sign-out or language change decided for the browser. Absent fields stay as they are. */
export interface SessionChange {
  /** A session begun (its token; rememberMe keeps it REMEMBERED_SESSION_MS), or ended (null). */
  session?: { token: string; siteUserId: string; rememberMe: boolean } | null;
  /** The cart the browser holds from now on (its token), or none (null). */
  cartToken?: string | null;
  /** The visitor's language. */
  locale?: string;
}

export interface SignInResult extends SessionChange {
  session: NonNullable<SessionChange["session"]>;
  xsrfToken: string;
  viewer: Extract<Viewer, { signedIn: true }>;
}

/**
 * The sign-in lockout (docs/decisions.md): after 10 failed sign-ins of one account within 15 minutes,
 * or 50 from one client address, that account (or address) is refused, even with the right password,
 * until its window ends. Counted through Redis when it is set, so every instance sees the same count.
 */
export const MAX_FAILED_SIGN_INS = 10;
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 50;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class SessionService {
  readonly #failuresPerAccount: Limiter;
  readonly #failuresPerAddress: Limiter;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
    limiters: LimiterStore = new LimiterStore(null),
  ) {
    const window = { durationSeconds: FAILED_SIGN_IN_WINDOW_MS / 1000 };
    this.#failuresPerAccount = limiters.limiter("sign-in-account", { points: MAX_FAILED_SIGN_INS, ...window });
    this.#failuresPerAddress = limiters.limiter("sign-in-address", { points: MAX_FAILED_SIGN_INS_PER_ADDRESS, ...window });
  }

  /** The signed-in account a request's credentials speak for (null: no session cookie), or anonymous. */
  async viewer(credentials: SessionCredentials | null): Promise<Viewer> {
    const xsrfToken = credentials?.xsrfToken;
    if (!credentials || typeof xsrfToken !== "string" || xsrfToken.length === 0 || xsrfToken.length > 200) return ANONYMOUS_VIEWER;
    const session = await this.db.session.findUnique({
      // Another site's session is no session here (its account is not this site's).
      where: { tokenHash: sha256(credentials.token), account: { websiteId: this.websiteId } },
      include: { account: { select: { id: true, websiteId: true, email: true, displayName: true, role: true, locale: true } } },
    });
    if (!session || session.revokedAt || session.expiresAt <= this.now()) return ANONYMOUS_VIEWER;
    if (session.xsrfTokenHash !== sha256(xsrfToken)) return ANONYMOUS_VIEWER;
    const info = readSiteUserInfo(credentials.info, credentials.token);
    if (!info?.authenticated || info.siteUserId !== String(session.accountId)) return ANONYMOUS_VIEWER;
    return {
      signedIn: true,
      accountId: session.account.id,
      email: session.account.email,
      displayName: session.account.displayName,
      role: session.account.role,
      locale: session.account.locale,
      sessionId: session.id,
    };
  }

  /**
   * Whether a page document's request comes from a signed-in account (members-only pages), and a
   * contributor (the site lock): the
   * session cookie and a SiteUserInfo signed for it, without the xsrf token, which a browser's plain
   * navigation cannot send. Only for rendering documents (a GET changes nothing, and another site
   * cannot read the answer); every API call still needs the xsrf token (viewer above).
   */
  async documentViewer(
    credentials: { token: string; info: string | undefined } | null,
  ): Promise<{ member: boolean; contributor: boolean; role: number | null }> {
    const nobody = { member: false, contributor: false, role: null };
    if (!credentials) return nobody;
    const session = await this.db.session.findUnique({
      where: { tokenHash: sha256(credentials.token), account: { websiteId: this.websiteId } },
      select: { accountId: true, revokedAt: true, expiresAt: true, account: { select: { role: true } } },
    });
    if (!session || session.revokedAt || session.expiresAt <= this.now()) return nobody;
    const info = readSiteUserInfo(credentials.info, credentials.token);
    if (!info?.authenticated || info.siteUserId !== String(session.accountId)) return nobody;
    return { member: true, contributor: session.account.role !== null, role: session.account.role };
  }

  /** Signs a member or contributor in; the answer's xsrfToken goes in X-SiteUser-XSRF-Token from now on. */
  async signIn(visitor: Visitor, input: SignInInput, client: { remoteAddress: string | null } = { remoteAddress: null }): Promise<SignInResult> {
    if (typeof input.email !== "string" || typeof input.password !== "string") throw new InvalidInputError(checkoutMessages.invalidRequest);
    if (input.rememberMe !== undefined && input.rememberMe !== null && typeof input.rememberMe !== "boolean")
      throw new InvalidInputError(checkoutMessages.invalidRequest);
    const email = input.email.trim().toLowerCase();
    // Accounts are per site: the same address on another site (same limiter store) is another account.
    const accountKey = `${this.websiteId}:${email}`;
    const address = client.remoteAddress ?? "unknown";
    const lockedFor = Math.max(await this.#failuresPerAccount.retryAfter(accountKey), await this.#failuresPerAddress.retryAfter(address));
    if (lockedFor > 0) throw new RateLimitedError(lockedFor);
    const account = email ? await this.db.account.findFirst({ where: { websiteId: this.websiteId, email } }) : null;
    // Compare against a decoy when there is no account, so a missing address takes as long as a wrong password.
    const matches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
    if (!account || !matches) {
      await Promise.all([this.#failuresPerAccount.take(accountKey), this.#failuresPerAddress.take(address)]);
      throw new SignInFailedError();
    }
    await this.#failuresPerAccount.forget(accountKey);

    const rememberMe = input.rememberMe === true;
    const token = newSecret();
    const xsrfToken = newSecret();
    const now = this.now();
    const sessionId = newId();
    const cart = visitor.cartToken
      ? await this.db.cart.findFirst({
          where: { token: visitor.cartToken, websiteId: this.websiteId, kind: "STANDARD", isPurchased: false },
          select: { id: true },
        })
      : null;
    const rehash = needsRehash(account.passwordHash) ? await hashPassword(input.password) : null;
    await this.db.$transaction(async (tx) => {
      await tx.session.create({
        data: {
          id: sessionId,
          tokenHash: sha256(token),
          xsrfTokenHash: sha256(xsrfToken),
          accountId: account.id,
          rememberMe,
          createdAt: now,
          expiresAt: new Date(now.getTime() + (rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS)),
        },
      });
      await tx.account.update({
        where: { id: account.id },
        data: { ...(cart ? { cartId: cart.id } : {}), ...(rehash ? { passwordHash: rehash } : {}) },
      });
    });
    let cartToken: string | undefined;
    if (!cart && account.cartId) {
      // Hand back the cart the account kept, if it is still open.
      const kept = await this.db.cart.findFirst({ where: { id: account.cartId, websiteId: this.websiteId, isPurchased: false }, select: { token: true } });
      if (kept && kept.token !== visitor.cartToken) cartToken = kept.token;
    }
    return {
      session: { token, siteUserId: String(account.id), rememberMe },
      ...(cartToken === undefined ? {} : { cartToken }),
      xsrfToken,
      viewer: {
        signedIn: true,
        accountId: account.id,
        email: account.email,
        displayName: account.displayName,
        role: account.role,
        locale: account.locale,
        sessionId,
      },
    };
  }

  /**
   * Ends the session of the request's session token (any request: signing out needs no xsrf token, only
   * the crumb). The cart leaves with the account; with cloneCart the visitor keeps a copy of it. Another
   * site's session is no session here: nothing ends.
   */
  async signOut(sessionToken: string | null, visitor: Visitor, cloneCart: boolean): Promise<SessionChange & { signedOut: boolean }> {
    const session = sessionToken
      ? await this.db.session.findUnique({
          where: { tokenHash: sha256(sessionToken), account: { websiteId: this.websiteId } },
          select: { id: true, accountId: true, revokedAt: true, expiresAt: true },
        })
      : null;
    const active = !!session && !session.revokedAt && session.expiresAt > this.now();
    if (session && !session.revokedAt) await this.db.session.update({ where: { id: session.id }, data: { revokedAt: this.now() } });
    if (active && visitor.cartToken) {
      // The cart in hand (made before or during the session) is the one the account keeps.
      const cart = await this.db.cart.findFirst({
        where: { token: visitor.cartToken, websiteId: this.websiteId, kind: "STANDARD", isPurchased: false },
        select: { id: true },
      });
      if (cart) await this.db.account.update({ where: { id: session.accountId }, data: { cartId: cart.id } });
    }
    // The cart leaves the browser with the session, unless a copy stays (cloneCart).
    const cartToken = active && visitor.cartToken ? (cloneCart ? await this.#copyCart(visitor.cartToken) : null) : undefined;
    return { session: null, ...(cartToken === undefined ? {} : { cartToken }), signedOut: active };
  }

  /**
   * The visitor's language (POST /api/site-users/account/locale): kept in a cookie, and on the account
   * when signed in. When the site lists its languages, it must be one of them.
   */
  async setLocale(viewer: Viewer, language: unknown): Promise<SessionChange & { language: string }> {
    const code = canonicalLocale(language);
    if (!code) throw new InvalidInputError(checkoutMessages.localeInvalid);
    const offered = await this.db.siteLanguage.findMany({ where: { websiteId: this.websiteId }, select: { code: true } });
    if (offered.length > 0 && !offered.some((row) => row.code === code)) throw new InvalidInputError(messages.languageNotOffered);
    if (viewer.signedIn) await this.db.account.update({ where: { id: viewer.accountId }, data: { locale: code } });
    return { locale: code, language: code };
  }

  /** A new open cart with the same entries, coupons and shipping choices; returns its token. */
  async #copyCart(token: string): Promise<string | null> {
    return this.db.$transaction(async (tx) => {
      const cart = await tx.cart.findFirst({ where: { token, websiteId: this.websiteId, isPurchased: false, kind: "STANDARD" }, include: { entries: true } });
      if (!cart || cart.entries.length === 0) return null;
      const copy = await tx.cart.create({
        data: {
          id: newId(),
          token: newSecret(),
          websiteId: cart.websiteId,
          currency: cart.currency,
          kind: cart.kind,
          selectedShippingOptionId: cart.selectedShippingOptionId,
          shippingCountry: cart.shippingCountry,
          shippingRegion: cart.shippingRegion,
          shippingPostalCode: cart.shippingPostalCode,
          couponCodes: cart.couponCodes,
          entries: {
            create: cart.entries.map((entry) => ({
              id: newId(),
              productId: entry.productId,
              variantId: entry.variantId,
              denominationId: entry.denominationId,
              quantity: entry.quantity,
              additionalFields: entry.additionalFields,
              position: entry.position,
              createdAt: entry.createdAt,
            })),
          },
        },
        select: { token: true },
      });
      return copy.token;
    });
  }
}
