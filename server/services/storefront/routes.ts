// The storefront's addresses (demo-store.md "Routes"): which page a path names. The storefront
// service builds that page; the page handler and the owner's template preview both go through it.
import type { ShellPage } from "./page-context.ts";

export type StorefrontRoute =
  | { kind: "collection"; urlId: string | null }
  | { kind: "product"; slug: string }
  | { kind: "search" }
  | { kind: "order-confirmed"; orderId: string }
  | { kind: "shell"; page: Exclude<ShellPage, "not-found"> }
  | { kind: "not-found" };

const SHELL_PATHS: Record<string, Exclude<ShellPage, "not-found">> = { "/cart": "cart", "/checkout": "checkout", "/contact": "contact" };

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
  if (path === "/") return { kind: "collection", urlId: null };
  if (path === "/search") return { kind: "search" };
  if (path in SHELL_PATHS) return { kind: "shell", page: SHELL_PATHS[path] };
  const product = /^\/shop\/p\/([^/]+)$/.exec(path);
  const slug = product && segment(product[1]);
  if (slug) return { kind: "product", slug };
  const order = /^\/order-confirmed\/([^/]+)$/.exec(path);
  const orderId = order && segment(order[1]);
  if (orderId) return { kind: "order-confirmed", orderId };
  // A collection's page, where the navigation links it (layoutLinks: /{urlId}).
  const collection = /^\/([^/]+)$/.exec(path);
  const urlId = collection && segment(collection[1]);
  if (urlId) return { kind: "collection", urlId };
  return { kind: "not-found" };
}
