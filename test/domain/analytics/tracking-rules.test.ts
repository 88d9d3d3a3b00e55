import {
  CENSUS_COOKIE,
  COOKIE_LIFETIMES_MS,
  RESTRICTED_COOKIES,
  TRACKING_COOKIES,
  TRACKING_TIMEOUT_MS,
  isConfigPath,
  isPageViewTracked,
  isPipelineSuccess,
  isTrackingAllowed,
  consentOf,
  mayStoreTrackingCookies,
  mustClearRestrictedCookies,
  pipelineEndpoints,
  resolvedLocale,
  shouldTrack,
  showsConsentBanner,
  trackingFailure,
  trackingPagePath,
} from "../../../server/domain/analytics/tracking-rules.ts";

const DAY = 86_400_000;

describe("tracking cookies (platform-support §9)", () => {
  it("names the session, marketing, conversion and consent cookies", () => {
    expect(TRACKING_COOKIES).toEqual({
      analyticsId: "SS_ANALYTICS_ID",
      sessionId: "SS_SESSION_ID",
      isFirstSession: "SS_IS_FIRST_SESSION",
      hasLanded: "SS_HAS_LANDED",
      marketingId: "SS_MID",
      visitReference: "ss_cvr",
      visitTimestamp: "ss_cvt",
      consent: "ss_cookieAllowed",
    });
  });
  it("keeps the analytics id 390 days, the visit reference 2 years and the visit timestamp 30 minutes", () => {
    expect(COOKIE_LIFETIMES_MS.SS_ANALYTICS_ID).toBe(390 * DAY);
    expect(COOKIE_LIFETIMES_MS.ss_cvr).toBe(730 * DAY);
    expect(COOKIE_LIFETIMES_MS.ss_cvt).toBe(30 * 60 * 1000);
    expect(COOKIE_LIFETIMES_MS.SS_SESSION_ID).toBeNull();
  });
  it("clears ss_cid, ss_cpvisit, ss_cvisit, ss_cvr and ss_cvt under a restrictive policy", () => {
    expect([...RESTRICTED_COOKIES]).toEqual(["ss_cid", "ss_cpvisit", "ss_cvisit", "ss_cvr", "ss_cvt"]);
  });
  it("times tracking requests out after 2500 ms", () => {
    expect(TRACKING_TIMEOUT_MS).toBe(2500);
  });
  it("takes the analytics id cookie as the census cookie", () => {
    expect(CENSUS_COOKIE).toBe("SS_ANALYTICS_ID");
  });
});

describe("who is tracked (platform-support §6)", () => {
  it.each([
    ["an anonymous visitor or a site member", { disabled: false, role: null, path: "/shop" }, true],
    ["anyone when tracking is disabled globally", { disabled: true, role: null, path: "/shop" }, false],
    ["a signed-in admin", { disabled: false, role: 1, path: "/shop" }, false],
    ["a store manager", { disabled: false, role: 8, path: "/" }, false],
    ["a viewer-only account outside /config", { disabled: false, role: 10, path: "/shop/p/x" }, true],
    ["a viewer-only account in /config", { disabled: false, role: 10, path: "/config/orders" }, false],
    ["a viewer-only account when disabled", { disabled: true, role: 10, path: "/" }, false],
  ])("%s -> %s", (_name, facts, expected) => {
    expect(isTrackingAllowed(facts)).toBe(expected);
  });
  it("treats /config and its sub-paths as the editing area, not /configure", () => {
    expect(isConfigPath("/config")).toBe(true);
    expect(isConfigPath("/config/settings")).toBe(true);
    expect(isConfigPath("/config?x=1")).toBe(true);
    expect(isConfigPath("/configure")).toBe(false);
  });
});

