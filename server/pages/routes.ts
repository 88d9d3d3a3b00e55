// The storefront's addresses (demo-store.md "Routes") and, for each, the page template and the page
// context built from the services' rows.
import type { Services } from "../services/index.ts";
import type { PageTemplate } from "../template/defaults/index.ts";
import {
  collectionPage,
  orderConfirmedPage,
  productPage,
  searchPage,
  shellPage,
  siteContext,
  type PageContext,
  type ShellPage,
} from "../services/storefront/page-context.ts";

export interface Page {
  status: number;
  template: PageTemplate;
  context: PageContext;
}

type Route =
  | { kind: "collection" }
  | { kind: "product"; slug: string }
  | { kind: "search" }
  | { kind: "order-confirmed"; orderId: string }
  | { kind: "shell"; page: Exclude<ShellPage, "not-found"> }
  | { kind: "not-found" };

const SHELL_PATHS: Record<string, Exclude<ShellPage, "not-found" | "config">> = { "/cart": "cart", "/checkout": "checkout", "/contact": "contact" };

function segment(text: string): string | null {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === "" ? null : decoded;
  } catch {
    return null;
  }
}

/** The page an address names (a trailing slash is allowed, as the client's router allows it). */
export function routeOf(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (path === "/") return { kind: "collection" };
  if (path === "/search") return { kind: "search" };
  if (path in SHELL_PATHS) return { kind: "shell", page: SHELL_PATHS[path] };
  // platform-support §2: a path matching /config is the owner's editing area.
  if (path === "/config" || path.startsWith("/config/")) return { kind: "shell", page: "config" };
  const product = /^\/shop\/p\/([^/]+)$/.exec(path);
  const slug = product && segment(product[1]);
  if (slug) return { kind: "product", slug };
  const order = /^\/order-confirmed\/([^/]+)$/.exec(path);
  const orderId = order && segment(order[1]);
  if (orderId) return { kind: "order-confirmed", orderId };
  return { kind: "not-found" };
}

export async function buildPage(services: Services, url: URL, baseUrl: string): Promise<Page> {
  const site = siteContext({ settings: await services.settings.get(), baseUrl });
  const notFound = (): Page => ({ status: 404, template: "not-found", context: shellPage(site, "not-found", null) });
  const route = routeOf(url.pathname);
  switch (route.kind) {
    case "collection": {
      const [collection, products] = await Promise.all([services.storefront.collection(), services.storefront.products()]);
      return { status: 200, template: "collection", context: collectionPage(site, collection, products) };
    }
    case "product": {
      const [collection, product] = await Promise.all([services.storefront.collection(), services.storefront.product(route.slug)]);
      return product ? { status: 200, template: "product", context: productPage(site, collection, product) } : notFound();
    }
    case "search": {
      const query = (url.searchParams.get("q") ?? "").trim();
      const products = query ? await services.storefront.products({ search: query }) : [];
      return { status: 200, template: "search", context: searchPage(site, query, products) };
    }
    case "order-confirmed": {
      const order = await services.checkout.order(route.orderId);
      if (!order || order.websiteId !== services.websiteId) return notFound();
      const formFields = await services.storefront.formFields(order.items.map((item) => item.itemId));
      return { status: 200, template: "order-confirmed", context: orderConfirmedPage(site, order, formFields) };
    }
    case "shell":
      return { status: 200, template: route.page, context: shellPage(site, route.page, url.pathname) };
    case "not-found":
      return notFound();
  }
}
