// A LOCAL STAND-IN OF STRIPE'S API FOR THE TESTS, NOT STRIPE. An HTTP server on 127.0.0.1 (port 0)
// that answers the endpoints Sitecart calls with Stripe's response shapes (Stripe's own example objects,
// fixtures.ts), Stripe's error codes, idempotency keys, and webhooks signed with Stripe's scheme. Tests
// drive it with the real `stripe` SDK pointed at it through the SDK's host/port/protocol options
// (`client()`, `sdkOptions`). What it covers and what it leaves out: docs/architecture.md, "Stripe stand-in".
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { randomToken, type StripeObject } from "./fixtures.ts";
import { ApiHandler, type LoggedRequest } from "./http-api.ts";
import { createDispute, type DisputeReason } from "./charges.ts";
import { handleThreeDSecure } from "./three-d-secure.ts";
import { StandInState, backgroundContext, type StandInAccount } from "./state.ts";
import { WebhookSender, type Delivery, type DeliveryOptions } from "./webhooks.ts";

export type { StandInAccount } from "./state.ts";
export type { Delivery, DeliveryOptions } from "./webhooks.ts";
export type { LoggedRequest } from "./http-api.ts";
export { signatureHeader } from "./webhooks.ts";

/** A key the stand-in accepts: a secret key alone, or with its account's settings. */
export type StandInKey = string | (Partial<StandInAccount> & { secretKey: string });

export interface StripeStandInOptions {
  /** The secret keys it accepts, one account each (default: one generated `sk_test_` key, a US account in usd). */
  keys?: StandInKey[];
  /** Where the automatic events go (payment_intent.succeeded...); none are sent without one. See also `setWebhookUrl`. */
  webhookUrl?: string | null;
  /** The endpoint's signing secret (default: a generated `whsec_` secret). */
  webhookSecret?: string;
}

export interface SendWebhookOptions extends DeliveryOptions {
  type: string;
  object: StripeObject;
  /** Default: the configured webhook URL. */
  url?: string;
  /** The account the event is about (default: the first). */
  accountId?: string;
}

export interface StripeStandIn {
  url: string;
  host: "127.0.0.1";
  port: number;
  protocol: "http";
  /** What the SDK needs to talk to the stand-in: `new Stripe(key, { ...sdkOptions })`. */
  sdkOptions: { host: "127.0.0.1"; port: number; protocol: "http" };
  /** The first account, its keys, and every account. */
  account: StandInAccount;
  secretKey: string;
  publishableKey: string;
  accounts: StandInAccount[];
  webhookSecret: string;
  /** The real Stripe SDK pointed at the stand-in (no network retries). */
  client(secretKey?: string): Stripe;
  setWebhookUrl(url: string | null): void;
  /** Builds an Event (type, data.object = `object`) and POSTs it signed; resolves with the delivery. */
  sendWebhook(options: SendWebhookOptions): Promise<Delivery>;
  /** Sends a recorded event again (same id), as Stripe's retries do. */
  resendEvent(eventId: string, url?: string): Promise<Delivery>;
  /** Resolves once every automatic webhook queued so far has been delivered. */
  webhooksDelivered(): Promise<void>;
  /** Opens a dispute on the intent's charge (charge.dispute.created). */
  dispute(paymentIntentId: string, options?: { reason?: DisputeReason; amount?: number }): StripeObject;
  /** Copies of stored objects: `object("pi_...")`, `objects("refund")`. */
  object(id: string): StripeObject | undefined;
  objects(type: string): StripeObject[];
  /** Events raised so far (optionally of one type), oldest first. */
  events(type?: string): StripeObject[];
  deliveries: Delivery[];
  requests: LoggedRequest[];
  close(): Promise<void>;
}

function accountFor(key: StandInKey, index: number): StandInAccount {
  const settings = typeof key === "string" ? { secretKey: key } : key;
  const suffix = settings.secretKey.replace(/^sk_(test|live)_/, "");
  return {
    id: `acct_standIn${index}${randomToken(8)}`,
    publishableKey: `pk_test_${suffix}`,
    country: "US",
    defaultCurrency: "usd",
    chargesEnabled: true,
    businessName: "Sitecart test store",
    ...settings,
  };
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const accounts = (options.keys ?? [`sk_test_standIn${randomToken(24)}`]).map(accountFor);
  const state = new StandInState(accounts);
  const webhooks = new WebhookSender(options.webhookSecret ?? `whsec_${randomToken(32)}`);
  let webhookUrl = options.webhookUrl ?? null;
  let baseUrl = "";
  const api = new ApiHandler(state, () => baseUrl);
  state.onEvent((event) => {
    if (webhookUrl) webhooks.enqueue(webhookUrl, event, api.answerSent);
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", baseUrl);
    if (url.pathname.startsWith("/3ds/")) {
      api.duringAnswer(res, () => handleThreeDSecure(state, baseUrl, req, res, url.pathname));
      return;
    }
    api.handle(req, res, url).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(`The Stripe stand-in failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const sdkOptions = { host: "127.0.0.1", port, protocol: "http" } as const;

  function requireUrl(url: string | undefined): string {
    const target = url ?? webhookUrl;
    if (!target) throw new Error("Stripe stand-in: no webhook URL (pass `url`, or set one with setWebhookUrl)");
    return target;
  }

  return {
    url: baseUrl,
    ...sdkOptions,
    sdkOptions,
    account: accounts[0],
    secretKey: accounts[0].secretKey,
    publishableKey: accounts[0].publishableKey,
    accounts,
    webhookSecret: webhooks.secret,
    client: (secretKey = accounts[0].secretKey) => new Stripe(secretKey, { ...sdkOptions, maxNetworkRetries: 0, telemetry: false }),
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    sendWebhook: ({ type, object, url, accountId, ...delivery }) => {
      const account = accountId ? state.accountById(accountId) : accounts[0];
      const event = state.buildEvent(backgroundContext(account, baseUrl), type, object);
      state.events.push({ accountId: account.id, event });
      return webhooks.deliver(requireUrl(url), event, delivery);
    },
    resendEvent: (eventId, url) => {
      const recorded = state.events.find((entry) => entry.event.id === eventId);
      if (!recorded) throw new Error(`Stripe stand-in: no event ${eventId}`);
      return webhooks.deliver(requireUrl(url), recorded.event);
    },
    webhooksDelivered: () => webhooks.settled(),
    dispute: (paymentIntentId, { reason = "fraudulent", amount } = {}) => {
      const found = state.locate(paymentIntentId);
      const charge = found && typeof found.object.latest_charge === "string" ? state.find(found.accountId, found.object.latest_charge, "charge") : undefined;
      if (!found || !charge || charge.status !== "succeeded") throw new Error(`Stripe stand-in: ${paymentIntentId} has no succeeded charge to dispute`);
      return structuredClone(createDispute(state, backgroundContext(state.accountById(found.accountId), baseUrl), charge, reason, amount));
    },
    object: (id) => {
      const found = state.locate(id);
      return found ? structuredClone(found.object) : undefined;
    },
    objects: (type) => state.all(type).map((entry) => structuredClone(entry.object)),
    events: (type) => state.events.map((entry) => entry.event).filter((event) => !type || event.type === type),
    deliveries: webhooks.deliveries,
    requests: api.requests,
    close: async () => {
      await webhooks.settled();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
