// Commerce preferences per namespace in the admin (platform-support §4, §8): loaded once per namespace
// and cached; a save sets the local value at once, then sends it, and is skipped when nothing changed;
// each save broadcasts a refetch to every listener: this tab's screens, other tabs (BroadcastChannel)
// and other owners' screens (the server's commercePreferencesChanged subscription). Load and save
// errors are reported, then rethrown.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { fetchQuery, graphql, requestSubscription, commitMutation, type Environment } from "relay-runtime";
import { useRelayEnvironment } from "react-relay";
import { cleanPreferences, preferencesChanged } from "../../../server/domain/store/commerce-preferences.ts";
import type { commercePreferencesQuery } from "../../__generated__/commercePreferencesQuery.graphql.ts";
import type { commercePreferencesSaveMutation } from "../../__generated__/commercePreferencesSaveMutation.graphql.ts";
import type { commercePreferencesChangedSubscription } from "../../__generated__/commercePreferencesChangedSubscription.graphql.ts";

export type Preferences = Record<string, unknown>;

/** How preferences reach the server; the Relay one below, a fake in tests. */
export interface PreferencesTransport {
  load(namespace: string): Promise<Preferences>;
  save(namespace: string, preferences: Preferences): Promise<void>;
  /** Calls `onChange` whenever someone saves a change to the namespace; answers the unsubscribe. */
  follow(namespace: string, onChange: () => void): () => void;
}

/** Another tab's saves (BroadcastChannel's shape, so tests can pass a fake). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

interface Entry {
  value: Preferences | undefined;
  loading: Promise<Preferences> | null;
  listeners: Set<() => void>;
  unfollow: (() => void) | null;
}

export class CommercePreferencesCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly transport: PreferencesTransport,
    private readonly channel: TabChannel | null = null,
    private readonly report: (error: unknown) => void = (error) => console.error(error),
  ) {
    channel?.addEventListener("message", (event) => {
      const namespace = (event.data as { namespace?: unknown } | null)?.namespace;
      if (typeof namespace === "string" && this.#entries.has(namespace)) void this.refetch(namespace).catch(() => {});
    });
  }

  #entry(namespace: string): Entry {
    let entry = this.#entries.get(namespace);
    if (!entry) {
      entry = { value: undefined, loading: null, listeners: new Set(), unfollow: null };
      this.#entries.set(namespace, entry);
    }
    return entry;
  }

  #set(namespace: string, value: Preferences): void {
    const entry = this.#entry(namespace);
    entry.value = value;
    for (const listener of [...entry.listeners]) listener();
  }

  /** The cached preferences, or undefined before the first load. */
  get(namespace: string): Preferences | undefined {
    return this.#entries.get(namespace)?.value;
  }

  /** Loads the namespace once; later calls answer the cached value. */
  load(namespace: string): Promise<Preferences> {
    const entry = this.#entry(namespace);
    if (entry.value !== undefined) return Promise.resolve(entry.value);
    if (!entry.loading) {
      entry.loading = this.transport.load(namespace).then(
        (value) => {
          entry.loading = null;
          this.#set(namespace, value);
          return value;
        },
        (error: unknown) => {
          entry.loading = null;
          this.report(error);
          throw error;
        },
      );
    }
    return entry.loading;
  }

  /** Reads the namespace from the server again and tells every listener. */
  async refetch(namespace: string): Promise<Preferences> {
    try {
      const value = await this.transport.load(namespace);
      this.#set(namespace, value);
      return value;
    } catch (error) {
      this.report(error);
      throw error;
    }
  }

  /**
   * Saves the namespace's preferences: skipped (false) when nothing changed; else the local value is
   * set at once, then sent, then a refetch is broadcast (this tab, other tabs; other owners hear the
   * server's event). A failed save is reported, the server's value restored, and the error rethrown.
   */
  async save(namespace: string, next: Preferences): Promise<boolean> {
    const current = await this.load(namespace);
    const cleaned = cleanPreferences(next);
    if (!preferencesChanged(current, cleaned)) return false;
    this.#set(namespace, cleaned);
    try {
      await this.transport.save(namespace, cleaned);
    } catch (error) {
      this.report(error);
      await this.refetch(namespace).catch(() => {});
      throw error;
    }
    this.channel?.postMessage({ namespace });
    await this.refetch(namespace).catch(() => {});
    return true;
  }

  /** Listens to the namespace's value; the first listener also follows the server's change events. */
  subscribe(namespace: string, listener: () => void): () => void {
    const entry = this.#entry(namespace);
    entry.listeners.add(listener);
    if (!entry.unfollow) entry.unfollow = this.transport.follow(namespace, () => void this.refetch(namespace).catch(() => {}));
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0 && entry.unfollow) {
        entry.unfollow();
        entry.unfollow = null;
      }
    };
  }
}

