// The documents' Content-Security-Policy (storefront and admin). Scripts only from this origin (the
// built client): no inline script at all, so no nonce is needed (the JSON-LD block is data, never
// run); no plugins. Inline styles are the layout's. Images also from blob:, for the admin's preview
// of an image before its upload. Defence in depth: templates already escape what they print. The
// other security headers are every response's (server/http/security-headers.ts). Google reCAPTCHA
// (forms and waitlists, when the site has a site key) needs its script from www.google.com and
// www.gstatic.com and its widget's frame (Google's CSP guidance for reCAPTCHA); without them the
// widget never renders and no captcha-protected form can be sent (issue 12).
const RECAPTCHA_SCRIPTS = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
const RECAPTCHA_FRAMES = "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${RECAPTCHA_SCRIPTS}`,
  `frame-src ${RECAPTCHA_FRAMES}`,
  "object-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");
