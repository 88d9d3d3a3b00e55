// Cookies of the store: the cart (HttpOnly: only the server reads it), the CSRF crumb (readable by
// the page's script, which echoes it in X-CSRF-Token), the site user's session and language.
import { canonicalLocale } from "../domain/site/languages.ts";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import { REMEMBERED_SESSION_MS, type SessionChange, type SessionCredentials } from "../services/members/sessions.ts";
import { signSiteUserInfo } from "../services/members/site-user-info.ts";

export const CART_COOKIE = "sc_cart";
export const CRUMB_COOKIE = "crumb";
export const CART_TOKEN_HEADER = "x-cart-token";
const CART_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      cookies[name] = part.slice(index + 1).trim();
    }
  }
  return cookies;
}

const isToken = (value: string | undefined | null): value is string => !!value && /^[A-Za-z0-9_-]{16,128}$/.test(value);

/** The visitor a request speaks for: X-Cart-Token (clients without cookies) wins over the cookie. */
export function visitorFrom(cookieHeader: string | null | undefined, cartTokenHeader?: string | null): Visitor {
  const cookies = parseCookies(cookieHeader);
  const cartToken = isToken(cartTokenHeader) ? cartTokenHeader : isToken(cookies[CART_COOKIE]) ? cookies[CART_COOKIE] : null;
  return { cartToken, crumb: isToken(cookies[CRUMB_COOKIE]) ? cookies[CRUMB_COOKIE] : null };
}

/**
 * Readable companion of the HttpOnly cart cookie: the page can tell that a cart exists (the spec loads
 * the cart only for signed-in visitors or when a cart cookie exists) without seeing its token.
 */
export const CART_MARKER_COOKIE = "sc_has_cart";

/** Gives the visitor a cart (its token, and the readable marker), or takes it away (null). */
export function cartCookies(token: string | null): string[] {
  return token
    ? [
        `${CART_COOKIE}=${token}; Path=/; Max-Age=${CART_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
        `${CART_MARKER_COOKIE}=1; Path=/; Max-Age=${CART_MAX_AGE_SECONDS}; SameSite=Lax`,
      ]
    : [`${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`, `${CART_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`];
}

/**
 * A Set-Cookie value as this connection should get it: `Secure` when the request arrived over HTTPS
 * (a TLS socket, or a trusted proxy's X-Forwarded-Proto), so the browser never sends it in clear.
 */
export const forConnection = (cookie: string, secure: boolean): string => (secure && !/;\s*Secure(;|$)/i.test(cookie) ? `${cookie}; Secure` : cookie);

export function crumbCookie(crumb: string): string {
  return `${CRUMB_COOKIE}=${crumb}; Path=/; SameSite=Lax`;
}

// Site users (platform-support §3). Two cookies carry a session:
//  - SiteUserInfo, readable by the page's script: {"authenticated":true,"siteUserId":"12"}, signed
//    for the session (services/members/site-user-info.ts);
//  - sc_session, HttpOnly: the session token itself (only its hash is stored).
// A signed-in call also sends the xsrfToken of the sign-in answer in X-SiteUser-XSRF-Token.
export const SITE_USER_INFO_COOKIE = "SiteUserInfo";
export const SESSION_COOKIE = "sc_session";
export const LOCALE_COOKIE = "sc_locale";
export const SITE_USER_XSRF_HEADER = "x-siteuser-xsrf-token";
const LOCALE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** The language the sc_locale cookie names (canonical), or null. */
export const localeFrom = (cookieHeader: string | null | undefined): string | null => canonicalLocale(parseCookies(cookieHeader)[LOCALE_COOKIE]);

/** The session token the sc_session cookie holds, if it looks like one, with the SiteUserInfo beside it. */
export function sessionTokenFrom(cookieHeader: string | null | undefined): { token: string; info: string | undefined } | null {
  const cookies = parseCookies(cookieHeader);
  const token = cookies[SESSION_COOKIE];
  return isToken(token) ? { token, info: cookies[SITE_USER_INFO_COOKIE] } : null;
}

/** Whether the request carries a session cookie at all (cheap: no database). */
export const hasSessionCookie = (cookieHeader: string | null | undefined): boolean => sessionTokenFrom(cookieHeader) !== null;

/** What a request presents to the session service: its session cookies and X-SiteUser-XSRF-Token. */
export function sessionCredentials(cookieHeader: string | null | undefined, xsrfToken: string | null | undefined): SessionCredentials | null {
  const session = sessionTokenFrom(cookieHeader);
  return session && { token: session.token, info: session.info, xsrfToken: xsrfToken ?? null };
}

/**
 * The Set-Cookie values for what a sign-in, sign-out or language change decided, in this order: the
 * session (persistent for rememberMe, else for the browser session; expired when it ended), the cart,
 * the language. GraphQL and REST both answer with exactly these.
 */
export function sessionCookies(change: SessionChange): string[] {
  const cookies: string[] = [];
  if (change.session === null) cookies.push(...signOutCookies());
  else if (change.session) cookies.push(...signInCookies(change.session));
  if (change.cartToken !== undefined) cookies.push(...cartCookies(change.cartToken));
  if (change.locale !== undefined) cookies.push(localeCookie(change.locale));
  return cookies;
}

function signInCookies(session: NonNullable<SessionChange["session"]>): string[] {
  const age = session.rememberMe ? `; Max-Age=${REMEMBERED_SESSION_MS / 1000}` : "";
  const info = signSiteUserInfo({ authenticated: true, siteUserId: session.siteUserId }, session.token);
  return [`${SESSION_COOKIE}=${session.token}; Path=/${age}; HttpOnly; SameSite=Lax`, `${SITE_USER_INFO_COOKIE}=${info}; Path=/${age}; SameSite=Lax`];
}

function signOutCookies(): string[] {
  return [`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`, `${SITE_USER_INFO_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`];
}

export function localeCookie(language: string): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${LOCALE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

// Unlocks of locked and password-protected pages (services/members/page-locks.ts): HttpOnly, for the
// browser session, the tokens joined by dots.
export const UNLOCK_COOKIE = "sc_unlock";

/** The unlock tokens the sc_unlock cookie holds. */
export function unlockTokensFrom(cookieHeader: string | null | undefined): string[] {
  const value = parseCookies(cookieHeader)[UNLOCK_COOKIE];
  return value
    ? value
        .split(".")
        .filter((token) => /^[A-Za-z0-9_-]{32}$/.test(token))
        .slice(-20)
    : [];
}

export const unlockCookie = (tokens: readonly string[]): string => `${UNLOCK_COOKIE}=${tokens.join(".")}; Path=/; HttpOnly; SameSite=Lax`;
