// GraphQL over HTTP (yoga) and over WebSocket (graphql-ws) on the same path and port. Both run the
// same envelop plugins: CSRF prevention, document limits (checked before anything touches the
// database), the mutation rate limit, and the cart cookie.
import type { Server } from "node:http";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { getOperationAST, GraphQLError, Lexer, Source, TokenKind, type ExecutionArgs, type Token } from "graphql";
import type { IncomingMessage } from "node:http";
import { useServer } from "graphql-ws/use/ws";
import { createYoga, maskError, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { WebSocketServer } from "ws";
import type { GraphQLContext, ServerContext } from "./context.ts";
import type { Db } from "./db/client.ts";
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
import { ApiKeyRefusedError } from "./services/members/api-keys.ts";
import { ANONYMOUS_VIEWER, type Viewer } from "./services/members/sessions.ts";
import { renderOfflineGraphiQL } from "./http/graphiql.ts";
import { yogaLogger, type Logger } from "./http/logging.ts";

export const GRAPHQL_PATH = "/graphql";

/** Limits on documents (rejected before execution). Our own client's queries stay far below them. */
export const DOCUMENT_LIMITS = { maxDepth: 10, maxAliases: 15, maxTokens: 5000, maxCost: 5000 } as const;
/** Directives per operation (fragments included): our client uses a handful. */
export const MAX_DIRECTIVES = 20;

interface Deps {
  db: Db;
  services: Services;
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
function apiKeyPlugin(services: Services, requestLimits: RequestLimits): Plugin<GraphQLContext, ServerContext> {
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
        viewer = await services.apiKeys.authenticate(match[1]);
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
      const retryAfter = await requestLimits.take(context.visitor, context.remoteAddress ?? "unknown");
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
  db,
  services,
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
      apiKeyPlugin(services, requestLimits),
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
        prisma: db,
        services,
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

/**
 * A browser opens a WebSocket to any site, with that site's cookies and no CORS: a page of another
 * origin must not get a socket that runs mutations as the visitor. Clients that are not browsers
 * send no Origin and are let in.
 */
function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Serves graphql-ws on the HTTP server's GraphQL path, through the same yoga plugins. A message
 * larger than `maxPayloadBytes` (the HTTP body limit) closes the socket (1009) unparsed.
 */
export function attachGraphQLWebSocket(
  server: Server,
  yoga: YogaServerInstance<ServerContext, GraphQLContext>,
  { maxPayloadBytes, clientOf }: { maxPayloadBytes: number; clientOf: (request: IncomingMessage) => ClientInfo },
) {
  const wss = new WebSocketServer({
    server,
    path: GRAPHQL_PATH,
    maxPayload: maxPayloadBytes,
    verifyClient: ({ req }, callback) => (isSameOrigin(req) ? callback(true) : callback(false, 403, checkoutMessages.crossSiteRefused)),
  });
  type EnvelopedArgs = ExecutionArgs & { rootValue: { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown } };
  const disposable = useServer(
    {
      connectionInitWaitTimeout: 3000,
      execute: (args) => (args as EnvelopedArgs).rootValue.execute(args) as never,
      subscribe: (args) => (args as EnvelopedArgs).rootValue.subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        const {
          schema: envelopedSchema,
          execute,
          subscribe,
          contextFactory,
          parse,
          validate,
        } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          client: clientOf(ctx.extra.request),
          socket: ctx.extra.socket,
          params,
          connectionParams: ctx.connectionParams,
        });
        // The limit plugins throw (rather than return) their errors; answer them as GraphQL errors.
        let document;
        try {
          document = parse(params.query);
          const errors = validate(envelopedSchema, document);
          if (errors.length > 0) return errors;
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError(checkoutMessages.invalidRequest)];
        }
        return {
          schema: envelopedSchema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
      },
    },
    wss,
  );
  return {
    /** Closes every socket with 1001 "Going away", waits up to `graceMs` for the handshakes, then cuts the rest. */
    async close(graceMs = 0) {
      // dispose sends the close frames and resolves once every socket has closed (ws waits for them).
      const disposed = disposable.dispose();
      let timer: NodeJS.Timeout | undefined;
      if (graceMs > 0) await Promise.race([disposed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      await disposed;
    },
  };
}
