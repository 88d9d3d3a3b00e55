// The tracking calls (issue 11, platform-support §7 "Tracking"): each reads its body (at most
// MAX_TRACKING_BODY_BYTES: 413 beyond), lets domain/analytics/event-inputs.ts decide (400 for a wrong
// shape, 413 past a bound), hands the events to the ingestion queue and answers 202 with an empty body
// at once; a full queue answers 503. None spends the visitor's rate-limit budget (docs/decisions.md):
// a page sends several of them, and the bounded queue is what protects the store from a flood.
import type { IncomingHttpHeaders } from "node:http";
import { InputTooLargeError, InvalidInputError } from "../domain/errors.ts";
import { trackingMessages } from "../domain/messages/tracking.ts";
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
} from "../domain/analytics/event-inputs.ts";
import { parseFormBody, type Parsed } from "../domain/analytics/input-fields.ts";
import type { EventDraft } from "../domain/analytics/events.ts";
import { MAX_TRACKING_BODY_BYTES } from "../domain/analytics/limits.ts";
import { parseCookies } from "../http/cookies.ts";
import { HttpError } from "../http/http-error.ts";
import type { Services } from "../services/index.ts";
import { checkCrumb, sentCrumb } from "./crumb.ts";
import { defineRoute, type RestRequest, type RestResult, type Route } from "./route.ts";

/** The value, or the refusal as the domain error it is (rest/http-errors.ts gives the status). */
function valueOf<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw parsed.reason === "too-large" ? new InputTooLargeError(parsed.message) : new InvalidInputError(parsed.message);
  return parsed.value;
}

const bodyText = async (request: RestRequest): Promise<string> => (await request.bytes(MAX_TRACKING_BODY_BYTES)).toString("utf8");

const isJsonType = (headers: IncomingHttpHeaders) => /json/i.test(headers["content-type"] ?? "");

/** A form-encoded body (at most 1000 names); a JSON object from clients that post JSON, its values as text. */
async function formBody(request: RestRequest): Promise<Record<string, string>> {
  const text = await bodyText(request);
  if (isJsonType(request.headers) || /^\s*\{/.test(text)) {
    const value = jsonValue(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new InvalidInputError(trackingMessages.fieldInvalid("body"));
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, typeof field === "string" ? field : JSON.stringify(field)]));
  }
  return valueOf(parseFormBody(text));
}

/** A JSON body, sent as JSON or by a beacon as text/plain (a JSON string of JSON is unwrapped once). */
function jsonValue(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (typeof value === "string" && /^\s*[[{]/.test(value)) value = JSON.parse(value);
  } catch {
    throw new InvalidInputError(trackingMessages.notJson("body"));
  }
  return value;
}

const jsonBody = async (request: RestRequest): Promise<unknown> => jsonValue(await bodyText(request));

/** Queues the call's events: 202 (stored later, or dropped by the rules), 503 when the queue is full. */
async function record(request: RestRequest, services: Services, drafts: readonly EventDraft[]): Promise<RestResult> {
  const outcome = await services.analytics.record(drafts, {
    cookies: parseCookies(request.headers.cookie),
    gpc: request.headers["sec-gpc"] === "1",
    sessionToken: request.sessionToken,
  });
  if (outcome === "shed") throw new HttpError(503, trackingMessages.shed);
  return { status: 202, body: undefined };
}

/** A tracking route: POST, its body read and parsed by `parse`, its events queued. */
const trackingRoute = (path: string, parse: (request: RestRequest) => Promise<EventDraft[]>): Route =>
  defineRoute({
    method: "POST",
    path,
    changesState: false,
    acceptsBody: true,
    handle: async (request, services) => record(request, services, await parse(request)),
  });

export const analyticsRoutes: Route[] = [
  // RecordEvent carries the crumb cookie's value in its form (or X-CSRF-Token, as every call): a mismatch is 403.
  trackingRoute("/api/events/RecordEvent", async (request) => {
    const { crumb, draft } = valueOf(parseRecordEvent(await formBody(request)));
    checkCrumb(request.visitor.crumb, sentCrumb(request.headers, request.url, crumb));
    return [draft];
  }),
  trackingRoute("/api/pipeline/events", async (request) => [valueOf(parsePipelineEvent(await jsonBody(request)))]),
  defineRoute({
    method: "POST",
    path: "/api/pipeline/validate-event-content/:schemaName",
    // Stores nothing: the content checked as /api/pipeline/events would check it.
    changesState: false,
    acceptsBody: true,
    async handle(request) {
      return { body: validatePipelineContent(request.params.schemaName, await jsonBody(request)) };
    },
  }),
  trackingRoute("/api/census/RecordHit", async (request) => [valueOf(parseRecordHit(await formBody(request)))]),
  trackingRoute("/api/census/button-click", async (request) => [valueOf(parseButton("button-click", await formBody(request)))]),
  trackingRoute("/api/census/button-render", async (request) => [valueOf(parseButton("button-render", await formBody(request)))]),
  trackingRoute("/api/census/form-render", async (request) => [valueOf(parseFormRender(await formBody(request)))]),
  trackingRoute("/api/census/overlay", async (request) => [valueOf(parseOverlay(await formBody(request)))]),
  trackingRoute("/api/census/RecordQuickView/:productId", async (request) => [valueOf(parseQuickView(request.params.productId, await formBody(request)))]),
  trackingRoute("/api/census/script-error", async (request) => [valueOf(parseScriptError(await jsonBody(request)))]),
  trackingRoute("/api/performance/records", async (request) => valueOf(parsePerformanceRecords(await jsonBody(request)))),
  defineRoute({
    method: "GET",
    path: "/api/commerce/fullstory/getId",
    changesState: false,
    // Our own session-recording id: a keyed hash of the session id (the same for the same session).
    async handle(request, services) {
      return { body: { id: services.analytics.sessionRecordingId(parseCookies(request.headers.cookie), request.visitor.crumb ?? "anonymous") } };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/census/visitor",
    // Erasure changes state: the crumb, as every state-changing call.
    changesState: true,
    async handle(request, services) {
      await services.analytics.deleteVisitor(parseCookies(request.headers.cookie));
      return { status: 204, body: undefined };
    },
  }),
];
