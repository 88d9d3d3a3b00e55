// The owner's JSON settings (header, footer, commerce preferences) are stored as text: read
// defensively (a malformed row reads as {}), written only as objects and capped in size.

export type Json = Record<string, unknown>;

/** JSON settings values are capped (64 KiB of JSON text each). */
export const MAX_JSON_TEXT = 64 * 1024;

export const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);

export function parseObject(text: string): Json {
  try {
    const value = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}
