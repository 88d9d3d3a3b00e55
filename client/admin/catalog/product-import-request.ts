// The owner's product CSV import over REST (rest/exports.ts): the file as the raw body of
// POST /api/owner/products/import/preview (writes nothing) or /api/owner/products/import, with the
// crumb and the session's XSRF token. Answers the server's preview, or its error message.
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

export async function sendImport(file: File, confirm: boolean): Promise<ImportAnswer | { error: string }> {
  const headers: Record<string, string> = { "content-type": "text/csv" };
  const token = crumb();
  if (token) headers["x-csrf-token"] = token;
  const xsrf = storedXsrfToken();
  if (xsrf) headers["x-siteuser-xsrf-token"] = xsrf;
  try {
    const response = await fetch(confirm ? "/api/owner/products/import" : "/api/owner/products/import/preview", { method: "POST", headers, body: file });
    const body = (await response.json()) as ImportAnswer & { error?: string };
    return response.ok ? body : { error: body.error ?? adminMessages.importFailed };
  } catch {
    return { error: adminMessages.importFailed };
  }
}
