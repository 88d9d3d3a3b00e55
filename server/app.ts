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
import { isDatabaseUnavailable, pingDatabase } from "./db/availability.ts";
import { serveHealth } from "./http/health.ts";

const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

export interface App {
  server: Server;
  services: Services;
  yoga: ReturnType<typeof createGraphQLServer>;
  /**
   * Stops accepting connections and closes sockets (the database is the caller's). With `drainMs`,
   * requests in flight may finish and WebSocket clients are closed with 1001 "Going away" first, for
   * at most that long; then the remaining connections are cut.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** What an app needs of the configuration; tests leave out what they do not use (development defaults). */
type AppOptions = Pick<AppConfig, "websiteId" | "production" | "rateLimit"> &
  Partial<Pick<AppConfig, "responseCache" | "publicUrl" | "captchaVerifier" | "smtpUrl" | "mailFrom" | "formLimits">>;

/** The services' settings from the configuration, as values and the objects made from them. */
function serviceOptions(db: Db, config: AppOptions): ServiceOptions {
  return {
    ...(config.captchaVerifier ? { captcha: captchaVerifierFromEnv({ CAPTCHA_VERIFIER: config.captchaVerifier }) } : {}),
    ...(config.smtpUrl || config.mailFrom ? { mailer: Mailer.fromEnv(db, { SMTP_URL: config.smtpUrl, MAIL_FROM: config.mailFrom }) } : {}),
    ...(config.formLimits ? { formLimits: config.formLimits } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  };
}

export function createApp({
  db,
  pubsub,
  config,
  redisReady = () => null,
}: {
  db: Db;
  pubsub: StorePubSub;
  config: AppOptions;
  /** For /readyz: whether Redis is connected, null without Redis (RealtimeBus.redisReady). */
  redisReady?: () => boolean | null;
}): App {
  const services = createServices({ db, pubsub, websiteId: config.websiteId, options: serviceOptions(db, config) });
  const rateLimiter = new RateLimiter(config.rateLimit);
  const resultCache = config.responseCache === false ? null : createCatalogResultCache(pubsub);
  const yoga = createGraphQLServer({ db, services, pubsub, rateLimiter, production: config.production, resultCache: resultCache?.plugin ?? null });
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

    if (url.pathname === GRAPHQL_PATH) {
      // Documents are limited to 5000 tokens; a body far beyond that is refused before it is read.
      if (Number(request.headers["content-length"] ?? 0) > MAX_GRAPHQL_BODY_BYTES) {
        response.shouldKeepAlive = false;
        return sendJson(response, 413, { errors: [{ message: messages.bodyTooLarge }] });
      }
      return yoga(request, response, { req: request, res: response, responseCookies: [...newCrumb] });
    }
    if (newCrumb.length) response.setHeader("set-cookie", newCrumb);
    if (await serveHealth(url.pathname, response, { database: () => pingDatabase(db), redis: redisReady })) return;
    if (await serveStatic(request, response, url)) return;
    if (await handleRest(request, response, url, visitor)) return;
    if (await handlePage(request, response, url, visitor)) return;
    sendJson(response, 404, { error: messages.routeNotFound });
  }

  let draining = false;
  const server = createServer((request, response) => {
    if (draining) response.shouldKeepAlive = false;
    // While draining, a connection that finishes its last response is closed rather than kept alive.
    response.once("finish", () => draining && setImmediate(() => server.closeIdleConnections()));
    handle(request, response).catch((error) => {
      if (isDatabaseUnavailable(error)) {
        if (!response.headersSent) return sendJson(response, 503, { error: messages.databaseUnavailable });
        return response.end();
      }
      console.error("Unexpected error serving", request.method, request.url, error);
      if (!response.headersSent) sendJson(response, 500, { error: "Something went wrong on our side. Please try again." });
      else response.end();
    });
  });
  const webSocket = attachGraphQLWebSocket(server, yoga);

  return {
    server,
    services,
    yoga,
    async close({ drainMs = 0 } = {}) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await webSocket.close(drainMs);
      let timer: NodeJS.Timeout | undefined;
      if (drainMs > 0) await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
      resultCache?.stop();
      services.stop();
    },
  };
}
