// Form blocks and newsletter blocks over REST (spec storefront §3 Form, §5 Forms, §7 the form calls,
// §8 form errors; issue 4 §1): the template schema, validation, single-use keys, submissions stored
// in the transaction that acknowledges them, spam defence, newsletter double opt-in.
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { DEFAULT_FORM_LIMITS, type FormLimits } from "../../server/services/forms/form-views.ts";
import { processLogger } from "../../server/services/support/log.ts";
import { expectNoStackTrace } from "./helpers.ts";

const SCHEMA = "/api/template/GetTemplateSchema";
const KEY = "/api/form/FormSubmissionKey";
const SAVE = "/api/form/SaveFormSubmission";
const validatePath = (formId: number | string) => `/api/rest/forms/validate/${formId}`;

const INVALID = "One or more fields is invalid, please check your entries.";
const NOT_CONFIGURED = "This form has not been configured yet.";
const UNPARSEABLE = "Could not parse the form fields, please check your entries.";
const UNAUTHORIZED = "Unable to submit form. Please try again later.";
const RATE_LIMITED = "Unable to submit form. Submission rate limit exceeded. Please try again later.";
const SERVER_ERROR = "Unable to send form. Please try again later.";
const RECAPTCHA_FAILED = "reCAPTCHA failed. Refresh this page and try again.";

/** The default limits with `perMinute` submissions per client address (0: no limit), as FORM_SUBMISSIONS_PER_MINUTE sets them. */
const formLimits = ({ perMinute }: { perMinute: number }): FormLimits => ({
  ...DEFAULT_FORM_LIMITS,
  perAddress: { burst: perMinute, perSecond: perMinute / 60 },
});
const EMAIL_NOT_VALID = "Email is not valid. Email addresses should follow the format user@domain.com.";

const PAGE = { pageTitle: "Contact", pageId: "contact-page", contentSource: "c", pagePath: "/contact", pagePermissionTypeValue: 1 };

let store: TestStore;
let contactId: number;
let newsletterId: number;
let sequence = 0;

beforeAll(async () => {
  // Every request of these tests comes from 127.0.0.1: the per-address limit is tested on a store of its own below.
  store = await startTestStore({ config: { formLimits: formLimits({ perMinute: 0 }) } });
  contactId = (await store.db.form.findFirstOrThrow({ where: { key: "contact" } })).id;
  newsletterId = (await store.db.form.findFirstOrThrow({ where: { key: "newsletter" } })).id;
});
afterAll(() => store.close());

async function keyFor(visitor: TestVisitor): Promise<string> {
  const response = await visitor.request("POST", KEY);
  expect(response.status).toBe(200);
  return response.body.data.key;
}

/** Contact answers that pass, unique per call (so duplicate detection leaves them alone). */
function contactAnswers(extra: Record<string, unknown> = {}) {
  sequence++;
  return { name: ["Ada", `Lovelace ${sequence}`], email: `ada${sequence}@example.com`, message: "Hello", ...extra };
}

async function submit(visitor: TestVisitor, form: unknown, extra: Record<string, unknown> = {}) {
  const key = "key" in extra ? extra.key : await keyFor(visitor);
  return visitor.request("POST", SAVE, { body: { key, formId: contactId, form: JSON.stringify(form), ...PAGE, ...extra } });
}

