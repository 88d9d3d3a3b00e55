// GraphQL over WebSocket (graphql-ws) on the HTTP server's GraphQL path, through the same yoga
// server and plugins as HTTP requests; each socket belongs to the site its upgrade request names.
import type { IncomingMessage, Server } from "node:http";
import type { ExecutionArgs } from "graphql";
import { GraphQLError } from "graphql";
import type { YogaServerInstance } from "graphql-yoga";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { GraphQLContext, ServerContext } from "./context.ts";
import { checkoutMessages } from "./domain/messages/checkout.ts";
import { GRAPHQL_PATH } from "./http/paths.ts";
import type { ClientInfo } from "./http/client.ts";
import type { SiteOpener, SiteRequest } from "./http/site-request.ts";

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
  {
    maxPayloadBytes,
    clientOf,
    openSite,
  }: {
    maxPayloadBytes: number;
    clientOf: (request: IncomingMessage) => ClientInfo;
    /** The socket's site, named by its upgrade request's Host header, held while the socket is open. */
    openSite: SiteOpener;
  },
) {
  const sites = new WeakMap<object, { site: SiteRequest; release(): void }>();
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
      // A socket to an address with no open store is refused (4403); its site's services are held until it closes.
      onConnect: async (ctx) => {
        const answer = await openSite(ctx.extra.request.headers.host, GRAPHQL_PATH);
        if (answer.kind !== "site") return false;
        sites.set(ctx.extra, answer);
        return true;
      },
      onClose: (ctx) => {
        sites.get(ctx.extra)?.release();
        sites.delete(ctx.extra);
      },
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
          site: sites.get(ctx.extra)?.site,
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
