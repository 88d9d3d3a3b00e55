// Submitting a form over REST (spec storefront §7 the form calls, §8 form errors; issue 4 §1):
// single-use keys, and submissions stored in the transaction that acknowledges them.
import { expectNoStackTrace } from "./helpers.ts";
import { processLogger } from "../../server/services/support/log.ts";
import {
  contactAnswers,
  contactId,
  EMAIL_NOT_VALID,
  INVALID,
  KEY,
  keyFor,
  NOT_CONFIGURED,
  PAGE,
  RATE_LIMITED,
  SAVE,
  SERVER_ERROR,
  store,
  submit,
  UNAUTHORIZED,
  UNPARSEABLE,
  useFormsStore,
} from "./forms-setup.ts";

useFormsStore();

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
