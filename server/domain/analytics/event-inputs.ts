// Each tracking call's input (issue 11, platform-support §3 and §7) as zod schemas with their bounds,
// and its parse into event drafts (events.ts). A refusal says which field and why: a shape that is
// wrong is "invalid", a bound exceeded (sizes, counts, nesting, the 1000-name query-string limit)
// "too-large"; the transport says which status each is (rest/http-errors.ts: 400 and 413).
// Pure: the REST adapter reads the bytes, these decide.
import { z } from "zod";
import { countQueryKeys } from "../query-string.ts";
import { trackingMessages } from "../messages/tracking.ts";
import { emptyDraft, isEventKind, pagePath, pathOfUrl, type EventDraft, type EventKind } from "./events.ts";
import {
  accept,
  amount,
  centsOf,
  idText,
  optionalText,
  parseJsonField,
  parseWith,
  queryString,
  refuse,
  text,
  wholeNumber,
  type Parsed,
} from "./input-fields.ts";
import {
  MAX_ID_CHARS,
  MAX_INT,
  MAX_JSON_FIELD_CHARS,
  MAX_LABEL_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_ORDER_ITEMS,
  MAX_PERFORMANCE_RECORDS,
  MAX_STACK_CHARS,
  MAX_TITLE_CHARS,
  MAX_URL_CHARS,
} from "./limits.ts";

// ---- 1. POST /api/events/RecordEvent -----------------------------------------------------------

const orderForAnalytics = z.object({
  id: text(MAX_ID_CHARS).optional(),
  purchasedCartId: text(MAX_ID_CHARS).optional(),
  testMode: z.boolean().optional(),
  websiteId: text(MAX_LABEL_CHARS).optional(),
  items: z
    .array(
      z.object({
        sku: text(MAX_LABEL_CHARS).nullish(),
        productName: text(MAX_TITLE_CHARS).optional(),
        productId: wholeNumber.optional(),
        quantity: wholeNumber.optional(),
        unitPrice: amount.optional(),
      }),
    )
    .max(MAX_ORDER_ITEMS)
    .optional(),
  grandTotal: amount.optional(),
  shippingTotal: amount.optional(),
  taxTotal: amount.optional(),
  currency: text(3).optional(),
});

/** RecordEvent's `data`: the legacy payload plus the event's own fields. */
export const legacyPayload = z.object({
  websiteId: optionalText(MAX_LABEL_CHARS),
  memberAccountId: z.union([text(MAX_ID_CHARS), z.number()]).nullish(),
  website_locale: optionalText(MAX_LABEL_CHARS),
  member_locale: optionalText(MAX_LABEL_CHARS).nullable(),
  templateId: optionalText(MAX_LABEL_CHARS),
  pagePath: optionalText(MAX_URL_CHARS),
  pageHash: optionalText(MAX_URL_CHARS),
  productId: wholeNumber.optional(),
  variantId: wholeNumber.nullish(),
  quantity: wholeNumber.optional(),
  formId: z.union([text(MAX_ID_CHARS), z.number()]).optional(),
  analytics_id: idText.optional(),
  visitorCookie: idText.optional(),
  session_id: idText.optional(),
  order: orderForAnalytics.optional(),
});

export const recordEventForm = z.object({
  crumb: text(MAX_ID_CHARS).optional(),
  event: text(MAX_LABEL_CHARS),
  data: text(MAX_JSON_FIELD_CHARS).optional(),
});

/** The kinds a page may report through RecordEvent (script errors and performance have their own calls). */
const RECORD_EVENT_KINDS: readonly EventKind[] = [
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
];