const loadQuery = graphql`
  query commercePreferencesQuery($namespace: String!) {
    commercePreferences(namespace: $namespace) {
      __typename
      ... on CommercePreferences {
        preferences
      }
      ... on Error {
        message
      }
    }
  }
`;

const saveMutation = graphql`
  mutation commercePreferencesSaveMutation($input: UpdateCommercePreferencesInput!) {
    updateCommercePreferences(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const changedSubscription = graphql`
  subscription commercePreferencesChangedSubscription($namespace: String!) {
    commercePreferencesChanged(namespace: $namespace) {
      version
    }
  }
`;

/** The preferences over GraphQL (network-only: the cache above is the one that counts). */
export function relayPreferencesTransport(environment: Environment): PreferencesTransport {
  return {
    async load(namespace) {
      const data = await fetchQuery<commercePreferencesQuery>(environment, loadQuery, { namespace }, { fetchPolicy: "network-only" }).toPromise();
      const answer = data?.commercePreferences;
      if (!answer || answer.__typename !== "CommercePreferences") throw new Error(answer && "message" in answer ? answer.message : "commercePreferences");
      return answer.preferences as Preferences;
    },
    save(namespace, preferences) {
      return new Promise((resolve, reject) =>
        commitMutation<commercePreferencesSaveMutation>(environment, {
          mutation: saveMutation,
          variables: { input: { namespace, preferences } },
          onCompleted: (response) => {
            const answer = response.updateCommercePreferences;
            if (answer.__typename === "UpdateCommercePreferencesSuccess") resolve();
            else reject(new Error("message" in answer ? answer.message : answer.__typename));
          },
          onError: reject,
        }),
      );
    },
    follow(namespace, onChange) {
      const subscription = requestSubscription<commercePreferencesChangedSubscription>(environment, {
        subscription: changedSubscription,
        variables: { namespace },
        onNext: () => onChange(),
      });
      return () => subscription.dispose();
    },
  };
}

const caches = new WeakMap<Environment, CommercePreferencesCache>();

/** One cache per Relay environment (so per signed-in admin app). */
export function preferencesCacheFor(environment: Environment): CommercePreferencesCache {
  let cache = caches.get(environment);
  if (!cache) {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("sitecart-commerce-preferences");
    cache = new CommercePreferencesCache(relayPreferencesTransport(environment), channel);
    caches.set(environment, cache);
  }
  return cache;
}

/** A namespace's preferences (undefined while loading) and its save; the screen re-renders on every change. */
export function useCommercePreferences(namespace: string, cacheOverride?: CommercePreferencesCache) {
  const environment = useRelayEnvironment();
  const cache = cacheOverride ?? preferencesCacheFor(environment);
  const value = useSyncExternalStore(
    useCallback((listener: () => void) => cache.subscribe(namespace, listener), [cache, namespace]),
    () => cache.get(namespace),
  );
  useEffect(() => {
    void cache.load(namespace).catch(() => {});
  }, [cache, namespace]);
  const save = useCallback((next: Preferences) => cache.save(namespace, next), [cache, namespace]);
  return { preferences: value, save };
}
