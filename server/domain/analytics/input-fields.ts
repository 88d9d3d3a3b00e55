// The tracking calls' shared input parts (issue 11): how a refusal is said, the form and JSON body
// readers with their bounds, and the field schemas every call's input is made of (event-inputs.ts).
import { z } from "zod";
import { QUERY_KEY_LIMIT, readQueryString } from "../query-string.ts";
import { trackingMessages } from "../messages/tracking.ts";
import { MAX_ID_CHARS, MAX_INT, MAX_JSON_DEPTH, MAX_JSON_FIELD_CHARS, MAX_URL_CHARS } from "./limits.ts";

/** Why an input is refused: its shape is wrong, or it is past a bound (the transport picks the status). */
export type RefusalReason = "invalid" | "too-large";
export type Refusal = { ok: false; reason: RefusalReason; message: string };
export type Parsed<T> = { ok: true; value: T } | Refusal;

export const refuse = (reason: RefusalReason, message: string): Refusal => ({ ok: false, reason, message });
export const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });

// ---- Bodies and fields -------------------------------------------------------------------------

/** A form-encoded body as name -> first value; over 1000 names is over the limit (too large). */
export function parseFormBody(text: string, field = "body"): Parsed<Record<string, string>> {
  const { values, overLimit } = readQueryString(text);
  return overLimit ? refuse("too-large", trackingMessages.tooManyKeys(field, QUERY_KEY_LIMIT)) : accept(values);
}

function depthOf(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || value === null || typeof value !== "object") return depth;
  let deepest = depth + 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}

/** A JSON text field: at most MAX_JSON_FIELD_CHARS and MAX_JSON_DEPTH deep (413 beyond), JSON (400). */
export function parseJsonField(text: string, field: string, maxChars = MAX_JSON_FIELD_CHARS): Parsed<unknown> {
  if (text.length > maxChars) return refuse("too-large", trackingMessages.fieldTooLarge(field));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse("invalid", trackingMessages.notJson(field));
  }
  if (depthOf(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return refuse("too-large", trackingMessages.tooDeep(field, MAX_JSON_DEPTH));
  return accept(value);
}

/** The value as the schema parses it; its first problem as a refusal naming the field (413 for a bound). */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return accept(result.data);
  const issue = result.error.issues[0];
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || (prefix ?? "body");
  if (issue.code === "too_big") return refuse("too-large", trackingMessages.fieldTooLarge(field));
  if (issue.code === "custom" && (issue.params as { tooLarge?: boolean } | undefined)?.tooLarge) return refuse("too-large", issue.message);
  return refuse("invalid", trackingMessages.fieldInvalid(field));
}

// ---- Field schemas -----------------------------------------------------------------------------

export const text = (max: number) => z.string().max(max);
export const optionalText = (max: number) => text(max).optional();
/** An id of the tracking cookies (printable ASCII, no spaces). */
export const idText = z
  .string()
  .max(MAX_ID_CHARS)
  .regex(/^[\x21-\x7e]*$/);
/** A database id or a count: a whole number or its digits. */
export const wholeNumber = z
  .union([
    z.number().int().min(0).max(MAX_INT),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .refine((number) => number <= MAX_INT);
/** A URL's query string: its names count against the 1000-name limit. */
export const queryString = text(MAX_URL_CHARS).superRefine((value, ctx) => {
  if (readQueryString(value).overLimit)
    ctx.addIssue({ code: "custom", message: trackingMessages.tooManyKeys("queryString", QUERY_KEY_LIMIT), params: { tooLarge: true } });
});
/** An amount as the order for analytics sends it: a number (minor units), a decimal string or a money object. */
export const amount = z.union([z.number().finite(), text(32), z.record(z.string(), z.unknown())]);
export const centsOf = (value: z.infer<typeof amount> | undefined): number | null =>
  typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= MAX_INT ? value : null;