export function parseRecordEvent(form: Record<string, string>): Parsed<{ crumb: string | null; draft: EventDraft }> {
  const envelope = parseWith(recordEventForm, form);
  if (!envelope.ok) return envelope;
  const { crumb, event, data } = envelope.value;
  if (!isEventKind(event) || !RECORD_EVENT_KINDS.includes(event)) return refuse("invalid", trackingMessages.unknownEvent(event));
  const json = parseJsonField(data ?? "{}", "data");
  if (!json.ok) return json;
  const payload = parseWith(legacyPayload, json.value, "data");
  if (!payload.ok) return payload;
  const fields = payload.value;
  const draft = emptyDraft(event);
  draft.visitorId = fields.analytics_id ?? fields.visitorCookie ?? null;
  draft.sessionId = fields.session_id ?? null;
  draft.path = fields.pagePath !== undefined ? pagePath(fields.pagePath) : null;
  draft.productId = fields.productId ?? null;
  draft.variantId = fields.variantId ?? null;
  draft.quantity = fields.quantity ?? null;
  draft.formKey = fields.formId !== undefined ? String(fields.formId) : null;
  const kept: Record<string, unknown> = {};
  if (fields.website_locale) kept.websiteLocale = fields.website_locale;
  if (fields.templateId) kept.templateId = fields.templateId;
  const order = fields.order;
  if (event === "purchase" && order) {
    draft.orderId = order.id ?? null;
    draft.amountCents = centsOf(order.grandTotal);
    draft.currency = order.currency ?? null;
    kept.testMode = order.testMode ?? null;
    kept.items = (order.items ?? []).map((item) => ({
      sku: item.sku ?? null,
      productId: item.productId ?? null,
      quantity: item.quantity ?? null,
      unitPrice: centsOf(item.unitPrice),
    }));
  }
  draft.data = kept;
  return accept({ crumb: crumb ?? null, draft });
}

// ---- 2. The pipeline: POST /api/pipeline/events and validate-event-content ----------------------

/** The pipeline payload (eventContent): the spec's fields, each bounded; other names are ignored. */
export const pipelinePayload = z.object({
  analytics_id: idText.optional(),
  session_id: idText.optional(),
  marketing_id: idText.optional(),
  browser_language: optionalText(MAX_LABEL_CHARS),
  browser_locale: optionalText(MAX_LABEL_CHARS),
  browser_window_height: z.number().int().min(0).max(100_000).optional(),
  browser_window_width: z.number().int().min(0).max(100_000).optional(),
  client_name: optionalText(MAX_LABEL_CHARS),
  client_version: optionalText(MAX_LABEL_CHARS),
  page_host: optionalText(253),
  page_path: optionalText(MAX_URL_CHARS),
  page_query_params: queryString.optional(),
  page_referrer_url: optionalText(MAX_URL_CHARS),
  enduser_user_agent: optionalText(MAX_TITLE_CHARS),
  event_occurrence_timestamp: z.union([z.number(), text(40)]).optional(),
  custom_schema_name: optionalText(MAX_LABEL_CHARS),
  source_environment: optionalText(MAX_LABEL_CHARS),
  context_website_id: optionalText(MAX_LABEL_CHARS),
  destination_url: optionalText(MAX_URL_CHARS),
  member_account_id: z.union([text(MAX_ID_CHARS), z.number()]).nullish(),
  object_identifier: optionalText(MAX_ID_CHARS),
  resolved_locale: optionalText(MAX_LABEL_CHARS),
  website_locale: optionalText(MAX_LABEL_CHARS),
  member_account_locale: optionalText(MAX_LABEL_CHARS).nullable(),
  product_id: wholeNumber.optional(),
  variant_id: wholeNumber.optional(),
  quantity: wholeNumber.optional(),
  form_id: z.union([text(MAX_ID_CHARS), z.number()]).optional(),
});

export const pipelineEnvelope = z.object({ eventSchemaName: text(MAX_LABEL_CHARS), eventContent: text(MAX_JSON_FIELD_CHARS) });

/** The pipeline's event from its schema name and content (the content already decoded from its JSON string). */
function pipelineDraft(schemaName: string, content: unknown): Parsed<EventDraft> {
  if (!isEventKind(schemaName)) return refuse("invalid", trackingMessages.unknownSchema(schemaName));
  const payload = parseWith(pipelinePayload, content, "eventContent");
  if (!payload.ok) return payload;
  const fields = payload.value;
  const draft = emptyDraft(schemaName);
  draft.visitorId = fields.analytics_id ?? null;
  draft.sessionId = fields.session_id ?? null;
  draft.path = fields.page_path !== undefined ? pagePath(fields.page_path) : null;
  draft.referrer = fields.page_referrer_url || null;
  draft.productId = fields.product_id ?? (fields.object_identifier && /^\d{1,10}$/.test(fields.object_identifier) ? Number(fields.object_identifier) : null);
  if (draft.productId !== null && draft.productId > MAX_INT) draft.productId = null;
  draft.variantId = fields.variant_id ?? null;
  draft.quantity = fields.quantity ?? null;
  draft.formKey = fields.form_id !== undefined ? String(fields.form_id) : null;
  const kept: Record<string, unknown> = {};
  if (fields.source_environment) kept.environment = fields.source_environment;
  if (fields.custom_schema_name) kept.schema = fields.custom_schema_name;
  if (fields.resolved_locale) kept.locale = fields.resolved_locale;
  draft.data = kept;
  return accept(draft);
}

