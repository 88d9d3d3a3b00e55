// Ids as owner operations take them: the raw database id ("12" or 12, what REST uses) or the
// object's global Relay id (base64 of "Form:12"). Anything else names nothing.
import { NotFoundError } from "../domain/errors.ts";
import { MAX_ROW_ID } from "../services/catalog/catalog.ts";

export function rawId(id: string | number, typename: string, notFoundMessage: string): number {
  const text = String(id).trim();
  const decoded = /^\d+$/.test(text) ? `${typename}:${text}` : Buffer.from(text, "base64").toString("utf8");
  const match = new RegExp(`^${typename}:(\\d{1,10})$`).exec(decoded);
  const value = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_ROW_ID) throw new NotFoundError(notFoundMessage);
  return value;
}
