// Secrets stored at rest (issue 22: Stripe's secret key, the webhook signing secret): AES-256-GCM with
// the deployment's PAYMENTS_ENCRYPTION_KEY, a random 96-bit IV per value and its authentication tag.
// The site's id is the additional authenticated data, so a value copied into another site's row does
// not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url): the version names the key, so a
// later rotation can add v2 and read both.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** PAYMENTS_ENCRYPTION_KEY's value: 32 bytes as 64 hex digits or as base64; null when it is neither. */
export function parseEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** A new random key, e.g. for a development server's key file. */
export function newEncryptionKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function encryptSecret(key: Buffer, plaintext: string, websiteId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(websiteId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret; throws when the value was not made by encryptSecret with this key for this site (tampered, another key). */
export function decryptSecret(key: Buffer, stored: string, websiteId: string): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new Error("Unknown stored secret format");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(websiteId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
