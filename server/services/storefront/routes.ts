// The storefront's addresses (demo-store.md "Routes"): which page a path names. The storefront
// service builds that page; the page handler and the owner's template preview both go through it.
import type { ShellPage } from "./page-context.ts";

export type StorefrontRoute =
  | { kind: "collection" }
  | { kind: "store"; urlId: string }
  | { kind: "product"; slug: string }
  | { kind: "gift-card"; slug: string }
  | { kind: "search" }
  | { kind: "order-confirmed"; orderId: string }
  | { kind: "order-status"; orderId: string }
  | { kind: "order-status-link"; token: string }
  | { kind: "shell"; page: Exclude<ShellPage, "not-found" | "access-denied"> }
  | { kind: "not-found" };

const SHELL_PATHS: Record<string, Exclude<ShellPage, "not-found" | "access-denied">> = {
  "/cart": "cart",
  "/checkout": "checkout",
  // Where Stripe sends the shopper back after 3-D Secure (issue 22): the checkout's script finishes it.
  "/checkout/return": "checkout",
  "/contact": "contact",
  // Members (issue 12): the storefront script fills these in.
  "/account": "account",
  "/account/addresses": "account",
  "/account/sign-in": "sign-in",
  "/account/sign-up": "sign-up",
  "/account/forgot-password": "forgot-password",
  "/account/reset-password": "reset-password",
  "/newsletter/unsubscribe": "newsletter-unsubscribe",
};

function segment(text: string): string | null {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === "" ? null : decoded;
  } catch {
    return null;
  }
}

/** The page an address names (a trailing slash is allowed, as the client's router allows it). */
export function routeOf(pathname: string): StorefrontRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (path === "/") return { kind: "collection" };
  if (path === "/search") return { kind: "search" };
  if (path in SHELL_PATHS) return { kind: "shell", page: SHELL_PATHS[path] };
  const product = /^\/shop\/p\/([^/]+)$/.exec(path);
  const slug = product && segment(product[1]);
  if (slug) return { kind: "product", slug };
  // The gift card page (spec §4: buying a gift card goes there): a gift card product's own page.
  const giftCard = /^\/gift-card\/([^/]+)$/.exec(path);
  const giftCardSlug = giftCard && segment(giftCard[1]);
  if (giftCardSlug) return { kind: "gift-card", slug: giftCardSlug };
  const order = /^\/order-confirmed\/([^/]+)$/.exec(path);
  const orderId = order && segment(order[1]);
  if (orderId) return { kind: "order-confirmed", orderId };
  // The order status page without an account (issue 24 §3): /order-status/<token>.
  const statusLink = /^\/order-status\/([^/]+)$/.exec(path);
  const statusToken = statusLink && segment(statusLink[1]);
  if (statusToken) return { kind: "order-status-link", token: statusToken };
  const status = /^\/account\/orders\/([^/]+)$/.exec(path);
  const statusId = status && segment(status[1]);
  if (statusId) return { kind: "order-status", orderId: statusId };
  // Any other single segment may name a store (a product collection, by its URL id): /shop, /new-store.
  const store = /^\/([^/]+)$/.exec(path);
  const urlId = store && segment(store[1]);
  if (urlId) return { kind: "store", urlId };
  return { kind: "not-found" };
}
