// Cookies of the store: the cart (HttpOnly: only the server reads it) and the CSRF crumb (readable by
// the page's script, which echoes it in X-CSRF-Token).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Visitor } from "../services/cart/cart-transaction.ts";

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

export function crumbCookie(crumb: string): string {
  return `${CRUMB_COOKIE}=${crumb}; Path=/; SameSite=Lax`;
}

// Site users (platform-support §3 "Site-user cookie: authenticated flag and siteUserId"). Two cookies:
//  - SiteUserInfo, readable by the page's script: {"authenticated":true,"siteUserId":"12"}, signed
//    with an HMAC keyed by the session token, so it cannot be forged without holding the session;
//  - sc_session, HttpOnly: the session token itself (only its hash is stored).
// A signed-in call also sends the xsrfToken of the sign-in answer in X-SiteUser-XSRF-Token.
export const SITE_USER_INFO_COOKIE = "SiteUserInfo";
export const SESSION_COOKIE = "sc_session";
export const LOCALE_COOKIE = "sc_locale";
export const SITE_USER_XSRF_HEADER = "x-siteuser-xsrf-token";

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

const infoSignature = (payload: string, sessionToken: string) => createHmac("sha256", `site-user-info:${sessionToken}`).update(payload).digest("base64url");

/** The SiteUserInfo cookie's value: base64url JSON, a dot, its signature. */
export function signSiteUserInfo(info: SiteUserInfo, sessionToken: string): string {
  const payload = Buffer.from(JSON.stringify(info)).toString("base64url");
  return `${payload}.${infoSignature(payload, sessionToken)}`;
}

/**
 * The SiteUserInfo cookie's content when its signature holds for this session token; null (and a
 * warning, platform-support §8 "Unparseable user-info cookie: logged, treated as signed out") when
 * it is malformed or forged.
 */
export function readSiteUserInfo(value: string | undefined, sessionToken: string): SiteUserInfo | null {
  if (!value) return null;
  const [payload, signature, extra] = value.split(".");
  const expected = payload ? infoSignature(payload, sessionToken) : "";
  const valid = extra === undefined && !!signature && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!valid) {
    console.warn("Unparseable or unsigned site-user info cookie: treated as signed out.");
    return null;
  }
  try {
    const info = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (info && typeof info.authenticated === "boolean" && typeof info.siteUserId === "string") return info;
  } catch {
    // fall through
  }
  console.warn("Unparseable site-user info cookie: treated as signed out.");
  return null;
}

/** The session token the sc_session cookie holds, if it looks like one. */
export function sessionTokenFrom(cookieHeader: string | null | undefined): { token: string; info: string | undefined } | null {
  const cookies = parseCookies(cookieHeader);
  const token = cookies[SESSION_COOKIE];
  return isToken(token) ? { token, info: cookies[SITE_USER_INFO_COOKIE] } : null;
}

/** Whether the request carries a session cookie at all (cheap: no database). */
export const hasSessionCookie = (cookieHeader: string | null | undefined): boolean => sessionTokenFrom(cookieHeader) !== null;

/** The cookies a sign-in sets: persistent for rememberMe (maxAgeSeconds), else for the browser session. */
export function signInCookies(sessionToken: string, info: SiteUserInfo, maxAgeSeconds: number | null): string[] {
  const age = maxAgeSeconds === null ? "" : `; Max-Age=${maxAgeSeconds}`;
  return [
    `${SESSION_COOKIE}=${sessionToken}; Path=/${age}; HttpOnly; SameSite=Lax`,
    `${SITE_USER_INFO_COOKIE}=${signSiteUserInfo(info, sessionToken)}; Path=/${age}; SameSite=Lax`,
  ];
}

export function signOutCookies(): string[] {
  return [`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`, `${SITE_USER_INFO_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`];
}

export function localeCookie(language: string): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
