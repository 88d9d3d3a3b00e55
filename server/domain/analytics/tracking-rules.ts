// Tracking rules (issue 11; platform-support §3, §6, §8, §9, storefront §1, §7-§9): which cookies
// tracking keeps and for how long, whether a visitor is tracked at all, which pages count as page
// views and where the pipeline tracker posts. Pure: the storefront's tracking module, the page
// context and the ingest side read the same rules.

const DAY_MS = 86_400_000;

/** Cookie names of platform-support §9. */
export const TRACKING_COOKIES = {
  /** The analytics id: 390 days, path /, secure over https, copied to local storage with an expiry. */
  analyticsId: "SS_ANALYTICS_ID",
  sessionId: "SS_SESSION_ID",
  isFirstSession: "SS_IS_FIRST_SESSION",
  hasLanded: "SS_HAS_LANDED",
  /** The marketing id. */
  marketingId: "SS_MID",
  /** Conversion: the visit reference (2 years). */
  visitReference: "ss_cvr",
  /** Conversion: the visit timestamp (30 minutes). */
  visitTimestamp: "ss_cvt",
  /** Consent: "true" once the visitor accepted cookies. */
  consent: "ss_cookieAllowed",
} as const;

/**
 * The census cookie (platform-support §6: "anonymous tracking is sent only when a visitor census
 * cookie exists"). We take the analytics id cookie: the client writes it only where the cookie
 * policy allows (permissive, or restrictive after consent, never under Global Privacy Control), so
 * an anonymous visitor is tracked only once an identity may be, and could be, stored (a browser
 * refusing cookies never has it). docs/decisions.md "Tracking: the census cookie".
 */
export const CENSUS_COOKIE = TRACKING_COOKIES.analyticsId;

/** Lifetimes, in milliseconds; null: for the browser session. */
export const COOKIE_LIFETIMES_MS: Record<(typeof TRACKING_COOKIES)[keyof typeof TRACKING_COOKIES], number | null> = {
  SS_ANALYTICS_ID: 390 * DAY_MS,
  SS_SESSION_ID: null,
  SS_IS_FIRST_SESSION: null,
  SS_HAS_LANDED: null,
  SS_MID: 390 * DAY_MS,
  ss_cvr: 2 * 365 * DAY_MS,
  ss_cvt: 30 * 60_000,
  ss_cookieAllowed: 390 * DAY_MS,
};

/** The cookies a restrictive cookie policy clears until consent (platform-support §9, storefront §9). */
export const RESTRICTED_COOKIES = ["ss_cid", "ss_cpvisit", "ss_cvisit", "ss_cvr", "ss_cvt"] as const;

/** The local-storage key of the analytics id's copy ({ id, expires }). */
export const ANALYTICS_ID_STORAGE_KEY = "SS_ANALYTICS_ID";

/** Tracking request timeout (platform-support §9, storefront §9). */
export const TRACKING_TIMEOUT_MS = 2500;
/** Button click / render calls time out after 2.5 s (platform-support §7). */
export const BUTTON_TRACKING_TIMEOUT_MS = 2500;
/** Performance records go on page hide, or this long after load (platform-support §9). */
export const PERFORMANCE_REPORT_DELAY_MS = 30_000;
/** At most this many performance records in one call (the ingest side refuses more). */
export const MAX_PERFORMANCE_RECORDS = 50;

export type CookiePolicy = "permissive" | "restrictive";
export const COOKIE_POLICIES = ["permissive", "restrictive"] as const satisfies readonly CookiePolicy[];
export const isCookiePolicy = (value: unknown): value is CookiePolicy => value === "permissive" || value === "restrictive";

/** The viewer role number of storefront §6 (domain/members/permissions.ts Role.VIEWER). */
const VIEWER_ROLE = 10;

