// The storefront's tracking module (issue 11), loaded by ./track.ts once the page is idle. It keeps
// the visitor's tracking cookies (server/domain/analytics/tracking-rules.ts), decides per call
// whether the visitor may be tracked (policy, consent, Global Privacy Control, the census cookie) and
// sends each moment through its call of the contract: page views to RecordHit, product views, adds,
// purchases and form submissions to RecordEvent, checkout start to the pipeline tracker, form renders,
// overlays, quick views and buttons to their census calls, script errors and performance records to
// theirs. Every failure stays here: census and RecordEvent failures are ignored, pipeline failures warn.
import {
  BUTTON_TRACKING_TIMEOUT_MS,
  CENSUS_COOKIE,
  COOKIE_LIFETIMES_MS,
  MAX_PERFORMANCE_RECORDS,
  PERFORMANCE_REPORT_DELAY_MS,
  RESTRICTED_COOKIES,
  TRACKING_COOKIES,
  TRACKING_TIMEOUT_MS,
  ANALYTICS_ID_STORAGE_KEY,
  consentOf,
  isCookiePolicy,
  isPageViewTracked,
  mayStoreTrackingCookies,
  mustClearRestrictedCookies,
  resolvedLocale,
  shouldTrack,
  showsConsentBanner,
  trackingPagePath,
} from "../../../server/domain/analytics/tracking-rules.ts";
import { crumb } from "../../shared/relay/rest.ts";
import { sendPipelineEvent } from "./pipeline.ts";
import { reportToPixel } from "./pixel.ts";
import type { TrackingCall, TrackingContext } from "../../shared/tracking/types.ts";

const { analyticsId, sessionId, isFirstSession, hasLanded, marketingId, visitReference, visitTimestamp, consent } = TRACKING_COOKIES;
const MAX_SCRIPT_ERRORS = 10;
const PURCHASES_KEY = "SS_PURCHASES";

/** Null: this viewer is not tracked (the server said so). */
let context: TrackingContext | null = null;
/** The pipeline's source environment: a store served from this machine reports dev, any other prod. */
const environment = () => (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(location.hostname) ? "dev" : "prod");
let started = false;
let currentPage: { location: string; pageType: number | null } | null = null;
/** Products viewed on the current page (one view-product each). */
let viewed = new Set<number>();

/** A raw id from a raw id or a global id (base64 of "Type:N"); undefined when it names none. */
export function rawIdOf(id: string | number | null | undefined, typename: string): number | undefined {
  if (typeof id === "number") return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
  if (!id) return undefined;
  if (/^\d{1,10}$/.test(id)) return Number(id);
  try {
    const match = new RegExp(`^${typename}:(\\d{1,10})$`).exec(atob(id));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
let bannerShown = false;
let scriptErrors = 0;

// ---- cookies and storage -------------------------------------------------------------------------

export function readCookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

function writeCookie(name: string, value: string, maxAgeMs: number | null) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const age = maxAgeMs === null ? "" : `; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/${age}; SameSite=Lax${secure}`;
}

const clearCookie = (name: string) => {
  document.cookie = `${name}=; Path=/; Max-Age=0`;
};

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    console.warn("Unable access local/session storage.");
    return null;
  }
}

/** The analytics id from its cookie, else from local storage's copy while it has not expired. */
function storedAnalyticsId(): string | null {
  const cookie = readCookie(analyticsId);
  if (cookie) return cookie;
  try {
    const copy = JSON.parse(storage("localStorage")?.getItem(ANALYTICS_ID_STORAGE_KEY) ?? "null") as { id?: string; expires?: number } | null;
    return copy?.id && typeof copy.expires === "number" && copy.expires > Date.now() ? copy.id : null;
  } catch {
    return null;
  }
}

/** Sets (or renews) the visitor's cookies: the analytics id, the session, the first landing of this tab, the conversion cookies. */
function keepIdentity() {
  const known = storedAnalyticsId();
  const id = known ?? crypto.randomUUID();
  writeCookie(analyticsId, id, COOKIE_LIFETIMES_MS.SS_ANALYTICS_ID);
  try {
    storage("localStorage")?.setItem(ANALYTICS_ID_STORAGE_KEY, JSON.stringify({ id, expires: Date.now() + COOKIE_LIFETIMES_MS.SS_ANALYTICS_ID! }));
  } catch {
    console.warn("Unable to store analyticsId");
  }
  if (!readCookie(sessionId)) {
    writeCookie(sessionId, crypto.randomUUID(), null);
    writeCookie(isFirstSession, String(known === null), null);
  }
  // Each tab records whether it is its first landing (platform-support §3 Session info).
  const tab = storage("sessionStorage");
  if (tab && !tab.getItem(hasLanded)) {
    tab.setItem(hasLanded, "true");
    writeCookie(hasLanded, "true", null);
  }
  const mid = new URLSearchParams(location.search).get("mid");
  if (mid && /^[\w-]{1,64}$/.test(mid)) writeCookie(marketingId, mid, COOKIE_LIFETIMES_MS.SS_MID);
  if (!readCookie(visitReference)) writeCookie(visitReference, crypto.randomUUID(), COOKIE_LIFETIMES_MS.ss_cvr);
  writeCookie(visitTimestamp, String(Date.now()), COOKIE_LIFETIMES_MS.ss_cvt);
}

