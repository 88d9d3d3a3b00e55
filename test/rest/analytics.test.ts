// The tracking calls over HTTP (issue 11): each answers 202 with an empty body on accepted input and
// stores its event once the writer runs; bad input answers 400 with a JSON error, a payload over a
// limit 413, a full queue 503; RecordEvent checks its crumb (403); GPC and TRACKING_DISABLED store
// nothing; beacons' text/plain bodies and form-encoded bodies (at most 1000 names) are read.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { CRUMB_FAIL, rawRequest } from "./helpers.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.analyticsEvent.deleteMany();
  await store.db.analyticsSettings.deleteMany();
  store.app.services.analytics.policy.invalidate();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const TEXT = { "content-type": "text/plain;charset=UTF-8" };

/** A visitor with a crumb and the tracking cookies. */
async function trackedVisitor(id = "visitor-1"): Promise<TestVisitor> {
  const visitor = store.visitor();
  await visitor.request("GET", "/api/commerce/fullstory/getId");
  visitor.cookies.set("SS_ANALYTICS_ID", id);
  visitor.cookies.set("SS_SESSION_ID", `${id}-session`);
  return visitor;
}

const post = (visitor: TestVisitor, path: string, rawBody: string, headers: Record<string, string> = FORM) =>
  rawRequest(visitor, "POST", path, { rawBody, headers, crumb: false });

/** The stored events (after the writer has written what was queued). */
async function stored() {
  await store.app.services.analytics.flush();
  return store.db.analyticsEvent.findMany({ orderBy: { id: "asc" } });
}

const accepted = (response: { status: number; text: string }) => expect({ status: response.status, text: response.text }).toEqual({ status: 202, text: "" });
const refused = (response: { status: number; text: string }, status: number, error: string | RegExp) => {
  expect(response.status).toBe(status);
  expect(JSON.parse(response.text).error).toEqual(typeof error === "string" ? error : expect.stringMatching(error));
};

describe("POST /api/events/RecordEvent", () => {
  it("accepts the form with the crumb cookie's value and stores the event with hashed ids", async () => {
    const visitor = await trackedVisitor();
    const data = JSON.stringify({ websiteId: DEMO_WEBSITE_ID, pagePath: "/shop/mug/", productId: 5, variantId: 9, quantity: 2 });
    accepted(await post(visitor, "/api/events/RecordEvent", form({ crumb: visitor.crumb!, event: "add-to-cart", data })));
    const [row] = await stored();
    expect(row).toMatchObject({ websiteId: DEMO_WEBSITE_ID, kind: "add-to-cart", path: "/shop/mug", productId: 5, variantId: 9, quantity: 2 });
    expect(row.visitorKey).toBe(store.app.services.analytics.hash("visitor:visitor-1"));
  });
  it("refuses a missing or wrong crumb with 403", async () => {
    const visitor = await trackedVisitor();
    for (const crumb of [undefined, "wrong-crumb-value-0000"]) {
      const response = await post(visitor, "/api/events/RecordEvent", form({ ...(crumb ? { crumb } : {}), event: "page-view", data: "{}" }));
      expect({ status: response.status, body: JSON.parse(response.text) }).toEqual({ status: 403, body: CRUMB_FAIL });
    }
    expect(await stored()).toEqual([]);
  });
  it("refuses an unknown event and bad data with 400, oversized data with 413", async () => {
    const visitor = await trackedVisitor();
    const send = (fields: Record<string, string>) => post(visitor, "/api/events/RecordEvent", form({ crumb: visitor.crumb!, ...fields }));
    refused(await send({ event: "teleport", data: "{}" }), 400, "Unknown tracking event: teleport.");
    refused(await send({ event: "page-view", data: "{not json" }), 400, "The tracking field data is not valid JSON.");
    refused(await send({ event: "view-product", data: JSON.stringify({ productId: "mug" }) }), 400, "The tracking field data.productId is missing or invalid.");
    refused(
      await send({ event: "page-view", data: JSON.stringify({ pagePath: "/" + "x".repeat(2100) }) }),
      413,
      "The tracking field data.pagePath is over its limit.",
    );
    expect(await stored()).toEqual([]);
  });
  it("reads form bodies of up to 1000 names, refuses more with 413, and a body over 32 KiB with 413", async () => {
    const visitor = await trackedVisitor();
    const names = (count: number) => Array.from({ length: count - 3 }, (_, index) => `x${index}=1`).join("&");
    const base = form({ crumb: visitor.crumb!, event: "page-view", data: "{}" });
    accepted(await post(visitor, "/api/events/RecordEvent", `${base}&${names(1000)}`));
    refused(await post(visitor, "/api/events/RecordEvent", `${base}&${names(1001)}`), 413, "The tracking field body has more than 1000 names.");
    refused(await post(visitor, "/api/events/RecordEvent", `${base}&pad=${"p".repeat(40_000)}`), 413, "The request body is too large.");
    expect(await stored()).toHaveLength(1);
  });
});