describe("GET /api/template/GetTemplateSchema?type=form", () => {
  it("describes every field kind with its editable properties, answer shape and parts", async () => {
    const response = await store.visitor().request("GET", `${SCHEMA}?type=form`);
    expect(response.status).toBe(200);
    expect(response.body.fieldsets).toEqual(["build", "storage", "advanced", "captcha", "disclaimer"]);
    const kinds = Object.fromEntries(response.body.fieldKinds.map((kind: any) => [kind.kind, kind]));
    expect(Object.keys(kinds).sort()).toEqual(
      [
        "address",
        "checkbox",
        "currency",
        "date",
        "email",
        "hidden",
        "likert",
        "name",
        "number",
        "password",
        "phone",
        "radio",
        "section",
        "select",
        "text",
        "textarea",
        "time",
        "twitter",
        "website",
      ].sort(),
    );
    expect(kinds.textarea.properties).toEqual(["id", "title", "description", "placeholder", "required", "maxLength"]);
    expect(kinds.currency.properties).toEqual(["id", "title", "description", "currencySymbol", "required"]);
    expect(kinds.phone.properties).toEqual(["id", "title", "description", "required", "showCountryCode"]);
    expect(kinds.section.properties).toEqual(["id", "title", "description", "underline"]);
    expect(kinds.hidden.properties).toEqual(["id", "title", "key", "value"]);
    expect(kinds.radio.properties).toEqual(["id", "title", "description", "options", "required"]);
    expect(kinds.address.parts).toEqual(["Line1", "Line2", "City", "State", "Zip", "Country"]);
    expect(kinds.date.parts).toEqual(["Month", "Day", "Year"]);
    expect(kinds.name.parts).toEqual(["First", "Last"]);
    expect(kinds.phone.parts).toEqual(["Country", "Areacode", "Prefix", "Line"]);
    expect(kinds.time.parts).toEqual(["Hour", "Minute", "Second", "Ampm"]);
    expect(kinds.likert).toMatchObject({
      canBeRequired: false,
      answerShape: "scores",
      scores: ["-2", "-1", "0", "1", "2"],
      labels: ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"],
    });
    expect(kinds.checkbox.answerShape).toBe("checked-values");
    expect(kinds.hidden.answerShape).toBe("query-value");
    expect(kinds.section.answerShape).toBe("none");
  });

  it("with formId adds the form's fields: kinds, options, required", async () => {
    const response = await store.visitor().request("GET", `${SCHEMA}?type=form&formId=${contactId}`);
    expect(response.status).toBe(200);
    const { form } = response.body;
    expect(form).toMatchObject({
      id: contactId,
      key: "contact",
      kind: "FORM",
      submissionMessage: "Thanks! We'll be in touch.",
      captcha: { required: false, siteKey: null },
    });
    const fields = Object.fromEntries(form.fields.map((field: any) => [field.id, field]));
    expect(fields.name).toMatchObject({ kind: "name", required: true, parts: ["First", "Last"] });
    expect(fields.email).toMatchObject({ kind: "email", required: true });
    expect(fields.message).toMatchObject({ kind: "textarea", required: false, maxLength: 200 });
    expect(fields.topics).toMatchObject({ kind: "checkbox", options: ["Orders", "Products", "Wholesale"] });
    expect(fields.satisfaction).toMatchObject({ kind: "likert", required: false, questions: ["Product quality", "Delivery"] });
    expect(fields.utm_source).toMatchObject({ kind: "hidden", key: "utm_source", value: "direct" });
    expect(fields.details).toMatchObject({ kind: "section", underline: true });
    expect(fields.phone).toMatchObject({ kind: "phone", showCountryCode: true });
  });

  it.each(["form-block", "form%20block", "FORM"])("takes type=%s as the form block's type too", async (type) => {
    const response = await store.visitor().request("GET", `${SCHEMA}?type=${type}`);
    expect(response.status).toBe(200);
    expect(response.body.type).toBe("form");
  });

  it("finds a form by key too", async () => {
    const response = await store.visitor().request("GET", `${SCHEMA}?type=form&key=newsletter`);
    expect(response.body.form).toMatchObject({ id: newsletterId, kind: "NEWSLETTER" });
  });

  it.each([
    [400, "no type", `${SCHEMA}`, "Only type=form has a template schema."],
    [400, "another type", `${SCHEMA}?type=page`, "Only type=form has a template schema."],
    [404, "an unknown form", `${SCHEMA}?type=form&formId=999999`, NOT_CONFIGURED],
    [400, "a form id that is not a number", `${SCHEMA}?type=form&formId=abc`, "The request is not valid."],
  ])("answers %i to %s", async (status, _case, path, error) => {
    const response = await store.visitor().request("GET", path);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
  });
});

