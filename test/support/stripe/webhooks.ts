// Webhook deliveries as Stripe makes them: the Event as the JSON body of a POST, signed in the
// `Stripe-Signature` header with Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"
// keyed with the endpoint's whsec_ secret>`. Deliveries go one at a time, in the order the events
// happened, each after the API answer that caused it; `settled()` resolves once every queued delivery
// is done (nothing waits on a clock).
import { createHmac } from "node:crypto";
import type { StripeObject } from "./fixtures.ts";

/** The `Stripe-Signature` header value for this payload. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface Delivery {
  url: string;
  event: StripeObject;
  /** The exact body sent, as the receiver must verify it. */
  payload: string;
  signature: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
  responseBody: string;
  error?: string;
}

export interface DeliveryOptions {
  /** Seconds since the epoch for `t=` (default now): an old one tests the receiver's tolerance. */
  timestamp?: number;
  /** Sign with another secret (a receiver must then refuse the delivery). */
  secret?: string;
  /** Send this body instead of the signed one (a tampered delivery). */
  tamperedPayload?: string;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private idle: (() => void)[] = [];

  constructor(readonly secret: string) {}

  /** Sends now and resolves with the delivery (used by `sendWebhook`, outside the queue). */
  async deliver(url: string, event: StripeObject, options: DeliveryOptions = {}): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = signatureHeader(payload, options.secret ?? this.secret, options.timestamp);
    const delivery: Delivery = { url, event, payload, signature, status: 0, responseBody: "" };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signature,
        },
        body: options.tamperedPayload ?? payload,
      });
      delivery.status = response.status;
      delivery.responseBody = await response.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  /**
   * Queues an automatic delivery: it starts once `after` resolves (the API answer is sent) and the
   * deliveries before it are done.
   */
  enqueue(url: string, event: StripeObject, after: Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue
      .then(() => after)
      .then(() => this.deliver(url, event))
      .then(
        () => this.done(),
        () => this.done(),
      );
  }

  private done(): void {
    this.pending -= 1;
    if (this.pending === 0) for (const wake of this.idle.splice(0)) wake();
  }

  /** Resolves when every queued delivery has been made (at once if none is queued). */
  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