describe("the pipeline", () => {
  const envelope = (schema: string, content: unknown) => JSON.stringify({ eventSchemaName: schema, eventContent: JSON.stringify(content) });
  it("accepts JSON and a beacon's text/plain body", async () => {
    const visitor = store.visitor();
    accepted(
      await post(visitor, "/api/pipeline/events", envelope("page-view", { analytics_id: "pipe-1", session_id: "ps", page_path: "/a/" }), {
        "content-type": "application/json",
      }),
    );
    accepted(await post(visitor, "/api/pipeline/events", envelope("view-product", { analytics_id: "pipe-1", session_id: "ps", object_identifier: "7" }), TEXT));
    const rows = await stored();
    expect(rows.map((row) => [row.kind, row.path, row.productId])).toEqual([
      ["page-view", "/a", null],
      ["view-product", null, 7],
    ]);
    expect(rows[0].sessionKey).toBe(store.app.services.analytics.hash("session:ps"));
  });
  it("refuses what is not JSON, an unknown schema (400) and page_query_params past 1000 names (413)", async () => {
    const visitor = store.visitor();
    refused(await post(visitor, "/api/pipeline/events", "{oops", TEXT), 400, "The tracking field body is not valid JSON.");
    refused(await post(visitor, "/api/pipeline/events", envelope("mystery", {}), TEXT), 400, "Unknown event schema: mystery.");
    const params = Array.from({ length: 1001 }, () => "q").join("&");
    refused(
      await post(visitor, "/api/pipeline/events", envelope("page-view", { analytics_id: "x", page_query_params: params }), TEXT),
      413,
      /more than 1000 names/,
    );
    expect(await stored()).toEqual([]);
  });
  it("validates event content and stores nothing", async () => {
    const visitor = store.visitor();
    const valid = await post(visitor, "/api/pipeline/validate-event-content/page-view", JSON.stringify({ analytics_id: "v", page_path: "/" }), TEXT);
    expect({ status: valid.status, body: JSON.parse(valid.text) }).toEqual({ status: 200, body: { valid: true, errors: [] } });
    const invalid = await post(visitor, "/api/pipeline/validate-event-content/page-view", JSON.stringify({ browser_window_width: "wide" }), TEXT);
    expect(JSON.parse(invalid.text)).toEqual({ valid: false, errors: ["The tracking field eventContent.browser_window_width is missing or invalid."] });
    expect(JSON.parse((await post(visitor, "/api/pipeline/validate-event-content/nope", "{}", TEXT)).text)).toEqual({
      valid: false,
      errors: ["Unknown event schema: nope."],
    });
    expect(await stored()).toEqual([]);
  });
});

