// The cart cookie is HttpOnly, so the page cannot see whether the visitor has a cart. The spec loads
// the cart only for signed-in visitors or when a cart exists; the readable marker the server sets
// beside the cart cookie (server/http/cookies.ts) answers that.
export const CART_MARKER = "sc_has_cart";

export function hasCartMarker(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(";").some((part) => part.trim().startsWith(`${CART_MARKER}=1`));
}
