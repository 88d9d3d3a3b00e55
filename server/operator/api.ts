// The operator API's HTTP endpoint (issue 21): /operator/graphql on any host (the operator's own host
// included), for a hosting control panel. It exists only when OPERATOR_TOKEN is set (app.ts builds it
// then; otherwise the path answers what any unknown path does), and answers only a request sending
// `Authorization: Bearer <OPERATOR_TOKEN>`: anything else (a site's session cookie, an API key) is 401
// before the body is read. No GraphiQL: a browser cannot send the token.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createYoga, maskError } from "graphql-yoga";
import { GraphQLError } from "graphql";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { DomainError } from "../domain/errors.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { operatorMessages } from "../domain/messages/operator.ts";
import { readBody } from "../http/body-limit.ts";
import { HttpError } from "../http/http-error.ts";
import { yogaLogger, type Logger } from "../http/logging.ts";
import { sameSecret } from "../services/support/ids.ts";
import type { Db } from "../db/client.ts";
import type { StorePubSub } from "../realtime/pubsub.ts";
import { SiteOperatorService } from "../services/site/operator.ts";
import type { SiteDirectory } from "../services/site/site-directory.ts";
import { operatorSchema, type OperatorContext } from "./schema.ts";

export const OPERATOR_PATH = "/operator/graphql";

/**
 * Whether the Authorization header carries the token. Both sides are hashed first, so the comparison
 * takes the same time whatever the length or the first differing character of what was sent.
 */
export function hasOperatorToken(authorization: string | undefined, token: string): boolean {
  const sent = authorization ? /^Bearer +(\S+) *$/i.exec(authorization)?.[1] : undefined;
  return sameSecret(sent ?? "", token) && sent !== undefined;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

/** The operator endpoint: answers (and returns true) for OPERATOR_PATH, false for any other path. */
export function createOperatorApi({
  token,
  db,
  pubsub,
  directory,
  platformDomain,
  maxBodyBytes,
  logger,
}: {
  token: string;
  db: Db;
  pubsub: StorePubSub;
  /** The server's: a change drops its answers about hosts at once (other servers follow the event). */
  directory: SiteDirectory;
  platformDomain: string | null;
  maxBodyBytes: number;
  logger?: Logger;
}): (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<boolean> {
  const operator = new SiteOperatorService(db, pubsub, { platformDomain, hostUrl: (host) => directory.hostUrl(host), forget: () => directory.forget() });
  const yoga = createYoga<Record<string, unknown>, OperatorContext>({
    schema: operatorSchema,
    graphqlEndpoint: OPERATOR_PATH,
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: logger ? yogaLogger(logger) : "warn",
    // As the site API: refusals are written for their reader; anything unexpected is 'Unexpected error.'.
    maskedErrors: {
      isDev: false,
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof DomainError && error instanceof GraphQLError) return error;
        if (isDatabaseUnavailable(original)) {
          return new GraphQLError(checkoutMessages.databaseUnavailable, { extensions: { code: "DATABASE_UNAVAILABLE", http: { status: 503 } } });
        }
        return maskError(error, message, isDev);
      },
    },
    context: () => ({ operator }),
  });

  return async function serveOperator(request, response, url) {
    if (url.pathname !== OPERATOR_PATH) return false;
    if (!hasOperatorToken(request.headers.authorization, token)) {
      // The body is never read: the connection is closed instead of kept alive past it.
      response.shouldKeepAlive = false;
      sendJson(
        response,
        401,
        { errors: [{ message: operatorMessages.tokenRequired, extensions: { code: "UNAUTHENTICATED" } }] },
        {
          "www-authenticate": 'Bearer realm="sitecart-operator"',
        },
      );
      return true;
    }
    const takesBody = request.method !== "GET" && request.method !== "HEAD";
    let body: Buffer;
    try {
      body = await readBody(request, takesBody ? maxBodyBytes : 0);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      response.shouldKeepAlive = false;
      sendJson(response, 413, { errors: [{ message: error.message }] });
      return true;
    }
    if (body.length > 0) (request as IncomingMessage & { body?: Buffer }).body = body;
    await yoga(request, response);
    return true;
  };
}
