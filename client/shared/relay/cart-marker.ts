// The cart cookie is HttpOnly, so the page cannot see whether the visitor has a cart. The spec loads
// the cart only for signed-in visitors or when a cart exists; the readable marker the server sets
// beside the cart cookie (server/http/cookies.ts) answers that.
export const CART_MARKER = "sc_has_cart";

/** The readable half of a signed-in session (server/http/cookies.ts). */
export const SIGNED_IN_COOKIE = "SiteUserInfo";

/** Whether to load the cart: the visitor has one, or is signed in (their account may keep one). */
export function hasCartMarker(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(";").some((part) => {
    const trimmed = part.trim();
    return trimmed.startsWith(`${CART_MARKER}=1`) || (trimmed.startsWith(`${SIGNED_IN_COOKIE}=`) && trimmed.length > SIGNED_IN_COOKIE.length + 1);
  });
}
