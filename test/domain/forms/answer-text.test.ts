// A stored answer as the owner reads it (submissions screen and CSV export): every answer shape of
// spec storefront §3, and 'N/A' for a field with no answer (spec §8 "Product defaults").
import { formatAnswer, likertLabel } from "../../../server/domain/forms/answer-text.ts";
import type { FieldType, FormField } from "../../../server/domain/forms/fields.ts";

const field = (type: FieldType, extra: Partial<FormField> = {}): FormField => ({ id: type, type, title: type, ...extra });

describe("formatAnswer", () => {
  it.each([
    ["text", "Hello", "Hello"],
    ["textarea", "  Two words  ", "Two words"],
    ["email", "ada@example.com", "ada@example.com"],
    ["number", "42", "42"],
    ["currency", "9.50", "9.50"],
    ["website", "https://example.com", "https://example.com"],
    ["radio", "Phone", "Phone"],
    ["select", "Queens", "Queens"],
    ["hidden", "newsletter", "newsletter"],
  ] as const)("shows a %s answer as its value", (type, answer, text) => {
    expect(formatAnswer(field(type), answer)).toBe(text);
  });

  it.each([
    ["name", ["Ada", "Lovelace"], "Ada Lovelace"],
    ["address", ["1 Main St", "", "Brooklyn", "NY", "11201", "US"], "1 Main St, Brooklyn, NY, 11201, US"],
    ["date", ["12", "24", "2026"], "12/24/2026"],
    ["time", ["9", "30", "15", "PM"], "9:30:15 PM"],
    ["time", ["21", "05", "", ""], "21:05"],
    ["phone", ["44", "20", "7946", "0000"], "+44 (20) 7946-0000"],
    ["phone", ["", "212", "555", "0100"], "(212) 555-0100"],
  ] as const)("joins the parts of a %s answer as the kind reads", (type, parts, text) => {
    expect(formatAnswer(field(type), [...parts])).toBe(text);
  });

  it("lists the checked values of a checkbox answer", () => {
    expect(formatAnswer(field("checkbox"), ["Orders", "Wholesale"])).toBe("Orders, Wholesale");
  });

  it("shows likert scores with their labels (-2 Strongly Disagree ... 2 Strongly Agree)", () => {
    expect(formatAnswer(field("likert"), { Quality: "2", Delivery: "-2", Price: "0" })).toBe(
      "Quality: Strongly Agree; Delivery: Strongly Disagree; Price: Neutral",
    );
    expect(["-2", "-1", "0", "1", "2"].map(likertLabel)).toEqual(["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"]);
  });

  it.each([
    ["text", ""],
    ["text", "   "],
    ["text", undefined],
    ["email", null],
    ["name", ["", ""]],
    ["address", ["", "", "", "", "", ""]],
    ["phone", ["", "", "", ""]],
    ["checkbox", []],
    ["likert", {}],
    ["likert", { Quality: "" }],
  ] as const)("shows 'N/A' for a %s field with no answer (%j)", (type, answer) => {
    expect(formatAnswer(field(type), answer as never)).toBe("N/A");
  });
});
