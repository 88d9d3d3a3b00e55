// The bounds of every tracking call (issue 11): what one request may carry before it is refused with
// 413. A tracking call is small; these leave room for a real page and nothing for a flood.

/** A tracking call's whole body, in bytes (the performance records' array included). */
export const MAX_TRACKING_BODY_BYTES = 32 * 1024;
/** A JSON field (RecordEvent's and RecordHit's `data`, the pipeline's `eventContent`), in characters. */
export const MAX_JSON_FIELD_CHARS = 16 * 1024;
/** How deeply a JSON field may nest (objects and arrays). */
export const MAX_JSON_DEPTH = 8;
/** A URL, a path or a referrer: below 2083 characters (platform §5 string validator bounds). */
export const MAX_URL_CHARS = 2082;
/** An analytics, session or marketing id. */
export const MAX_ID_CHARS = 128;
/** A page title, a button's text. */
export const MAX_TITLE_CHARS = 512;
/** Short labels: locales, environments, schema names, currencies. */
export const MAX_LABEL_CHARS = 100;
/** A script error's message and source. */
export const MAX_MESSAGE_CHARS = 2000;
/** A script error's stack. */
export const MAX_STACK_CHARS = 8000;
/** Performance records in one call. */
export const MAX_PERFORMANCE_RECORDS = 50;
/** Items of a purchase's order for analytics. */
export const MAX_ORDER_ITEMS = 200;
/** The largest id or quantity a database integer holds (platform §9: index values capped at 2147483647). */
export const MAX_INT = 2_147_483_647;
