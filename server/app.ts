// createApp: one HTTP server for GraphQL (HTTP and graphql-ws), the REST adapter, the health check
// and pages. Everything it needs is passed in, so tests build as many apps as they like. The wiring
// reads in steps: services and jobs, metrics, GraphQL, the request handler, the HTTP server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { DEFAULT_API_KEY_RATE_LIMIT } from "./config.ts";
import { createSites, type AppOptions } from "./app-sites.ts";
import type { Db } from "./db/client.ts";
import { checkoutMessages } from "./domain/messages/checkout.ts";
import { createGraphQLServer } from "./graphql.ts";
import { attachGraphQLWebSocket } from "./graphql-ws.ts";
import { CART_TOKEN_HEADER, crumbCookie, forConnection, visitorFrom } from "./http/cookies.ts";
import { DEFAULT_MAX_BODY_BYTES, EMPTY_BODY_MAX_BYTES, readBody } from "./http/body-limit.ts";
import { clientResolver, type ClientInfo } from "./http/client.ts";
import { HttpError } from "./http/http-error.ts";
import { createRequestLimits, defaultAddressRateLimit, type RequestLimits } from "./http/rate-limit.ts";
import { setSecurityHeaders } from "./http/security-headers.ts";
import { GRAPHQL_PATH, STRIPE_WEBHOOK_PATH, isRestPath } from "./http/paths.ts";
import { handleStripeWebhook } from "./http/stripe-webhook.ts";
import { createPageHandler } from "./pages/index.ts";
import { serveStatic } from "./pages/static-files.ts";
import { serveMedia } from "./pages/media-files.ts";
import { serveDownload } from "./pages/downloads.ts";
import { serveCartRecovery } from "./pages/cart-recovery.ts";
import { serveProductFeed } from "./pages/product-feed.ts";
import { createCatalogResultCache } from "./http/graphql-response-cache.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import { LimiterStore } from "./services/support/rate-limiter.ts";
import { createRestHandler } from "./rest/router.ts";
import { newSecret } from "./services/support/ids.ts";
import type { Services } from "./services/index.ts";
import type { SiteDirectory } from "./services/site/site-directory.ts";
import type { SitePool } from "./services/site/site-pool.ts";
import { createSiteOpener, createSiteResolver, type SiteResolver } from "./http/site-request.ts";
import { createLogger, logRequest, silentLogger, type Logger } from "./http/logging.ts";
import { createMetrics, METRICS_PATH, redisCheck, type DependencyCheck, type Metrics } from "./http/metrics.ts";
import { serveGraphiQLAsset } from "./http/graphiql.ts";
import { restRoutes } from "./rest/routes.ts";
import { createSiteJobs, type Scheduler } from "./services/jobs/index.ts";
import { isDatabaseUnavailable, pingDatabase } from "./db/availability.ts";
import { serveHealth } from "./http/health.ts";
import { createOperatorApi } from "./operator/api.ts";

