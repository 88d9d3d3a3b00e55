import { createHash, randomBytes, randomUUID } from "node:crypto";

/** Row ids for carts, entries and orders: random, so they reveal nothing and cannot be guessed. */
export const newId = (): string => randomUUID();

/** A bearer secret (cart cookie, cart token, crumb): 192 random bits. */
export const newSecret = (): string => randomBytes(24).toString("base64url");

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
