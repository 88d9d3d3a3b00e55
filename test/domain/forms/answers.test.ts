// Answer shapes (spec storefront §3 "Form value by field type"; platform-support §9 query-string limit).
import {
  collectAnswer,
  emailOf,
  hiddenFieldValue,
  normaliseAnswer,
  normaliseAnswers,
  parseSubmittedForm,
  queryValues,
} from "../../../server/domain/forms/answers.ts";
import type { FieldType, FormField } from "../../../server/domain/forms/fields.ts";

const field = (type: FieldType, extra: Partial<FormField> = {}): FormField => ({ id: `${type}-field`, type, title: type, ...extra });

describe("form value by field type", () => {
  it.each<[FieldType, unknown, unknown]>([
    ["address", ["1 Main St", "", "New York", "NY", "10001", "US"], ["1 Main St", "", "New York", "NY", "10001", "US"]],
    ["address", { Line1: "1 Main St", City: "New York" }, ["1 Main St", "", "New York", "", "", ""]],
    ["date", ["12", "10", "1815"], ["12", "10", "1815"]],
    ["date", { Month: 12, Day: 10, Year: 1815 }, ["12", "10", "1815"]],
    ["name", ["Ada", "Lovelace"], ["Ada", "Lovelace"]],
    ["name", { First: "Ada", Last: "Lovelace" }, ["Ada", "Lovelace"]],
    ["time", ["9", "30", "", "AM"], ["9", "30", "", "AM"]],
    ["time", undefined, ["", "", "", ""]],
  ])("%s: an array of sub-values (%j -> %j)", (type, value, expected) => {
    expect(normaliseAnswer(field(type), value)).toEqual(expected);
  });

  it("phone: an array; with three parts the leading element is empty", () => {
    expect(normaliseAnswer(field("phone"), ["212", "555", "0100"])).toEqual(["", "212", "555", "0100"]);
    expect(normaliseAnswer(field("phone"), ["1", "212", "555", "0100"])).toEqual(["1", "212", "555", "0100"]);
    expect(normaliseAnswer(field("phone"), { Areacode: "212", Prefix: "555", Line: "0100" })).toEqual(["", "212", "555", "0100"]);
  });

  it("checkbox: an array of checked values (one value becomes a list of one)", () => {
    expect(normaliseAnswer(field("checkbox"), ["Orders", "Wholesale"])).toEqual(["Orders", "Wholesale"]);
    expect(normaliseAnswer(field("checkbox"), "Orders")).toEqual(["Orders"]);
    expect(normaliseAnswer(field("checkbox"), undefined)).toEqual([]);
  });

  it("radio: the single checked value; select: the chosen value; others: the plain value", () => {
    expect(normaliseAnswer(field("radio"), "Email")).toBe("Email");
    expect(normaliseAnswer(field("select"), "Queens")).toBe("Queens");
    expect(normaliseAnswer(field("number"), 42)).toBe("42");
    expect(normaliseAnswer(field("text"), undefined)).toBe("");
  });

  it("likert: a map of question to checked answer", () => {
    expect(normaliseAnswer(field("likert"), { Service: 2, Delivery: "-1", Price: "" })).toEqual({ Service: "2", Delivery: "-1" });
  });

  it("hidden: the URL query value of the same name, else its own default", () => {
    const hidden = field("hidden", { id: "utm_source", key: "utm_source", value: "direct" });
    expect(hiddenFieldValue(hidden, queryValues("?utm_source=newsletter&x=1"))).toBe("newsletter");
    expect(hiddenFieldValue(hidden, queryValues(""))).toBe("direct");
    expect(hiddenFieldValue(field("hidden", { id: "ref" }), queryValues("ref=abc"))).toBe("abc");
    expect(normaliseAnswer(hidden, "from-page")).toBe("from-page");
    expect(normaliseAnswer(hidden, "")).toBe("direct");
    expect(collectAnswer(hidden, "typed", queryValues("utm_source=ad"))).toBe("ad");
  });

  it("section: skipped", () => {
    expect(normaliseAnswers([field("section", { id: "s" }), field("text", { id: "t" })], { s: "x", t: "y" })).toEqual({
      ok: true,
      answers: { t: "y" },
      honeypot: "",
    });
  });

  it.each<[FieldType, unknown]>([
    ["text", { a: 1 }],
    ["text", ["a"]],
    ["name", [["Ada"]]],
    ["name", 5],
    ["checkbox", [{ a: 1 }]],
    ["likert", ["2"]],
    ["likert", { Service: { nested: 1 } }],
  ])("a %s field cannot take %j (the payload is unparseable)", (type, value) => {
    expect(normaliseAnswer(field(type), value)).toBeUndefined();
    expect(normaliseAnswers([field(type, { id: "f" })], { f: value })).toEqual({ ok: false, fieldId: "f" });
  });

  it("drops values for ids the form does not have, reading only the honeypot", () => {
    expect(normaliseAnswers([field("text", { id: "t" })], { t: "y", other: "z", "sc-website-url": " http://bot " })).toEqual({
      ok: true,
      answers: { t: "y" },
      honeypot: "http://bot",
    });
  });
});

describe("parseSubmittedForm", () => {
  it("takes JSON text or an object", () => {
    expect(parseSubmittedForm('{"a":"b"}')).toEqual({ a: "b" });
    expect(parseSubmittedForm({ a: "b" })).toEqual({ a: "b" });
  });

  it.each([["{a:"], ["[1]"], ["null"], [42], [null], [undefined], ['"text"']])("gives null for %j", (value) => {
    expect(parseSubmittedForm(value)).toBeNull();
  });
});

describe("queryValues", () => {
  it("keeps the first value of a key and reads at most 1000 keys", () => {
    expect(queryValues("?a=1&a=2&b=3")).toEqual({ a: "1", b: "3" });
    const many = Array.from({ length: 1005 }, (_, index) => `k${index}=v`).join("&");
    expect(Object.keys(queryValues(many))).toHaveLength(1000);
  });
});

describe("emailOf", () => {
  it("is the first answered email field, trimmed and lower-cased", () => {
    const fields = [field("email", { id: "a" }), field("email", { id: "b" })];
    expect(emailOf(fields, { a: "", b: " Ada@Example.COM " })).toBe("ada@example.com");
    expect(emailOf(fields, {})).toBeNull();
  });
});
