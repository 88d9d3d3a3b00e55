// Request ids: every response carries X-Request-Id, and the request's log line the same id. A proxy
// or client that already named the request (a sane id: short, no spaces or control characters) keeps
// its id, so one request can be followed across the proxy's log and ours.
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The id the client sent if it is sane, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const sent = headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
