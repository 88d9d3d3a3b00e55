// GraphQL over HTTP (yoga); graphql-ws.ts serves the same yoga over WebSocket on the same path and port. Both run the
// same envelop plugins: CSRF prevention, document limits (checked before anything touches the
// database), the mutation rate limit, and the cart cookie.
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { getOperationAST, GraphQLError, Lexer, Source, TokenKind, type Token } from "graphql";
import type { IncomingMessage } from "node:http";
import { createYoga, maskError, type Plugin, type YogaServerInstance } from "graphql-yoga";
import type { GraphQLContext, ServerContext } from "./context.ts";
import { isDatabaseUnavailable } from "./db/availability.ts";
import { DomainError } from "./domain/errors.ts";
import { messages } from "./domain/messages/storefront.ts";
import { checkoutMessages } from "./domain/messages/checkout.ts";
import { ownerMessages } from "./domain/messages/owner.ts";
import type { ClientInfo } from "./http/client.ts";
import {
  CART_TOKEN_HEADER,
  SITE_USER_XSRF_HEADER,
  cartCookies,
  forConnection,
  hasSessionCookie,
  localeFrom,
  sessionCredentials,
  visitorFrom,
} from "./http/cookies.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import type { RequestLimits } from "./http/rate-limit.ts";
import { schema } from "./schema/index.ts";
import type { Services } from "./services/index.ts";
import { OPEN_SITE } from "./domain/site/site-status.ts";
import { ApiKeyRefusedError } from "./services/members/api-keys.ts";
import { ANONYMOUS_VIEWER, type Viewer } from "./services/members/sessions.ts";
import { renderOfflineGraphiQL } from "./http/graphiql.ts";
import { yogaLogger, type Logger } from "./http/logging.ts";
import { GRAPHQL_PATH } from "./http/paths.ts";

/** Limits on documents (rejected before execution). Our own client's queries stay far below them. */
export const DOCUMENT_LIMITS = { maxDepth: 10, maxAliases: 15, maxTokens: 5000, maxCost: 5000 } as const;
/** Directives per operation (fragments included): our client uses a handful. */
export const MAX_DIRECTIVES = 20;

interface Deps {
  /**
   * The services of a single-site deployment, for callers that hand yoga no site (tests calling
   * yoga.fetch); null on a many-site deployment, where every request names its site (http/site-request.ts).
   */
  defaultServices: Services | null;
  pubsub: StorePubSub;
  requestLimits: RequestLimits;
  /** The client's address and scheme, as TRUST_PROXY allows reading them (http/client.ts). */
  clientOf: (request: IncomingMessage) => ClientInfo;
  production: boolean;
  /** Cached catalogue results (see http/graphql-response-cache.ts); null turns caching off. */
  resultCache: Plugin | null;
  /** The log for yoga's messages, and the metrics plugin (http/metrics.ts); absent: yoga's console logging. */
  observability?: { logger: Logger; plugin: Plugin };
}

/**
 * The limit plugins throw their refusal out of validation instead of returning it, which yoga then
 * answers with status 200. Return it as the validation error it is (400 under
 * application/graphql-response+json, as for any invalid document; over WebSocket an error message).
 */
function limitRefusalsAsValidationErrors(): Plugin {
  return {
    onValidate({ validateFn, setValidationFn }) {
      setValidationFn((...args: Parameters<typeof validateFn>) => {
        try {
          return validateFn(...args);
        } catch (error) {
          if (!(error instanceof GraphQLError)) throw error;
          return [
            new GraphQLError(error.message, {
              nodes: error.nodes,
              extensions: { code: "GRAPHQL_VALIDATION_FAILED", http: { status: 400, spec: true } },
            }),
          ];
        }
      });
    },
  };
}

/**
 * graphql-armor's token limit counts what the parser reads, and the lexer skips comments: a document
 * of comment lines would be parsed whatever its length. Count every token, comments included, first
 * (the same limit and wording), stopping as soon as the limit is passed.
 */