/** POST /api/pipeline/events: the envelope (JSON, or a beacon's text/plain JSON string). */
export function parsePipelineEvent(body: unknown): Parsed<EventDraft> {
  const envelope = parseWith(pipelineEnvelope, body);
  if (!envelope.ok) return envelope;
  const content = parseJsonField(envelope.value.eventContent, "eventContent");
  if (!content.ok) return content;
  return pipelineDraft(envelope.value.eventSchemaName, content.value);
}

/**
 * POST /api/pipeline/validate-event-content/{schemaName}: whether the content would be accepted, and
 * why not. The body is the event content itself (an object, or its JSON string), or the envelope.
 */
export function validatePipelineContent(schemaName: string, body: unknown): { valid: boolean; errors: string[] } {
  let content: unknown = body;
  if (body && typeof body === "object" && !Array.isArray(body) && "eventContent" in body) content = (body as { eventContent: unknown }).eventContent;
  if (typeof content === "string") {
    const decoded = parseJsonField(content, "eventContent");
    if (!decoded.ok) return { valid: false, errors: [decoded.message] };
    content = decoded.value;
  }
  const parsed = pipelineDraft(schemaName, content);
  return parsed.ok ? { valid: true, errors: [] } : { valid: false, errors: [parsed.message] };
}

// ---- 3. POST /api/census/RecordHit -------------------------------------------------------------

/** The tracking hit fields (platform §3). */
export const trackingHit = z.object({
  event: optionalText(MAX_LABEL_CHARS),
  data: z.unknown().optional(),
  visitorCookie: idText.optional(),
  session_id: idText.optional(),
  userAgent: optionalText(MAX_TITLE_CHARS),
  clientDate: z.union([z.number(), text(40)]).optional(),
  viewportInnerWidth: z.number().int().min(0).max(100_000).optional(),
  viewportInnerHeight: z.number().int().min(0).max(100_000).optional(),
  screenWidth: z.number().int().min(0).max(100_000).optional(),
  screenHeight: z.number().int().min(0).max(100_000).optional(),
  websiteId: optionalText(MAX_LABEL_CHARS),
  templateId: optionalText(MAX_LABEL_CHARS),
  website_locale: optionalText(MAX_LABEL_CHARS),
  url: optionalText(MAX_URL_CHARS),
  title: optionalText(MAX_TITLE_CHARS),
  itemId: z.union([text(MAX_ID_CHARS), z.number()]).nullish(),
  recordType: z.union([text(MAX_LABEL_CHARS), z.number()]).nullish(),
  collectionId: z.union([text(MAX_ID_CHARS), z.number()]).nullish(),
  referrer: optionalText(MAX_URL_CHARS),
  queryString: queryString.optional(),
  localStorageSupported: z.boolean().optional(),
});

export const recordHitForm = z.object({ event: text(MAX_LABEL_CHARS), data: text(MAX_JSON_FIELD_CHARS).optional(), ss_cvr: optionalText(MAX_TITLE_CHARS) });

const numericId = (value: string | number | null | undefined): number | null => {
  const digits = typeof value === "number" ? String(value) : value;
  return digits && /^\d{1,10}$/.test(digits) && Number(digits) <= MAX_INT ? Number(digits) : null;
};

export function parseRecordHit(form: Record<string, string>): Parsed<EventDraft> {
  const envelope = parseWith(recordHitForm, form);
  if (!envelope.ok) return envelope;
  const { event, data } = envelope.value;
  if (!isEventKind(event) || !["page-view", "view-product", "quick-view"].includes(event)) return refuse("invalid", trackingMessages.unknownEvent(event));
  const json = parseJsonField(data ?? "{}", "data");
  if (!json.ok) return json;
  const hit = parseWith(trackingHit, json.value, "data");
  if (!hit.ok) return hit;
  const fields = hit.value;
  const draft = emptyDraft(event);
  draft.visitorId = fields.visitorCookie ?? null;
  draft.sessionId = fields.session_id ?? null;
  draft.path = pathOfUrl(fields.url);
  draft.referrer = fields.referrer || null;
  draft.productId = numericId(fields.itemId);
  const kept: Record<string, unknown> = {};
  if (fields.title) kept.title = fields.title;
  if (fields.recordType !== undefined && fields.recordType !== null) kept.recordType = fields.recordType;
  if (fields.queryString) kept.queryKeys = countQueryKeys(fields.queryString);
  if (fields.viewportInnerWidth !== undefined) kept.viewportWidth = fields.viewportInnerWidth;
  draft.data = kept;
  return accept(draft);
}

