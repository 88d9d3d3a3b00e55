// What an owner may save as a form: kinds, their editable properties (platform-support §3), ids,
// redirects, newsletter lists ('A List must be selected').
import { checkField, checkFields, checkFormSettings, isValidRedirect } from "../../../server/domain/forms/definition.ts";

describe("checkField", () => {
  it("keeps only the properties a kind has", () => {
    expect(checkField({ id: "n", type: "name", title: "Name", required: true, placeholder: "x", options: ["a"] })).toEqual({
      ok: true,
      value: { id: "n", type: "name", title: "Name", required: true },
    });
    expect(checkField({ id: "h", type: "hidden", title: "", key: "utm", value: "direct", required: true })).toEqual({
      ok: true,
      value: { id: "h", type: "hidden", title: "", key: "utm", value: "direct" },
    });
  });

  it("never marks likert, hidden or section required", () => {
    expect(checkField({ id: "l", type: "likert", title: "L", questions: ["Q"], required: true })).toEqual({
      ok: true,
      value: { id: "l", type: "likert", title: "L", questions: ["Q"] },
    });
  });

  it("keeps maxLength only on text areas, as a whole number from 1 to 100000", () => {
    expect(checkField({ id: "t", type: "textarea", title: "T", maxLength: 200 })).toEqual({
      ok: true,
      value: { id: "t", type: "textarea", title: "T", maxLength: 200 },
    });
    expect(checkField({ id: "t", type: "textarea", title: "T", maxLength: 0 })).toEqual({
      ok: false,
      problem: "field t: maxLength is a whole number from 1 to 100000",
      at: "maxLength",
    });
    expect(checkField({ id: "t", type: "email", title: "T", maxLength: 5 })).toEqual({ ok: true, value: { id: "t", type: "email", title: "T" } });
  });

  it.each([
    [{ id: "", type: "text", title: "A" }, "field ids are 1 to 64 letters, digits, - or _"],
    [{ id: "a b", type: "text", title: "A" }, "field ids are 1 to 64 letters, digits, - or _"],
    [{ id: "a", type: "slider", title: "A" }, "field a has an unknown kind"],
    [{ id: "a", type: "select", title: "A" }, "field a needs options"],
    [{ id: "a", type: "select", title: "A", options: [] }, "field a's options needs at least one entry"],
    [{ id: "a", type: "radio", title: "A", options: ["x", "x"] }, "field a's options has an entry twice"],
    [{ id: "a", type: "likert", title: "A" }, "field a needs questions"],
    [{ id: "a", type: "text", title: "A", required: "yes" }, "field a: required is true or false"],
    [{ id: "sc-website-url", type: "text", title: "A" }, "the field id sc-website-url is reserved"],
    ["text", "a field is not an object"],
  ])("refuses %j: %s", (input, problem) => {
    expect(checkField(input)).toMatchObject({ ok: false, problem });
  });
});

describe("checkFields", () => {
  it("refuses duplicate ids and more than 100 fields", () => {
    expect(
      checkFields([
        { id: "a", type: "text", title: "A" },
        { id: "a", type: "text", title: "B" },
      ]),
    ).toEqual({ ok: false, problem: "two fields have the id a", at: "fields.1.id" });
    expect(checkFields(Array.from({ length: 101 }, (_, index) => ({ id: `f${index}`, type: "text", title: "F" })))).toEqual({
      ok: false,
      problem: "a form has at most 100 fields",
      at: "fields",
    });
  });
});

describe("checkFormSettings", () => {
  it("defaults kind FORM, captcha on, empty submission message", () => {
    expect(checkFormSettings({ key: "contact-2", name: " Contact ", fields: [] })).toEqual({
      ok: true,
      value: {
        key: "contact-2",
        name: "Contact",
        kind: "FORM",
        fields: [],
        submissionMessage: "",
        disclaimer: null,
        successRedirect: null,
        captchaEnabled: true,
        postSubmitHtml: null,
        mailingListId: null,
      },
    });
  });

  it("needs an email field and a list for a newsletter: 'A List must be selected'", () => {
    expect(checkFormSettings({ key: "n", name: "N", kind: "NEWSLETTER", fields: [{ id: "e", type: "email", title: "E" }] })).toEqual({
      ok: false,
      problem: "A List must be selected",
      at: "mailingListId",
    });
    expect(checkFormSettings({ key: "n", name: "N", kind: "NEWSLETTER", mailingListId: 1, fields: [] })).toEqual({
      ok: false,
      problem: "a newsletter form needs an email field",
      at: "fields",
    });
    expect(checkFormSettings({ key: "n", name: "N", kind: "NEWSLETTER", mailingListId: 1, fields: [{ id: "e", type: "email", title: "E" }] }).ok).toBe(true);
  });

  it.each([
    [{ key: "Bad Key", name: "N" }, "the key is 1 to 64 lower-case letters, digits or dashes", "key"],
    [{ key: "k", name: "" }, "the name is 1 to 200 characters", "name"],
    [{ key: "k", name: "N", kind: "POLL" }, "the kind is FORM or NEWSLETTER", "kind"],
    [{ key: "k", name: "N", successRedirect: "javascript:alert(1)" }, "javascript:alert(1) is not a valid page URL", "successRedirect"],
    [{ key: "k", name: "N", captchaEnabled: "no" }, "captchaEnabled is true or false", "captchaEnabled"],
    [
      {
        key: "k",
        name: "N",
        fields: [
          { id: "ok", type: "text", title: "OK" },
          { id: "r", type: "radio", title: "R" },
        ],
      },
      "field r needs options",
      "fields.1.options",
    ],
    [{ key: "k", name: "N", fields: [{ id: "bad id", type: "text", title: "B" }] }, "field ids are 1 to 64 letters, digits, - or _", "fields.0.id"],
    [
      { key: "k", name: "N", fields: [{ id: "t", type: "textarea", title: "T", maxLength: 0 }] },
      "field t: maxLength is a whole number from 1 to 100000",
      "fields.0.maxLength",
    ],
  ])("refuses %j: %s (at %s, where the form builder shows it)", (input, problem, at) => {
    expect(checkFormSettings(input)).toEqual({ ok: false, problem, at });
  });
});

describe("isValidRedirect", () => {
  it.each([
    ["/thanks", true],
    ["https://example.com/thanks", true],
    ["http://example.com", true],
    ["//evil.example", false],
    ["ftp://example.com", false],
    ["thanks", false],
    ["/a b", false],
    ["/" + "a".repeat(2082), false],
  ])("%j -> %j", (value, valid) => {
    expect(isValidRedirect(value)).toBe(valid);
  });
});
