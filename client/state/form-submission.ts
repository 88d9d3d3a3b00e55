// A form's submission (spec §4 Form, §8 Form submit HTTP errors): idle -> submitting ('Submitting…',
// button disabled) -> success or failure; a failure shows its errors and unlocks the form.
import { messages } from "../../server/domain/messages.ts";

/** The message for a failed SaveFormSubmission answer, by status (spec §8). */
export function submitFailureMessage(status: number, body: { error?: unknown } | null): string {
  if (status === 401) return messages.formUnauthorized;
  if (status === 404) return messages.formNotConfigured;
  if (status === 429) return messages.formRateLimited;
  if (status === 500) return messages.formServerError;
  return typeof body?.error === "string" && body.error ? body.error : messages.formUnknownError;
}
