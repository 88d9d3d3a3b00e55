// The documents' Content-Security-Policy (storefront and admin). Scripts only from this origin (the
// built client): no inline script at all, so no nonce is needed (the JSON-LD block is data, never
// run); no plugins. Inline styles are the layout's. Images also from blob:, for the admin's preview
// of an image before its upload. Defence in depth: templates already escape what they print. The
// other security headers are every response's (server/http/security-headers.ts).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");
