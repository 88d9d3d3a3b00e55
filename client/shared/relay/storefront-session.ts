// The shopper's session on the storefront (client/shared/relay/session.ts), its token under the
// storefront's key. Signed in means: the readable SiteUserInfo cookie the server set beside the
// session, and the token of that sign-in.
import { SIGNED_IN_COOKIE } from "./cart-marker.ts";
import { createSession } from "./session.ts";

export const storefrontSession = createSession("sitecart.storefront.xsrfToken");

export function isSignedIn(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  const info = cookie.split(";").some((part) => {
    const trimmed = part.trim();
    return trimmed.startsWith(`${SIGNED_IN_COOKIE}=`) && trimmed.length > SIGNED_IN_COOKIE.length + 1;
  });
  return info && !!storefrontSession.storedXsrfToken();
}
