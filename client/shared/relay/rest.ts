// The legacy REST calls the storefront makes (forms, waitlists): JSON with the visitor's cookies and
// the crumb echoed in X-CSRF-Token, as every state-changing call must (spec §7).
export interface RestAnswer<T = Record<string, unknown>> {
  status: number;
  body: T | null;
}

export function crumb(cookie: string = document.cookie): string | null {
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

export async function postJson<T = Record<string, unknown>>(path: string, body: unknown): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = crumb();
  if (token) headers["x-csrf-token"] = token;
  const response = await fetch(path, { method: "POST", credentials: "same-origin", headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}

/** A DELETE with the crumb (and the signed-in account's xsrf token when given). */
export async function deleteJson<T = Record<string, unknown>>(path: string, xsrfToken: string | null = null): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = {};
  const token = crumb();
  if (token) headers["x-csrf-token"] = token;
  if (xsrfToken) headers["x-siteuser-xsrf-token"] = xsrfToken;
  const response = await fetch(path, { method: "DELETE", credentials: "same-origin", headers });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}
