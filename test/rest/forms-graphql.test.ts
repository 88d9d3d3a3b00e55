// The form calls over GraphQL: the same rules and messages as over REST (spec storefront §5 Forms,
// §8 form errors).
import {
  contactAnswers,
  contactId,
  EMAIL_NOT_VALID,
  INVALID,
  keyFor,
  newsletterId,
  NOT_CONFIGURED,
  SAVE,
  store,
  UNAUTHORIZED,
  useFormsStore,
} from "./forms-setup.ts";

useFormsStore();

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
