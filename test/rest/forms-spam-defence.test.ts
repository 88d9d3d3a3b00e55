// Spam defence of the form calls (spec storefront §5 Forms, §8 form errors): the captcha, and the
// per-address limit on a store of its own.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { contactAnswers, contactId, formLimits, KEY, RATE_LIMITED, RECAPTCHA_FAILED, SAVE, SCHEMA, store, submit, useFormsStore } from "./forms-setup.ts";

useFormsStore();

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
