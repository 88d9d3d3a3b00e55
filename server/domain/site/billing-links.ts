// The upgrade links of platform-support §2: "a trial upgrade goes to the billing upgrade settings
// path; a plain upgrade goes to the website subscriptions billing settings path. Exact paths not
// shown." Billing is the operator's (the hosting company's), so the links are theirs to set
// (BILLING_UPGRADE_URL, BILLING_SUBSCRIPTIONS_URL, BILLING_CONTACT); the default paths are the admin's
// own plan screen, so a link never leads nowhere (docs/decisions.md, issue 21).
import { isValidEmail } from "../forms/validate.ts";
import { SITE_STATUS } from "./site-status.ts";

/** The default billing paths: both open the admin's plan screen (client/admin/plan/). */
export const BILLING_PATHS = {
  upgrade: "/config/settings/billing/upgrade",
  subscriptions: "/config/settings/billing/subscriptions",
} as const;

export interface BillingLinks {
  /** A trial's upgrade link. */
  upgradeUrl: string;
  /** Every other status's plan link (past due, expired, the open plans). */
  subscriptionsUrl: string;
  /** How owners reach the operator about their plan: an email address or an http(s) URL; null: not given. */
  contact: string | null;
}

export const DEFAULT_BILLING_LINKS: BillingLinks = { upgradeUrl: BILLING_PATHS.upgrade, subscriptionsUrl: BILLING_PATHS.subscriptions, contact: null };

/** In a billing link, where the site goes: its slug (platform subdomain label), else its id. */
export const SITE_PLACEHOLDER = "{site}";

const httpUrl = (text: string) => /^https?:\/\//i.test(text) && URL.canParse(text) && new URL(text).hostname !== "";

/** A billing link as an operator may set it: a path on the site's own host ("/…", not "//…") or an http(s) URL; `{site}` allowed. */
export const isBillingLink = (text: string): boolean =>
  /^\/(?!\/)[^\s]*$/.test(text) || (!/\s/.test(text) && httpUrl(text.replaceAll(SITE_PLACEHOLDER, "site")));

export const isBillingContact = (text: string): boolean => isValidEmail(text) || httpUrl(text);

/** The contact's link: mailto: for an email address. */
export const billingContactHref = (contact: string): string => (httpUrl(contact) ? contact : `mailto:${contact}`);

/** The site's upgrade link: a site on a trial (running or ended) gets the trial upgrade link, any other its plan link. */
export function upgradeLink(links: BillingLinks, site: { id: string; slug: string | null; status: number }): string {
  const template = site.status === SITE_STATUS.trial ? links.upgradeUrl : links.subscriptionsUrl;
  return template.replaceAll(SITE_PLACEHOLDER, encodeURIComponent(site.slug ?? site.id));
}
