// Set-up shared by the form tests over REST and GraphQL (test/rest/forms-*.test.ts): the form paths,
// the spec's messages, a store without a per-address limit, and steps to get a key and submit.
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { DEFAULT_FORM_LIMITS, type FormLimits } from "../../server/services/forms/form-views.ts";

export const SCHEMA = "/api/template/GetTemplateSchema";
export const KEY = "/api/form/FormSubmissionKey";
export const SAVE = "/api/form/SaveFormSubmission";
export const validatePath = (formId: number | string) => `/api/rest/forms/validate/${formId}`;

export const INVALID = "One or more fields is invalid, please check your entries.";
export const NOT_CONFIGURED = "This form has not been configured yet.";
export const UNPARSEABLE = "Could not parse the form fields, please check your entries.";
export const UNAUTHORIZED = "Unable to submit form. Please try again later.";
export const RATE_LIMITED = "Unable to submit form. Submission rate limit exceeded. Please try again later.";
export const SERVER_ERROR = "Unable to send form. Please try again later.";
export const RECAPTCHA_FAILED = "reCAPTCHA failed. Refresh this page and try again.";

/** The default limits with `perMinute` submissions per client address (0: no limit), as FORM_SUBMISSIONS_PER_MINUTE sets them. */
export const formLimits = ({ perMinute }: { perMinute: number }): FormLimits => ({
  ...DEFAULT_FORM_LIMITS,
  perAddress: { burst: perMinute, perSecond: perMinute / 60 },
});
export const EMAIL_NOT_VALID = "Email is not valid. Email addresses should follow the format user@domain.com.";

export const PAGE = { pageTitle: "Contact", pageId: "contact-page", contentSource: "c", pagePath: "/contact", pagePermissionTypeValue: 1 };

export let store: TestStore;
export let contactId: number;
export let newsletterId: number;
let sequence = 0;

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useFormsStore() {
  beforeAll(async () => {
    // Every request of these tests comes from 127.0.0.1: the per-address limit is tested on a store of its own (forms-spam-defence.test.ts).
    store = await startTestStore({ config: { formLimits: formLimits({ perMinute: 0 }) } });
    contactId = (await store.db.form.findFirstOrThrow({ where: { key: "contact" } })).id;
    newsletterId = (await store.db.form.findFirstOrThrow({ where: { key: "newsletter" } })).id;
    // A store starts in well under a second; the margin is for a machine busy with other suites.
  }, 30_000);
  afterAll(() => store.close());
}

export async function keyFor(visitor: TestVisitor): Promise<string> {
  const response = await visitor.request("POST", KEY);
  expect(response.status).toBe(200);
  return response.body.data.key;
}

/** Contact answers that pass, unique per call (so duplicate detection leaves them alone). */
export function contactAnswers(extra: Record<string, unknown> = {}) {
  sequence++;
  return { name: ["Ada", `Lovelace ${sequence}`], email: `ada${sequence}@example.com`, message: "Hello", ...extra };
}

export async function submit(visitor: TestVisitor, form: unknown, extra: Record<string, unknown> = {}) {
  const key = "key" in extra ? extra.key : await keyFor(visitor);
  return visitor.request("POST", SAVE, { body: { key, formId: contactId, form: JSON.stringify(form), ...PAGE, ...extra } });
}
