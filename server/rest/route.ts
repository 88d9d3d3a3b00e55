// What a REST route is: a documented path, what it needs of the caller, zod schemas for its body and
// query string (next to the route), and a handler that calls one service. The route modules import
// this; rest/routes.ts assembles the table and rest/router.ts serves it.
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { parseInput as parseDomainInput } from "../domain/inputs.ts";
import type { CsvDownload } from "../http/csv.ts";
import type { ProgressTask } from "../http/progress.ts";
import { HttpError } from "../http/http-error.ts";
import { QUERY_KEY_LIMIT, readQueryString } from "../domain/query-string.ts";
import type { Permission } from "../domain/members/permissions.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import type { Viewer } from "../services/members/sessions.ts";
import type { FailureWording } from "./http-errors.ts";

export interface RestRequest<Body = unknown, Query = unknown> {
  url: URL;
  /** The request's headers (the tracking calls read cookies, Content-Type and Sec-GPC). */
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  /** The query string as the route's `query` schema parsed it. */
  query: Query;
  visitor: Visitor;
  idempotencyKey: string | null;
  /** The JSON (or form-encoded) body as the route's `body` schema parsed it; read when first asked for. */
  body(): Promise<Body>;
  /** The raw body, at most `maxBytes` (HttpError 413 beyond), for a route with `acceptsBody` (image uploads). */
  bytes(maxBytes: number): Promise<Buffer>;
  /** The session cookie's token (sign-out ends that session). */
  sessionToken: string | null;
  /** The client's address (form limits, captcha). */
  remoteAddress: string | null;
  /** The language the visitor chose (the sc_locale cookie), or null. */
  locale: string | null;
  /** The signed-in member or contributor (session cookies plus X-SiteUser-XSRF-Token), or anonymous. */
  viewer(): Promise<Viewer>;
}

export interface RestResult {
  status?: number;
  /** The JSON answer; undefined answers with an empty body (the tracking calls' 202, 204). */
  body: unknown;
  /** A cart to give the visitor (sets the cart cookie when it differs from theirs). */
  cartToken?: string;
  /** Set-Cookie values (sign-in, sign-out, locale). */
  cookies?: string[];
  /** A CSV download streamed instead of the JSON body (the owner's exports, http/csv.ts). */
  csv?: CsvDownload;
  /** A long task answered as it goes, in newline-delimited JSON (http/progress.ts). */
  progress?: ProgressTask;
}

export interface Route<Body = unknown, Query = unknown> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** A path with :name segments. */
  path: string;
  /** State-changing calls need the crumb and spend the visitor's rate-limit budget. */
  changesState: boolean;
  /** Owner routes: the permission the caller needs (docs/permissions.md): 401 anonymous, 403 without it. */
  permission?: Permission;
  /** The route's own wording of crumb, rate-limit and unexpected failures (the form endpoints'). */
  wording?: FailureWording;
  /** The body's schema; a body it refuses answers 400 with the message of the first problem. */
  body?: z.ZodType<Body>;
  /** The route reads a body without a schema (the service checks it). Routes with neither take no body. */
  acceptsBody?: boolean;
  /** The query string's schema (first value of each name), refused the same way. */
  query?: z.ZodType<Query>;
  handle(request: RestRequest<Body, Query>, services: Services): Promise<RestResult>;
}

/** A route, its body and query types inferred from its schemas. */
export const defineRoute = <Body = unknown, Query = unknown>(route: Route<Body, Query>): Route => route as unknown as Route;

/**
 * The value as the schema parses it, or the typed error of its first problem (InvalidInputError unless
 * the rule names another, domain/inputs.ts). A schema names the spec's message for each problem; any
 * it leaves unnamed is 'invalidRequest'.
 */
export const parseInput: <T>(schema: z.ZodType<T>, value: unknown) => T = parseDomainInput;

/** The query string as an object: the first value of each name (as URLSearchParams.get reads it). */
export function queryObject(url: URL): Record<string, string> {
  const { values, overLimit } = readQueryString(url.search);
  if (overLimit) throw new HttpError(413, checkoutMessages.tooManyNames(QUERY_KEY_LIMIT));
  return values;
}

/** A JSON object body whose fields the service checks (owner settings, waitlists): only its shape here. */
export const anyObject = (message: string = checkoutMessages.invalidRequest) => z.record(z.string(), z.unknown(), { error: message });

/** A field passed on as it came: the service checks it (the same check serves GraphQL). */
export const checkedByService = z.unknown().optional();

/** An optional query value, null when absent (the services take null for "not given"). */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => value ?? null);
