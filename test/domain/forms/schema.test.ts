// The form schema of GET /api/template/GetTemplateSchema?type=form (its shape is ours: the spec leaves it open).
import { formSchema, formTemplateSchema, renderedField } from "../../../server/domain/forms/schema.ts";

it("lists the fieldsets and every kind once", () => {
  const schema = formTemplateSchema();
  expect(schema.fieldsets).toEqual(["build", "storage", "advanced", "captcha", "disclaimer"]);
  expect(schema.fieldKinds).toHaveLength(19);
  expect(schema.honeypotFieldId).toBe("sc-website-url");
});

it("renders a field with its kind, parts, options and whether it is required (likert never)", () => {
  expect(renderedField({ id: "r", type: "likert", title: "R", questions: ["Q"], required: true })).toMatchObject({
    kind: "likert",
    required: false,
    questions: ["Q"],
    parts: null,
  });
  expect(renderedField({ id: "p", type: "phone", title: "P", required: true })).toMatchObject({
    kind: "phone",
    required: true,
    showCountryCode: false,
    parts: ["Country", "Areacode", "Prefix", "Line"],
  });
  expect(renderedField({ id: "h", type: "hidden", title: "H", value: "d" })).toMatchObject({ kind: "hidden", key: "h", value: "d", required: false });
});

it("says whether a form asks for a captcha", () => {
  const form = { id: 1, key: "k", name: "N", kind: "FORM" as const, fields: [], submissionMessage: "", disclaimer: null, successRedirect: null };
  expect(formSchema(form, { required: true, siteKey: "sk" }).captcha).toEqual({ required: true, siteKey: "sk" });
});
