// The documents' Content-Security-Policy (storefront and admin). Scripts only from this origin (the
// built client): no inline script at all, so no nonce is needed (the JSON-LD block is data, never
// run); no plugins. Inline styles are the layout's. Images also from blob:, for the admin's preview
// of an image before its upload. Defence in depth: templates already escape what they print. The
// other security headers are every response's (server/http/security-headers.ts). Google reCAPTCHA
// (forms and waitlists, when the site has a site key) needs its script from www.google.com and
// www.gstatic.com and its widget's frame (Google's CSP guidance for reCAPTCHA); without them the
// widget never renders and no captcha-protected form can be sent (issue 12).
//
// Checkout (issue 22) takes cards with Stripe.js and its Payment Element: Stripe's security guide
// ("Content Security Policy") lists what they need, script and frames from js.stripe.com (and its
// subdomains), frames from hooks.stripe.com (3-D Secure), requests to api.stripe.com. Only the
// /checkout documents add them (the storefront enters checkout with a full page load for this);
// every other document keeps the policy above. Stripe's maps.googleapis.com entries are for the
// Address Element's autocomplete, which checkout does not use.
const RECAPTCHA_SCRIPTS = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
const RECAPTCHA_FRAMES = "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";
const STRIPE_CONNECT = "https://api.stripe.com";

function policy({ scripts, frames, connect }: { scripts: string; frames: string; connect: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}`,
    `frame-src ${frames}`,
    "object-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `connect-src 'self' ws: wss:${connect ? ` ${connect}` : ""}`,
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export const CONTENT_SECURITY_POLICY = policy({ scripts: RECAPTCHA_SCRIPTS, frames: RECAPTCHA_FRAMES, connect: "" });

/** Checkout's documents: the policy above plus Stripe's origins. */
export const CHECKOUT_CONTENT_SECURITY_POLICY = policy({
  scripts: `${RECAPTCHA_SCRIPTS} ${STRIPE_SCRIPTS}`,
  frames: `${RECAPTCHA_FRAMES} ${STRIPE_FRAMES}`,
  connect: STRIPE_CONNECT,
});

/** /checkout and below (/checkout/return, where Stripe sends the shopper back) take payment. */
export function isCheckoutPath(pathname: string): boolean {
  return pathname === "/checkout" || pathname.startsWith("/checkout/");
}

/** The policy of a storefront document at `pathname`. */
export function contentSecurityPolicyFor(pathname: string): string {
  return isCheckoutPath(pathname) ? CHECKOUT_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
}