describe("census calls", () => {
  it("RecordHit, buttons, form render, overlay and quick view are stored with their fields", async () => {
    const visitor = await trackedVisitor("census-1");
    const hit = { visitorCookie: "census-1", url: "http://shop.test/shop/?a=1&b=2", queryString: "a=1&b=2", title: "Shop", referrer: "https://r.test/" };
    accepted(await post(visitor, "/api/census/RecordHit", form({ event: "page-view", data: JSON.stringify(hit), ss_cvr: "ref" })));
    accepted(await post(visitor, "/api/census/button-click", form({ visitorCookie: "census-1", url: "/p/", title: "P", buttonId: "buy", buttonText: "Buy" })));
    accepted(await post(visitor, "/api/census/button-render", form({ visitorCookie: "census-1", buttonId: "buy" })));
    accepted(await post(visitor, "/api/census/form-render", form({ formId: "contact", visitorCookie: "census-1" })));
    accepted(await post(visitor, "/api/census/overlay", form({ overlayId: "promo", action: "close", visitorCookie: "census-1" })));
    accepted(await post(visitor, "/api/census/RecordQuickView/12", form({ visitorCookie: "census-1" })));
    const rows = await stored();
    expect(rows.map((row) => [row.kind, row.path, row.productId, row.formKey])).toEqual([
      ["page-view", "/shop", null, null],
      ["button-click", "/p", null, null],
      ["button-render", null, null, null],
      ["form-render", null, null, "contact"],
      ["overlay", null, null, null],
      ["quick-view", null, 12, null],
    ]);
    expect(JSON.parse(rows[0].data!)).toEqual({ title: "Shop", queryKeys: 2 });
    expect(JSON.parse(rows[4].data!)).toEqual({ overlayId: "promo", action: "close" });
  });
  it("refuses their bad input with 400 and oversize with 413", async () => {
    const visitor = await trackedVisitor();
    refused(await post(visitor, "/api/census/RecordHit", form({ event: "checkout-start", data: "{}" })), 400, "Unknown tracking event: checkout-start.");
    const queryString = Array.from({ length: 1001 }, () => "k").join("&");
    refused(await post(visitor, "/api/census/RecordHit", form({ event: "page-view", data: JSON.stringify({ queryString }) })), 413, /more than 1000 names/);
    refused(await post(visitor, "/api/census/button-click", form({ buttonText: "b".repeat(600) })), 413, "The tracking field buttonText is over its limit.");
    refused(await post(visitor, "/api/census/form-render", form({ visitorCookie: "v" })), 400, "The tracking field formId is missing or invalid.");
    refused(await post(visitor, "/api/census/overlay", form({ overlayId: "o", action: "wiggle" })), 400, "The tracking field action is missing or invalid.");
    refused(await post(visitor, "/api/census/RecordQuickView/mug", form({})), 400, "The tracking field productId is missing or invalid.");
    expect(await stored()).toEqual([]);
  });
  it("script errors (JSON) and performance records (text/plain JSON array, at most 50)", async () => {
    const visitor = await trackedVisitor();
    const error = { message: "TypeError: x is undefined", source: "http://shop.test/assets/app.js", line: 3, column: 14, stack: "at f (app.js:3:14)" };
    accepted(await post(visitor, "/api/census/script-error", JSON.stringify(error), { "content-type": "application/json" }));
    refused(
      await post(visitor, "/api/census/script-error", JSON.stringify({ ...error, stack: "s".repeat(9000) }), { "content-type": "application/json" }),
      413,
      /stack is over/,
    );
    refused(await post(visitor, "/api/census/script-error", JSON.stringify({ line: 1 }), { "content-type": "application/json" }), 400, /message/);
    const record = { name: "LCP", value: 812.5, url: "http://shop.test/shop" };
    accepted(await post(visitor, "/api/performance/records", JSON.stringify([record, { ...record, name: "CLS", value: 0.01 }]), TEXT));
    refused(
      await post(visitor, "/api/performance/records", JSON.stringify(Array.from({ length: 51 }, () => record)), TEXT),
      413,
      "The tracking field records is over its limit.",
    );
    refused(await post(visitor, "/api/performance/records", JSON.stringify({ name: "LCP" }), TEXT), 400, /records/);
    expect((await stored()).map((row) => row.kind)).toEqual(["script-error", "performance", "performance"]);
  });
});

