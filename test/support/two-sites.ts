// Two sites in one database, one process (issue 21), for the tests of what keeps sites apart. Site A
// is the demo store, site B a second copy of it under another id (same products, forms, coupon codes
// and sign-ins). The tests take them at one of three depths:
//   - createTwoSiteServices: each site's services made directly, on the same database and event bus
//     (test/services/isolation/: a handle of A handed to B's services);
//   - startTwoSiteJobs: the site directory, the pool and the jobs of every site on a fake clock
//     (test/services/jobs/);
//   - startTwoSites: one app serving both by Host header, B in euros, with browsers and the principals
//     of each site (test/isolation/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_SIGN_INS, seedDemoStore } from "../../prisma/seed.ts";
import { createApp, type App } from "../../server/app.ts";
import { DEMO_WEBSITE_ID, type AppConfig } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus, type StoreEvents, type StorePubSub } from "../../server/realtime/pubsub.ts";
import { refreshSortPrice } from "../../server/services/catalog/catalog.ts";
import type { Visitor } from "../../server/services/cart/cart-transaction.ts";
import { createServices, type ServiceOptions, type Services } from "../../server/services/index.ts";
import { createSiteJobs, type JobOptions } from "../../server/services/jobs/index.ts";
import { Mailer } from "../../server/services/mail/mailer.ts";
import { signSiteUserInfo } from "../../server/services/members/site-user-info.ts";
import { SiteDirectory } from "../../server/services/site/site-directory.ts";
import { SitePool } from "../../server/services/site/site-pool.ts";
import { newSecret } from "../../server/services/support/ids.ts";
import { watchSubscriptions } from "./app.ts";
import { createTestDb, type QueryLog, type TestDatabase } from "./db.ts";
import { cookieHeader, HostClient, send, setCookies } from "./host-client.ts";
import { noTimers } from "./timers.ts";
import { setStoreCurrency } from "./store-currency.ts";

export const SITE_A = DEMO_WEBSITE_ID;
export const SITE_B = "sitecart-second-site";
/** Site hosts are {slug}.PLATFORM_DOMAIN. */
export const PLATFORM_DOMAIN = "shops.test";

/** A fresh database holding both sites, or only A with `onlyA`. */
async function twoSiteDatabase({ onlyA = false } = {}) {
  const database = await createTestDb({ demoStore: true });
  if (!onlyA) await seedDemoStore(database.db, SITE_B);
  return database;
}

export interface TwoSiteServices {
  db: Db;
  bus: RealtimeBus;
  a: Services;
  b: Services;
  close(): Promise<void>;
}

/** Each site's services made directly (createServices), on the same database and event bus. */
export async function createTwoSiteServices(options: ServiceOptions = {}): Promise<TwoSiteServices> {
  const { db, close } = await twoSiteDatabase();
  const bus = createRealtimeBus(null);
  const a = createServices({ db, pubsub: bus.pubsub, websiteId: SITE_A, options });
  const b = createServices({ db, pubsub: bus.pubsub, websiteId: SITE_B, options });
  return {
    db,
    bus,
    a,
    b,
    async close() {
      a.stop();
      b.stop();
      await bus.close();
      await close();
    },
  };
}

/** A visitor with a fresh crumb and no cart yet. */
export const newVisitor = (): Visitor => ({ cartToken: null, crumb: newSecret() });

/** The seeded owner (admin), signed in on both sites with the same address and password. */
export const OWNER = { email: DEMO_SIGN_INS[0].email, password: DEMO_SIGN_INS[0].password };

/** What a browser presents after signing in on `services`' site: the cookie, the signed info and the xsrf token. */
export async function signedIn(services: Services, who: { email: string; password: string }) {
  const result = await services.sessions.signIn({ cartToken: null, crumb: null }, who);
  const credentials = {
    token: result.session.token,
    info: signSiteUserInfo({ authenticated: true, siteUserId: result.session.siteUserId }, result.session.token),
    xsrfToken: result.xsrfToken,
  };
  return { result, credentials };
}

/** The variant a test buys or edits: the demo store's mug (limited stock), looked up on one site. */
export async function mugOf(db: Db, websiteId: string) {
  return db.variant.findFirstOrThrow({ where: { sku: "MUG-1", product: { websiteId } }, select: { id: true, productId: true, qtyInStock: true } });
}

