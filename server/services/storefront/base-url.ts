// The address a site's links are built on (canonical URLs, Open Graph, JSON-LD, a preview's links):
// the host the request was made to, when it looks like a host name, over http or https.

/** What a request says about where it was sent (its Host and X-Forwarded-Proto headers). */
export interface RequestOrigin {
  host?: string | string[];
  "x-forwarded-proto"?: string | string[];
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** Scheme and host of the site as the request reached it; `localhost` when the Host header is not a host name. */
export function siteBaseUrl(headers: RequestOrigin): string {
  const host = first(headers.host).toLowerCase();
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host) ? host : "localhost";
  const forwarded = first(headers["x-forwarded-proto"]).split(",")[0].trim();
  return `${forwarded === "https" ? "https" : "http"}://${safeHost}`;
}