describe("privacy and the drops", () => {
  it("accepts with Sec-GPC: 1 and stores nothing", async () => {
    const visitor = await trackedVisitor();
    accepted(await post(visitor, "/api/census/form-render", form({ formId: "f" }), { ...FORM, "sec-gpc": "1" }));
    expect(await stored()).toEqual([]);
  });
  it("stores nothing without consent under a restrictive policy, and stores with ss_cookieAllowed=true", async () => {
    await store.db.analyticsSettings.create({ data: { websiteId: DEMO_WEBSITE_ID, cookiePolicy: "restrictive" } });
    store.app.services.analytics.policy.invalidate();
    const visitor = await trackedVisitor("restricted");
    accepted(await post(visitor, "/api/census/form-render", form({ formId: "f" })));
    visitor.cookies.set("ss_cookieAllowed", "true");
    accepted(await post(visitor, "/api/census/form-render", form({ formId: "g" })));
    expect((await stored()).map((row) => row.formKey)).toEqual(["g"]);
  });
  it("answers the same session-recording id for the same session", async () => {
    const visitor = await trackedVisitor("fs");
    const first = await visitor.request("GET", "/api/commerce/fullstory/getId");
    const second = await visitor.request("GET", "/api/commerce/fullstory/getId");
    expect(first.status).toBe(200);
    expect(first.body.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.body.id).toBe(first.body.id);
    visitor.cookies.set("SS_SESSION_ID", "another");
    expect((await visitor.request("GET", "/api/commerce/fullstory/getId")).body.id).not.toBe(first.body.id);
  });
  it("DELETE /api/census/visitor deletes the caller's events (204), and needs the crumb", async () => {
    const visitor = await trackedVisitor("forget-me");
    const other = await trackedVisitor("keep-me");
    accepted(await post(visitor, "/api/census/form-render", form({ formId: "f" })));
    accepted(await post(other, "/api/census/form-render", form({ formId: "f" })));
    await stored();
    expect((await rawRequest(visitor, "DELETE", "/api/census/visitor", { crumb: false })).status).toBe(403);
    const response = await rawRequest(visitor, "DELETE", "/api/census/visitor");
    expect({ status: response.status, text: response.text }).toEqual({ status: 204, text: "" });
    expect((await stored()).map((row) => row.visitorKey)).toEqual([store.app.services.analytics.hash("visitor:keep-me")]);
  });
});

describe("load shedding and the global switch", () => {
  it("answers 503 when the queue is full, and counts it", async () => {
    const analytics = store.app.services.analytics;
    const visitor = await trackedVisitor();
    const queue = analytics.queue as unknown as { maxSize: number };
    const bound = queue.maxSize;
    Object.assign(queue, { maxSize: analytics.queue.size });
    try {
      const shedBefore = analytics.stats().shed;
      refused(await post(visitor, "/api/census/form-render", form({ formId: "f" })), 503, "Too many tracking events right now: this one was not recorded.");
      expect(analytics.stats().shed).toBe(shedBefore + 1);
      const metrics = await (await fetch(`${store.baseUrl}/metrics`)).text();
      expect(metrics).toContain(`sitecart_tracking_events{outcome="shed"} ${shedBefore + 1}`);
    } finally {
      Object.assign(queue, { maxSize: bound });
    }
  });
  it("with TRACKING_DISABLED=1 accepts every call and stores nothing", async () => {
    const disabled = await startTestStore({ config: { trackingDisabled: true } });
    try {
      const visitor = disabled.visitor();
      visitor.cookies.set("SS_ANALYTICS_ID", "off");
      accepted(await rawRequest(visitor, "POST", "/api/census/form-render", { rawBody: form({ formId: "f" }), headers: FORM }));
      await disabled.app.services.analytics.flush();
      expect(await disabled.db.analyticsEvent.count()).toBe(0);
    } finally {
      await disabled.close();
    }
  });
  it("does not spend the visitor's rate-limit budget", async () => {
    const limited = await startTestStore({ config: { rateLimit: { burst: 2, perSecond: 0.001 } } });
    try {
      const visitor = limited.visitor();
      visitor.cookies.set("SS_ANALYTICS_ID", "busy");
      for (let index = 0; index < 10; index++)
        accepted(await rawRequest(visitor, "POST", "/api/census/button-render", { rawBody: form({ buttonId: `b${index}` }), headers: FORM }));
    } finally {
      await limited.close();
    }
  });
});

it("writes every accepted event when the app closes", async () => {
  const closing = await startTestStore();
  let closed = false;
  try {
    const visitor = closing.visitor();
    visitor.cookies.set("SS_ANALYTICS_ID", "last-words");
    for (let index = 0; index < 5; index++)
      accepted(await rawRequest(visitor, "POST", "/api/census/form-render", { rawBody: form({ formId: `f${index}` }), headers: FORM }));
    await closing.app.close();
    closed = true;
    expect(await closing.db.analyticsEvent.count()).toBe(5);
  } finally {
    if (!closed) await closing.app.close();
    await closing.bus.close();
    await closing.db.$disconnect();
    await closing.database.drop();
  }
});
