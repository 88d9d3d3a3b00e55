// The storefront address of a product (spec storefront §2: the product detail page is
// /shop/p/{slug}). Every link to a product (GraphQL `Product.url`, the page context, the restock
// email, the client's router) is built here, so the slug is encoded one way.

/** The product page's path, `/shop/p/{slug}`, with the slug percent-encoded as one path segment. */
export function productPath(slug: string): string {
  return `/shop/p/${encodeURIComponent(slug)}`;
}

/** The gift card page (spec §4: buying a gift card goes there), `/gift-card/{slug}`, with a value chosen by its SKU (`?sku=`). */
export function giftCardPath(slug: string, sku?: string): string {
  return `/gift-card/${encodeURIComponent(slug)}${sku ? `?sku=${encodeURIComponent(sku)}` : ""}`;
}
