// Values read from the database and kept in memory until an event says they changed (store settings,
// site chrome, templates, analytics settings, product definitions). One policy for every such cache:
// - concurrent readers of a key share one load;
// - a load that fails is not kept (the next reader loads again);
// - a load that an invalidation overtook answers the readers that were waiting for it, and is not
//   kept: the next reader loads again, so a change is never hidden behind a value read before it;
// - at most `maxEntries` keys are kept, the least recently read dropped first.
// The events arrive through the store's pub/sub (in-process, or Redis across processes): `follow`
// turns a subscription into invalidations and `stop` ends every subscription.

const DEFAULT_MAX_ENTRIES = 10_000;
/** The rejection of a key that a batch load did not answer (not kept, left out of the result). */
const NOT_ANSWERED = Symbol("not answered");
const leaveOutUnanswered = (error: unknown): undefined => {
  if (error === NOT_ANSWERED) return undefined;
  throw error;
};

export class EventCache<K, V> {
  readonly #entries = new Map<K, Promise<V>>();
  readonly #listening: AsyncIterator<unknown>[] = [];
  /** Stopped (its site's services were retired): no event reaches it any more, so nothing is kept. */
  #stopped = false;

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The kept value of `key`, or `load`'s answer (kept unless it fails or an invalidation overtakes it). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const kept = this.#entries.get(key);
    if (kept) {
      // Re-inserted last: the map's order is the order of use, oldest first.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept;
    }
    const loading = load();
    this.#keep(key, loading);
    return loading;
  }

  /**
   * The values of `keys`, loading every key not kept in one call of `loadMany` (a key it does not
   * answer is left out of the result and not kept).
   */
  async getMany(keys: Iterable<K>, loadMany: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    const pending = new Map<K, Promise<V | undefined>>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const kept = this.#entries.get(key);
      if (kept)
        pending.set(
          key,
          kept.catch(() => undefined),
        );
      else missing.push(key);
    }
    if (missing.length > 0) {
      const batch = loadMany(missing);
      for (const key of missing) {
        const one = batch.then((values) => (values.has(key) ? values.get(key)! : Promise.reject(NOT_ANSWERED)));
        // #keep's handler runs first: a key the batch did not answer is gone before its reader resumes.
        this.#keep(key, one);
        pending.set(key, one.catch(leaveOutUnanswered));
      }
    }
    const found = new Map<K, V>();
    for (const [key, value] of pending) {
      const answer = await value;
      if (answer !== undefined) found.set(key, answer);
    }
    return found;
  }

  /** Drops one key (a load in flight for it answers its readers and is not kept). */
  invalidate(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every key. */
  invalidateAll(): void {
    this.#entries.clear();
  }

  /** Calls `onEvent` for every event of the subscription until `stop` (call once per subscription). */
  follow<E>(events: AsyncIterableIterator<E>, onEvent: (event: E) => void): void {
    this.#listening.push(events);
    void (async () => {
      for await (const event of events) onEvent(event);
    })();
  }

  /** Ends every subscription `follow` started; from then on every read loads (nothing could drop a kept value). */
  stop(): void {
    this.#stopped = true;
    this.#entries.clear();
    for (const events of this.#listening.splice(0)) void events.return?.();
  }

  #keep(key: K, loading: Promise<V>): void {
    if (this.#stopped) return;
    this.#entries.set(key, loading);
    // A failed load is dropped, unless an invalidation and a newer load already replaced it.
    loading.catch(() => {
      if (this.#entries.get(key) === loading) this.#entries.delete(key);
    });
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
