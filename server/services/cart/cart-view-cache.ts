// The priced view of a cart, kept in memory for reads of the `cart` query (the pill cart on every
// page). Dropped when the cart changes (cartChanged: at once in the writing process, through the bus
// elsewhere) and when prices or settings may have changed (catalogChanged, settingsChanged). Writes,
// checkout and subscriptions never read from it.
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { CartView } from "./cart-view.ts";

/** Coupon expiry is a moment, not an event: no view is served older than this. */
const MAX_AGE_MS = 60_000;
/** A load that takes longer than this is not stored (its invalidation record may be gone). */
const MAX_LOAD_MS = 5_000;
const MAX_VIEWS = 10_000;

export class CartViewCache {
  readonly #views = new Map<string, { view: CartView; storedAtMs: number }>();
  readonly #tokenByCartId = new Map<string, string>();
  /** When each cart was last invalidated (sequence numbers), for MAX_LOAD_MS. */
  readonly #invalidatedAt = new Map<string, { sequence: number; atMs: number }>();
  #sequence = 0;
  #everythingInvalidatedAt = 0;
  readonly #listening: AsyncIterator<unknown>[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  follow(pubsub: StorePubSub): void {
    const cartEvents = pubsub.subscribe("cartChanged");
    const everything = [pubsub.subscribe("catalogChanged"), pubsub.subscribe("settingsChanged")];
    this.#listening.push(cartEvents, ...everything);
    void (async () => {
      for await (const { cartId } of cartEvents) this.invalidateCart(cartId);
    })();
    for (const events of everything) {
      void (async () => {
        for await (const _event of events) this.invalidateAll();
      })();
    }
  }

  stop(): void {
    for (const events of this.#listening) void events.return?.();
  }

  invalidateCart(cartId: string): void {
    this.#invalidatedAt.delete(cartId); // re-inserted last: the map stays in time order for #sweep
    this.#invalidatedAt.set(cartId, { sequence: ++this.#sequence, atMs: this.now() });
    const token = this.#tokenByCartId.get(cartId);
    if (token !== undefined) this.#views.delete(token);
    this.#sweep();
  }

  invalidateAll(): void {
    this.#everythingInvalidatedAt = ++this.#sequence;
    this.#views.clear();
    this.#tokenByCartId.clear();
  }

  /** The cached view for a token, or `load`'s answer (stored unless a change raced the load). */
  async get(token: string, load: () => Promise<CartView | null>): Promise<CartView | null> {
    const cached = this.#views.get(token);
    if (cached && this.now() - cached.storedAtMs < MAX_AGE_MS) return cached.view;
    const startedAt = this.#sequence;
    const startedAtMs = this.now();
    const view = await load();
    if (!view) return null;
    const raced =
      this.#everythingInvalidatedAt > startedAt || (this.#invalidatedAt.get(view.id)?.sequence ?? 0) > startedAt || this.now() - startedAtMs > MAX_LOAD_MS;
    if (!raced) {
      if (this.#views.size >= MAX_VIEWS) {
        const [oldestToken, oldest] = this.#views.entries().next().value!;
        this.#views.delete(oldestToken);
        this.#tokenByCartId.delete(oldest.view.id);
      }
      this.#views.set(token, { view, storedAtMs: this.now() });
      this.#tokenByCartId.set(view.id, token);
    }
    return view;
  }

  #sweep(): void {
    const cutoff = this.now() - MAX_LOAD_MS;
    for (const [cartId, { atMs }] of this.#invalidatedAt) {
      if (atMs >= cutoff) break; // insertion order is time order
      this.#invalidatedAt.delete(cartId);
    }
  }
}
