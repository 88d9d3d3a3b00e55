import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** Row ids for carts, entries and orders: random, so they reveal nothing and cannot be guessed. */
export const newId = (): string => randomUUID();

/** A bearer secret (cart cookie, cart token, crumb): 192 random bits. */
export const newSecret = (): string => randomBytes(24).toString("base64url");

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/**
 * Whether a secret a client sent is the one expected. Both sides are hashed first, so the comparison
 * takes the same time whatever the length or the first differing character of what was sent.
 */
export function sameSecret(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
