// Cookies of the store: the cart (HttpOnly: only the server reads it) and the CSRF crumb (readable by
// the page's script, which echoes it in X-CSRF-Token).
import type { Visitor } from "../services/cart-transaction.ts";

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

export function cartCookie(token: string | null): string {
  return token
    ? `${CART_COOKIE}=${token}; Path=/; Max-Age=${CART_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`
    : `${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

export function crumbCookie(crumb: string): string {
  return `${CRUMB_COOKIE}=${crumb}; Path=/; SameSite=Lax`;
}
