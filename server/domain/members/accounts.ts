// Site members' own account rules (issue 12), shared by the server and the storefront's forms:
// the sign-up address and a new password.
import { isValidEmail } from "../forms/validate.ts";
import { memberMessages } from "../messages/members.ts";

/** A new password: 8 characters or more, at most 72 bytes (what bcrypt reads, services/members/passwords.ts). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_BYTES = 72;

/** The address lower-cased and trimmed when it is a valid email (the form's email rule), else null. */
export function normalizeMemberEmail(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const trimmed = email.trim().toLowerCase();
  return isValidEmail(trimmed) ? trimmed : null;
}

/** UTF-8 length in bytes (what bcrypt counts); no TextEncoder, which some test environments lack. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** What is wrong with a new password, or null. */
export function checkNewPassword(password: unknown): string | null {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) return memberMessages.passwordTooShort(MIN_PASSWORD_LENGTH);
  if (utf8Bytes(password) > MAX_PASSWORD_BYTES) return memberMessages.passwordTooLong;
  return null;
}
