// Store events. In-process by default; with REDIS_URL every event also goes through Redis, so all
// server processes see every event (a cart changed on one reaches subscribers of another). Payloads
// carry ids only: subscribers re-read what they show.
//
// Redis is a fan-out, not a dependency of a request: an event is always delivered in this process
// first (so this process's caches and subscribers never depend on Redis), then published for the
// others. While Redis is down, publishes fail fast and are dropped (logged once per outage); ioredis
// reconnects on its own and re-subscribes, and fan-out resumes. Other processes may have missed
// invalidations meanwhile, so on reconnection this process drops its catalogue-derived caches.
import { createPubSub, type PubSub } from "graphql-yoga";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";

/** ioredis (about 17 MB resident) is loaded only when REDIS_URL is set (issue 13: idle memory). */
const loadRedis = () => (createRequire(import.meta.url)("ioredis") as typeof import("ioredis")).Redis;

export type StoreEvents = {
  /** A cart changed (entries, totals, purchase). Topic per cart id: what its subscribers follow. */
  cartUpdated: [cartId: string, payload: { cartId: string }];
  /** The same change on one topic for all carts: what every process's cart cache follows. */
  cartChanged: [payload: { cartId: string }];
  /** Products changed (stock, prices, content); null ids mean "any product". */
  catalogChanged: [payload: { productIds: number[] | null }];
  /** Store settings, shipping options or tax rules changed. */
  settingsChanged: [payload: { websiteId: string }];
  /** An owner saved commerce preferences of one namespace (platform-support §4: every save is broadcast). */
  commercePreferencesChanged: [payload: { websiteId: string; namespace: string }];
  /** An owner moved an order (fulfilled, cancelled, refunded). */
  orderChanged: [payload: { websiteId: string; orderId: string }];
  /** Checkout made an order (after commit); `productIds`: the products whose stock it took. A retried checkout may repeat it. */
  orderPlaced: [payload: { websiteId: string; orderId: string; productIds: number[] }];
  /** Stock of these products may have changed (an owner's edit, a cancelled order's stock returned). */
  stockChanged: [payload: { websiteId: string; productIds: number[] }];
  /** An operator created a site or changed its status or domains (issue 21): hosts are resolved again. */
  siteChanged: [payload: { websiteId: string }];
};

export type StorePubSub = PubSub<StoreEvents>;

export interface RealtimeBus {
  pubsub: StorePubSub;
  /** null without Redis; otherwise whether the connection to Redis is up (for /readyz). */
  redisReady(): boolean | null;
  close(): Promise<void>;
}

/** What an event looks like on a Redis channel: who sent it, so its sender does not deliver it twice. */
interface Envelope {
  origin: string;
  detail: unknown;
}

type Listener = (event: CustomEvent) => void;
type ListenerOrObject = Listener | { handleEvent: Listener };

/** Reconnect delay: 50 ms growing to at most 2 s, forever (ioredis's default gives up never either). */
const retryStrategy = (attempt: number) => Math.min(attempt * 50, 2000);

/**
 * An EventTarget without Node's listener warning: each site's services in the pool follow the same
 * topics (issue 21), so 200 sites are 200 listeners of a topic, not a leak.
 */
function unboundedEventTarget(): EventTarget {
  const target = new EventTarget();
  setMaxListeners(0, target);
  return target;
}

export function createRealtimeBus(redisUrl: string | null, log: (line: string) => void = (line) => console.warn(line)): RealtimeBus {
  if (!redisUrl) return { pubsub: createPubSub<StoreEvents>({ eventTarget: unboundedEventTarget() }), redisReady: () => null, close: async () => {} };

  const origin = randomUUID();
  // Publishes fail at once while disconnected (no offline queue): an event is never held for later.
  const Redis = loadRedis();
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy, lazyConnect: false });
  // Subscriptions wait for the connection (queued, never failed) and are renewed on reconnection.
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: null, autoResubscribe: true, retryStrategy });

  let outage = false;
  const reportOutage = (error: unknown) => {
    if (outage) return;
    outage = true;
    log(`Redis is unreachable (${(error as Error)?.message ?? error}): events to other server processes are dropped until it returns.`);
  };
  for (const client of [publishClient, subscribeClient]) client.on("error", reportOutage);

  const local = unboundedEventTarget();
  const listeners = new Map<string, Set<Listener>>();
  const deliverLocally = (topic: string, detail: unknown) => local.dispatchEvent(new CustomEvent(topic, { detail }));

  subscribeClient.on("message", (channel: string, message: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin !== origin) deliverLocally(channel, envelope.detail);
  });
  let connectedBefore = false;
  subscribeClient.on("ready", () => {
    if (connectedBefore) {
      if (outage) log("Redis is reachable again: events reach other server processes again.");
      // Invalidations sent by others during the outage were lost: drop what they would have dropped.
      deliverLocally("catalogChanged", { productIds: null });
    }
    connectedBefore = true;
    outage = false;
  });

  const handlerOf = (listener: ListenerOrObject): Listener => (typeof listener === "function" ? listener : listener.handleEvent);
  const eventTarget = {
    addEventListener(topic: string, listener: ListenerOrObject | null) {
      if (!listener) return;
      let set = listeners.get(topic);
      if (!set) {
        listeners.set(topic, (set = new Set()));
        subscribeClient.subscribe(topic).catch(reportOutage);
      }
      const handler = handlerOf(listener);
      set.add(handler);
      local.addEventListener(topic, handler as EventListener);
    },
    removeEventListener(topic: string, listener: ListenerOrObject | null) {
      if (!listener) return;
      const handler = handlerOf(listener);
      local.removeEventListener(topic, handler as EventListener);
      const set = listeners.get(topic);
      if (!set?.delete(handler) || set.size > 0) return;
      listeners.delete(topic);
      subscribeClient.unsubscribe(topic).catch(reportOutage);
    },
    dispatchEvent(event: CustomEvent) {
      deliverLocally(event.type, event.detail);
      const envelope: Envelope = { origin, detail: event.detail ?? null };
      publishClient.publish(event.type, JSON.stringify(envelope)).catch(reportOutage);
      return true;
    },
  };

  return {
    pubsub: createPubSub<StoreEvents>({ eventTarget: eventTarget as never }),
    redisReady: () => publishClient.status === "ready" && subscribeClient.status === "ready",
    async close() {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
