// The tracking calls' inputs (issue 11): each call's accepted input becomes the event the contract
// describes, and each refused one answers 400 (wrong shape) or 413 (a bound exceeded) naming the field.
import { countQueryKeys } from "../../../server/domain/query-string.ts";
import {
  parseButton,
  parseFormRender,
  parseOverlay,
  parsePerformanceRecords,
  parsePipelineEvent,
  parseQuickView,
  parseRecordEvent,
  parseRecordHit,
  parseScriptError,
  validatePipelineContent,
} from "../../../server/domain/analytics/event-inputs.ts";
import { parseFormBody, parseJsonField } from "../../../server/domain/analytics/input-fields.ts";
import { emptyDraft, pagePath, resolveIdentity, siteDay, toEventRow } from "../../../server/domain/analytics/events.ts";

const ok = <T>(parsed: { ok: true; value: T } | { ok: false; reason: string; message: string }): T => {
  if (!parsed.ok) throw new Error(`refused (${parsed.reason}): ${parsed.message}`);
  return parsed.value;
};
const refusal = (parsed: { ok: boolean; reason?: string; message?: string }) => (parsed.ok ? null : { reason: parsed.reason, message: parsed.message });
const manyKeys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=1`).join("&");

describe("the site's day", () => {
  it("is the calendar day in the site's time zone", () => {
    const instant = new Date("2026-03-01T03:30:00Z");
    expect(siteDay(instant, "UTC")).toBe("2026-03-01");
    expect(siteDay(instant, "America/New_York")).toBe("2026-02-28");
    expect(siteDay(new Date("2026-03-01T23:30:00Z"), "Asia/Tokyo")).toBe("2026-03-02");
  });
  it("falls back to UTC for a zone the runtime does not know", () => {
    expect(siteDay(new Date("2026-03-01T03:30:00Z"), "Mars/Olympus")).toBe("2026-03-01");
  });
});

describe("identity", () => {
  it("takes the cookies over the body's ids, and names no visitor without an id", () => {
    expect(resolveIdentity({ SS_ANALYTICS_ID: "cookie-a", SS_SESSION_ID: "cookie-s" }, { visitorId: "body-a", sessionId: "body-s" })).toEqual({
      visitorId: "cookie-a",
      sessionId: "cookie-s",
    });
    expect(resolveIdentity({}, { visitorId: "body-a", sessionId: null })).toEqual({ visitorId: "body-a", sessionId: null });
    expect(resolveIdentity({ SS_ANALYTICS_ID: "has space" }, { visitorId: null, sessionId: null })).toBeNull();
  });
  it("stores only hashes, and counts a visitor's day as the visit when no session is named", () => {
    const hash = (text: string) => `h(${text})`;
    const row = toEventRow(
      emptyDraft("page-view"),
      { visitorId: "v1", sessionId: null },
      { websiteId: "w", occurredAt: new Date("2026-05-02T12:00:00Z"), timeZone: "UTC", hash },
    );
    expect(row).toMatchObject({ day: "2026-05-02", visitorKey: "h(visitor:v1)", sessionKey: "h(visitor-day:v1:2026-05-02)", data: null });
    const withSession = toEventRow(
      emptyDraft("page-view"),
      { visitorId: "v1", sessionId: "s1" },
      { websiteId: "w", occurredAt: new Date(), timeZone: "UTC", hash },
    );
    expect(withSession.sessionKey).toBe("h(session:s1)");
  });
  it("removes a path's trailing slash", () => {
    expect(pagePath("/shop/")).toBe("/shop");
    expect(pagePath("/")).toBe("/");
  });
});

describe("bodies and JSON fields", () => {
  it("parses form bodies up to 1000 names and refuses more with 413", () => {
    expect(countQueryKeys("?a=1&&b=2&")).toBe(2);
    expect(ok(parseFormBody(manyKeys(1000)))).toHaveProperty("k999", "1");
    expect(refusal(parseFormBody(manyKeys(1001)))).toEqual({ reason: "too-large", message: "The tracking field body has more than 1000 names." });
  });
  it("refuses JSON that is not JSON (400), too long or too deep (413)", () => {
    expect(refusal(parseJsonField("{", "data"))).toEqual({ reason: "invalid", message: "The tracking field data is not valid JSON." });
    expect(refusal(parseJsonField(JSON.stringify({ a: "x".repeat(17_000) }), "data"))?.reason).toBe("too-large");
    expect(refusal(parseJsonField("[[[[[[[[[1]]]]]]]]]", "data"))).toEqual({
      reason: "too-large",
      message: "The tracking field data nests deeper than 8 levels.",
    });
    expect(ok(parseJsonField("[[[[[[[[1]]]]]]]]", "data"))).toBeDefined();
  });
});

describe("RecordEvent", () => {
  const form = (event: string, data: unknown) => ({ crumb: "c".repeat(32), event, data: JSON.stringify(data) });
  it("turns the legacy payload into an event", () => {
    const { crumb, draft } = ok(
      parseRecordEvent(
        form("add-to-cart", { websiteId: "site", pagePath: "/shop/mug/", productId: "12", variantId: 30, quantity: 2, analytics_id: "visitor-1" }),
      ),
    );
    expect(crumb).toBe("c".repeat(32));
    expect(draft).toMatchObject({ kind: "add-to-cart", path: "/shop/mug", productId: 12, variantId: 30, quantity: 2, visitorId: "visitor-1" });
  });
  it("keeps a purchase's order for analytics: id, total and items", () => {
    const order = {
      id: "o-1",
      purchasedCartId: "c-1",
      testMode: true,
      items: [{ sku: "SQ1", productName: "Mug", quantity: 2, unitPrice: 1500 }],
      grandTotal: 3500,
    };
    const { draft } = ok(parseRecordEvent(form("purchase", { order })));
    expect(draft).toMatchObject({ kind: "purchase", orderId: "o-1", amountCents: 3500 });
    expect(draft.data).toEqual({ testMode: true, items: [{ sku: "SQ1", productId: null, quantity: 2, unitPrice: 1500 }] });
  });
  it("takes form-submit's formId", () => {
    expect(ok(parseRecordEvent(form("form-submit", { formId: 7 }))).draft.formKey).toBe("7");
  });
  it("refuses an unknown event, a bad field (400) and an oversized one (413)", () => {
    expect(refusal(parseRecordEvent(form("explode", {})))).toEqual({ reason: "invalid", message: "Unknown tracking event: explode." });
    expect(refusal(parseRecordEvent(form("script-error", {})))?.reason).toBe("invalid");
    expect(refusal(parseRecordEvent({ crumb: "x", data: "{}" } as never))).toEqual({
      reason: "invalid",
      message: "The tracking field event is missing or invalid.",
    });
    expect(refusal(parseRecordEvent(form("view-product", { productId: "mug" })))).toEqual({
      reason: "invalid",
      message: "The tracking field data.productId is missing or invalid.",
    });
    expect(refusal(parseRecordEvent(form("view-product", { pagePath: "/" + "p".repeat(3000) })))).toEqual({
      reason: "too-large",
      message: "The tracking field data.pagePath is over its limit.",
    });
    expect(refusal(parseRecordEvent(form("purchase", { order: { items: Array.from({ length: 201 }, () => ({})) } })))?.reason).toBe("too-large");
  });
});

describe("the pipeline", () => {
  const envelope = (eventSchemaName: string, content: unknown) => ({ eventSchemaName, eventContent: JSON.stringify(content) });
  it("accepts an event kind with its payload", () => {
    const draft = ok(
      parsePipelineEvent(
        envelope("page-view", { analytics_id: "a1", session_id: "s1", page_path: "/about/", page_referrer_url: "https://x.test/", source_environment: "prod" }),
      ),
    );
    expect(draft).toMatchObject({
      kind: "page-view",
      visitorId: "a1",
      sessionId: "s1",
      path: "/about",
      referrer: "https://x.test/",
      data: { environment: "prod" },
    });
  });
  it("refuses an unknown schema, content that is not JSON, and page_query_params over 1000 names", () => {
    expect(refusal(parsePipelineEvent(envelope("nope", {})))).toEqual({ reason: "invalid", message: "Unknown event schema: nope." });
    expect(refusal(parsePipelineEvent({ eventSchemaName: "page-view", eventContent: "{" }))?.reason).toBe("invalid");
    expect(refusal(parsePipelineEvent({ eventSchemaName: "page-view" }))?.reason).toBe("invalid");
    expect(refusal(parsePipelineEvent(envelope("page-view", { page_query_params: "q".repeat(3000) })))?.reason).toBe("too-large");
  });
  it("page_query_params: 1000 names pass, 1001 are over the limit", () => {
    const short = (count: number) => Array.from({ length: count }, () => "a").join("&");
    expect(ok(parsePipelineEvent(envelope("page-view", { page_query_params: short(1000) })))).toBeDefined();
    expect(refusal(parsePipelineEvent(envelope("page-view", { page_query_params: short(1001) })))).toEqual({
      reason: "too-large",
      message: "The tracking field queryString has more than 1000 names.",
    });
  });
  it("validates content without storing: valid, or the reasons", () => {
    expect(validatePipelineContent("view-product", { analytics_id: "a", object_identifier: "5" })).toEqual({ valid: true, errors: [] });
    expect(validatePipelineContent("view-product", JSON.stringify({ browser_window_width: -1 }))).toEqual({
      valid: false,
      errors: ["The tracking field eventContent.browser_window_width is missing or invalid."],
    });
    expect(validatePipelineContent("unknown", {})).toEqual({ valid: false, errors: ["Unknown event schema: unknown."] });
  });
});

describe("census calls", () => {
  it("RecordHit: a page view with its hit fields", () => {
    const data = {
      visitorCookie: "v1",
      url: "https://shop.test/shop/mug/?a=1",
      referrer: "https://search.test/",
      queryString: "a=1",
      title: "Mug",
      itemId: "9",
    };
    expect(ok(parseRecordHit({ event: "page-view", data: JSON.stringify(data), ss_cvr: "x" }))).toMatchObject({
      kind: "page-view",
      visitorId: "v1",
      path: "/shop/mug",
      referrer: "https://search.test/",
      productId: 9,
      data: { title: "Mug", queryKeys: 1 },
    });
    const short = Array.from({ length: 1001 }, () => "q").join("&");
    expect(refusal(parseRecordHit({ event: "page-view", data: JSON.stringify({ queryString: short }) }))?.reason).toBe("too-large");
    expect(refusal(parseRecordHit({ event: "purchase", data: "{}" }))?.reason).toBe("invalid");
  });
  it("buttons, form renders, overlays and quick views", () => {
    expect(ok(parseButton("button-click", { visitorCookie: "v", url: "/a/", buttonId: "b1", buttonText: "Buy" }))).toMatchObject({
      kind: "button-click",
      path: "/a",
      data: { buttonId: "b1", buttonText: "Buy" },
    });
    expect(refusal(parseButton("button-render", { buttonText: "x".repeat(600) }))?.reason).toBe("too-large");
    expect(ok(parseFormRender({ formId: "f-1", visitorCookie: "v" }))).toMatchObject({ kind: "form-render", formKey: "f-1" });
    expect(refusal(parseFormRender({ visitorCookie: "v" }))?.reason).toBe("invalid");
    expect(ok(parseOverlay({ overlayId: "o", action: "open" })).data).toEqual({ overlayId: "o", action: "open" });
    expect(refusal(parseOverlay({ overlayId: "o", action: "dance" }))).toEqual({
      reason: "invalid",
      message: "The tracking field action is missing or invalid.",
    });
    expect(ok(parseQuickView("12", { visitorCookie: "v" }))).toMatchObject({ kind: "quick-view", productId: 12 });
    expect(refusal(parseQuickView("mug", {}))?.reason).toBe("invalid");
  });
  it("script errors are bounded", () => {
    expect(ok(parseScriptError({ message: "boom", source: "https://s.test/app.js", line: 1, column: 2, stack: "at x" }))).toMatchObject({
      kind: "script-error",
      data: { message: "boom", line: 1 },
    });
    expect(refusal(parseScriptError({ message: "m", stack: "s".repeat(9000) }))?.reason).toBe("too-large");
    expect(refusal(parseScriptError({ line: 1 }))?.reason).toBe("invalid");
  });
  it("performance records: at most 50 per call", () => {
    const record = { name: "LCP", value: 1234.5, url: "/shop/" };
    expect(ok(parsePerformanceRecords([record, record]))).toHaveLength(2);
    expect(refusal(parsePerformanceRecords(Array.from({ length: 51 }, () => record)))?.reason).toBe("too-large");
    expect(refusal(parsePerformanceRecords({ name: "x" }))?.reason).toBe("invalid");
    expect(refusal(parsePerformanceRecords([{ name: "LCP", value: "fast" }]))?.reason).toBe("invalid");
  });
});