function forgetIdentity() {
  for (const name of [...RESTRICTED_COOKIES, analyticsId, sessionId, isFirstSession, hasLanded, marketingId]) clearCookie(name);
  try {
    storage("localStorage")?.removeItem(ANALYTICS_ID_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

// ---- the rules -------------------------------------------------------------------------------------

function facts() {
  return {
    allowed: context !== null,
    policy: context && isCookiePolicy(context.cookiePolicy) ? context.cookiePolicy : ("restrictive" as const),
    consent: consentOf(readCookie(consent)),
    globalPrivacyControl: (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
  };
}

/** Applies the policy to the cookies; true when this visitor is tracked now. */
function allowed(): boolean {
  const visitor = facts();
  if (mustClearRestrictedCookies(visitor)) forgetIdentity();
  if (!mayStoreTrackingCookies(visitor)) return false;
  keepIdentity();
  return shouldTrack({ ...visitor, hasCensusCookie: readCookie(CENSUS_COOKIE) !== null });
}

// ---- the calls -------------------------------------------------------------------------------------

function post(path: string, body: BodyInit, timeoutMs = TRACKING_TIMEOUT_MS, contentType?: string): Promise<Response> {
  return fetch(path, {
    method: "POST",
    body,
    credentials: "same-origin",
    keepalive: true,
    signal: AbortSignal.timeout(timeoutMs),
    ...(contentType ? { headers: { "content-type": contentType } } : {}),
  });
}

/** A census call: form-encoded, failures silently ignored (platform-support §8). */
function census(path: string, fields: Record<string, string>, timeoutMs?: number) {
  post(path, new URLSearchParams(fields), timeoutMs).catch(() => {});
}

const visitorFields = () => ({ visitorCookie: readCookie(analyticsId) ?? "" });
const locale = () => document.documentElement.lang || "";

/** The legacy payload (platform-support §3) with the visitor's ids. */
function legacyPayload() {
  return {
    websiteId: context?.websiteId ?? "",
    website_locale: resolvedLocale(locale(), null),
    member_locale: null,
    pagePath: trackingPagePath(location.pathname),
    pageHash: location.hash.slice(1),
    analytics_id: readCookie(analyticsId) ?? undefined,
    session_id: readCookie(sessionId) ?? undefined,
  };
}

/** POST /api/events/RecordEvent: form-encoded crumb, event and data (JSON). */
function recordEvent(event: string, fields: Record<string, unknown>) {
  census("/api/events/RecordEvent", { crumb: crumb() ?? "", event, data: JSON.stringify({ ...legacyPayload(), ...fields }) });
}

/** POST /api/census/RecordHit: the page view's tracking hit and the visit reference. */
function recordHit() {
  const hit = {
    event: "page-view",
    data: {},
    ...visitorFields(),
    session_id: readCookie(sessionId) ?? undefined,
    userAgent: navigator.userAgent.slice(0, 400),
    clientDate: Date.now(),
    viewportInnerWidth: window.innerWidth,
    viewportInnerHeight: window.innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    websiteId: context?.websiteId ?? "",
    website_locale: resolvedLocale(locale(), null),
    url: location.href,
    title: document.title,
    referrer: document.referrer,
    queryString: location.search.slice(1),
    localStorageSupported: storage("localStorage") !== null,
  };
  census("/api/census/RecordHit", { event: "page-view", data: JSON.stringify(hit), ss_cvr: readCookie(visitReference) ?? "" });
}

function firstReport(orderId: string): boolean {
  const store = storage("localStorage");
  try {
    const seen = JSON.parse(store?.getItem(PURCHASES_KEY) ?? "[]") as string[];
    if (seen.includes(orderId)) return false;
    store?.setItem(PURCHASES_KEY, JSON.stringify([...seen, orderId].slice(-20)));
  } catch {
    // reported anyway
  }
  return true;
}

function send(call: TrackingCall) {
  switch (call[0]) {
    case "page": {
      currentPage = { location: call[1], pageType: call[2] };
      viewed = new Set();
      if (isPageViewTracked(call[1], call[2])) recordHit();
      return;
    }
    case "view-product": {
      const productId = rawIdOf(call[1], "Product");
      if (productId === undefined || viewed.has(productId)) return;
      viewed.add(productId);
      return recordEvent("view-product", { productId });
    }
    case "add-to-cart":
      return recordEvent("add-to-cart", { productId: rawIdOf(call[1], "Product"), variantId: rawIdOf(call[2], "Variant") ?? null, quantity: call[3] });
    case "checkout-start":
      sendPipelineEvent(environment(), "checkout-start", { context_website_id: context?.websiteId ?? "" }).catch(() => {});
      return;
    case "purchase": {
      const order = { ...call[1], websiteId: context?.websiteId ?? "" };
      if (!firstReport(order.id)) return;
      recordEvent("purchase", { order });
      if (call[2]) reportToPixel(call[2], order);
      return;
    }
    case "form-render":
      return census("/api/census/form-render", { formId: call[1], ...visitorFields() });
    case "form-submit":
      return recordEvent("form-submit", { formId: call[1] });
    case "quick-view":
      return census(`/api/census/RecordQuickView/${encodeURIComponent(call[1])}`, visitorFields());
    case "overlay":
      return census("/api/census/overlay", { overlayId: call[1], action: call[2], ...visitorFields() });
  }
}

// ---- what the page reports by itself: buttons, script errors, performance ---------------------------

const BUTTONS = "a.sqs-block-button-element, [data-button-id]";

function buttonFields(button: Element) {
  return {
    ...visitorFields(),
    url: location.href,
    title: document.title,
    buttonId: button.getAttribute("data-button-id") ?? button.id ?? "",
    buttonText: (button.textContent ?? "").trim().slice(0, 200),
  };
}

function reportScriptError(message: string, source: string, line: number, column: number, stack: string) {
  if (scriptErrors >= MAX_SCRIPT_ERRORS || !allowed()) return;
  scriptErrors += 1;
  post(
    "/api/census/script-error",
    JSON.stringify({ message: message.slice(0, 1000), source: source.slice(0, 2000), line, column, stack: stack.slice(0, 4000), ...visitorFields() }),
    TRACKING_TIMEOUT_MS,
    "application/json",
  ).catch(() => {});
}

function performanceRecords(): { name: string; value: number; url: string }[] {
  const url = location.href.slice(0, 2000);
  const records: { name: string; value: number; url: string }[] = [];
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (navigation) {
    records.push({ name: "ttfb", value: Math.round(navigation.responseStart), url });
    records.push({ name: "domContentLoaded", value: Math.round(navigation.domContentLoadedEventEnd), url });
    if (navigation.loadEventEnd > 0) records.push({ name: "load", value: Math.round(navigation.loadEventEnd), url });
  }
  for (const paint of performance.getEntriesByType("paint")) records.push({ name: paint.name, value: Math.round(paint.startTime), url });
  return records.slice(0, MAX_PERFORMANCE_RECORDS);
}

/** Performance records once, as text/plain JSON by beacon (or a request), on page hide or 30 s after load. */
function schedulePerformanceReport() {
  let sent = false;
  const report = () => {
    if (sent || !allowed()) return;
    sent = true;
    const body = JSON.stringify(performanceRecords());
    const beacon = navigator.sendBeacon?.("/api/performance/records", new Blob([body], { type: "text/plain" }));
    if (!beacon) post("/api/performance/records", body, TRACKING_TIMEOUT_MS, "text/plain").catch(() => {});
  };
  setTimeout(report, Math.max(0, PERFORMANCE_REPORT_DELAY_MS - performance.now()));
  addEventListener("pagehide", report);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") report();
  });
}

function start() {
  started = true;
  addEventListener("error", (event) =>
    reportScriptError(String(event.message ?? ""), String(event.filename ?? ""), event.lineno ?? 0, event.colno ?? 0, String(event.error?.stack ?? "")),
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as { message?: string; stack?: string } | undefined;
    reportScriptError(String(reason?.message ?? reason ?? ""), location.href, 0, 0, String(reason?.stack ?? ""));
  });
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest(BUTTONS);
    if (button && allowed()) census("/api/census/button-click", buttonFields(button), BUTTON_TRACKING_TIMEOUT_MS);
    const quick = target?.closest("[data-quick-view]")?.getAttribute("data-quick-view");
    if (quick && /^\d+$/.test(quick) && allowed()) send(["quick-view", Number(quick)]);
  });
  if (allowed()) for (const button of document.querySelectorAll(BUTTONS)) census("/api/census/button-render", buttonFields(button), BUTTON_TRACKING_TIMEOUT_MS);
  schedulePerformanceReport();
}

