// The security headers of every response, set in one place (helmet): nosniff, frame and opener
// policies, referrer policy... on JSON, pages, static files and the health check alike. HSTS only
// on requests that arrived over HTTPS. Pages add their Content-Security-Policy (pages/index.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const headers = helmet({
  // Pages set theirs (a strict policy for documents); GraphiQL in development brings its own page.
  contentSecurityPolicy: false,
  // Set below, only over HTTPS: a development server on plain HTTP has nothing to pin.
  strictTransportSecurity: false,
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
});

export function setSecurityHeaders(request: IncomingMessage, response: ServerResponse, secure: boolean): void {
  headers(request, response, () => {});
  if (secure) response.setHeader("strict-transport-security", `max-age=${HSTS_MAX_AGE_SECONDS}`);
}