export interface App {
  server: Server;
  /** The default site's services (SITECART_WEBSITE_ID): every request's on a single-site deployment. */
  services: Services;
  /** Which site a host names, and the services of the sites in use (issue 21). */
  sites: { directory: SiteDirectory; pool: SitePool };
  yoga: ReturnType<typeof createGraphQLServer>;
  /** The scheduled jobs of every site (mail outbox, purges, renewals, rollups...): `start()` once serving; close() stops them. */
  jobs: Scheduler;
  /** The rate-limit counters (in Redis when REDIS_URL is set). */
  limiters: LimiterStore;
  /**
   * Stops accepting connections and closes sockets (the database is the caller's). With `drainMs`,
   * requests in flight may finish and WebSocket clients are closed with 1001 "Going away" first, for
   * at most that long; then the remaining connections are cut.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Logging and metrics: the logger (default: one made from logLevel, silent without it), and checks of
 * dependencies besides the database (default: Redis on a connection of its own when redisUrl is set).
 */
interface Observability {
  logger?: Logger;
  dependencyChecks?: Record<string, DependencyCheck>;
}

export function createApp({
  db,
  pubsub,
  config,
  observability = {},
  redisReady = () => null,
}: {
  db: Db;
  pubsub: StorePubSub;
  config: AppOptions;
  observability?: Observability;
  /** For /readyz: whether Redis is connected, null without Redis (RealtimeBus.redisReady). */
  redisReady?: () => boolean | null;
}): App {
  const logger = observability.logger ?? (config.logLevel ? createLogger({ level: config.logLevel, production: config.production }) : silentLogger());
  // Rate limits count in Redis when it is configured, so every instance spends the same budgets.
  const limiters = new LimiterStore(config.redisUrl ?? null);
  const { directory, pool, mailer, defaultSite, close: closeSites } = createSites({ db, pubsub, config, limiters });
  const services = defaultSite.services;
  const openSite = createSiteOpener(directory, pool);
  // Every site's jobs, each site in turn (issue 21); media folders under the default site's MEDIA_DIR.
  const jobs = createSiteJobs(
    { db, pubsub, mailer, directory, pool, mediaDir: services.productImages.mediaDir },
    config.jobs ? { intervals: config.jobs, onTimers: config.jobs.onTimers } : {},
  );
  const { metrics, redis } = createAppMetrics(db, config, observability, redisReady, () => services.analytics.stats());
  const clientOf = clientResolver(config.trustProxy ?? []);
  const requestLimits = createRequestLimits(limiters, {
    perVisitor: config.rateLimit,
    perAddress: config.addressRateLimit ?? defaultAddressRateLimit(config.rateLimit),
    perApiKey: config.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT,
  });
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const resultCache = config.responseCache === false ? null : createCatalogResultCache(pubsub);
  const yoga = createGraphQLServer({
    defaultServices: directory.multiSite ? null : services,
    pubsub,
    requestLimits,
    clientOf,
    production: config.production,
    resultCache: resultCache?.plugin ?? null,
    observability: { logger, plugin: metrics.graphqlPlugin },
  });
  const siteFor = createSiteResolver(openSite);
  // The operator API (issue 21) exists only with OPERATOR_TOKEN; it answers on any host.
  const operatorApi = config.operatorToken
    ? createOperatorApi({ token: config.operatorToken, db, pubsub, directory, platformDomain: config.platformDomain ?? null, maxBodyBytes, logger })
    : null;
  const handle = createRequestHandler({ db, config, siteFor, yoga, operatorApi, requestLimits, clientOf, maxBodyBytes, metrics, logger, redisReady });
  const http = createHttpServer(handle, logger);
  const webSocket = attachGraphQLWebSocket(http.server, yoga, { maxPayloadBytes: maxBodyBytes, clientOf, openSite });

  return {
    server: http.server,
    services,
    sites: { directory, pool },
    yoga,
    jobs,
    limiters,
    async close({ drainMs = 0 } = {}) {
      await jobs.stop();
      await http.drain(drainMs, () => webSocket.close(drainMs));
      // Every tracking event accepted before the server closed is written (or handed to the stream).
      await closeSites();
      resultCache?.stop();
      redis?.close();
      await limiters.close();
    },
  };
}

/**
 * Metrics report the dependencies as /readyz does: the database ping, and the event bus's Redis
 * connection when the bus has one (a connection of its own only for a caller without a bus report).
 */
function createAppMetrics(
  db: Db,
  config: AppOptions,
  observability: Observability,
  redisReady: () => boolean | null,
  trackingEvents: () => ReturnType<Services["analytics"]["stats"]>,
): { metrics: Metrics; redis: { close(): void } | null } {
  const upOrThrow = (up: boolean) => {
    if (!up) throw new Error("down");
  };
  const busReportsRedis = redisReady() !== null;
  const redis = config.redisUrl && !busReportsRedis && !observability.dependencyChecks?.redis ? redisCheck(config.redisUrl) : null;
  const redisDependency: Record<string, DependencyCheck> = busReportsRedis
    ? { redis: async () => upOrThrow(redisReady() === true) }
    : redis
      ? { redis: redis.check }
      : {};
  const metrics = createMetrics({
    restPatterns: restRoutes.map((route) => route.path),
    dependencies: { database: async () => upOrThrow(await pingDatabase(db)), ...redisDependency, ...observability.dependencyChecks },
    token: config.metricsToken ?? null,
    trackingEvents,
  });
  return { metrics, redis };
}

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

/** Past its body limit a request is answered 413 and its connection closed: the rest is never read. */
const refuseBody = (response: ServerResponse, body: unknown) => {
  response.shouldKeepAlive = false;
  sendJson(response, 413, body);
};

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Every HTTP request's route: health and metrics, GraphiQL, static files and the operator API for any
 * host; then the request's site (its Host header): GraphQL, media, the feed, REST, pages; else 404.
 */
function createRequestHandler({
  db,
  config,
  siteFor,
  yoga,
  operatorApi,
  requestLimits,
  clientOf,
  maxBodyBytes,
  metrics,
  logger,
  redisReady,
}: {
  db: Db;
  config: AppOptions;
  siteFor: SiteResolver;
  yoga: ReturnType<typeof createGraphQLServer>;
  operatorApi: ReturnType<typeof createOperatorApi> | null;
  requestLimits: RequestLimits;
  clientOf: (request: IncomingMessage) => ClientInfo;
  maxBodyBytes: number;
  metrics: Metrics;
  logger: Logger;
  redisReady: () => boolean | null;
}): RequestHandler {
  const handleRest = createRestHandler({ requestLimits });
  const handlePage = createPageHandler({ graphiql: !config.production });

  return async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const client = clientOf(request);
    setSecurityHeaders(request, response, client.secure);
    const cartTokenHeader = request.headers[CART_TOKEN_HEADER];
    const visitor = visitorFrom(request.headers.cookie, typeof cartTokenHeader === "string" ? cartTokenHeader : null);
    // Every visitor gets a crumb on their first response (page or API); a state-changing call must echo it.
    const newCrumb = visitor.crumb ? [] : [forConnection(crumbCookie(newSecret()), client.secure)];
    logRequest(logger, request, response, visitor, (line) => metrics.observeRequest(line.method, line.path, line.status, line.durationMs));

    if (url.pathname === GRAPHQL_PATH) {
      // Read here, within the limit whatever the framing (chunked included); yoga takes the bytes as read.
      const takesBody = request.method !== "GET" && request.method !== "HEAD";
      let body: Buffer;
      try {
        body = await readBody(request, takesBody ? maxBodyBytes : EMPTY_BODY_MAX_BYTES);
      } catch (error) {
        if (error instanceof HttpError) return refuseBody(response, { errors: [{ message: error.message }] });
        throw error;
      }
      const site = await siteFor(request, response, url);
      if (!site) return;
      if (takesBody && body.length > 0) (request as IncomingMessage & { body?: Buffer }).body = body;
      return void (await yoga(request, response, { req: request, res: response, client, site, responseCookies: [...newCrumb] }));
    }
    if (operatorApi && (await operatorApi(request, response, url))) return;
    if (newCrumb.length) response.setHeader("set-cookie", newCrumb);
    // Only REST routes that take a body read one (rest/router.ts); everything else reads at most a few KiB.
    const readNoBody = async () => {
      try {
        await readBody(request, EMPTY_BODY_MAX_BYTES);
        return true;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refuseBody(response, { error: error.message });
        return false;
      }
    };
    if (url.pathname === STRIPE_WEBHOOK_PATH)
      return handleStripeWebhook(request, response, async () => (await siteFor(request, response, url))?.services.paymentEvents ?? null);
    const restPath = isRestPath(url.pathname);
    if (!restPath && !(await readNoBody())) return;
    if (await serveHealth(url.pathname, response, { database: () => pingDatabase(db), redis: redisReady })) return;
    if (url.pathname === METRICS_PATH) return metrics.handle(request, response, () => sendJson(response, 404, { error: checkoutMessages.routeNotFound }));
    if (!config.production && (await serveGraphiQLAsset(request.method, url.pathname, response))) return;
    if (await serveStatic(request, response, url)) return;
    const site = await siteFor(request, response, url);
    if (!site) return;
    if (await serveMedia(request, response, url, site.services.productImages)) return;
    if (await serveDownload(request, response, url, site.services.downloads.grants)) return;
    if (await serveCartRecovery(request, response, url, site.services.abandonedCheckouts, client.secure)) return;
    if (await serveProductFeed(request, response, url, site.services.marketing)) return;
    if (await handleRest(request, response, url, visitor, client, site.services)) return;
    if (await handlePage(request, response, url, site)) return;
    if (restPath && !(await readNoBody())) return;
    sendJson(response, 404, { error: checkoutMessages.routeNotFound });
  };
}

