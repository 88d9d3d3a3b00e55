// Password hashing with bcrypt (the maintained bcryptjs, cost 10: about 65 ms per hash on one core
// here). bcrypt reads only the first 72 bytes of a password, so longer ones are refused rather than
// silently truncated. Hashes made before the switch ("scrypt$salt$hash") still verify, and are
// replaced by a bcrypt hash at the next sign-in (needsRehash).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";

export const BCRYPT_COST = 10;
export const MAX_PASSWORD_BYTES = 72;

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keyLength: number) => Promise<Buffer>;

const tooLong = (password: string) => Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES;

/** A bcrypt hash of the password. Throws for passwords over 72 bytes (bcrypt would ignore the rest). */
export async function hashPassword(password: string): Promise<string> {
  if (tooLong(password)) throw new RangeError(`Passwords are at most ${MAX_PASSWORD_BYTES} bytes.`);
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A hash to compare against when the account does not exist, so both cases take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (typeof password !== "string" || tooLong(password)) return false;
  if (stored.startsWith("scrypt$")) {
    const [, saltText, hashText] = stored.split("$");
    if (!saltText || !hashText) return false;
    const expected = Buffer.from(hashText, "base64");
    const actual = await scrypt(password, Buffer.from(saltText, "base64"), expected.length);
    return timingSafeEqual(actual, expected);
  }
  try {
    return await bcrypt.compare(password, stored);
  } catch {
    return false;
  }
}

/** Whether a stored hash should be replaced (an old scheme, or a lower cost than today's). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith("$2")) return true;
  try {
    return bcrypt.getRounds(stored) < BCRYPT_COST;
  } catch {
    return true;
  }
}
