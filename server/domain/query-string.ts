// Query strings and form-encoded bodies, read one way everywhere (issue 20, rule 8; platform-support
// §9 "Query-string parse limit 1000 keys"). The limit is a parse limit: at most 1000 names are read.
// What a caller does with a text past it is one decision too (docs/decisions.md): a request body or
// a tracking field past it is refused (413), since the names past the limit would be lost without a
// word; the page's own URL (read by the storefront for hidden form fields) cannot be refused, so the
// page reads the first 1000. A repeated name keeps its first value, as URLSearchParams.get does.

export const QUERY_KEY_LIMIT = 1000;

export interface QueryStringRead {
  /** name -> first value, for the first QUERY_KEY_LIMIT names. */
  values: Record<string, string>;
  /** The text holds more names than the limit (the rest were not read). */
  overLimit: boolean;
}

/** Reads a query string (with or without its `?`) or a form-encoded body. */
export function readQueryString(text: string): QueryStringRead {
  const values: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > QUERY_KEY_LIMIT) return { values, overLimit: true };
    if (!Object.hasOwn(values, name)) values[name] = value;
  }
  return { values, overLimit: false };
}

/** How many names a query string holds (an empty `&`-separated part is none): what RecordHit keeps as `queryKeys`. */
export function countQueryKeys(text: string): number {
  let count = 0;
  for (const _ of new URLSearchParams(text)) count++;
  return count;
}
