// A form's submission (spec §4 Form, §8 Form submit HTTP errors): idle -> submitting ('Submitting…',
// button disabled) -> success or failure; a failure shows its errors and unlocks the form.
import { formMessages } from "../../../../server/domain/messages/forms.ts";

/** The message for a failed SaveFormSubmission answer, by status (spec §8). */
export function submitFailureMessage(status: number, body: { error?: unknown } | null): string {
  if (status === 401) return formMessages.formUnauthorized;
  if (status === 404) return formMessages.formNotConfigured;
  if (status === 429) return formMessages.formRateLimited;
  if (status === 500) return formMessages.formServerError;
  return typeof body?.error === "string" && body.error ? body.error : formMessages.formUnknownError;
}