describe("POST /api/rest/forms/validate/{formId}", () => {
  it("answers valid answers with 200", async () => {
    const response = await store.visitor().request("POST", validatePath(contactId), { body: contactAnswers() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true });
  });

  it("answers 400 with the overall message and field id -> message", async () => {
    const response = await store.visitor().request("POST", validatePath(contactId), {
      body: { name: ["", ""], email: "ada@", message: "x".repeat(201), "visit-date": ["2", "30", "2025"], store: "Mars" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: INVALID,
      errors: {
        name: "Required",
        email: EMAIL_NOT_VALID,
        message: "You have exceeded the character limit.",
        "visit-date": "Please enter a valid date.",
        store: "Please choose one of the options.",
      },
    });
  });

  it("never requires the likert field, and checks its scores", async () => {
    const ok = await store.visitor().request("POST", validatePath(contactId), { body: contactAnswers({ satisfaction: {} }) });
    expect(ok.status).toBe(200);
    const bad = await store.visitor().request("POST", validatePath(contactId), { body: contactAnswers({ satisfaction: { Delivery: "5" } }) });
    expect(bad.body.errors).toEqual({ satisfaction: "Please answer with a score from -2 to 2." });
  });

  it.each([
    [404, "an unknown form", "999999", { name: ["A", "B"] }, NOT_CONFIGURED],
    [404, "a form id that is not a number", "contact", { name: ["A", "B"] }, NOT_CONFIGURED],
    [400, "a list instead of an object", "CONTACT", ["x"], UNPARSEABLE],
    [400, "a text answer that is an object", "CONTACT", { email: { nested: true } }, UNPARSEABLE],
  ])("answers %i to %s", async (status, _case, formId, body, error) => {
    const response = await store.visitor().request("POST", validatePath(formId === "CONTACT" ? contactId : formId), { body });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
  });
});

describe("POST /api/form/FormSubmissionKey", () => {
  it("answers data.key", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", KEY);
    expect(response.status).toBe(200);
    expect(response.body.data.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("needs the visitor's credentials (the crumb): else 401 'Could not get a form submission key, please try again later.'", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", KEY, { crumb: false });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ crumbFail: true, error: "Could not get a form submission key, please try again later." });
  });

  it("answers an unexpected failure with 500 'Could not get a form submission key, please try again later.'", async () => {
    const visitor = await store.visitor().arrive();
    const spy = jest.spyOn(store.app.services.forms, "issueKey").mockRejectedValueOnce(new Error("database went away"));
    const error = jest.spyOn(processLogger(), "error").mockImplementation(() => {});
    try {
      const response = await visitor.request("POST", KEY);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: "Could not get a form submission key, please try again later." });
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});

describe("POST /api/form/SaveFormSubmission", () => {
  it("acknowledges a submission only once it is stored, with the form's submission message", async () => {
    const visitor = await store.visitor().arrive();
    const answers = contactAnswers();
    const response = await submit(visitor, answers);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      submissionId: expect.any(String),
      duplicate: false,
      submissionMessage: "Thanks! We'll be in touch.",
      successRedirect: null,
      postSubmitHtml: null,
    });
    const stored = await store.db.formSubmission.findUniqueOrThrow({ where: { id: response.body.submissionId } });
    expect(stored).toMatchObject({ formId: contactId, formName: "Contact", email: answers.email, spam: false, ...PAGE });
  });

  it("stores answers in the spec's shapes: phone of 3 parts with an empty first part, the hidden field's query value or default, no section", async () => {
    const visitor = await store.visitor().arrive();
    const withDefault = await submit(
      visitor,
      contactAnswers({ phone: ["212", "555", "0100"], details: "ignored", topics: "Orders", satisfaction: { Delivery: 2 } }),
    );
    const stored = JSON.parse((await store.db.formSubmission.findUniqueOrThrow({ where: { id: withDefault.body.submissionId } })).answers);
    expect(stored.phone).toEqual(["", "212", "555", "0100"]);
    expect(stored.utm_source).toBe("direct");
    expect(stored).not.toHaveProperty("details");
    expect(stored.topics).toEqual(["Orders"]);
    expect(stored.satisfaction).toEqual({ Delivery: "2" });
    expect(stored.address).toEqual(["", "", "", "", "", ""]);
    const fromQuery = await submit(visitor, contactAnswers({ utm_source: "newsletter", address: { Line1: "1 Main St", City: "New York", Country: "US" } }));
    const stored2 = JSON.parse((await store.db.formSubmission.findUniqueOrThrow({ where: { id: fromQuery.body.submissionId } })).answers);
    expect(stored2.utm_source).toBe("newsletter");
    expect(stored2.address).toEqual(["1 Main St", "", "New York", "", "", "US"]);
  });

  it("drops answers to fields the form does not have", async () => {
    const visitor = await store.visitor().arrive();
    const response = await submit(visitor, contactAnswers({ injected: "<script>" }));
    const stored = JSON.parse((await store.db.formSubmission.findUniqueOrThrow({ where: { id: response.body.submissionId } })).answers);
    expect(stored).not.toHaveProperty("injected");
  });

  it("refuses invalid answers with 400, field id -> message, and stores nothing; the same key works once fixed", async () => {
    const visitor = await store.visitor().arrive();
    const before = await store.db.formSubmission.count();
    const key = await keyFor(visitor);
    const response = await submit(visitor, { name: ["Ada", ""], email: "not-an-email" }, { key });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: INVALID, errors: { email: EMAIL_NOT_VALID } });
    expect(await store.db.formSubmission.count()).toBe(before);
    expect((await submit(visitor, contactAnswers(), { key })).status).toBe(200);
  });

  it("spends the key: another submission with it gets 401 'Unable to submit form. Please try again later.'", async () => {
    const visitor = await store.visitor().arrive();
    const key = await keyFor(visitor);
    expect((await submit(visitor, contactAnswers(), { key })).status).toBe(200);
    const again = await submit(visitor, contactAnswers(), { key });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: UNAUTHORIZED, code: "FORM_KEY_INVALID" });
  });

  it("answers a retry of the same answers with the same key with the stored submission, storing nothing new", async () => {
    const visitor = await store.visitor().arrive();
    const key = await keyFor(visitor);
    const answers = contactAnswers();
    const first = await submit(visitor, answers, { key });
    const count = await store.db.formSubmission.count();
    const retry = await submit(visitor, answers, { key });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ submissionId: first.body.submissionId, duplicate: true });
    expect(await store.db.formSubmission.count()).toBe(count);
  });

  it.each([
    ["no key", () => undefined],
    ["a made-up key", () => "k".repeat(32)],
    ["a malformed key", () => "not a key"],
  ])("refuses %s with 401", async (_case, makeKey) => {
    const visitor = await store.visitor().arrive();
    const response = await submit(visitor, contactAnswers(), { key: makeKey() });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(UNAUTHORIZED);
  });

  it("refuses an expired key with 401", async () => {
    const visitor = await store.visitor().arrive();
    const key = await keyFor(visitor);
    await store.db.formSubmissionKey.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await submit(visitor, contactAnswers(), { key });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(UNAUTHORIZED);
  });

  it("refuses a key handed to another visitor (another crumb) with 401", async () => {
    const owner = await store.visitor().arrive();
    const thief = await store.visitor().arrive();
    const key = await keyFor(owner);
    const response = await submit(thief, contactAnswers(), { key });
    expect(response.status).toBe(401);
    expect((await submit(owner, contactAnswers(), { key })).status).toBe(200);
  });

  it("answers a crumb failure with the form's 401 (crumbFail set)", async () => {
    const visitor = await store.visitor().arrive();
    const key = await keyFor(visitor);
    const response = await visitor.request("POST", SAVE, { body: { key, formId: contactId, form: JSON.stringify(contactAnswers()) }, crumb: false });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ crumbFail: true, error: UNAUTHORIZED });
  });

  it.each([
    ["no formId", undefined],
    ["an unknown formId", 999_999],
    ["a formId that is not a number", "contact"],
  ])("answers %s with 404 'This form has not been configured yet.'", async (_case, formId) => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", SAVE, { body: { key: await keyFor(visitor), formId, form: "{}" } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: NOT_CONFIGURED, code: "FORM_NOT_CONFIGURED" });
  });

  it.each([
    ["form fields that are not JSON", "{name:"],
    ["a JSON list", "[1,2]"],
    ["a text answer that is an object", JSON.stringify({ email: { a: 1 } })],
    ["a name answered with nested lists", JSON.stringify({ name: [["Ada"]] })],
  ])("answers %s with 400 'Could not parse the form fields, please check your entries.'", async (_case, form) => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", SAVE, { body: { key: await keyFor(visitor), formId: contactId, form } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(UNPARSEABLE);
  });

  it("takes the fields as a JSON object too", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", SAVE, { body: { key: await keyFor(visitor), formId: String(contactId), form: contactAnswers() } });
    expect(response.status).toBe(200);
  });

  it("stores the same answers to the same form within a minute once", async () => {
    const visitor = await store.visitor().arrive();
    const answers = contactAnswers();
    const first = await submit(visitor, answers);
    const second = await submit(await store.visitor().arrive(), answers);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ submissionId: first.body.submissionId, duplicate: true });
    expect(await store.db.formSubmission.count({ where: { email: answers.email } })).toBe(1);
    // A minute later the same answers are a new submission.
    await store.db.submissionFingerprint.updateMany({ data: { createdAt: new Date(Date.now() - 61_000) } });
    const later = await submit(visitor, answers);
    expect(later.body.duplicate).toBe(false);
    expect(await store.db.formSubmission.count({ where: { email: answers.email } })).toBe(2);
  });

  it("stores one submission when identical answers arrive at the same moment", async () => {
    const answers = contactAnswers();
    const visitors = await Promise.all([1, 2, 3, 4].map(() => store.visitor().arrive()));
    const keys = await Promise.all(visitors.map(keyFor));
    const responses = await Promise.all(visitors.map((visitor, index) => submit(visitor, answers, { key: keys[index] })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.body.submissionId)).size).toBe(1);
    expect(await store.db.formSubmission.count({ where: { email: answers.email } })).toBe(1);
  });

  it("keeps a submission that fills the honeypot apart as spam, answering it like any other", async () => {
    const visitor = await store.visitor().arrive();
    const response = await submit(visitor, contactAnswers({ "sc-website-url": "http://spam.example" }));
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const stored = await store.db.formSubmission.findUniqueOrThrow({ where: { id: response.body.submissionId } });
    expect(stored.spam).toBe(true);
  });

  it("limits submissions per email: the 6th within an hour gets 429 with the form's message", async () => {
    const visitor = await store.visitor().arrive();
    const email = "busy@example.com";
    for (let index = 0; index < 5; index++) expect((await submit(visitor, contactAnswers({ email, message: `note ${index}` }))).status).toBe(200);
    const limited = await submit(visitor, contactAnswers({ email, message: "note 6" }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: RATE_LIMITED });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await store.db.formSubmission.count({ where: { email } })).toBe(5);
  });

  it("answers an unexpected failure with 500 'Unable to send form. Please try again later.' and no details", async () => {
    const visitor = await store.visitor().arrive();
    const spy = jest.spyOn(store.app.services.forms, "submit").mockRejectedValueOnce(new Error("disk full at /var/lib/db"));
    const error = jest.spyOn(processLogger(), "error").mockImplementation(() => {});
    try {
      const response = await submit(visitor, contactAnswers());
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: SERVER_ERROR });
      expectNoStackTrace(response.body);
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});

