// A form's schema and its validation over REST (spec storefront §3 Form, §5 Forms, §7 the form calls):
// GET /api/template/GetTemplateSchema?type=form and POST /api/rest/forms/validate/{formId}.
import {
  contactAnswers,
  contactId,
  EMAIL_NOT_VALID,
  INVALID,
  newsletterId,
  NOT_CONFIGURED,
  SCHEMA,
  store,
  UNPARSEABLE,
  useFormsStore,
  validatePath,
} from "./forms-setup.ts";

useFormsStore();

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
