// The REST adapter: matches a documented path, checks the crumb and the rate limit of state-changing
// calls, runs the handler and maps failures through http-errors.ts. Handlers never see raw HTTP.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RateLimitedError } from "../domain/errors.ts";
import { authorize } from "../domain/members/permissions.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { EMPTY_BODY_MAX_BYTES, readBody } from "../http/body-limit.ts";
import type { ClientInfo } from "../http/client.ts";
import { sendCsv } from "../http/csv.ts";
import { sendProgress } from "../http/progress.ts";
import { SITE_USER_XSRF_HEADER, cartCookies, forConnection, hasSessionCookie, sessionCredentials, sessionTokenFrom, localeFrom } from "../http/cookies.ts";
import { HttpError } from "../http/http-error.ts";
import { readJsonBody } from "../http/json-body.ts";
import type { RequestLimits } from "../http/rate-limit.ts";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import { ANONYMOUS_VIEWER, toPrincipal, type Viewer } from "../services/members/sessions.ts";
import { checkCrumb, sentCrumb } from "./crumb.ts";
import { toHttpFailure } from "./http-errors.ts";
import { parseInput, queryObject, type Route } from "./route.ts";
import { restRoutes } from "./routes.ts";

/** A path segment's text; a malformed escape names nothing (404), it is not a server error. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, checkoutMessages.routeNotFound);
  }
}

function compile(route: Route) {
  const names: string[] = [];
  const source = route.path
    .replace(/\/$/, "")
    .split("/")
    .map((segment) => (segment.startsWith(":") ? (names.push(segment.slice(1)), "([^/]+)") : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return { route, names, pattern: new RegExp(`^${source}/?$`) };
}

export interface RestDeps {
  requestLimits: RequestLimits;
}

export function createRestHandler({ requestLimits }: RestDeps) {
  const routes = restRoutes.map(compile);

  /** Answers the request if its path is a REST path; returns false otherwise. */
  return async function handleRest(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    visitor: Visitor,
    client: ClientInfo,
    /** The services of the request's site (http/site-request.ts). */
    services: Services,
  ): Promise<boolean> {
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const matches = routes.filter(({ pattern }) => pattern.test(path));
    if (matches.length === 0) return false;
    const match = matches.find(({ route }) => route.method === request.method);
    const send = (status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
      response.end(JSON.stringify(body));
    };
    if (!match) {
      send(405, { error: checkoutMessages.methodNotAllowed }, { allow: matches.map(({ route }) => route.method).join(", ") });
      return true;
    }
    const values = match.pattern.exec(path)!.slice(1);
    const cookieHeader = request.headers.cookie ?? null;
    let viewer: Promise<Viewer> | null = null;
    const readViewer = () => {
      const xsrf = request.headers[SITE_USER_XSRF_HEADER];
      viewer ??= hasSessionCookie(cookieHeader)
        ? services.sessions.viewer(sessionCredentials(cookieHeader, typeof xsrf === "string" ? xsrf : null))
        : Promise.resolve(ANONYMOUS_VIEWER);
      return viewer;
    };
    try {
      const params = Object.fromEntries(match.names.map((name, index) => [name, decodePathSegment(values[index])]));
      if (match.route.changesState) {
        checkCrumb(visitor.crumb, sentCrumb(request.headers, url));
        const retryAfter = await requestLimits.take(services.websiteId, visitor, client.address);
        if (retryAfter > 0) throw new RateLimitedError(retryAfter);
      }
      const { route } = match;
      // A route that takes no body (POST /api/form/FormSubmissionKey...) refuses one past a few KiB.
      if (!route.body && !route.acceptsBody) await readBody(request, EMPTY_BODY_MAX_BYTES);
      if (route.permission) authorize(toPrincipal(await readViewer()), route.permission);
      const query = route.query ? parseInput(route.query, queryObject(url)) : queryObject(url);
      const idempotencyHeader = request.headers["idempotency-key"];
      const result = await route.handle(
        {
          url,
          headers: request.headers,
          params,
          query,
          visitor,
          idempotencyKey: typeof idempotencyHeader === "string" ? idempotencyHeader : null,
          // Read when the handler asks, after its own checks of the path (a wrong site is a 404).
          body: async () => {
            const body = await readJsonBody(request);
            return route.body ? parseInput(route.body, body) : body;
          },
          bytes: (maxBytes) => readBody(request, maxBytes),
          sessionToken: sessionTokenFrom(cookieHeader)?.token ?? null,
          remoteAddress: client.address,
          locale: localeFrom(cookieHeader),
          viewer: readViewer,
        },
        services,
      );
      // appendHeader: the crumb cookie may already be set on this response.
      if (result.cartToken && result.cartToken !== visitor.cartToken)
        for (const cookie of cartCookies(result.cartToken)) response.appendHeader("set-cookie", forConnection(cookie, client.secure));
      for (const cookie of result.cookies ?? []) response.appendHeader("set-cookie", forConnection(cookie, client.secure));
      if (result.csv) await sendCsv(response, result.csv);
      else if (result.progress) await sendProgress(response, result.progress, (error) => toHttpFailure(error, match.route.wording));
      else if (result.body === undefined) {
        response.writeHead(result.status ?? 204, { "cache-control": "no-store" });
        response.end();
      } else send(result.status ?? 200, result.body);
    } catch (error) {
      const failure = toHttpFailure(error, match.route.wording);
      // The rest of an oversized body is never read: close the connection instead of leaving the
      // client's next request on it unanswered.
      if (failure.status === 413) response.shouldKeepAlive = false;
      send(failure.status, failure.body, { ...failure.headers, ...(failure.status === 413 ? { connection: "close" } : {}) });
    }
    return true;
  };
}
