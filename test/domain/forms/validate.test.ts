// Form validation (spec storefront §5 Forms, §3 Form value by field type, §9 "Email length 3 to 256").
import type { FieldAnswer, FieldType, FormField } from "../../../server/domain/forms/fields.ts";
import { isValidEmail, normalisePhone, validateField, validateForm } from "../../../server/domain/forms/validate.ts";

const field = (type: FieldType, extra: Partial<FormField> = {}): FormField => ({ id: `${type}-field`, type, title: type, ...extra });
const required = (type: FieldType, extra: Partial<FormField> = {}) => field(type, { required: true, ...extra });

const EMAIL_NOT_VALID = "Email is not valid. Email addresses should follow the format user@domain.com.";

describe("required fields", () => {
  it.each<[FieldType, FieldAnswer | null | undefined]>([
    ["text", ""],
    ["text", "   "],
    ["text", null],
    ["text", undefined],
    ["textarea", ""],
    ["email", ""],
    ["number", ""],
    ["website", ""],
    ["checkbox", []],
    ["radio", ""],
    ["radio", undefined],
    ["select", ""],
    ["name", ["", ""]],
    ["address", ["", "", "", "", "", ""]],
    ["date", ["", "", ""]],
    ["time", ["", "", "", ""]],
    ["phone", ["", "", "", ""]],
  ])("a required %s field answered %j gives 'Required'", (type, answer) => {
    expect(validateField(required(type), answer)).toBe("Required");
  });

  it.each<[FieldType, FieldAnswer]>([
    ["text", "Ada"],
    ["textarea", "Hello"],
    ["checkbox", ["Yes"]],
    ["radio", "Tea"],
    ["select", "Large"],
    ["name", ["Ada", "Lovelace"]],
    ["address", ["1 Main St", "", "New York", "NY", "10001", "US"]],
    ["date", ["12", "10", "1815"]],
    ["phone", ["", "212", "555", "0100"]],
  ])("a required %s field answered %j passes", (type, answer) => {
    expect(validateField(required(type), answer)).toBeNull();
  });

  it.each<FieldType>(["text", "textarea", "email", "checkbox", "radio", "select", "name", "address", "phone"])("an optional empty %s field passes", (type) => {
    expect(validateField(field(type), type === "checkbox" ? [] : "")).toBeNull();
  });

  it("likert is never required", () => {
    expect(validateField(required("likert", { questions: ["Service"] }), {})).toBeNull();
    expect(validateField(required("likert", { questions: ["Service"] }), undefined)).toBeNull();
  });

  it.each<FieldType>(["section", "hidden"])("a %s field is skipped", (type) => {
    expect(validateField(required(type), undefined)).toBeNull();
    expect(validateField(required(type), "")).toBeNull();
  });
});

describe("text area maximum length", () => {
  const textarea = field("textarea", { maxLength: 200 });

  it.each([
    [0, null],
    [1, null],
    [200, null],
    [201, "You have exceeded the character limit."],
    [5000, "You have exceeded the character limit."],
  ])("a text area with max length 200 answered with %i characters -> %j", (length, message) => {
    expect(validateField(textarea, "x".repeat(length))).toBe(message);
  });

  it("an optional empty text area with a max length passes", () => {
    expect(validateField(field("textarea", { maxLength: 20 }), "")).toBeNull();
  });

  it("a text area without a max length takes any length", () => {
    expect(validateField(field("textarea"), "x".repeat(10_000))).toBeNull();
    expect(validateField(field("textarea", { maxLength: null }), "x".repeat(10_000))).toBeNull();
  });

  // The demo engraved pen's form: "Engraving" text, required, maxLength 20 (demo-store.md).
  it("the demo engraving field, a required text field of at most 20 characters", () => {
    const engraving = required("text", { id: "engraving", title: "Engraving", maxLength: 20 });
    expect(validateField(engraving, "")).toBe("Required");
    expect(validateField(engraving, "For Ada, with love!!")).toBeNull(); // 20 characters
    expect(validateField(engraving, "For Ada, with love!!!")).toBe("You have exceeded the character limit.");
  });
});