/**
 * The HTTP server: unexpected errors answered 500 (503 when the database is down), and a drain for
 * close(): new connections refused, requests in flight given up to `drainMs`, then every connection cut.
 */
function createHttpServer(handle: RequestHandler, logger: Logger) {
  let draining = false;
  const server = createServer((request, response) => {
    if (draining) response.shouldKeepAlive = false;
    // While draining, a connection that finishes its last response is closed rather than kept alive.
    response.once("finish", () => draining && setImmediate(() => server.closeIdleConnections()));
    handle(request, response).catch((error) => {
      if (isDatabaseUnavailable(error)) {
        if (!response.headersSent) return sendJson(response, 503, { error: checkoutMessages.databaseUnavailable });
        return response.end();
      }
      logger.error({ err: error, method: request.method, path: request.url?.split("?")[0] }, "unexpected error serving a request");
      if (!response.headersSent) sendJson(response, 500, { error: checkoutMessages.serverError });
      else response.end();
    });
  });
  return {
    server,
    /** Stops listening, lets `closeWebSockets` say goodbye, waits up to `drainMs` for requests in flight, then cuts the rest. */
    async drain(drainMs: number, closeWebSockets: () => Promise<void>): Promise<void> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closeWebSockets();
      let timer: NodeJS.Timeout | undefined;
      if (drainMs > 0) await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
    },
  };
}
