// Commerce preferences per namespace (platform-support §3, §6): what a save stores and whether it
// changes anything. Pure, shared with the client (the admin skips an unchanged save the same way).

/** A preferences namespace: 1 to 64 letters, digits, dots, dashes or underscores. */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A value that counts as not set: null, undefined, blank text, an empty list or object. */
export function isEmptyPreference(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/**
 * The preferences to store from what a client sent (platform-support §3): the server's websiteId
 * field dropped, empty values filtered out.
 */
export function cleanPreferences(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => name !== "websiteId" && !isEmptyPreference(value)));
}

/** JSON with object keys sorted: equal preferences have equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry) =>
    entry && typeof entry === "object" && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/** Whether a save changes anything (an unchanged save is skipped). */
export const preferencesChanged = (before: Record<string, unknown>, after: Record<string, unknown>): boolean => canonical(before) !== canonical(after);