describe("cookie policy, consent and Global Privacy Control", () => {
  const base = { allowed: true, policy: "permissive" as const, consent: null, globalPrivacyControl: false };
  it("stores cookies under a permissive policy without consent", () => {
    expect(mayStoreTrackingCookies(base)).toBe(true);
  });
  it("stores nothing under a restrictive policy until consent", () => {
    expect(mayStoreTrackingCookies({ ...base, policy: "restrictive" })).toBe(false);
    expect(mayStoreTrackingCookies({ ...base, policy: "restrictive", consent: true })).toBe(true);
  });
  it("honours Global Privacy Control like a restrictive policy", () => {
    expect(mayStoreTrackingCookies({ ...base, globalPrivacyControl: true })).toBe(false);
    expect(mustClearRestrictedCookies({ policy: "permissive", consent: null, globalPrivacyControl: true })).toBe(true);
  });
  it("stores nothing once the visitor declined, whatever the policy", () => {
    expect(mayStoreTrackingCookies({ ...base, consent: false })).toBe(false);
    expect(mustClearRestrictedCookies({ policy: "permissive", consent: false, globalPrivacyControl: false })).toBe(true);
  });
  it("reads the consent cookie: true accepted, false declined, anything else unanswered", () => {
    expect([consentOf("true"), consentOf("false"), consentOf(undefined), consentOf("yes")]).toEqual([true, false, null, null]);
  });
  it("never stores anything when the server does not allow tracking, consent or not", () => {
    expect(mayStoreTrackingCookies({ ...base, allowed: false, consent: true })).toBe(false);
  });
  it("clears the restricted cookies only under a restrictive policy without consent", () => {
    expect(mustClearRestrictedCookies({ policy: "restrictive", consent: null, globalPrivacyControl: false })).toBe(true);
    expect(mustClearRestrictedCookies({ policy: "restrictive", consent: true, globalPrivacyControl: false })).toBe(false);
    expect(mustClearRestrictedCookies({ policy: "permissive", consent: null, globalPrivacyControl: false })).toBe(false);
  });
  it("sends anonymous events only when the census cookie exists", () => {
    expect(shouldTrack({ ...base, hasCensusCookie: false })).toBe(false);
    expect(shouldTrack({ ...base, hasCensusCookie: true })).toBe(true);
    expect(shouldTrack({ ...base, policy: "restrictive", hasCensusCookie: true })).toBe(false);
  });
  it("shows the banner when the owner turned it on and the visitor has not answered", () => {
    expect(showsConsentBanner(true, false)).toBe(true);
    expect(showsConsentBanner(true, true)).toBe(false);
    expect(showsConsentBanner(false, false)).toBe(false);
  });
});

describe("page views", () => {
  it.each([
    ["/shop/", "/shop"],
    ["/shop/p/linen-shirt/", "/shop/p/linen-shirt"],
    ["/", "/"],
    ["/cart?x=1", "/cart"],
    ["//", "/"],
  ])("pagePath of %s is %s (trailing slash removed)", (path, expected) => {
    expect(trackingPagePath(path)).toBe(expected);
  });
  it.each([
    ["/shop", 2, true],
    ["/shop/p/linen-shirt", null, true],
    ["/search", 102, false],
    ["/search/", null, false],
    ["/search?q=shirt", null, false],
    ["/missing", 100, false],
    ["/members", 103, false],
    ["/members", 106, false],
    ["/private", 105, true],
  ])("%s with page type %s sends a page view: %s", (path, pageType, expected) => {
    expect(isPageViewTracked(path, pageType)).toBe(expected);
  });
});

describe("pipeline", () => {
  it("resolves the locale, then the document's language, then en-US", () => {
    expect(resolvedLocale("fr-FR", "en")).toBe("fr-FR");
    expect(resolvedLocale(null, "fr")).toBe("fr");
    expect(resolvedLocale("", "")).toBe("en-US");
  });
  it("maps dev, qa/staging and prod to their bases, the own origin by default", () => {
    const bases = { dev: "http://dev.test", staging: "http://qa.test/", prod: "" };
    expect(pipelineEndpoints("dev", bases).events).toBe("http://dev.test/api/pipeline/events");
    expect(pipelineEndpoints("qa", bases).events).toBe("http://qa.test/api/pipeline/events");
    expect(pipelineEndpoints("staging", bases).environment).toBe("staging");
    expect(pipelineEndpoints("prod").events).toBe("/api/pipeline/events");
    expect(pipelineEndpoints("prod").validate("view_product")).toBe("/api/pipeline/validate-event-content/view_product");
  });
  it("warns for an unknown environment and uses prod", () => {
    const warnings: string[] = [];
    const endpoints = pipelineEndpoints("test", {}, (message) => warnings.push(message));
    expect(endpoints.environment).toBe("prod");
    expect(warnings).toEqual(['Unknown source environment "test": expected dev, staging or prod; events go to the prod endpoint.']);
    pipelineEndpoints("prod", {}, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
  });
  it("succeeds only on 200 or 202 and words a failure as the spec does", () => {
    expect([200, 202, 201, 204, 400, 500].map(isPipelineSuccess)).toEqual([true, true, false, false, false, false]);
    expect(trackingFailure(503)).toBe("Error tracking event: HTTP Status 503");
  });
});
