// POST /webhooks/stripe: Stripe's deliveries for the site of the request's host (issue 22). The raw
// body is read here, within a limit, because the signature is over the exact bytes; the site's
// PaymentEventService verifies, stores and processes it. No crumb: the signature is the proof.
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import type { PaymentEventService } from "../services/payments/payment-events.ts";
import { readBody } from "./body-limit.ts";
import { HttpError } from "./http-error.ts";

/** Stripe's events are well under this (its payloads are capped far lower). */
export const WEBHOOK_MAX_BYTES = 1024 * 1024;

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

/** Answers a delivery; the caller has matched the path and found the site. */
export async function handleStripeWebhook(
  request: IncomingMessage,
  response: ServerResponse,
  events: () => Promise<PaymentEventService | null>,
): Promise<void> {
  if (request.method !== "POST") {
    response.setHeader("allow", "POST");
    return send(response, 405, { error: checkoutMessages.methodNotAllowed });
  }
  let body: Buffer;
  try {
    body = await readBody(request, WEBHOOK_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    response.shouldKeepAlive = false;
    return send(response, error.status, { error: error.message });
  }
  const service = await events();
  if (!service) return;
  const signature = request.headers["stripe-signature"];
  const answer = await service.receive(body, typeof signature === "string" ? signature : null);
  send(response, answer.status, answer.status === 200 ? { received: true } : { error: answer.message });
}
