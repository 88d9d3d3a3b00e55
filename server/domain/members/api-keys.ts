// API keys for integrators (issue 10 item 6): the rules, pure. A key is `sck_` + 43 base64url
// characters (256 random bits); only its SHA-256 is stored (docs/decisions.md says why that is enough
// for a random secret). A key acts as the contributor who made it, narrowed to its scopes: the scopes
// must be permissions the creator's role holds, and never `apiKeys.manage` (a leaked key must not be
// able to mint keys). An expiry, when given, lies in the future and within MAX_API_KEY_DAYS.
import { z } from "zod";
import { ownerMessages } from "../messages/owner.ts";
import { refusal } from "../inputs.ts";
import { can, PERMISSIONS, type Permission, type Principal } from "./permissions.ts";

export const API_KEY_PREFIX = "sck_";
/** 32 random bytes in base64url. */
export const API_KEY_SECRET_LENGTH = 43;
export const API_KEY_NAME_MAX = 100;
/** The longest a key may be made to last. */
export const MAX_API_KEY_DAYS = 366 * 2;
/** lastUsedAt is written at most this often per key (a read per request, not a write). */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;
/** How many characters of the key the list shows (the prefix and 4 more). */
export const API_KEY_SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_SECRET_LENGTH}}$`);

/** Whether a bearer token has the shape of one of our keys (anything else is refused unread). */
export const looksLikeApiKey = (token: string): boolean => KEY_PATTERN.test(token);

/** Permissions a key can never hold. */
export const NEVER_GRANTED: readonly Permission[] = ["apiKeys.manage"];

/** The scopes this principal may put on a key: the permissions its role holds, less NEVER_GRANTED. */
export const grantableScopes = (principal: Principal): Permission[] =>
  PERMISSIONS.filter((permission) => !NEVER_GRANTED.includes(permission) && can(principal, permission));

export interface NewApiKey {
  name: string;
  scopes: Permission[];
  expiresAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const apiKeyName = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, refusal(ownerMessages.apiKeyNameRequired))
  .refine((value) => value.length <= API_KEY_NAME_MAX, refusal(ownerMessages.apiKeyNameTooLong(API_KEY_NAME_MAX)));

export const apiKeyScopes = z
  .array(z.string())
  .refine((scopes) => scopes.length > 0, refusal(ownerMessages.apiKeyScopesRequired))
  .refine((scopes) => scopes.every((scope) => (PERMISSIONS as readonly string[]).includes(scope)), refusal(ownerMessages.apiKeyScopeUnknown))
  .transform((scopes) => [...new Set(scopes)] as Permission[]);

/**
 * Checks a new key against its creator and the clock: the scopes the creator may grant, an expiry in
 * the future and within MAX_API_KEY_DAYS. Returns the refusal's message, or null when it is fine.
 */
export function apiKeyRefusal(creator: Principal, key: NewApiKey, now: Date): string | null {
  const grantable = grantableScopes(creator);
  if (key.scopes.some((scope) => !grantable.includes(scope))) return ownerMessages.apiKeyScopeNotHeld;
  if (key.expiresAt) {
    if (key.expiresAt.getTime() <= now.getTime()) return ownerMessages.apiKeyExpiryPast;
    if (key.expiresAt.getTime() > now.getTime() + MAX_API_KEY_DAYS * DAY_MS) return ownerMessages.apiKeyExpiryTooFar(MAX_API_KEY_DAYS);
  }
  return null;
}

/** Whether a stored key is past its expiry. */
export const isExpired = (expiresAt: Date | null, now: Date): boolean => expiresAt !== null && expiresAt.getTime() <= now.getTime();

/** Whether lastUsedAt is stale enough to be written again. */
export const lastUsedIsStale = (lastUsedAt: Date | null, now: Date): boolean =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= API_KEY_LAST_USED_PRECISION_MS;

/** Reads the `scopes` column (a JSON array), keeping only permissions that still exist. */
export function parseScopes(json: string): Permission[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (PERMISSIONS.filter((permission) => value.includes(permission)) as Permission[]) : [];
  } catch {
    return [];
  }
}
