// JSON text columns (variant attributes, option ordering, coupon codes, answers) read defensively:
// a malformed value reads as the empty value instead of failing a whole page.

export function parseJsonObject(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
    }
  } catch {
    // fall through
  }
  return {};
}

export function parseJsonArray<T = string>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** JSON with object keys sorted, so equal values have equal text (entry merging, request hashes). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, entry) =>
    entry && typeof entry === "object" && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}