/** A path of the owner's editing area (platform-support §2: a path matching /config). */
export const isConfigPath = (path: string): boolean => /^\/config(?:[/?#]|$)/.test(path);

export interface ServerTrackingFacts {
  /** The global disable flag (TRACKING_DISABLED). */
  disabled: boolean;
  /** The signed-in account's contributor role; null for a site member or an anonymous visitor. */
  role: number | null;
  /** The path the request is about. */
  path: string;
}

/**
 * Whether the server allows tracking for this request, before the browser's own state: off with
 * the global disable flag; off for signed-in site account holders (contributors) except accounts
 * whose only role is viewer outside /config (platform-support §6). Site members are tracked.
 */
export function isTrackingAllowed({ disabled, role, path }: ServerTrackingFacts): boolean {
  if (disabled) return false;
  if (role === null) return true;
  return role === VIEWER_ROLE && !isConfigPath(path);
}

/** The visitor's answer to the consent banner (ss_cookieAllowed): true, false, or null before any answer. */
export type Consent = boolean | null;

/** The consent cookie's value as an answer: "true" accepted, "false" declined, anything else none yet. */
export const consentOf = (cookieValue: string | null | undefined): Consent => (cookieValue === "true" ? true : cookieValue === "false" ? false : null);

export interface VisitorTrackingFacts {
  /** isTrackingAllowed for the request (the page context's `tracking.enabled`). */
  allowed: boolean;
  policy: CookiePolicy;
  consent: Consent;
  /** navigator.globalPrivacyControl (or the Sec-GPC: 1 header). */
  globalPrivacyControl: boolean;
}

const isRestrictive = (policy: CookiePolicy, globalPrivacyControl: boolean) => policy === "restrictive" || globalPrivacyControl;

/**
 * Whether this visitor may be given tracking cookies: the server allows it, the visitor did not
 * decline, and the cookie policy is permissive or the visitor accepted. Global Privacy Control counts
 * as a restrictive policy (only an explicit acceptance lifts it).
 */
export function mayStoreTrackingCookies({ allowed, policy, consent, globalPrivacyControl }: VisitorTrackingFacts): boolean {
  if (!allowed || consent === false) return false;
  return !isRestrictive(policy, globalPrivacyControl) || consent === true;
}

/**
 * Whether to send an event: the visitor may be given cookies and the census cookie exists (anonymous
 * tracking only with the census cookie, platform-support §6).
 */
export function shouldTrack(facts: VisitorTrackingFacts & { hasCensusCookie: boolean }): boolean {
  return mayStoreTrackingCookies(facts) && facts.hasCensusCookie;
}

/**
 * Whether the cookies of RESTRICTED_COOKIES (and the tracking ids) must be cleared now: a restrictive
 * policy (or GPC) without acceptance, or a visitor who declined.
 */
export function mustClearRestrictedCookies({ policy, consent, globalPrivacyControl }: Omit<VisitorTrackingFacts, "allowed">): boolean {
  return consent === false || (isRestrictive(policy, globalPrivacyControl) && consent !== true);
}

/** Whether the consent banner shows: the owner turned it on and the visitor has not answered yet. */
export const showsConsentBanner = (bannerEnabled: boolean, answered: boolean): boolean => bannerEnabled && !answered;

/** The legacy payload's pagePath: the trailing slash removed (platform-support §3); "/" stays "/". */
export function trackingPagePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || "/";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Page types (platform-support §3) that are never page views: not found, lock screen, member area access denied. */
export const UNTRACKED_PAGE_TYPES = [100, 103, 106] as const;

/** Whether a page sends a page view: not on /search (storefront §1), nor on the untracked page types. */
export function isPageViewTracked(path: string, pageType: number | null): boolean {
  const bare = trackingPagePath(path);
  if (bare === "/search" || bare.startsWith("/search/")) return false;
  return pageType === null || !(UNTRACKED_PAGE_TYPES as readonly number[]).includes(pageType);
}

/** The pipeline payload's resolved_locale: the given locale, else the document's language, else en-US. */
export function resolvedLocale(locale: string | null | undefined, documentLanguage: string | null | undefined): string {
  return locale?.trim() || documentLanguage?.trim() || "en-US";
}

export type TrackingEnvironment = "dev" | "staging" | "prod";

/** The warning when the source environment is none of the three (platform-support §8). */
export const unknownEnvironmentWarning = (environment: string): string =>
  `Unknown source environment "${environment}": expected dev, staging or prod; events go to the prod endpoint.`;

/** The pipeline failure warning, word for word (platform-support §8). */
export const trackingFailure = (status: number): string => `Error tracking event: HTTP Status ${status}`;

export interface PipelineEndpoints {
  events: string;
  validate: (schemaName: string) => string;
}

/**
 * The pipeline endpoints of an environment (dev, qa/staging, prod). Self-hosted: every environment
 * posts to `base` (the own origin unless configured). An unknown environment warns and uses prod.
 */
export function pipelineEndpoints(
  environment: string,
  bases: Partial<Record<TrackingEnvironment, string>> = {},
  warn: (message: string) => void = () => {},
): PipelineEndpoints & { environment: TrackingEnvironment } {
  const named = environment === "qa" ? "staging" : environment;
  let resolved: TrackingEnvironment;
  if (named === "dev" || named === "staging" || named === "prod") resolved = named;
  else {
    warn(unknownEnvironmentWarning(environment));
    resolved = "prod";
  }
  const base = (bases[resolved] ?? "").replace(/\/+$/, "");
  return {
    environment: resolved,
    events: `${base}/api/pipeline/events`,
    validate: (schemaName) => `${base}/api/pipeline/validate-event-content/${encodeURIComponent(schemaName)}`,
  };
}

/** Pipeline calls succeed only on 200 or 202 (platform-support §7). */
export const isPipelineSuccess = (status: number): boolean => status === 200 || status === 202;

/** Bounds of the owner's retention period for raw events, in days. */
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 1095;
export const DEFAULT_RETENTION_DAYS = 395;

/**
 * The cookie policy a stored settings row means: the default (permissive) when the owner never saved
 * the settings (null), and restrictive for a stored value that is no policy (written by hand or by an
 * older version): consent is then asked for rather than assumed.
 */
export const storedCookiePolicy = (stored: string | null): CookiePolicy => (stored === null ? "permissive" : isCookiePolicy(stored) ? stored : "restrictive");

/** The retention period a stored settings row means: the default when never saved or not a positive number of days. */
export const storedRetentionDays = (stored: number | null): number =>
  stored !== null && Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_RETENTION_DAYS;
