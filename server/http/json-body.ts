// JSON request bodies: at most `maxBytes` (413 beyond, without reading the rest: body-limit.ts), JSON,
// or a form-encoded body from legacy clients (read as every query string is: domain/query-string.ts,
// the first value of a repeated name, at most 1000 names). An empty body reads as {}.
import type { IncomingMessage } from "node:http";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { QUERY_KEY_LIMIT, readQueryString } from "../domain/query-string.ts";
import { readBody } from "./body-limit.ts";
import { HttpError } from "./http-error.ts";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: IncomingMessage, maxBytes: number = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = (await readBody(request, maxBytes)).toString("utf8");
  if (text.trim() === "") return {};
  // Legacy clients post JSON under a form content type; only a body that is not JSON-shaped is a form.
  if ((request.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded") && !/^\s*[[{]/.test(text)) {
    const { values, overLimit } = readQueryString(text);
    if (overLimit) throw new HttpError(413, checkoutMessages.tooManyNames(QUERY_KEY_LIMIT));
    return values;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, checkoutMessages.bodyNotJson);
  }
}
