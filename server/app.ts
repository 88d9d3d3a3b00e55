// createApp: one HTTP server for GraphQL (HTTP and graphql-ws), the REST adapter, the health check
// and pages. Everything it needs is passed in, so tests build as many apps as they like.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AppConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import { messages } from "./domain/messages.ts";
import { attachGraphQLWebSocket, createGraphQLServer, GRAPHQL_PATH } from "./graphql.ts";
import { CART_TOKEN_HEADER, crumbCookie, visitorFrom } from "./http/cookies.ts";
import { createPageHandler } from "./pages/index.ts";
import { serveStatic } from "./pages/static-files.ts";
import { createCatalogResultCache } from "./http/graphql-response-cache.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import { RateLimiter } from "./services/support/rate-limiter.ts";
import { createRestHandler } from "./rest/router.ts";
import { newSecret } from "./services/support/ids.ts";
import { captchaVerifierFromEnv } from "./services/forms/captcha.ts";
import { createServices, type ServiceOptions, type Services } from "./services/index.ts";
import { Mailer } from "./services/mail/mailer.ts";
import { createLogger, logRequest, silentLogger, type Logger } from "./http/logging.ts";
import { createMetrics, METRICS_PATH, redisCheck, type DependencyCheck } from "./http/metrics.ts";
import { serveGraphiQLAsset } from "./http/graphiql.ts";
import { restRoutes } from "./rest/routes.ts";
import { createJobs, type Scheduler } from "./services/jobs/index.ts";

const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

export interface App {
  server: Server;
  services: Services;
  yoga: ReturnType<typeof createGraphQLServer>;
  /** The scheduled jobs (mail outbox, purges, waitlist expiry): `start()` once serving; close() stops them. */
  jobs: Scheduler;
  /** Stops accepting connections and closes sockets (the database is the caller's). */
  close(): Promise<void>;
}

/** What an app needs of the configuration; tests leave out what they do not use (development defaults). */
type AppOptions = Pick<AppConfig, "websiteId" | "production" | "rateLimit"> &
  Partial<
    Pick<
      AppConfig,
      "responseCache" | "publicUrl" | "captchaVerifier" | "smtpUrl" | "mailFrom" | "formLimits" | "logLevel" | "metricsToken" | "redisUrl" | "jobs"
    >
  >;

/**
 * Logging and metrics: the logger (default: one made from logLevel, silent without it), and checks of
 * dependencies besides the database (default: Redis on a connection of its own when redisUrl is set).
 */
interface Observability {
  logger?: Logger;
  dependencyChecks?: Record<string, DependencyCheck>;
}

/** The services' settings from the configuration, as values and the objects made from them. */
function serviceOptions(db: Db, config: AppOptions): ServiceOptions {
  return {
    ...(config.captchaVerifier ? { captcha: captchaVerifierFromEnv({ CAPTCHA_VERIFIER: config.captchaVerifier }) } : {}),
    ...(config.smtpUrl || config.mailFrom ? { mailer: Mailer.fromEnv(db, { SMTP_URL: config.smtpUrl, MAIL_FROM: config.mailFrom }) } : {}),
    ...(config.formLimits ? { formLimits: config.formLimits } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  };
}

export function createApp({ db, pubsub, config, observability = {} }: { db: Db; pubsub: StorePubSub; config: AppOptions; observability?: Observability }): App {
  const logger = observability.logger ?? (config.logLevel ? createLogger({ level: config.logLevel, production: config.production }) : silentLogger());
  const redis = config.redisUrl && !observability.dependencyChecks?.redis ? redisCheck(config.redisUrl) : null;
  const metrics = createMetrics({
    restPatterns: restRoutes.map((route) => route.path),
    dependencies: { database: () => db.$queryRawUnsafe("SELECT 1"), ...(redis ? { redis: redis.check } : {}), ...observability.dependencyChecks },
    token: config.metricsToken ?? null,
  });
  const services = createServices({ db, pubsub, websiteId: config.websiteId, options: serviceOptions(db, config) });
  const jobs = createJobs(services, config.jobs ? { intervals: config.jobs } : {});
  const rateLimiter = new RateLimiter(config.rateLimit);
  const resultCache = config.responseCache === false ? null : createCatalogResultCache(pubsub);
  const yoga = createGraphQLServer({
    db,
    services,
    pubsub,
    rateLimiter,
    production: config.production,
    resultCache: resultCache?.plugin ?? null,
    observability: { logger, plugin: metrics.graphqlPlugin },
  });
  const handleRest = createRestHandler({ services, rateLimiter });
  const handlePage = createPageHandler(services, { graphiql: !config.production });

  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const cartTokenHeader = request.headers[CART_TOKEN_HEADER];
    const visitor = visitorFrom(request.headers.cookie, typeof cartTokenHeader === "string" ? cartTokenHeader : null);
    // Every visitor gets a crumb on their first response (page or API); a state-changing call must echo it.
    const newCrumb = visitor.crumb ? [] : [crumbCookie(newSecret())];
    logRequest(logger, request, response, visitor, (line) => metrics.observeRequest(line.method, line.path, line.status, line.durationMs));

    if (url.pathname === GRAPHQL_PATH) {
      // Documents are limited to 5000 tokens; a body far beyond that is refused before it is read.
      if (Number(request.headers["content-length"] ?? 0) > MAX_GRAPHQL_BODY_BYTES) {
        response.shouldKeepAlive = false;
        return sendJson(response, 413, { errors: [{ message: messages.bodyTooLarge }] });
      }
      return yoga(request, response, { req: request, res: response, responseCookies: [...newCrumb] });
    }
    if (newCrumb.length) response.setHeader("set-cookie", newCrumb);
    if (url.pathname === "/healthz") {
      await db.$queryRawUnsafe("SELECT 1");
      return sendJson(response, 200, { status: "ok" });
    }
    if (url.pathname === METRICS_PATH) return metrics.handle(request, response, () => sendJson(response, 404, { error: messages.routeNotFound }));
    if (!config.production && (await serveGraphiQLAsset(request.method, url.pathname, response))) return;
    if (await serveStatic(request, response, url)) return;
    if (await handleRest(request, response, url, visitor)) return;
    if (await handlePage(request, response, url, visitor)) return;
    sendJson(response, 404, { error: messages.routeNotFound });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      logger.error({ err: error, method: request.method, path: request.url?.split("?")[0] }, "unexpected error serving a request");
      if (!response.headersSent) sendJson(response, 500, { error: "Something went wrong on our side. Please try again." });
      else response.end();
    });
  });
  const webSocket = attachGraphQLWebSocket(server, yoga);

  return {
    server,
    services,
    yoga,
    jobs,
    async close() {
      await jobs.stop();
      resultCache?.stop();
      redis?.close();
      services.stop();
      await webSocket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
