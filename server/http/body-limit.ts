// Request bodies have a size limit on every route, whatever the framing (Content-Length or chunked):
// GraphQL up to MAX_BODY_BYTES (1 MiB by default), JSON REST bodies up to 64 KiB
// (json-body.ts), and every endpoint that takes no body (pages, static files, the health check,
// POST /api/form/FormSubmissionKey...) at most a few KiB. Past the limit: 413, connection closed,
// the rest never read.
import type { IncomingMessage } from "node:http";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { HttpError } from "./http-error.ts";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** What an endpoint that takes no body still reads (and ignores) before answering. */
export const EMPTY_BODY_MAX_BYTES = 4 * 1024;

/** The body, at most `maxBytes` of it (HttpError 413 beyond, refused on Content-Length before reading). */
export async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers["content-length"] ?? 0) > maxBytes) throw new HttpError(413, checkoutMessages.bodyTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, checkoutMessages.bodyTooLarge);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
