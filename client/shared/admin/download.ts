// The owner's CSV exports: fetched with the session's xsrf header (a plain link would send none and be
// refused, docs/forms.md "Exports") and saved as a Blob under the file name the server gives.
import { storedXsrfToken } from "./session.ts";

export class DownloadFailed extends Error {
  constructor(readonly status: number) {
    super(`download failed: ${status}`);
  }
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1] : fallback;
}

/** Fetches `path` and lets the browser save it. Rejects with DownloadFailed on a refusal. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = storedXsrfToken();
  const response = await fetch(path, { credentials: "same-origin", headers: token ? { "x-siteuser-xsrf-token": token } : {} });
  if (!response.ok) throw new DownloadFailed(response.status);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentName(response.headers.get("content-disposition"), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
