// The crumb check of the REST adapter (spec storefront §8: a state-changing call sends the crumb
// cookie's value): one rule for the router's state-changing routes and for RecordEvent, which sends
// its crumb inside its form. The value is looked for in the X-CSRF-Token header, then the `crumb`
// query parameter, then the call's own field.
import type { IncomingHttpHeaders } from "node:http";
import { CrumbFailedError } from "../domain/errors.ts";

/** The crumb a call sent, from the header, the query string or its own body field (in that order). */
export function sentCrumb(headers: IncomingHttpHeaders, url: URL, bodyField?: string | null): string | null {
  const header = headers["x-csrf-token"];
  return (typeof header === "string" && header) || url.searchParams.get("crumb") || bodyField || null;
}

/** Throws CrumbFailedError unless the visitor has a crumb cookie and the call sent its value. */
export function checkCrumb(visitorCrumb: string | null | undefined, sent: string | null): void {
  if (!visitorCrumb || sent !== visitorCrumb) throw new CrumbFailedError();
}
