// The cart cookie is HttpOnly, so the page cannot see whether the visitor has a cart. The spec loads
// the cart only for signed-in visitors or when a cart exists; a readable marker set beside the cart
// cookie (by the server, and by the client after an add) answers that.
export const CART_MARKER = "sc_has_cart";

export function hasCartMarker(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(";").some((part) => part.trim().startsWith(`${CART_MARKER}=1`));
}

export function setCartMarker(): void {
  document.cookie = `${CART_MARKER}=1; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax`;
}
