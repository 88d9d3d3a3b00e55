// The REST adapter: matches a documented path, checks the crumb and the rate limit of state-changing
// calls, runs the handler and maps failures through http-errors.ts. Handlers never see raw HTTP.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CrumbFailedError, RateLimitedError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import type { Permission } from "../domain/members/permissions.ts";
import { SITE_USER_XSRF_HEADER, cartCookies, hasSessionCookie } from "../http/cookies.ts";
import { authorize } from "../schema/builder.ts";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import { ANONYMOUS_VIEWER, type Viewer } from "../services/members/sessions.ts";
import { commerceRoutes } from "./cart.ts";
import { formRoutes } from "./forms.ts";
import { HttpError, toHttpFailure, type FailureWording } from "./http-errors.ts";
import { ownerRoutes } from "./settings.ts";
import { rateLimitKey, type RateLimiter } from "../http/rate-limit.ts";
import { siteUserRoutes } from "./members.ts";

export interface RestRequest {
  url: URL;
  params: Record<string, string>;
  visitor: Visitor;
  idempotencyKey: string | null;
  /** The parsed JSON (or form-encoded) body. */
  readBody(): Promise<unknown>;
  /** The raw Cookie header (sign-out ends the session it names). */
  cookieHeader: string | null;
  /** The client's address (form limits, captcha). */
  remoteAddress: string | null;
  /** The signed-in member or contributor (session cookies plus X-SiteUser-XSRF-Token), or anonymous. */
  viewer(): Promise<Viewer>;
}

export interface RestResult {
  status?: number;
  body: unknown;
  /** A cart to give the visitor (sets the cart cookie when it differs from theirs). */
  cartToken?: string;
  /** Set-Cookie values (sign-in, sign-out, locale). */
  cookies?: string[];
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** A path with :name segments. */
  path: string;
  /** State-changing calls need the crumb and spend the visitor's rate-limit budget. */
  changesState: boolean;
  /**
   * Owner routes: the permission the caller needs (docs/permissions.md), checked by the same
   * scope-auth evaluation as GraphQL before the handler runs: 401 anonymous, 403 without it.
   */
  permission?: Permission;
  /** The route's own wording of crumb, rate-limit and unexpected failures (the form endpoints'). */
  wording?: FailureWording;
  handle(request: RestRequest, services: Services): Promise<RestResult>;
}

const MAX_BODY_BYTES = 64 * 1024;

/** A path segment's text; a malformed escape names nothing (404), it is not a server error. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, messages.routeNotFound);
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

async function readRequestBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, messages.bodyTooLarge);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  // Legacy clients post JSON under a form content type; only a body that is not JSON-shaped is a form.
  if ((request.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded") && !/^\s*[[{]/.test(text)) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, messages.bodyNotJson);
  }
}

export interface RestDeps {
  services: Services;
  rateLimiter: RateLimiter;
}

export function createRestHandler({ services, rateLimiter }: RestDeps) {
  const routes = [...commerceRoutes, ...formRoutes, ...siteUserRoutes, ...ownerRoutes].map(compile);

  /** Answers the request if its path is a REST path; returns false otherwise. */
  return async function handleRest(request: IncomingMessage, response: ServerResponse, url: URL, visitor: Visitor): Promise<boolean> {
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const matches = routes.filter(({ pattern }) => pattern.test(path));
    if (matches.length === 0) return false;
    const match = matches.find(({ route }) => route.method === request.method);
    const send = (status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
      response.end(JSON.stringify(body));
    };
    if (!match) {
      send(405, { error: messages.methodNotAllowed }, { allow: matches.map(({ route }) => route.method).join(", ") });
      return true;
    }
    const values = match.pattern.exec(path)!.slice(1);
    const cookieHeader = request.headers.cookie ?? null;
    let viewer: Promise<Viewer> | null = null;
    const readViewer = () => {
      const xsrf = request.headers[SITE_USER_XSRF_HEADER];
      viewer ??= hasSessionCookie(cookieHeader)
        ? services.sessions.viewer(cookieHeader, typeof xsrf === "string" ? xsrf : null)
        : Promise.resolve(ANONYMOUS_VIEWER);
      return viewer;
    };
    try {
      const params = Object.fromEntries(match.names.map((name, index) => [name, decodePathSegment(values[index])]));
      if (match.route.changesState) {
        const sent = request.headers["x-csrf-token"] || url.searchParams.get("crumb");
        if (!visitor.crumb || sent !== visitor.crumb) throw new CrumbFailedError();
        const retryAfter = rateLimiter.take(rateLimitKey(visitor, request.socket.remoteAddress));
        if (retryAfter > 0) throw new RateLimitedError(retryAfter);
      }
      if (match.route.permission) await authorize(await readViewer(), match.route.permission);
      const idempotencyHeader = request.headers["idempotency-key"];
      const result = await match.route.handle(
        {
          url,
          params,
          visitor,
          idempotencyKey: typeof idempotencyHeader === "string" ? idempotencyHeader : null,
          readBody: () => readRequestBody(request),
          cookieHeader,
          remoteAddress: request.socket.remoteAddress ?? null,
          viewer: readViewer,
        },
        services,
      );
      // appendHeader: the crumb cookie may already be set on this response.
      if (result.cartToken && result.cartToken !== visitor.cartToken)
        for (const cookie of cartCookies(result.cartToken)) response.appendHeader("set-cookie", cookie);
      for (const cookie of result.cookies ?? []) response.appendHeader("set-cookie", cookie);
      send(result.status ?? 200, result.body);
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
