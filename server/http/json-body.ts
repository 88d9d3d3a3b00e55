// The one reader of request bodies: at most `maxBytes` (413 beyond, without reading the rest), JSON,
// or a form-encoded body from legacy clients. An empty body reads as {}.
import type { IncomingMessage } from "node:http";
import { messages } from "../domain/messages.ts";
import { HttpError } from "./http-error.ts";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: IncomingMessage, maxBytes: number = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, messages.bodyTooLarge);
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
