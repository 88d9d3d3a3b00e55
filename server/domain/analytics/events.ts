// Analytics events (issue 11): the kinds a stored event may have, the site-time-zone day it counts
// on, and each tracking call's input turned into the row shape the event writer stores. Pure: the
// service adds the keyed hashes of the ids (services/analytics/ingest.ts), the site and the time.
//
// - An event's `day` is the calendar day of the moment the server received it, in the site's time
//   zone (Website.timeZone; UTC for a zone the runtime does not know). Client clocks are not trusted.
// - Visitor: the analytics id cookie (SS_ANALYTICS_ID), else the body's analytics_id / visitorCookie.
//   Session: the SS_SESSION_ID cookie, else the body's session_id; with neither, the visitor's day
//   (one visit per visitor and day). A call that names no visitor at all is accepted and not stored.
import { knownTimeZone } from "../checkout/dashboard.ts";

export const EVENT_KINDS = [
  "page-view",
  "view-product",
  "add-to-cart",
  "checkout-start",
  "purchase",
  "quick-view",
  "button-click",
  "button-render",
  "form-render",
  "form-submit",
  "overlay",
  "script-error",
  "performance",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const isEventKind = (name: unknown): name is EventKind => typeof name === "string" && (EVENT_KINDS as readonly string[]).includes(name);

/** The cookies the tracking calls read (the storefront's tracking sets them). */
export const ANALYTICS_ID_COOKIE = "SS_ANALYTICS_ID";
export const SESSION_ID_COOKIE = "SS_SESSION_ID";
/** Consent under a restrictive cookie policy: `ss_cookieAllowed=true`. */
export const COOKIE_ALLOWED_COOKIE = "ss_cookieAllowed";

/** The calendar day (YYYY-MM-DD) of `instant` in the site's time zone. */
export function siteDay(instant: Date, timeZone: string | null | undefined): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: knownTimeZone(timeZone), year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    instant,
  );
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** One event as a call described it, before the service hashes its ids and stamps site, day and time. */
export interface EventDraft {
  kind: EventKind;
  /** The analytics id the body named (the cookie wins over it), raw: only its keyed hash is stored. */
  visitorId: string | null;
  /** The session id the body named (the cookie wins over it), raw. */
  sessionId: string | null;
  path: string | null;
  referrer: string | null;
  productId: number | null;
  variantId: number | null;
  formKey: string | null;
  orderId: string | null;
  quantity: number | null;
  amountCents: number | null;
  currency: string | null;
  /** The call's other bounded fields worth keeping (never ids, addresses or user agents). */
  data: Record<string, unknown> | null;
}

export const emptyDraft = (kind: EventKind): EventDraft => ({
  kind,
  visitorId: null,
  sessionId: null,
  path: null,
  referrer: null,
  productId: null,
  variantId: null,
  formKey: null,
  orderId: null,
  quantity: null,
  amountCents: null,
  currency: null,
  data: null,
});

/** A path as the legacy payload sends it: without its trailing slash ("/" stays "/"). */
export const pagePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/** The path of a URL (absolute or relative), without its trailing slash; null for text that is not one. */
export function pathOfUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return pagePath(new URL(url, "http://localhost").pathname);
  } catch {
    return null;
  }
}

/** The ids an event counts under: the cookies win over what the body says (contract: ingest). */
export function resolveIdentity(
  cookies: Record<string, string | undefined>,
  draft: Pick<EventDraft, "visitorId" | "sessionId">,
): { visitorId: string; sessionId: string | null } | null {
  const usable = (value: string | null | undefined) => (value && value.length <= 128 && /^[\x21-\x7e]+$/.test(value) ? value : null);
  const visitorId = usable(cookies[ANALYTICS_ID_COOKIE]) ?? usable(draft.visitorId);
  if (!visitorId) return null;
  return { visitorId, sessionId: usable(cookies[SESSION_ID_COOKIE]) ?? usable(draft.sessionId) };
}

/** The stored row's shape (AnalyticsEvent without its id). */
export interface EventRow {
  websiteId: string;
  day: string;
  occurredAt: Date;
  kind: EventKind;
  visitorKey: string;
  sessionKey: string;
  path: string | null;
  referrer: string | null;
  productId: number | null;
  variantId: number | null;
  formKey: string | null;
  orderId: string | null;
  quantity: number | null;
  amountCents: number | null;
  currency: string | null;
  data: string | null;
}

/**
 * The row of a draft: `hash` is the keyed hash the service applies to ids; a draft without a session
 * counts its visitor's day as the visit.
 */
export function toEventRow(
  draft: EventDraft,
  identity: { visitorId: string; sessionId: string | null },
  context: { websiteId: string; occurredAt: Date; timeZone: string | null | undefined; hash: (text: string) => string },
): EventRow {
  const day = siteDay(context.occurredAt, context.timeZone);
  return {
    websiteId: context.websiteId,
    day,
    occurredAt: context.occurredAt,
    kind: draft.kind,
    visitorKey: context.hash(`visitor:${identity.visitorId}`),
    sessionKey: context.hash(identity.sessionId ? `session:${identity.sessionId}` : `visitor-day:${identity.visitorId}:${day}`),
    path: draft.path,
    referrer: draft.referrer,
    productId: draft.productId,
    variantId: draft.variantId,
    formKey: draft.formKey,
    orderId: draft.orderId,
    quantity: draft.quantity,
    amountCents: draft.amountCents,
    currency: draft.currency,
    data: draft.data && Object.keys(draft.data).length > 0 ? JSON.stringify(draft.data) : null,
  };
}
