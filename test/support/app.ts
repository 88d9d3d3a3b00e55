// A running store for tests: a fresh database seeded with the demo store, the app on a free port,
// and helpers to talk to it as a visitor (GraphQL through yoga.fetch or HTTP; REST over HTTP).
import type { AddressInfo } from "node:net";
import { createApp, type App } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus, type StoreEvents, type StorePubSub } from "../../server/realtime/pubsub.ts";
import { createTestDb, type QueryLog, type TestDatabase } from "./db.ts";

/** The products the demo store is seeded with (prisma/seed.ts), by slug. */
export const DEMO_PRODUCT_SLUGS = [
  "linen-shirt",
  "ceramic-mug",
  "canvas-tote",
  "recipe-ebook",
  "design-consultation",
  "gift-card",
  "coffee-club",
  "engraved-pen",
  "city-poster",
];

export interface TestStore {
  app: App;
  db: Db;
  database: TestDatabase;
  queries: QueryLog;
  /** The app's event bus; its pubsub is watched (see `watchSubscriptions`). */
  bus: RealtimeBus;
  /**
   * Resolves once a subscription to `topic` opened after this call listens for events: graphql-ws
   * does not acknowledge a subscribe, so a test awaits this before making the change it expects.
   */
  listening(topic: keyof StoreEvents): Promise<void>;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** A new visitor with their own cookie jar. */
  visitor(): TestVisitor;
  /** The raw product id of a demo product. */
  itemId(slug: string): Promise<number>;
  close(): Promise<void>;
}

export interface StoreOptions {
  config?: Partial<
    Pick<
      AppConfig,
      "rateLimit" | "production" | "formLimits" | "apiKeyRateLimit" | "payLaterModalUrl" | "trackingDisabled" | "stripeApi" | "paymentsEncryptionKey"
    >
  >;
  /** Seed the demo store (default true). */
  seed?: boolean;
  redisUrl?: string | null;
}

export async function startTestStore(options: StoreOptions = {}): Promise<TestStore> {
  const { db, database, queries, close: closeDb } = await createTestDb({ demoStore: options.seed !== false });
  const realtime = createRealtimeBus(options.redisUrl ?? null);
  const watched = watchSubscriptions(realtime.pubsub);
  const bus: RealtimeBus = { pubsub: watched.pubsub, redisReady: realtime.redisReady, close: () => realtime.close() };
  const app = createApp({
    db,
    pubsub: bus.pubsub,
    redisReady: bus.redisReady,
    config: {
      websiteId: DEMO_WEBSITE_ID,
      captchaVerifier: "test",
      production: options.config?.production ?? false,
      // Generous by default so tests that are not about rate limiting never meet it.
      rateLimit: options.config?.rateLimit ?? { burst: 10_000, perSecond: 10_000 },
      formLimits: options.config?.formLimits,
      apiKeyRateLimit: options.config?.apiKeyRateLimit ?? { burst: 10_000, perSecond: 10_000 },
      payLaterModalUrl: options.config?.payLaterModalUrl ?? null,
      trackingDisabled: options.config?.trackingDisabled ?? false,
      stripeApi: options.config?.stripeApi ?? null,
      paymentsEncryptionKey: options.config?.paymentsEncryptionKey ?? null,
    },
  });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The site's record is read once and kept: read it now, so tests that count statements count theirs.
  await app.sites.directory.resolve(null);
  queries.reset();
  return {
    app,
    db,
    database,
    queries,
    bus,
    listening: watched.listening,
    baseUrl,
    visitor: () => new TestVisitor(baseUrl),
    itemId: async (slug) => (await db.product.findFirstOrThrow({ where: { slug }, select: { id: true } })).id,
    async close() {
      await app.close();
      await bus.close();
      await closeDb();
    },
  };
}

/**
 * The pubsub, with a way to learn when a subscription starts listening: yoga's pubsub attaches its
 * listener when the subscription's iterator is first pulled (for an in-process bus, at once), so the
 * first pull of a new subscription to the topic resolves `listening(topic)`.
 */
export function watchSubscriptions(pubsub: StorePubSub): { pubsub: StorePubSub; listening(topic: keyof StoreEvents): Promise<void> } {
  const waiters: { topic: string; resolve: () => void }[] = [];
  const subscribe = (...args: Parameters<StorePubSub["subscribe"]>) => {
    const subscription = pubsub.subscribe(...args);
    const pull = subscription.next.bind(subscription);
    subscription.next = (...pullArgs) => {
      const result = pull(...pullArgs);
      subscription.next = pull;
      for (const waiter of waiters.filter(({ topic }) => topic === args[0])) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return result;
    };
    return subscription;
  };
  return {
    pubsub: { publish: pubsub.publish, subscribe: subscribe as StorePubSub["subscribe"] },
    listening: (topic) => new Promise<void>((resolve) => waiters.push({ topic, resolve })),
  };
}

/**
 * Another server instance of the app on the same database, on its own port: with `pubsub` omitted it
 * shares the store's event bus (as processes sharing Redis do); pass a bus to keep them apart.
 */
export async function startAnotherInstance(store: TestStore, pubsub = store.bus.pubsub, redisReady = store.bus.redisReady) {
  const app = createApp({
    db: store.db,
    pubsub,
    redisReady,
    config: { websiteId: DEMO_WEBSITE_ID, captchaVerifier: "test", production: false, rateLimit: { burst: 10_000, perSecond: 10_000 } },
  });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    baseUrl,
    /** The same visitor (a copy of their cookies) talking to this instance. */
    as(visitor: TestVisitor): TestVisitor {
      const twin = new TestVisitor(baseUrl);
      for (const [name, value] of visitor.cookies) twin.cookies.set(name, value);
      return twin;
    },
    close: () => app.close(),
  };
}

/** Runs a GraphQL operation that must not fail at the GraphQL level; returns its data. */
export async function run(visitor: TestVisitor, document: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
  const result = await visitor.graphql(document, variables, headers);
  expect(result.errors).toBeUndefined();
  expect(result.status).toBe(200);
  return result.data;
}

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like client: keeps cookies, and sends the crumb on state-changing calls. */
export class TestVisitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get crumb(): string | undefined {
    return this.cookies.get("crumb");
  }

  get cartToken(): string | undefined {
    return this.cookies.get("sc_cart");
  }

  #store(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")).trim(), pair.slice(pair.indexOf("=") + 1).trim()];
      if (attributes.some((attribute) => /max-age=0/i.test(attribute.trim())) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  #cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {};
  }

  /** A plain HTTP request with this visitor's cookies; JSON bodies are serialised. */
  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; crumb?: boolean } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...this.#cookieHeader(), ...(options.headers ?? {}) };
    if (options.crumb !== false && method !== "GET" && this.crumb && !("x-csrf-token" in headers)) headers["x-csrf-token"] = this.crumb;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    this.#store(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** Visits a page first, as a browser would, so the visitor holds a crumb. */
  async arrive(): Promise<this> {
    await this.request("GET", "/healthz");
    return this;
  }

  /** A GraphQL operation over HTTP POST. */
  async graphql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const result = await this.request<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>("POST", "/graphql", {
      body: { query, variables },
      headers,
    });
    return { ...result.body, status: result.status, headers: result.headers };
  }
}
