// Store events. In-process by default; with REDIS_URL every event goes through Redis, so all server
// processes see every event (a cart changed on one reaches subscribers of another). Payloads carry
// ids only: subscribers re-read what they show.
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub, type PubSub } from "graphql-yoga";
import { Redis } from "ioredis";

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
};

export type StorePubSub = PubSub<StoreEvents>;

export interface RealtimeBus {
  pubsub: StorePubSub;
  close(): Promise<void>;
}

export function createRealtimeBus(redisUrl: string | null): RealtimeBus {
  if (!redisUrl) return { pubsub: createPubSub<StoreEvents>(), close: async () => {} };
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const pubsub = createPubSub<StoreEvents>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
  return {
    pubsub,
    async close() {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
