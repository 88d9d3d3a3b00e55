// Analytics events (issue 11): the kinds a stored event may have, the site-time-zone day it counts
// on, and each tracking call's input turned into the row shape the event writer stores. Pure: the
// service adds the keyed hashes of the ids (services/analytics/ingest.ts), the site and the time.
//
// - An event's `day` is the calendar day of the moment the server received it, in the site's time
//   zone (Website.timeZone; UTC for a zone the runtime does not know). Client clocks are not trusted.
// - Visitor: the analytics id cookie (SS_ANALYTICS_ID), else the body's analytics_id / visitorCookie.
//   Session: the SS_SESSION_ID cookie, else the body's session_id; with neither, the visitor's day
//   (one visit per visitor and day). A call that names no visitor at all is accepted and not stored.
import { knownTimeZone } from "../date-range.ts";

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

/** One formatter per zone: making one costs far more than using it, and every event asks for its day. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of `instant` in the site's time zone. */
export function siteDay(instant: Date, timeZone: string | null | undefined): string {
  const zone = timeZone ?? "UTC";
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: knownTimeZone(zone), year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size < 100) dayFormats.set(zone, format);
  }
  return format.format(instant);
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

/** The instant the site's day begins (midnight in its time zone; DST changes included). */
export function dayStart(day: string, timeZone: string | null | undefined): Date {
  const zone = knownTimeZone(timeZone);
  const [year, month, date] = day.split("-").map(Number);
  const target = Date.UTC(year, month - 1, date);
  let guess = target;
  // The zone's offset at the guess, applied until it settles (twice suffices across a DST change).
  for (let attempt = 0; attempt < 3; attempt++) {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(new Date(guess));
    const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
    const shown = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
    const next = guess + (target - shown);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The calendar day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

/** Kinds that count as seeing a product (the funnel's first step, the product's views). */
export const PRODUCT_VIEW_KINDS: readonly EventKind[] = ["view-product", "quick-view"];
