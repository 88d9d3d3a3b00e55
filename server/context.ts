// What every GraphQL resolver sees. Built per request (HTTP) or per operation (graphql-ws).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "./db/client.ts";
import type { ClientInfo } from "./http/client.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import type { Visitor } from "./services/cart/cart-transaction.ts";
import type { Services } from "./services/index.ts";
import type { Viewer } from "./services/members/sessions.ts";
import type { SiteAccess } from "./domain/site/site-status.ts";
import type { SiteRequest } from "./http/site-request.ts";

export interface GraphQLContext {
  /** For @pothos/plugin-prisma's query building; resolvers call services, not this. */
  prisma: Db;
  /** The services of the request's site (issue 21: the Host header names it). */
  services: Services;
  /** What the site's plan status allows now (checkout refuses while it is closed). */
  siteAccess: SiteAccess;
  pubsub: StorePubSub;
  visitor: Visitor;
  /**
   * The signed-in member or contributor: the session cookie, a SiteUserInfo cookie signed for it and
   * the session's xsrf token (X-SiteUser-XSRF-Token, or connectionParams.xsrfToken over graphql-ws).
   * Anonymous otherwise. Scope-auth reads it (server/schema/builder.ts).
   */
  viewer: Viewer;
  /**
   * The language the visitor chose (the sc_locale cookie, canonical), or null: product names and
   * descriptions come in its translation, money in its format.
   */
  locale: string | null;
  /** The raw Cookie header (signing out ends the session it names). */
  cookieHeader: string | null;
  /** The client's address (form submission limits, captcha). */
  remoteAddress: string | null;
  /**
   * Gives the visitor a cart (a new cart's token) or takes it away (null, after checkout). Over HTTP
   * this sets or clears the cart cookie; the cart token is also in the cart's `token` field for
   * clients without cookies.
   */
  setCartToken(token: string | null): void;
  /** Adds a Set-Cookie value to the response (sign-in, sign-out, locale); a no-op over graphql-ws. */
  setCookie(cookie: string): void;
}

/** What the HTTP server (or a test calling yoga.fetch) hands to yoga with each request. */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /** The client's address and scheme (server/http/client.ts). */
  client?: ClientInfo;
  /** Set-Cookie values to add to the response. */
  responseCookies?: string[];
  /** graphql-ws: the connection_init payload. */
  connectionParams?: Record<string, unknown>;
  /** The request's site and its services (http/site-request.ts; graphql-ws: the socket's upgrade request). */
  site?: SiteRequest;
  /** Set by the API key check (graphql.ts apiKeyPlugin) for a request with a valid `Authorization: Bearer` key. */
  apiKeyViewer?: Viewer;
}
