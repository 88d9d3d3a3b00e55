// The stand-in's 3-D Secure page, where `next_action.redirect_to_url.url` sends the customer: a tiny
// HTML page with "Complete" and "Fail" links, like Stripe's test authentication page. Following one
// settles the intent (succeeded, or requires_payment_method with an authentication failure) and
// redirects to the intent's return_url with Stripe's query: `payment_intent`,
// `payment_intent_client_secret` and `redirect_status` (succeeded | failed).
import type { IncomingMessage, ServerResponse } from "node:http";
import { finishAuthentication } from "./payment-intents.ts";
import { backgroundContext, type StandInState } from "./state.ts";
import { formatAmount } from "./currencies.ts";
import type { StripeObject } from "./fixtures.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<p><strong>Stripe stand-in</strong>: a local stand-in of Stripe's 3-D Secure test page, not Stripe.</p>
${body}
</body>
</html>
`);
}

/** Where the customer goes back to: the return_url with Stripe's query parameters. */
export function returnUrlFor(returnUrl: string, intent: StripeObject): string {
  const url = new URL(returnUrl);
  url.searchParams.set("payment_intent", intent.id as string);
  url.searchParams.set("payment_intent_client_secret", intent.client_secret as string);
  url.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : intent.status === "processing" ? "processing" : "failed");
  return url.toString();
}

/** GET /3ds/:id (the page), /3ds/:id/complete and /3ds/:id/fail (its links). */
export function handleThreeDSecure(state: StandInState, baseUrl: string, req: IncomingMessage, res: ServerResponse, path: string): void {
  const match = /^\/3ds\/([A-Za-z0-9_]+)(?:\/(complete|fail))?$/.exec(path);
  const found = match ? state.locate(match[1]) : undefined;
  if (req.method !== "GET" || !match || !found || found.object.object !== "payment_intent") {
    page(res, 404, "Not found", "<p>No payment to authenticate here.</p>");
    return;
  }
  const intent = found.object;
  const id = escapeHtml(intent.id as string);
  const action = match[2];
  if (!action) {
    const amount = escapeHtml(formatAmount(intent.amount as number, intent.currency as string));
    const status = escapeHtml(intent.status as string);
    page(
      res,
      200,
      "3-D Secure authentication",
      `<p>Authenticate the payment ${id} of ${amount} (status ${status}).</p>
<p><a id="complete" href="/3ds/${id}/complete">Complete</a> <a id="fail" href="/3ds/${id}/fail">Fail</a></p>`,
    );
    return;
  }
  const ctx = backgroundContext(state.accountById(found.accountId), baseUrl);
  finishAuthentication(state, ctx, intent, action === "complete" ? "succeeded" : "failed");
  const returnUrl = state.intentSettings.get(intent.id as string)?.returnUrl;
  if (returnUrl) {
    res.writeHead(302, { location: returnUrlFor(returnUrl, intent) });
    res.end();
    return;
  }
  page(res, 200, "Authentication finished", `<p>Authentication of ${id} finished: ${escapeHtml(intent.status as string)}.</p>`);
}