describe("captcha", () => {
  let owner: Caller;
  beforeAll(async () => {
    owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const result = await owner.graphql(
      'mutation { updateCaptchaSettings(input: { siteKey: "site-key-1", secretKey: "secret-1" }) { ... on UpdateCaptchaSettingsSuccess { captchaSettings { siteKey hasSecretKey } } } }',
    );
    expect(result.data.updateCaptchaSettings).toEqual({ captchaSettings: { siteKey: "site-key-1", hasSecretKey: true } });
  });
  afterAll(async () => {
    await owner.graphql("mutation { updateCaptchaSettings(input: { siteKey: null, secretKey: null }) { __typename } }");
  });

  it("is required where the site has a site key: the schema says so", async () => {
    const response = await store.visitor().request("GET", `${SCHEMA}?type=form&formId=${contactId}`);
    expect(response.body.form.captcha).toEqual({ required: true, siteKey: "site-key-1" });
  });

  it("refuses a submission without a captcha token with 'reCAPTCHA failed. Refresh this page and try again.'", async () => {
    const visitor = await store.visitor().arrive();
    const response = await submit(visitor, contactAnswers());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: RECAPTCHA_FAILED, code: "CAPTCHA_REQUIRED" });
  });

  it("refuses a token the verifier rejects", async () => {
    const visitor = await store.visitor().arrive();
    const response = await submit(visitor, contactAnswers(), { captchaKey: "fail-token" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: RECAPTCHA_FAILED, code: "CAPTCHA_FAILED" });
  });

  it("accepts a verified token once: the same token again fails", async () => {
    const visitor = await store.visitor().arrive();
    expect((await submit(visitor, contactAnswers(), { captchaKey: "pass-abc" })).status).toBe(200);
    const replay = await submit(visitor, contactAnswers(), { captchaKey: "pass-abc" });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe(RECAPTCHA_FAILED);
  });

  it("is not asked for by a form that turned captcha off", async () => {
    const update = await owner.graphql(
      `mutation { updateForm(input: { id: "${contactId}", captchaEnabled: false }) { __typename ... on UpdateFormSuccess { form { captchaRequired } } } }`,
    );
    expect(update.data.updateForm).toEqual({ __typename: "UpdateFormSuccess", form: { captchaRequired: false } });
    try {
      expect((await submit(await store.visitor().arrive(), contactAnswers())).status).toBe(200);
    } finally {
      await owner.graphql(`mutation { updateForm(input: { id: "${contactId}", captchaEnabled: true }) { __typename } }`);
    }
  });
});