// ---- consent ---------------------------------------------------------------------------------------

function showBanner() {
  bannerShown = true;
  void import("./consent-banner.tsx")
    .then(({ mountConsentBanner }) =>
      mountConsentBanner(locale(), (accepted) => {
        writeCookie(consent, String(accepted), COOKIE_LIFETIMES_MS.ss_cookieAllowed);
        // Accepting starts tracking at once: the page the visitor is on counts.
        if (accepted && currentPage) {
          const page = currentPage;
          currentPage = null;
          run(context, [["page", page.location, page.pageType]]);
        } else if (!accepted) forgetIdentity();
      }),
    )
    .catch(() => {});
}

/** Called by the facade with the page's context and the calls waiting since the last run. */
export function run(next: TrackingContext | null, calls: TrackingCall[]): void {
  context = next;
  if (!started) start();
  if (!bannerShown && showsConsentBanner(next?.bannerEnabled === true, consentOf(readCookie(consent)) !== null)) showBanner();
  for (const call of calls) {
    if (call[0] === "page") {
      // One page view per location: the page's query answers twice (from the store, then the network).
      if (call[1] === currentPage?.location) continue;
      currentPage = { location: call[1], pageType: call[2] };
    }
    try {
      if (allowed()) send(call);
    } catch {
      // A tracking failure never breaks the page.
    }
  }
}