export function countTokensWithComments(document: string, limit: number): number {
  const lexer = new Lexer(new Source(document));
  let count = 0;
  let previous: Token = lexer.token;
  while (previous.kind !== TokenKind.EOF && count <= limit) {
    const next = lexer.advance();
    // Comments between two tokens hang in the lexer's linked list between them.
    for (let token = previous.next; token && token !== next; token = token.next) count++;
    if (next.kind !== TokenKind.EOF) count++;
    previous = next;
  }
  return count;
}

function commentsCountAsTokens(limit: number): Plugin {
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        let tokens = 0;
        try {
          tokens = countTokensWithComments(typeof source === "string" ? source : source.body, limit);
        } catch {
          // A syntax error: the parser below reports it.
        }
        if (tokens > limit) throw new GraphQLError(checkoutMessages.tokenLimitExceeded(limit));
        return parseFn(source, options);
      });
    },
  };
}

/**
 * No mutation from a cross-site HTML form: yoga's CSRF prevention refuses bodies a browser sends
 * without a preflight (form-encoded, multipart, text/plain, or no content type) unless they carry
 * a custom header. GET is left alone: yoga never runs a mutation from a GET (405).
 */
function csrfPrevention(): Plugin {
  const plugin = useCSRFPrevention() as Plugin;
  return {
    onRequestParse(payload) {
      if (payload.request.method === "GET" || payload.request.method === "HEAD") return;
      return plugin.onRequestParse?.(payload);
    },
  };
}

function cartCookiePlugin(): Plugin<GraphQLContext, ServerContext> {
  return {
    onRequest({ serverContext }) {
      serverContext.responseCookies ??= [];
    },
    onResponse({ serverContext, response }) {
      const secure = serverContext?.client?.secure ?? false;
      for (const cookie of serverContext?.responseCookies ?? []) response.headers.append("set-cookie", forConnection(cookie, secure));
    },
  };
}

/**
 * `Authorization: Bearer <API key>` (docs/api.md): the request acts as the key's creator narrowed to
 * the key's scopes, with no cookie, crumb or xsrf token. A bad, expired or revoked key is answered 401
 * with a message saying so (never served as anonymous); each key spends its own budget (429 beyond).
 * The key is read from the database on every request: a revoke holds on every instance at once.
 */
/** The services of the request's site (the HTTP handler or the socket put it in the server context). */
function servicesOf(serverContext: ServerContext | undefined, defaultServices: Services | null): Services {
  const services = serverContext?.site?.services ?? defaultServices;
  if (!services) throw new Error("a GraphQL request reached yoga without its site");
  return services;
}

function apiKeyPlugin(defaultServices: Services | null, requestLimits: RequestLimits): Plugin<GraphQLContext, ServerContext> {
  const refuse = (status: number, message: string, code: string, headers: Record<string, string>) =>
    new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
      status,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    });
  return {
    async onRequest({ request, serverContext, endResponse }) {
      const header = request.headers.get("authorization");
      if (header === null) return;
      const match = /^Bearer +(\S+) *$/i.exec(header);
      const challenge = { "www-authenticate": 'Bearer realm="sitecart", error="invalid_token"' };
      if (!match) return endResponse(refuse(401, ownerMessages.apiKeyMalformedHeader, "UNAUTHENTICATED", challenge));
      let viewer: Extract<Viewer, { signedIn: true }>;
      try {
        viewer = await servicesOf(serverContext, defaultServices).apiKeys.authenticate(match[1]);
      } catch (error) {
        if (error instanceof ApiKeyRefusedError) return endResponse(refuse(401, error.message, "UNAUTHENTICATED", challenge));
        throw error;
      }
      const retryAfter = await requestLimits.takeApiKey(viewer.apiKey!.id);
      if (retryAfter > 0) return endResponse(refuse(429, messages.rateLimited, "RATE_LIMITED", { "retry-after": String(retryAfter) }));
      if (serverContext) serverContext.apiKeyViewer = viewer;
    },
  };
}

function mutationRateLimitPlugin(requestLimits: RequestLimits): Plugin<GraphQLContext & ServerContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== "mutation") return;
      const context = args.contextValue;
      // A request with an API key spent its key's own budget already (apiKeyPlugin).
      if (context.viewer.signedIn && context.viewer.apiKey) return;
      const retryAfter = await requestLimits.take(context.services.websiteId, context.visitor, context.remoteAddress ?? "unknown");
      if (retryAfter === 0) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(messages.rateLimited, {
            extensions: { code: "RATE_LIMITED", http: { status: 429, headers: { "Retry-After": String(retryAfter) } } },
          }),
        ],
      });
    },
  };
}