describe("newsletter double opt-in", () => {
  async function subscribe(email: string, extra: Record<string, unknown> = {}) {
    const visitor = await store.visitor().arrive();
    return visitor.request("POST", SAVE, {
      body: { key: await keyFor(visitor), formId: newsletterId, form: JSON.stringify({ email, ...extra }), pageTitle: "Home", pagePath: "/" },
    });
  }

  const signUpOf = (email: string) =>
    store.db.mailingListSignUp.findFirstOrThrow({ where: { email }, include: { consents: { orderBy: { id: "asc" } }, mailingList: true } });

  it("puts the address on the mailing list as PENDING with a SINGLE consent record and a subscribe event", async () => {
    const response = await subscribe("reader@example.com");
    expect(response.status).toBe(200);
    expect(response.body.submissionMessage).toBe("Thanks for subscribing!");
    const signUp = await signUpOf("reader@example.com");
    expect(signUp).toMatchObject({ status: "PENDING", mailingList: { name: "Newsletter" } });
    expect(signUp.consents).toEqual([
      expect.objectContaining({
        level: "SINGLE",
        source: "FORM",
        pagePath: "/",
        pageTitle: "Home",
        consentText: "We'll email you our news about once a month. Unsubscribe at any time.",
        formSubmissionId: response.body.submissionId,
      }),
    ]);
    const events = await store.db.subscribeEvent.findMany({ where: { email: "reader@example.com" } });
    expect(events).toEqual([expect.objectContaining({ kind: "SUBSCRIBE", formId: newsletterId, formSubmissionId: response.body.submissionId, pagePath: "/" })]);
  });

  it("writes a confirmation email to the outbox (the record, without SMTP_URL)", async () => {
    await subscribe("outbox@example.com");
    const emails = await store.db.outboxEmail.findMany({ where: { toEmail: "outbox@example.com" } });
    expect(emails).toEqual([expect.objectContaining({ kind: "NEWSLETTER_CONFIRM", status: "RECORDED", subject: "Please confirm your subscription" })]);
    expect(emails[0].textBody).toMatch(/\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{32}/);
  });

  it("confirms through the email's link: CONFIRMED, a CONFIRMED consent from the same page, a CONFIRM event; once", async () => {
    await subscribe("confirm@example.com");
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "confirm@example.com" } });
    const link = new URL(/(http\S+)/.exec(email.textBody)![1]);
    const visitor = store.visitor();
    const response = await visitor.request("GET", link.pathname + link.search);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ confirmed: true, email: "confirm@example.com", mailingList: "Newsletter" });
    const again = await visitor.request("GET", link.pathname + link.search);
    expect(again.status).toBe(200);
    const signUp = await signUpOf("confirm@example.com");
    expect(signUp.status).toBe("CONFIRMED");
    expect(signUp.consents.map((consent) => [consent.level, consent.pagePath])).toEqual([
      ["SINGLE", "/"],
      ["CONFIRMED", "/"],
    ]);
    expect((await store.db.subscribeEvent.findMany({ where: { email: "confirm@example.com" }, orderBy: { id: "asc" } })).map((event) => event.kind)).toEqual([
      "SUBSCRIBE",
      "CONFIRM",
    ]);
  });

  it("refuses an unknown or expired confirmation link with 404", async () => {
    const unknown = await store.visitor().request("GET", `/api/newsletter/confirm?token=${"t".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("This confirmation link is not valid or has expired.");
    await subscribe("late@example.com");
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "late@example.com" } });
    await store.db.mailingListSignUp.updateMany({
      where: { email: "late@example.com" },
      data: { confirmationSentAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) },
    });
    const link = new URL(/(http\S+)/.exec(email.textBody)![1]);
    expect((await store.visitor().request("GET", link.pathname + link.search)).status).toBe(404);
    expect((await signUpOf("late@example.com")).status).toBe("PENDING");
  });

  it("sends one confirmation an hour however often the address subscribes, recording each subscribe event", async () => {
    await subscribe("twice@example.com");
    await store.db.submissionFingerprint.deleteMany({});
    await subscribe("twice@example.com");
    expect(await store.db.outboxEmail.count({ where: { toEmail: "twice@example.com" } })).toBe(1);
    expect(await store.db.subscribeEvent.count({ where: { email: "twice@example.com" } })).toBe(2);
    expect(await store.db.mailingListSignUp.count({ where: { email: "twice@example.com" } })).toBe(1);
  });

  it("puts nobody on the list for a honeypot submission", async () => {
    const response = await subscribe("bot@example.com", { "sc-website-url": "x" });
    expect(response.status).toBe(200);
    expect(await store.db.mailingListSignUp.count({ where: { email: "bot@example.com" } })).toBe(0);
  });

  it("refuses an invalid address with the form's field message", async () => {
    const response = await subscribe("nope");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: INVALID, errors: { email: EMAIL_NOT_VALID } });
  });
});

describe("the same over GraphQL", () => {
  it("gets a key and submits; invalid answers come back as FormInvalidError with field errors", async () => {
    const visitor = await store.visitor().arrive();
    const submitMutation = `mutation ($input: SubmitFormInput!) { submitForm(input: $input) {
      __typename ... on SubmitFormSuccess { submissionId duplicate submissionMessage }
      ... on FormInvalidError { message fieldErrors { fieldId message } } ... on Error { message code } } }`;
    const key = async () =>
      (await visitor.graphql("mutation { requestFormSubmissionKey { ... on RequestFormSubmissionKeySuccess { key } } }")).data.requestFormSubmissionKey.key;
    const bad = await visitor.graphql(submitMutation, { input: { formId: String(contactId), key: await key(), form: { name: ["", ""] } } });
    expect(bad.data.submitForm).toEqual({
      __typename: "FormInvalidError",
      message: INVALID,
      code: "FORM_INVALID",
      fieldErrors: [
        { fieldId: "name", message: "Required" },
        { fieldId: "email", message: "Required" },
      ],
    });
    const good = await visitor.graphql(submitMutation, {
      input: { formId: String(contactId), key: await key(), form: contactAnswers(), pagePath: "/contact" },
    });
    expect(good.data.submitForm).toMatchObject({ __typename: "SubmitFormSuccess", duplicate: false, submissionMessage: "Thanks! We'll be in touch." });
    const spent = await visitor.graphql(submitMutation, { input: { formId: String(contactId), key: "k".repeat(32), form: contactAnswers() } });
    expect(spent.data.submitForm).toEqual({ __typename: "FormKeyInvalidError", message: UNAUTHORIZED, code: "FORM_KEY_INVALID" });
  });

  it("validates answers, and describes the builder's field kinds", async () => {
    const query = `query($formId: ID!, $answers: JSONObject!) { validateFormAnswers(formId: $formId, answers: $answers) {
      __typename ... on FormValidation { valid summary fieldErrors { fieldId message } } ... on Error { message } } }`;
    const bad = await store.visitor().graphql(query, { formId: String(contactId), answers: { name: ["Ada", "L"], email: "x" } });
    expect(bad.data.validateFormAnswers).toEqual({
      __typename: "FormValidation",
      valid: false,
      summary: INVALID,
      fieldErrors: [{ fieldId: "email", message: EMAIL_NOT_VALID }],
    });
    const good = await store.visitor().graphql(query, { formId: String(contactId), answers: contactAnswers() });
    expect(good.data.validateFormAnswers).toEqual({ __typename: "FormValidation", valid: true, summary: null, fieldErrors: [] });
    const unknown = await store.visitor().graphql(query, { formId: "999999", answers: {} });
    expect(unknown.data.validateFormAnswers).toEqual({ __typename: "FormNotConfiguredError", message: NOT_CONFIGURED });
    const kinds = await store.visitor().graphql("{ formTemplateSchema }");
    expect(kinds.data.formTemplateSchema.fieldKinds).toHaveLength(19);
  });

  it("confirms a newsletter subscription with confirmNewsletterSubscription", async () => {
    const visitor = await store.visitor().arrive();
    const key = await keyFor(visitor);
    await visitor.request("POST", SAVE, { body: { key, formId: newsletterId, form: JSON.stringify({ email: "graphql-reader@example.com" }) } });
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "graphql-reader@example.com" } });
    const token = /token=([A-Za-z0-9_-]+)/.exec(email.textBody)![1];
    const mutation = `mutation($token: String!) { confirmNewsletterSubscription(input: { token: $token }) { __typename ... on ConfirmNewsletterSubscriptionSuccess { email mailingList } ... on Error { message } } }`;
    expect((await visitor.graphql(mutation, { token })).data.confirmNewsletterSubscription).toEqual({
      __typename: "ConfirmNewsletterSubscriptionSuccess",
      email: "graphql-reader@example.com",
      mailingList: "Newsletter",
    });
    expect((await visitor.graphql(mutation, { token: "x".repeat(32) })).data.confirmNewsletterSubscription).toEqual({
      __typename: "NotFoundError",
      message: "This confirmation link is not valid or has expired.",
    });
  });

  it("reads a form by key with its schema and the captcha setting", async () => {
    const result = await store.visitor().graphql('{ form(key: "contact") { formId key kind captchaRequired fields { fieldId type required } } }');
    expect(result.data.form).toMatchObject({ formId: contactId, key: "contact", kind: "FORM", captchaRequired: false });
    expect(result.data.form.fields).toContainEqual({ fieldId: "satisfaction", type: "likert", required: false });
  });
});

describe("per-address limit", () => {
  let limited: TestStore;
  beforeAll(async () => {
    limited = await startTestStore({ config: { formLimits: formLimits({ perMinute: 3 }) } });
  });
  afterAll(() => limited.close());

  it("refuses the 4th submission in a minute from one address with 429 and the form's message", async () => {
    const formId = (await limited.db.form.findFirstOrThrow({ where: { key: "contact" } })).id;
    const statuses: number[] = [];
    let last: any;
    for (let index = 0; index < 4; index++) {
      const visitor = await limited.visitor().arrive();
      const key = (await visitor.request("POST", KEY)).body.data.key;
      last = await visitor.request("POST", SAVE, { body: { key, formId, form: JSON.stringify(contactAnswers()) } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last.body).toEqual({ error: RATE_LIMITED });
    expect(await limited.db.formSubmission.count()).toBe(3);
  });
});