// ---- 4. Buttons, form renders, overlays, quick views -------------------------------------------

export const buttonForm = z.object({
  visitorCookie: idText.optional(),
  url: optionalText(MAX_URL_CHARS),
  title: optionalText(MAX_TITLE_CHARS),
  buttonId: optionalText(MAX_ID_CHARS),
  buttonText: optionalText(MAX_TITLE_CHARS),
});

export function parseButton(kind: "button-click" | "button-render", form: Record<string, string>): Parsed<EventDraft> {
  const parsed = parseWith(buttonForm, form);
  if (!parsed.ok) return parsed;
  const draft = emptyDraft(kind);
  draft.visitorId = parsed.value.visitorCookie ?? null;
  draft.path = pathOfUrl(parsed.value.url);
  draft.data = { buttonId: parsed.value.buttonId ?? null, buttonText: parsed.value.buttonText ?? null };
  return accept(draft);
}

export const formRenderForm = z.object({ formId: text(MAX_ID_CHARS).min(1), visitorCookie: idText.optional() });

export function parseFormRender(form: Record<string, string>): Parsed<EventDraft> {
  const parsed = parseWith(formRenderForm, form);
  if (!parsed.ok) return parsed;
  const draft = emptyDraft("form-render");
  draft.visitorId = parsed.value.visitorCookie ?? null;
  draft.formKey = parsed.value.formId;
  return accept(draft);
}

export const overlayForm = z.object({ overlayId: text(MAX_ID_CHARS).min(1), action: z.enum(["open", "close", "submit"]), visitorCookie: idText.optional() });

export function parseOverlay(form: Record<string, string>): Parsed<EventDraft> {
  const parsed = parseWith(overlayForm, form);
  if (!parsed.ok) return parsed;
  const draft = emptyDraft("overlay");
  draft.visitorId = parsed.value.visitorCookie ?? null;
  draft.data = { overlayId: parsed.value.overlayId, action: parsed.value.action };
  return accept(draft);
}

export const quickViewForm = z.object({ visitorCookie: idText.optional() });

export function parseQuickView(productId: string, form: Record<string, string>): Parsed<EventDraft> {
  const id = numericId(productId);
  if (id === null) return refuse("invalid", trackingMessages.fieldInvalid("productId"));
  const parsed = parseWith(quickViewForm, form);
  if (!parsed.ok) return parsed;
  const draft = emptyDraft("quick-view");
  draft.visitorId = parsed.value.visitorCookie ?? null;
  draft.productId = id;
  return accept(draft);
}

// ---- 5. POST /api/census/script-error ----------------------------------------------------------

export const scriptError = z.object({
  message: text(MAX_MESSAGE_CHARS),
  source: optionalText(MAX_URL_CHARS),
  line: z.number().int().min(0).max(MAX_INT).optional(),
  column: z.number().int().min(0).max(MAX_INT).optional(),
  stack: optionalText(MAX_STACK_CHARS),
  visitorCookie: idText.optional(),
});

export function parseScriptError(body: unknown): Parsed<EventDraft> {
  const parsed = parseWith(scriptError, body);
  if (!parsed.ok) return parsed;
  const { message, source, line, column, stack, visitorCookie } = parsed.value;
  const draft = emptyDraft("script-error");
  draft.visitorId = visitorCookie ?? null;
  draft.path = pathOfUrl(source);
  draft.data = { message, source: source ?? null, line: line ?? null, column: column ?? null, stack: stack ?? null };
  return accept(draft);
}

// ---- 6. POST /api/performance/records ----------------------------------------------------------

export const performanceRecord = z.object({ name: text(MAX_LABEL_CHARS).min(1), value: z.number().finite(), url: optionalText(MAX_URL_CHARS) });

export function parsePerformanceRecords(body: unknown): Parsed<EventDraft[]> {
  if (Array.isArray(body) && body.length > MAX_PERFORMANCE_RECORDS) return refuse("too-large", trackingMessages.fieldTooLarge("records"));
  const parsed = parseWith(z.array(performanceRecord), body, "records");
  if (!parsed.ok) return parsed;
  return accept(
    parsed.value.map((record) => {
      const draft = emptyDraft("performance");
      draft.path = pathOfUrl(record.url);
      draft.data = { name: record.name, value: record.value };
      return draft;
    }),
  );
}
