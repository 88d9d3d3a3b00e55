// Two stores in one process (issue 21): one app with PLATFORM_DOMAIN set, two demo sites seeded on one
// database (usd.shops.test in USD, eur.shops.test in EUR with another price for the same slug), a
// client that names the host it talks to, and the principals of each site signed in once.
import { Agent, request as httpRequest } from "node:http";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../prisma/seed.ts";
import { createApp, type App } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createRealtimeBus, type StoreEvents, type StorePubSub } from "../../server/realtime/pubsub.ts";
import { refreshSortPrice } from "../../server/services/catalog/catalog.ts";
import type { Services } from "../../server/services/index.ts";
import { watchSubscriptions } from "./app.ts";
import { createTestDb, type QueryLog, type TestDatabase } from "./db.ts";

export const PLATFORM_DOMAIN = "shops.test";
export type SiteKey = "usd" | "eur";
export const SITE_KEYS: readonly SiteKey[] = ["usd", "eur"];
export const otherSite = (site: SiteKey): SiteKey => (site === "usd" ? "eur" : "usd");

export interface SiteSpec {
  key: SiteKey;
  websiteId: string;
  slug: SiteKey;
  host: string;
  currency: "USD" | "EUR";
}

export const SITES: Record<SiteKey, SiteSpec> = {
  usd: { key: "usd", websiteId: "site-usd", slug: "usd", host: `usd.${PLATFORM_DOMAIN}`, currency: "USD" },
  eur: { key: "eur", websiteId: "site-eur", slug: "eur", host: `eur.${PLATFORM_DOMAIN}`, currency: "EUR" },
};

/** The linen shirt's price on each site (minor units): the same slug, another price on the EUR site. */
export const LINEN_PRICE: Record<SiteKey, number> = { usd: 4500, eur: 5200 };

export interface Answer<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent. */
  text: string;
  /** The body parsed as JSON (the text when it is not JSON). */
  body: T;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is (with its own content-type header). */
  rawBody?: string | Buffer;
}