export function createGraphQLServer({
  defaultServices,
  pubsub,
  requestLimits,
  clientOf,
  production,
  resultCache,
  observability,
}: Deps): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: production ? false : { subscriptionsProtocol: "WS", title: "Sitecart GraphQL" },
    renderGraphiQL: renderOfflineGraphiQL,
    landingPage: false,
    // Unexpected errors reach clients as 'Unexpected error.' without details or stack, in every mode
    // (yoga logs the original). Domain errors are written for users, so they pass with their code.
    maskedErrors: {
      isDev: false,
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        // Returned as the same object: yoga logs every error its masking replaces, and a shopper's
        // mistake is not a server error.
        if (original instanceof DomainError && error instanceof GraphQLError) {
          (error.extensions as Record<string, unknown>).code = original.code;
          return error;
        }
        if (isDatabaseUnavailable(original)) {
          return new GraphQLError(checkoutMessages.databaseUnavailable, { extensions: { code: "DATABASE_UNAVAILABLE", http: { status: 503 } } });
        }
        return maskError(error, message, isDev);
      },
    },
    // Browsers on other origins get no access: cart mutations ride on the visitor's cookies.
    cors: false,
    logging: observability ? yogaLogger(observability.logger) : production ? "error" : "warn",
    plugins: [
      ...(observability ? [observability.plugin] : []),
      apiKeyPlugin(defaultServices, requestLimits),
      csrfPrevention(),
      limitRefusalsAsValidationErrors(),
      maxTokensPlugin({ n: DOCUMENT_LIMITS.maxTokens }),
      commentsCountAsTokens(DOCUMENT_LIMITS.maxTokens),
      maxDirectivesPlugin({ n: MAX_DIRECTIVES }),
      maxDepthPlugin({ n: DOCUMENT_LIMITS.maxDepth, flattenFragments: true }),
      maxAliasesPlugin({ n: DOCUMENT_LIMITS.maxAliases }),
      costLimitPlugin({ maxCost: DOCUMENT_LIMITS.maxCost, flattenFragments: true }),
      cartCookiePlugin(),
      mutationRateLimitPlugin(requestLimits),
      ...(resultCache ? [resultCache] : []),
    ],
    context: async (initial): Promise<GraphQLContext> => {
      const request = (initial as { request?: Request }).request;
      const services = servicesOf(initial, defaultServices);
      const cartTokenParam = initial.connectionParams?.cartToken;
      const xsrfParam = initial.connectionParams?.xsrfToken;
      const cookieHeader = request?.headers.get("cookie") ?? initial.req?.headers.cookie ?? null;
      const visitor = visitorFrom(cookieHeader, request?.headers.get(CART_TOKEN_HEADER) ?? (typeof cartTokenParam === "string" ? cartTokenParam : null));
      // An API key speaks for its creator (apiKeyPlugin); otherwise the signed-in viewer needs the
      // session cookies and the xsrf token of its sign-in.
      const viewer = initial.apiKeyViewer
        ? initial.apiKeyViewer
        : hasSessionCookie(cookieHeader)
          ? await services.sessions.viewer(
              sessionCredentials(cookieHeader, request?.headers.get(SITE_USER_XSRF_HEADER) ?? (typeof xsrfParam === "string" ? xsrfParam : null)),
            )
          : ANONYMOUS_VIEWER;
      return {
        // Pothos reads through the site's client: on PostgreSQL under its row-level security.
        prisma: services.db,
        services,
        siteAccess: initial.site?.access ?? OPEN_SITE,
        pubsub,
        visitor,
        viewer,
        cookieHeader,
        locale: localeFrom(cookieHeader),
        remoteAddress: initial.client?.address ?? (initial.req ? clientOf(initial.req).address : null),
        setCartToken(token) {
          visitor.cartToken = token;
          initial.responseCookies?.push(...cartCookies(token));
        },
        setCookie(cookie) {
          initial.responseCookies?.push(cookie);
        },
      };
    },
  });
}
