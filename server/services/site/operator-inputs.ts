// The operator's inputs (issue 21), read the same way for the CLI and the operator API: each reader
// returns the clean value or throws the refusal an operator reads (messages/operator.ts).
import { InvalidInputError } from "../../domain/errors.ts";
import { isValidEmail } from "../../domain/forms/validate.ts";
import { operatorMessages } from "../../domain/messages/operator.ts";
import { DEFAULT_CURRENCY, isSupportedCurrency, SUPPORTED_CURRENCIES } from "../../domain/money.ts";
import { isValidHost, isValidSlug } from "../../domain/site/hosts.ts";
import { isSiteStatusName, SITE_STATUS, type SiteStatusName } from "../../domain/site/site-status.ts";
import { slugify } from "../../domain/store/store-creation.ts";

export const MAX_SITE_NAME = 200;
/** A derived slug's stem leaves room for a "-NN" suffix within the 63 characters of a DNS label. */
const SLUG_STEM_MAX = 56;
/** The stem of a name that has no letter or digit to make a slug of ("!!!"). */
const FALLBACK_SLUG = "site";

export const STATUS_NAMES = Object.keys(SITE_STATUS) as SiteStatusName[];

export function siteName(input: unknown): string {
  const name = typeof input === "string" ? input.trim() : "";
  if (!name || name.length > MAX_SITE_NAME) throw new InvalidInputError(operatorMessages.siteNameRequired);
  return name;
}

/** A slug the operator gave: lower-cased, then it must be one DNS label. */
export function givenSlug(input: string): string {
  const slug = input.trim().toLowerCase();
  if (!isValidSlug(slug)) throw new InvalidInputError(operatorMessages.slugInvalid(input));
  return slug;
}

/** The slug a site's name makes ("Jane's Shop" → "jane-s-shop"), before it is made unique. */
export function slugStem(name: string): string {
  return slugify(name).slice(0, SLUG_STEM_MAX).replace(/-+$/, "") || FALLBACK_SLUG;
}

/** The first of `stem`, `stem-2`, `stem-3`… that is not taken. */
export function uniqueSlug(stem: string, taken: ReadonlySet<string>): string {
  if (!taken.has(stem)) return stem;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${stem}-${suffix}`)) return `${stem}-${suffix}`;
}

/**
 * A custom domain: lower case, without a trailing dot, a valid host name, and not under the platform
 * domain (those hosts are the sites' platform subdomains, found by slug before any custom domain).
 */
export function customHost(input: unknown, platformDomain: string | null): string {
  const text = typeof input === "string" ? input : "";
  const host = text.trim().toLowerCase().replace(/\.$/, "");
  if (!isValidHost(host)) throw new InvalidInputError(operatorMessages.hostInvalid(text));
  if (platformDomain && (host === platformDomain || host.endsWith(`.${platformDomain}`))) {
    throw new InvalidInputError(operatorMessages.hostOnPlatform(host, platformDomain));
  }
  return host;
}

export function ownerEmail(input: unknown): string {
  const email = typeof input === "string" ? input.trim().toLowerCase() : "";
  if (!isValidEmail(email)) throw new InvalidInputError(operatorMessages.ownerEmailInvalid(typeof input === "string" ? input : ""));
  return email;
}

export function siteCurrency(input: string | null | undefined): string {
  if (input === undefined || input === null) return DEFAULT_CURRENCY;
  const currency = input.trim().toUpperCase();
  if (!isSupportedCurrency(currency)) throw new InvalidInputError(operatorMessages.currencyUnsupported(input, SUPPORTED_CURRENCIES.join(", ")));
  return currency;
}

export function statusName(input: string): SiteStatusName {
  const name = input.trim();
  if (!isSiteStatusName(name)) throw new InvalidInputError(operatorMessages.statusUnknown(input, STATUS_NAMES.join(", ")));
  return name;
}
