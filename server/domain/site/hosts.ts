// Host names of sites (issue 21): each site answers on its platform subdomain ({slug}.{PLATFORM_DOMAIN})
// and on any custom domains of its own. One set of rules for the request path, the operator CLI and
// the operator API.

/** A slug is one DNS label: lower-case letters, digits and inner hyphens, at most 63 characters. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A host name: dot-separated labels, at most 253 characters (no port, no trailing dot). */
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const isValidSlug = (slug: string): boolean => SLUG.test(slug);
export const isValidHost = (host: string): boolean => HOST.test(host);

/**
 * The host a request names (its Host header, or :authority), lower case, without the port or a
 * trailing dot; null when it is missing or not a host name (an address like [::1] included).
 */
export function requestHost(header: string | undefined | null): string | null {
  if (!header) return null;
  const host = header.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return isValidHost(host) ? host : null;
}

/** The slug a platform subdomain names ("shop.example.app" under "example.app" → "shop"), else null. */
export function platformSlug(host: string, platformDomain: string): string | null {
  const suffix = `.${platformDomain}`;
  if (!host.endsWith(suffix)) return null;
  const slug = host.slice(0, -suffix.length);
  return isValidSlug(slug) ? slug : null;
}

export const platformHost = (slug: string, platformDomain: string): string => `${slug}.${platformDomain}`;

/**
 * The host a site's links and redirects use: its primary custom domain, else its platform subdomain;
 * null when it has neither (a single-site deployment, or a site without a slug).
 */
export function primaryHostOf(site: { slug: string | null; domains: { host: string; primary: boolean }[] }, platformDomain: string | null): string | null {
  const primary = site.domains.find((domain) => domain.primary);
  if (primary) return primary.host;
  return platformDomain && site.slug ? platformHost(site.slug, platformDomain) : null;
}

/**
 * A site's address for links in emails and redirects: the deployment's public URL (SITECART_PUBLIC_URL)
 * with the site's host in place of its host name, so the scheme and port stay the deployment's.
 */
export function siteUrl(publicUrl: string, host: string): string {
  const url = new URL(publicUrl);
  url.hostname = host;
  return url.origin;
}
