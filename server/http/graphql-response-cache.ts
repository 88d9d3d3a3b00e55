// Caching catalogue reads. Catalogue data is read on every page and changes rarely (a checkout taking
// stock, an owner editing a product), so GraphQL results over products are cached in memory and
// dropped when a `catalogChanged` or `settingsChanged` event arrives, from this process or, through
// Redis, from any other. Results holding visitor data (carts, orders) are never cached.
import { createHash } from "node:crypto";
import { createInMemoryCache, useResponseCache, type Cache } from "@graphql-yoga/plugin-response-cache";
import type { Plugin } from "graphql-yoga";
import { hasSessionCookie, localeFrom } from "./cookies.ts";
import type { StorePubSub } from "../realtime/pubsub.ts";
import type { ServerContext } from "../context.ts";

/** Types whose presence anywhere in a result keeps the result out of the cache (mutations are never cached). */
const VISITOR_TYPES = ["Cart", "CartEntry", "Order", "OrderItem", "SiteLanguages"];
/**
 * Root fields whose answer depends on the visitor even when it holds no visitor type (`cart` is null
 * for one visitor and a Cart for the next), or on the clock and the caller's input (`renderTemplate`):
 * a result that touches one is never cached.
 */
const VISITOR_FIELDS = [
  "Query.cart",
  "Query.order",
  "Query.node",
  "Query.nodes",
  "Query.renderTemplate",
  // issue 12: a page as this viewer may see it (members-only), and an unsubscribe link's state
  "Query.storefrontPage",
  "Query.newsletterUnsubscribe",
  // A store not made yet answers null, which names no type to drop when it is made: not cached.
  "Query.storePage",
];
/** Every type a catalogue change can alter. */
const CATALOG_TYPES = [
  "Product",
  "Variant",
  "GiftCardDenomination",
  "SubscriptionPlan",
  "Merchandising",
  "Form",
  "ProductConnection",
  "Store",
  "PayLaterSettings",
  // the owner's header, footer and navigation (settingsChanged)
  "SiteChrome",
  "SiteLink",
];
/** An upper bound on staleness after a change made outside the services (a SQL edit, a reseed without Redis). */
const SAFETY_TTL_MS = 60_000;
/** Pending misses remembered at most; a forgotten one only means that result is not cached. */
const MAX_PENDING_MISSES = 10_000;

/**
 * An in-memory result cache that refuses results computed across an invalidation: a query that read
 * the catalogue before a change but finished after it would otherwise store the old answer. The
 * plugin looks a key up before executing and stores after; a miss remembers the generation it
 * started in, and a store is dropped unless no invalidation happened since the key's earliest miss.
 */
export class GuardedCache implements Cache {
  readonly #inner = createInMemoryCache();
  #generation = 0;
  readonly #missedAt = new Map<string, number>();

  get(key: string) {
    const hit = this.#inner.get(key);
    if (!hit && !this.#missedAt.has(key)) {
      if (this.#missedAt.size >= MAX_PENDING_MISSES) this.#missedAt.delete(this.#missedAt.keys().next().value!);
      this.#missedAt.set(key, this.#generation);
    }
    return hit;
  }

  set(...args: Parameters<Cache["set"]>) {
    const [key] = args;
    const missedAt = this.#missedAt.get(key);
    this.#missedAt.delete(key);
    // No remembered miss (forgotten, or never looked up) is treated like a raced one: not stored.
    if (missedAt === undefined || missedAt !== this.#generation) return;
    return this.#inner.set(...args);
  }

  /**
   * The plugin calls this with the entities of every mutation's result (cart payloads). Our mutations
   * change carts, which are never cached, so there is nothing to drop: catalogue changes arrive as
   * events (invalidateCatalog).
   */
  invalidate(_entities: Parameters<Cache["invalidate"]>[0]) {}

  /** Drops every cached catalogue result, and any result being computed meanwhile. */
  invalidateCatalog() {
    this.#generation++;
    return this.#inner.invalidate(CATALOG_TYPES.map((typename) => ({ typename })));
  }
}

export interface CatalogResultCache {
  plugin: Plugin;
  cache: GuardedCache;
  stop(): void;
}

/** The response-cache plugin, fed by the store's change events. */
export function createCatalogResultCache(pubsub: StorePubSub): CatalogResultCache {
  const cache = new GuardedCache();
  const plugin = useResponseCache({
    cache,
    // Catalogue answers are the same for every visitor of one site and one language (names and money
    // follow it); never another site's (issue 21: the same slug on two sites with other prices).
    session: (request, context: ServerContext) => `${context.site?.site.id ?? ""}\u0000${localeFrom(request.headers.get("cookie")) ?? ""}`,
    // Signed-in members and owners are never served from, nor stored to, the shared cache: owner
    // fields (hidden products, submissions) must not reach anyone else. Operations over graphql-ws
    // have no fetch Request: the cache cannot serve them (it would fail them), so it stays out.
    // Callers with a session or an API key may see owner fields: never served from or put in the cache.
    enabled: (request) => !!request && !hasSessionCookie(request.headers.get("cookie")) && !request.headers.has("authorization"),
    ignoredTypes: VISITOR_TYPES,
    ttlPerSchemaCoordinate: Object.fromEntries(VISITOR_FIELDS.map((coordinate) => [coordinate, 0])),
    ttl: SAFETY_TTL_MS,
    // Mutations go the plugin's mutation way (executed, never cached); the entities they return are
    // handed to GuardedCache.invalidate, which keeps catalogue results (see there).
    invalidateViaMutation: true,
    // The plugin hashes each key with asynchronous WebCrypto by default, a cost on every request; a
    // synchronous digest does the same job (the key doubles as the ETag header, so it stays hex).
    buildResponseCacheKey: ({ documentString, variableValues, operationName, sessionId }) =>
      createHash("sha1")
        .update(`${operationName ?? ""}\u0000${documentString}\u0000${JSON.stringify(variableValues ?? {})}\u0000${sessionId ?? ""}`)
        .digest("hex"),
    includeExtensionMetadata: false,
  });
  const listening = [pubsub.subscribe("catalogChanged"), pubsub.subscribe("settingsChanged")];
  for (const events of listening) {
    void (async () => {
      for await (const _event of events) cache.invalidateCatalog();
    })();
  }
  return {
    plugin,
    cache,
    stop: () => {
      for (const events of listening) void events.return?.();
    },
  };
}
