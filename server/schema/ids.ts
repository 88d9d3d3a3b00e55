// The one id parser of the schema. Ids as clients send them: the raw database id ("12" or 12, what
// REST uses) or the object's global Relay id (base64 of "Form:12"). Anything else names nothing.
import { NotFoundError } from "../domain/errors.ts";
import { MAX_ROW_ID } from "../services/catalog/catalog.ts";

/** The raw row id that `id` names for `typename`, or null when it names none. */
export function idOf(id: string | number, typename: string): number | null {
  const text = String(id).trim();
  const decoded = /^\d+$/.test(text) ? `${typename}:${text}` : Buffer.from(text, "base64").toString("utf8");
  const match = new RegExp(`^${typename}:(\\d{1,10})$`).exec(decoded);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ROW_ID ? value : null;
}

/** The raw row id that `id` names for `typename`; NotFoundError(notFoundMessage) when it names none. */
export function rawId(id: string | number, typename: string, notFoundMessage: string): number {
  const value = idOf(id, typename);
  if (value === null) throw new NotFoundError(notFoundMessage);
  return value;
}

/**
 * The row id a prismaNode loader gets (the id part of a global id, or a loaded row's id), parsed as
 * Pothos' default loader parses it. Node loaders pair it with the request's site (issue 21): another
 * site's row is no node here.
 */
export const nodeRowId = (id: string | number): number => Number.parseInt(String(id), 10);