/** One HTTP request to the app, naming `host` in its Host header (fetch does not let a caller set it). */
export function send(port: number, agent: Agent, host: string, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { host, ...options.headers };
  let payload: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** Set-Cookie values as name → value (null: the cookie is removed). */
export function setCookies(headers: Answer["headers"]): Map<string, string | null> {
  const cookies = new Map<string, string | null>();
  const values = headers["set-cookie"] ?? [];
  for (const cookie of Array.isArray(values) ? values : [values]) {
    const [pair, ...attributes] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const value = pair.slice(pair.indexOf("=") + 1).trim();
    const removed = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    cookies.set(name, removed ? null : value);
  }
  return cookies;
}

export const cookieHeader = (cookies: ReadonlyMap<string, string>): string => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * A browser: its cookies are kept per host, as a browser keeps them, and it sends the crumb on
 * state-changing calls. `carrying` sends another host's cookies instead (what a script can do).
 */
export class HostClient {
  readonly jars = new Map<string, Map<string, string>>();

  constructor(
    readonly port: number,
    readonly agent: Agent,
  ) {}

  jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  async request<T = any>(host: string, method: string, path: string, options: SendOptions & { carrying?: string } = {}): Promise<Answer<T>> {
    const jar = this.jar(options.carrying ?? host);
    const headers: Record<string, string> = { ...(jar.size ? { cookie: cookieHeader(jar) } : {}), ...options.headers };
    if (method !== "GET" && jar.has("crumb") && !("x-csrf-token" in headers)) headers["x-csrf-token"] = jar.get("crumb")!;
    const answer = await send(this.port, this.agent, host, method, path, { ...options, headers });
    for (const [name, value] of setCookies(answer.headers)) {
      if (value === null) this.jar(host).delete(name);
      else this.jar(host).set(name, value);
    }
    return answer;
  }

  /** A first request to the host, as a page view: the client gets the host's crumb. */
  async arrive(host: string): Promise<this> {
    await this.request(host, "GET", "/healthz");
    return this;
  }

  async graphql<T = any>(host: string, query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const answer = await this.request<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>(host, "POST", "/graphql", {
      body: { query, variables },
      headers,
    });
    return { ...answer.body, status: answer.status };
  }
}

export interface TwoSites {
  app: App;
  db: Db;
  database: TestDatabase;
  queries: QueryLog;
  port: number;
  agent: Agent;
  /** The app's event bus. */
  pubsub: StorePubSub;
  /** Resolves once a subscription to `topic` opened after this call listens (test/support/app.ts). */
  listening(topic: keyof StoreEvents): Promise<void>;
  /** A new browser. */
  client(): HostClient;
  /** Runs `work` with a site's services (the pool's, as a request to its host gets them). */
  withServices<T>(site: SiteKey, work: (services: Services) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface TwoSitesOptions {
  config?: Partial<Pick<AppConfig, "rateLimit" | "addressRateLimit" | "apiKeyRateLimit" | "responseCache">>;
}

/** The two demo sites on one database, served by one app; the EUR site's prices in euros and its shirt dearer. */
export async function startTwoSites(options: TwoSitesOptions = {}): Promise<TwoSites> {
  const { db, database, queries, close: closeDb } = await createTestDb();
  for (const site of SITE_KEYS) {
    await seedDemoStore(db, SITES[site].websiteId);
    await db.website.update({ where: { id: SITES[site].websiteId }, data: { slug: SITES[site].slug, title: `Demo ${site.toUpperCase()}` } });
  }
  const realtime = createRealtimeBus(null);
  const watched = watchSubscriptions(realtime.pubsub);
  const generous = { burst: 100_000, perSecond: 100_000 };
  const app = createApp({
    db,
    pubsub: watched.pubsub,
    config: {
      websiteId: SITES.usd.websiteId,
      platformDomain: PLATFORM_DOMAIN,
      captchaVerifier: "test",
      production: false,
      rateLimit: options.config?.rateLimit ?? generous,
      addressRateLimit: options.config?.addressRateLimit ?? generous,
      apiKeyRateLimit: options.config?.apiKeyRateLimit ?? generous,
      responseCache: options.config?.responseCache ?? true,
    },
  });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  const port = (app.server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const withServices = async <T>(site: SiteKey, work: (services: Services) => Promise<T>) => {
    const lease = app.sites.pool.acquire((await app.sites.directory.site(SITES[site].websiteId))!);
    try {
      return await work(lease.services);
    } finally {
      lease.release();
    }
  };
  await withServices("eur", (services) => euroPrices(services));
  queries.reset();
  return {
    app,
    db,
    database,
    queries,
    port,
    agent,
    pubsub: watched.pubsub,
    listening: watched.listening,
    client: () => new HostClient(port, agent),
    withServices,
    async close() {
      agent.destroy();
      await app.close();
      await realtime.close();
      await closeDb();
    },
  };
}

/** The EUR site: its store in euros (prices keep their figure), and its linen shirt at LINEN_PRICE.eur. */
async function euroPrices(services: Services): Promise<void> {
  const website = await services.db.website.findUniqueOrThrow({ where: { id: services.websiteId } });
  await services.storeAdmin.update({
    currency: "EUR",
    checkoutMinimum: website.checkoutMinimumSubtotal,
    expressCheckout: website.expressCheckout,
    multipleQuantityAllowedForServices: website.multipleQuantityAllowedForServices,
    payLaterEnabled: website.payLaterEnabled,
    payLaterMinimum: website.payLaterMin,
    payLaterMaximum: website.payLaterMax,
    payLaterAccountCountry: website.paymentAccountCountry,
  });
  const shirt = await services.db.product.findFirstOrThrow({ where: { websiteId: services.websiteId, slug: "linen-shirt" }, select: { id: true } });
  await services.db.variant.updateMany({ where: { productId: shirt.id, onSale: false }, data: { price: LINEN_PRICE.eur } });
  await refreshSortPrice(services.db, shirt.id);
}

export type Role = "anonymous" | "member" | "owner" | "store manager" | "api key";
export const ROLES: readonly Role[] = ["anonymous", "member", "owner", "store manager", "api key"];

/**
 * A caller of one site as it calls: the cookies its own host gave it (crumb, cart, session), the
 * crumb and xsrf headers a page's script adds, or an integrator's API key. The same headers go to
 * any host it calls: a browser would not send them to another host, an attacker can.
 */
export interface Principal {
  site: SiteKey;
  role: Role;
  /** "usd owner", "eur api key"... */
  label: string;
  headers: Record<string, string>;
}

/** The demo's sign-ins (prisma/seed.ts DEMO_SIGN_INS) by role. */
const SIGN_INS: Partial<Record<Role, { email: string; password: string }>> = {
  member: { email: "member@sitecart.test", password: "member-password" },
  owner: { email: "owner@sitecart.test", password: "owner-password" },
  "store manager": { email: "manager@sitecart.test", password: "manager-password" },
};

const CREATE_API_KEY = `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) {
  __typename ... on CreateApiKeySuccess { secret } ... on Error { message } } }`;

/** What addCartEntry takes: the item (a product id) and its variant's sku. */
export type CartItem = { itemId: number | string; sku?: string };

/** A browser of the site signed in as `role` (anonymous: only arrived), holding a cart of `item` when given. */
export async function browserOf(sites: TwoSites, site: SiteKey, role: Exclude<Role, "api key">, item?: CartItem) {
  const host = SITES[site].host;
  const client = await sites.client().arrive(host);
  let xsrfToken: string | null = null;
  const signIn = SIGN_INS[role];
  if (signIn) {
    const answer = await client.request(host, "POST", "/api/site-users/account/session", { body: { ...signIn, rememberMe: false } });
    if (answer.status !== 200) throw new Error(`${site} ${role} could not sign in: ${answer.text}`);
    xsrfToken = answer.body.xsrfToken;
  }
  const xsrf: Record<string, string> = xsrfToken ? { "x-siteuser-xsrf-token": xsrfToken } : {};
  if (item) {
    const added = await client.graphql(
      host,
      `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }`,
      { input: { ...item, itemId: String(item.itemId) } },
      xsrf,
    );
    if (added.data?.addCartEntry.__typename !== "AddCartEntrySuccess") throw new Error(`${site} ${role} could not fill a cart: ${JSON.stringify(added)}`);
  }
  return { client, host, xsrf };
}

/** Every principal of a site, signed in once; the API key is made by the site's owner with every scope it may grant. */
export async function signInPrincipals(sites: TwoSites, site: SiteKey, cartItem?: CartItem): Promise<Principal[]> {
  const principals: Principal[] = [];
  for (const role of ROLES) {
    if (role === "api key") continue;
    const { client, host, xsrf } = await browserOf(sites, site, role, cartItem);
    const jar = client.jar(host);
    principals.push({ site, role, label: `${site} ${role}`, headers: { cookie: cookieHeader(jar), "x-csrf-token": jar.get("crumb")!, ...xsrf } });
  }
  const owner = principals.find((principal) => principal.role === "owner")!;
  const scopes = await callAs(sites, owner, SITES[site].host, "{ apiKeyGrantableScopes }");
  const created = await callAs(sites, owner, SITES[site].host, CREATE_API_KEY, {
    input: { name: `mk${site}-principal-key`, scopes: scopes.data.apiKeyGrantableScopes },
  });
  if (created.data?.createApiKey.__typename !== "CreateApiKeySuccess") throw new Error(`no API key for ${site}: ${JSON.stringify(created)}`);
  principals.push({ site, role: "api key", label: `${site} api key`, headers: { authorization: `Bearer ${created.data.createApiKey.secret}` } });
  return principals;
}

/** A GraphQL call with the principal's headers to `host`; its cookies are not kept (each call starts from them). */
export async function callAs(sites: TwoSites, principal: Principal, host: string, query: string, variables?: Record<string, unknown>) {
  const answer = await send(sites.port, sites.agent, host, "POST", "/graphql", { headers: principal.headers, body: { query, variables } });
  return { ...(typeof answer.body === "object" ? answer.body : { text: answer.text }), status: answer.status };
}

/** Gives a cookie principal a cart of its own site holding `item` (its cart cookie joins its headers). */
export async function fillCart(sites: TwoSites, principal: Principal, item: CartItem): Promise<void> {
  const answer = await send(sites.port, sites.agent, SITES[principal.site].host, "POST", "/graphql", {
    headers: principal.headers,
    body: {
      query: `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }`,
      variables: { input: { ...item, itemId: String(item.itemId) } },
    },
  });
  if (answer.body?.data?.addCartEntry?.__typename !== "AddCartEntrySuccess") throw new Error(`${principal.label} could not fill a cart: ${answer.text}`);
  // A member signing in again gets their kept cart with the session: no new cookie then.
  const cart = setCookies(answer.headers).get("sc_cart");
  if (cart) principal.headers = { ...principal.headers, cookie: `${principal.headers.cookie}; sc_cart=${cart}` };
}

/**
 * A graphql-ws client whose upgrade request names `host` and carries `headers` (a principal's or a
 * browser's cookies); `connectionParams` carries the xsrf token of a signed-in principal.
 */
export function wsClientOn(
  sites: Pick<TwoSites, "port">,
  host: string,
  headers: Record<string, string> = {},
  connectionParams?: Record<string, unknown>,
): Client {
  class HostWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { ...headers, host } });
    }
  }
  return createClient({ url: `ws://127.0.0.1:${sites.port}/graphql`, webSocketImpl: HostWebSocket, connectionParams, retryAttempts: 0, lazy: true });
}
