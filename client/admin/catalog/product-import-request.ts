// The owner's product CSV import over REST (rest/exports.ts): the file as the raw body of
// POST /api/owner/products/import/preview (writes nothing) or /api/owner/products/import, with the
// crumb and the session's XSRF token. Answers the server's preview, or its error message. The import
// itself is read as newline-delimited JSON: a line per batch committed, then the result (http/progress.ts).
import { crumb } from "../../shared/relay/rest.ts";
import { storedXsrfToken } from "../../shared/admin/session.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";

export interface ImportRowError {
  row: number;
  column: string;
  text: string;
}

export interface ImportAnswer {
  rows: number;
  products: number;
  create: number;
  update: number;
  unchanged: number;
  skipped: number;
  errors: ImportRowError[];
}

export interface ImportProgress {
  processed: number;
  total: number;
}

type ImportLine = { progress: ImportProgress } | { result: ImportAnswer } | { error: string };

export async function sendImport(
  file: File,
  confirm: boolean,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<ImportAnswer | { error: string }> {
  const headers: Record<string, string> = { "content-type": "text/csv", accept: confirm ? "application/x-ndjson" : "application/json" };
  const token = crumb();
  if (token) headers["x-csrf-token"] = token;
  const xsrf = storedXsrfToken();
  if (xsrf) headers["x-siteuser-xsrf-token"] = xsrf;
  try {
    const response = await fetch(confirm ? "/api/owner/products/import" : "/api/owner/products/import/preview", { method: "POST", headers, body: file });
    if (!response.ok || !confirm || !response.body) {
      const body = (await response.json()) as ImportAnswer & { error?: string };
      return response.ok ? body : { error: body.error ?? adminMessages.importFailed };
    }
    for await (const line of jsonLines(response.body)) {
      if ("progress" in line) onProgress(line.progress);
      else if ("result" in line) return line.result;
      else return { error: line.error ?? adminMessages.importFailed };
    }
    return { error: adminMessages.importFailed };
  } catch {
    return { error: adminMessages.importFailed };
  }
}

/** Each complete line of the stream, parsed. */
async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<ImportLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (text) yield JSON.parse(text) as ImportLine;
    }
  }
}
