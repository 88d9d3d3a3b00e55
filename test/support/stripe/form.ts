// Request parameters as the SDK sends them: form-encoded bodies (POST) and query strings (GET), nested
// with brackets: `metadata[order]=o1`, `automatic_payment_methods[enabled]=true`, `expand[0]=latest_charge`
// (or `expand[]=...`). Parsed into plain objects; every value is a string, as on the wire. The readers
// below check a parameter the way Stripe does and throw its error (parameter_missing, invalid integer...).
import { paramErrors } from "./errors.ts";

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

/** `a[b][0]` → ["a", "b", "0"]; `a[]` → ["a", ""]. */
function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1]);
  return path;
}

function assign(target: Params | ParamValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  const isArray = Array.isArray(target);
  const slot: string | number = isArray ? (head === "" ? target.length : Number(head)) : head;
  if (rest.length === 0) {
    (target as Record<string | number, ParamValue>)[slot] = value;
    return;
  }
  const existing = (target as Record<string | number, ParamValue>)[slot];
  const nextIsArray = rest[0] === "" || /^\d+$/.test(rest[0]);
  const child = existing !== undefined && typeof existing === "object" ? existing : nextIsArray ? [] : {};
  (target as Record<string | number, ParamValue>)[slot] = child;
  assign(child, rest, value);
}

export function parseForm(text: string): Params {
  const params: Params = {};
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? "" : decode(pair.slice(equals + 1));
    assign(params, keyPath(key), value);
  }
  return params;
}

/** Rejects a parameter the endpoint does not take, as Stripe does (parameter_unknown). */
export function allowOnly(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) if (key !== "expand" && !allowed.includes(key)) throw paramErrors.unknown(key);
}

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw paramErrors.string(name);
  return value;
}

export function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === "") throw paramErrors.missing(name);
  return value;
}

export function optionalInteger(params: Params, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw paramErrors.integer(name, value);
  return Number(value);
}

export function requiredInteger(params: Params, name: string): number {
  const value = optionalInteger(params, name);
  if (value === undefined) throw paramErrors.missing(name);
  return value;
}

export function optionalBoolean(params: Params, name: string, path = name): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw paramErrors.boolean(path, value);
  return value === "true";
}

export function optionalEnum<T extends string>(params: Params, name: string, values: readonly T[]): T | undefined {
  const value = optionalString(params, name);
  if (value === undefined || value === "") return undefined;
  if (!(values as readonly string[]).includes(value)) throw paramErrors.oneOf(name, values);
  return value as T;
}

export function optionalObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw paramErrors.unknown(name);
  return value;
}

/** Stripe's metadata rules: a key set to "" is removed, `metadata=""` clears them all, values are strings. */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw paramErrors.unknown("metadata");
  const merged = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw paramErrors.string(`metadata[${key}]`);
    if (entry === "") delete merged[key];
    else merged[key] = entry;
  }
  return merged;
}

/** `expand[0]=latest_charge&expand[1]=payment_method` → ["latest_charge", "payment_method"]. */
export function expandPaths(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === "object" ? Object.values(value) : [value];
  return list.filter((entry): entry is string => typeof entry === "string");
}
