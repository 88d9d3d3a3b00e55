// GraphQL over HTTP (yoga) and over WebSocket (graphql-ws) on the same path and port. Both run the
// same envelop plugins: document limits (checked before anything touches the database), the
// mutation rate limit, and the cart cookie.
import type { Server } from "node:http";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { getOperationAST, GraphQLError, type ExecutionArgs } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { createYoga, maskError, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { WebSocketServer } from "ws";
import type { GraphQLContext, ServerContext } from "./context.ts";
import type { Db } from "./db/client.ts";
import { isDatabaseUnavailable } from "./db/availability.ts";
import { DomainError } from "./domain/errors.ts";
import { messages } from "./domain/messages.ts";
import { CART_TOKEN_HEADER, SITE_USER_XSRF_HEADER, cartCookies, hasSessionCookie, sessionCredentials, visitorFrom } from "./http/cookies.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import { rateLimitKey, type RateLimiter } from "./http/rate-limit.ts";
import { schema } from "./schema/index.ts";
import type { Services } from "./services/index.ts";
import { ANONYMOUS_VIEWER } from "./services/members/sessions.ts";

export const GRAPHQL_PATH = "/graphql";

/** Limits on documents (rejected before execution). Our own client's queries stay far below them. */
export const DOCUMENT_LIMITS = { maxDepth: 10, maxAliases: 15, maxTokens: 5000, maxCost: 5000 } as const;

interface Deps {
  db: Db;
  services: Services;
  pubsub: StorePubSub;
  rateLimiter: RateLimiter;
  production: boolean;
  /** Cached catalogue results (see http/graphql-response-cache.ts); null turns caching off. */
  resultCache: Plugin | null;
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

function cartCookiePlugin(): Plugin<GraphQLContext, ServerContext> {
  return {
    onRequest({ serverContext }) {
      serverContext.responseCookies ??= [];
    },
    onResponse({ serverContext, response }) {
      for (const cookie of serverContext?.responseCookies ?? []) response.headers.append("set-cookie", cookie);
    },
  };
}

function mutationRateLimitPlugin(rateLimiter: RateLimiter): Plugin<GraphQLContext & ServerContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== "mutation") return;
      const context = args.contextValue;
      const retryAfter = rateLimiter.take(rateLimitKey(context.visitor, context.req?.socket.remoteAddress));
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

export function createGraphQLServer({ db, services, pubsub, rateLimiter, production, resultCache }: Deps): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: production ? false : { subscriptionsProtocol: "WS", title: "Sitecart GraphQL" },
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
          return new GraphQLError(messages.databaseUnavailable, { extensions: { code: "DATABASE_UNAVAILABLE", http: { status: 503 } } });
        }
        return maskError(error, message, isDev);
      },
    },
    // Browsers on other origins get no access: cart mutations ride on the visitor's cookies.
    cors: false,
    logging: production ? "error" : "warn",
    plugins: [
      limitRefusalsAsValidationErrors(),
      maxTokensPlugin({ n: DOCUMENT_LIMITS.maxTokens }),
      maxDepthPlugin({ n: DOCUMENT_LIMITS.maxDepth, flattenFragments: true }),
      maxAliasesPlugin({ n: DOCUMENT_LIMITS.maxAliases }),
      costLimitPlugin({ maxCost: DOCUMENT_LIMITS.maxCost, flattenFragments: true }),
      cartCookiePlugin(),
      mutationRateLimitPlugin(rateLimiter),
      ...(resultCache ? [resultCache] : []),
    ],
    context: async (initial): Promise<GraphQLContext> => {
      const request = (initial as { request?: Request }).request;
      const cartTokenParam = initial.connectionParams?.cartToken;
      const xsrfParam = initial.connectionParams?.xsrfToken;
      const cookieHeader = request?.headers.get("cookie") ?? initial.req?.headers.cookie ?? null;
      const visitor = visitorFrom(cookieHeader, request?.headers.get(CART_TOKEN_HEADER) ?? (typeof cartTokenParam === "string" ? cartTokenParam : null));
      // The signed-in viewer needs the session cookies and the xsrf token of its sign-in.
      const viewer = hasSessionCookie(cookieHeader)
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
        remoteAddress: initial.req?.socket.remoteAddress ?? null,
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

/** Serves graphql-ws on the HTTP server's GraphQL path, through the same yoga plugins. */
export function attachGraphQLWebSocket(server: Server, yoga: YogaServerInstance<ServerContext, GraphQLContext>) {
  const wss = new WebSocketServer({ server, path: GRAPHQL_PATH });
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
          return [error instanceof GraphQLError ? error : new GraphQLError(messages.invalidRequest)];
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