describe("email fields", () => {
  it("an empty optional email passes", () => {
    expect(validateField(field("email"), "")).toBeNull();
    expect(validateField(field("email"), undefined)).toBeNull();
  });

  it("an empty required email gives 'Required'", () => {
    expect(validateField(required("email"), "")).toBe("Required");
  });

  it("an invalid email gives 'Email is not valid. Email addresses should follow the format user@domain.com.'", () => {
    expect(validateField(field("email"), "not-an-email")).toBe(EMAIL_NOT_VALID);
    expect(validateField(required("email"), "user@domain")).toBe(EMAIL_NOT_VALID);
  });

  it("a valid email passes, surrounding spaces aside", () => {
    expect(validateField(required("email"), "member@sitecart.test")).toBeNull();
    expect(validateField(required("email"), "  owner@sitecart.test ")).toBeNull();
  });

  it("an email answered with parts is not valid", () => {
    expect(validateField(field("email"), ["user@domain.com"])).toBe(EMAIL_NOT_VALID);
  });
});

describe("isValidEmail (3 to 256 characters, local part, '@', domain, 2-4 alphanumeric top level)", () => {
  it.each([
    "user@domain.com",
    "a@b.co",
    "first.last@example.org",
    "first+tag@sub.example.co.uk",
    "o'brien@example.ie",
    "user_name-1%x@my-domain.info",
    "user@domain.c0m",
    "USER@DOMAIN.COM",
  ])("%s is valid", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["a@", "too short and no domain"],
    ["userdomain.com", "no at-sign"],
    ["user@@domain.com", "two at-signs"],
    ["@domain.com", "no local part"],
    ["user@domain", "no top-level part"],
    ["user@domain.c", "a 1-character top-level part"],
    ["user@domain.museum", "a 6-character top-level part"],
    ["user@domain.co_", "a top-level part that is not alphanumeric"],
    ["user name@domain.com", "a space in the local part"],
    ["user@.com", "an empty domain label"],
  ])("%j is not valid (%s)", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("is valid at 256 characters and not at 257", () => {
    const domain = "@example.com";
    const at256 = "a".repeat(256 - domain.length) + domain;
    expect(at256).toHaveLength(256);
    expect(isValidEmail(at256)).toBe(true);
    expect(isValidEmail("a" + at256)).toBe(false);
  });
});

describe("phone answers", () => {
  it("a phone field with 3 parts gets an empty first part", () => {
    expect(normalisePhone(["212", "555", "0100"])).toEqual(["", "212", "555", "0100"]);
  });

  it("a phone field with 4 parts is kept as is", () => {
    expect(normalisePhone(["1", "212", "555", "0100"])).toEqual(["1", "212", "555", "0100"]);
  });

  it("returns a new array", () => {
    const parts = ["1", "212", "555", "0100"];
    expect(normalisePhone(parts)).not.toBe(parts);
  });
});

describe("validateForm", () => {
  // A form with one field of every kind, like the demo contact form (name and email required).
  const contact: FormField[] = [
    { id: "name", type: "name", title: "Name", required: true },
    { id: "email", type: "email", title: "Email", required: true },
    { id: "message", type: "textarea", title: "Message", maxLength: 200 },
    { id: "phone", type: "phone", title: "Phone" },
    { id: "topic", type: "select", title: "Topic", options: ["Orders", "Other"] },
    { id: "rating", type: "likert", title: "Rating", questions: ["Service"], required: true },
    { id: "utm_source", type: "hidden", title: "Source", value: "direct" },
    { id: "details", type: "section", title: "Details" },
    { id: "newsletter", type: "checkbox", title: "Newsletter", options: ["Yes"] },
  ];

  it("validates every field and passes a good answer set", () => {
    const result = validateForm(contact, {
      name: ["Ada", "Lovelace"],
      email: "ada@example.com",
      message: "Hello",
      phone: ["", "212", "555", "0100"],
      topic: "Orders",
      rating: { Service: "2" },
      newsletter: ["Yes"],
    });
    expect(result).toEqual({ ok: true });
  });

  it("fails with 'One or more fields is invalid, please check your entries.' and an error per field", () => {
    const result = validateForm(contact, { name: ["", ""], email: "ada@", message: "x".repeat(201) });
    expect(result).toEqual({
      ok: false,
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [
        { fieldId: "name", message: "Required" },
        { fieldId: "email", message: "Email is not valid. Email addresses should follow the format user@domain.com." },
        { fieldId: "message", message: "You have exceeded the character limit." },
      ],
    });
  });

  it("reports a missing answer to a required field", () => {
    expect(validateForm(contact, { name: ["Ada", "Lovelace"] })).toEqual({
      ok: false,
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [{ fieldId: "email", message: "Required" }],
    });
  });

  it("passes a form with no fields", () => {
    expect(validateForm([], {})).toEqual({ ok: true });
  });
});