/** The last email of a kind written to a site's outbox (where tokens travel). */
export async function lastEmail(db: Db, websiteId: string, kind: string) {
  return db.outboxEmail.findFirstOrThrow({ where: { websiteId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** The `token=` of the first link in an email's body. */
export function tokenIn(body: string): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`No token in: ${body}`);
  return decodeURIComponent(match[1]);
}

/** What a call answered, or how it failed (its error's class, code and message): two refusals compare equal. */
export async function outcome(run: () => Promise<unknown>): Promise<{ value: unknown } | { error: { name: string; code: unknown; message: string } }> {
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { error: { name: error.name, code: (error as { code?: unknown }).code, message: error.message } };
  }
}

export interface TwoSiteJobs {
  db: Db;
  pubsub: StorePubSub;
  directory: SiteDirectory;
  pool: SitePool;
  mailer: Mailer;
  /** MEDIA_DIR of both sites. */
  mediaDir: string;
  /** The fake clock: every service and job reads it. */
  clock: { nowMs: number; now(): Date };
  /** The jobs of every site as one process (`holder`) runs them. */
  jobs(holder: string, options?: JobOptions): ReturnType<typeof createSiteJobs>;
  close(): Promise<void>;
}

/**
 * What createApp builds for the jobs over both sites: the site directory (PLATFORM_DOMAIN set, so it
 * lists every site), the pool of their services and the jobs of every site, on a fake clock and timers
 * that never fire. Only A with `onlyA` (the test seeds B itself); `transport` receives the mail (default: none).
 */
export async function startTwoSiteJobs({
  transport = null,
  onlyA = false,
}: { transport?: ConstructorParameters<typeof Mailer>[1]; onlyA?: boolean } = {}): Promise<TwoSiteJobs> {
  const { db, close } = await twoSiteDatabase({ onlyA });
  const clock = { nowMs: Date.now(), now: () => new Date(clock.nowMs) };
  const bus = createRealtimeBus(null);
  const mediaDir = mkdtempSync(join(tmpdir(), "sitecart-two-sites-"));
  const mailer = new Mailer(db, transport, undefined, clock.now);
  const directory = new SiteDirectory(db, {
    platformDomain: PLATFORM_DOMAIN,
    defaultWebsiteId: SITE_A,
    publicUrl: "http://localhost:4000",
    now: clock.now,
    ttlMs: 0,
  });
  directory.follow(bus.pubsub);
  const pool = new SitePool((site) => createServices({ db, pubsub: bus.pubsub, websiteId: site.id, options: { mailer, mediaDir, now: clock.now } }));
  return {
    db,
    pubsub: bus.pubsub,
    directory,
    pool,
    mailer,
    mediaDir,
    clock,
    jobs: (holder, options = {}) =>
      createSiteJobs({ db, pubsub: bus.pubsub, mailer, directory, pool, mediaDir }, { now: clock.now, timers: noTimers, holder, ...options }),
    async close() {
      directory.stop();
      await pool.close();
      await bus.close();
      await close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

// Served by one app (startTwoSites), A is the USD store at usd.shops.test and B the EUR one at eur.shops.test.
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
  usd: { key: "usd", websiteId: SITE_A, slug: "usd", host: `usd.${PLATFORM_DOMAIN}`, currency: "USD" },
  eur: { key: "eur", websiteId: SITE_B, slug: "eur", host: `eur.${PLATFORM_DOMAIN}`, currency: "EUR" },
};

/** The linen shirt's price on each site (minor units): the same slug, another price on the EUR site. */
export const LINEN_PRICE: Record<SiteKey, number> = { usd: 4500, eur: 5200 };

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

/** Both sites served by one app (PLATFORM_DOMAIN set); B's prices in euros and its shirt dearer. */
export async function startTwoSites(options: TwoSitesOptions = {}): Promise<TwoSites> {
  const { db, database, queries, close: closeDb } = await twoSiteDatabase();
  for (const site of SITE_KEYS) {
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
  await setStoreCurrency(services.db, services.websiteId, services.storeAdmin, "EUR");
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
