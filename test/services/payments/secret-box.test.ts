// Payment secrets at rest (issue 22): AES-256-GCM, a random IV per value, the site as authenticated data.
import { randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret, parseEncryptionKey } from "../../../server/services/payments/secret-box.ts";

const key = randomBytes(32);

it("reads back what it stored, and stores the same secret differently each time", () => {
  const first = encryptSecret(key, "sk_test_secret", "site-a");
  const second = encryptSecret(key, "sk_test_secret", "site-a");
  expect(first).toMatch(/^v1\./);
  expect(first).not.toContain("sk_test_secret");
  expect(first).not.toBe(second);
  expect(decryptSecret(key, first, "site-a")).toBe("sk_test_secret");
});

it("does not read a value with another key, for another site, or altered", () => {
  const stored = encryptSecret(key, "sk_test_secret", "site-a");
  expect(() => decryptSecret(randomBytes(32), stored, "site-a")).toThrow();
  expect(() => decryptSecret(key, stored, "site-b")).toThrow();
  const [version, iv, tag, ciphertext] = stored.split(".");
  const flipped = Buffer.from(ciphertext!, "base64url");
  flipped[0]! ^= 1;
  expect(() => decryptSecret(key, [version, iv, tag, flipped.toString("base64url")].join("."), "site-a")).toThrow();
  expect(() => decryptSecret(key, `v2.${iv}.${tag}.${ciphertext}`, "site-a")).toThrow("Unknown stored secret format");
});

it("takes a key of 32 bytes as 64 hex digits or base64, nothing else", () => {
  const bytes = randomBytes(32);
  expect(parseEncryptionKey(bytes.toString("hex"))).toEqual(bytes);
  expect(parseEncryptionKey(bytes.toString("base64"))).toEqual(bytes);
  expect(parseEncryptionKey(randomBytes(16).toString("base64"))).toBeNull();
  expect(parseEncryptionKey(randomBytes(31).toString("hex"))).toBeNull();
  expect(parseEncryptionKey("a passphrase that is long enough to look like a key!")).toBeNull();
});
