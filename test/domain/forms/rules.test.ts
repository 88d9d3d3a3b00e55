// Server-side checks beyond the spec's messages (ours, docs/decisions.md): choices among the options,
// numbers, dates, times, likert scores, web addresses.
import type { FieldAnswer, FieldType, FormField } from "../../../server/domain/forms/fields.ts";
import { validateField } from "../../../server/domain/forms/validate.ts";

const field = (type: FieldType, extra: Partial<FormField> = {}): FormField => ({ id: `${type}-field`, type, title: type, ...extra });

it.each<[FieldType, Partial<FormField>, FieldAnswer, string | null]>([
  ["radio", { options: ["Tea", "Coffee"] }, "Tea", null],
  ["radio", { options: ["Tea", "Coffee"] }, "Beer", "Please choose one of the options."],
  ["select", { options: ["S", "M"] }, "XL", "Please choose one of the options."],
  ["checkbox", { options: ["A", "B"] }, ["A", "B"], null],
  ["checkbox", { options: ["A", "B"] }, ["A", "C"], "Please choose one of the options."],
  ["number", {}, "42", null],
  ["number", {}, "-3.5", null],
  ["number", {}, "4e2", "Please enter a number."],
  ["number", {}, "forty", "Please enter a number."],
  ["currency", {}, "19.99", null],
  ["currency", {}, "$19", "Please enter a number."],
  ["date", {}, ["2", "29", "2024"], null],
  ["date", {}, ["2", "29", "2023"], "Please enter a valid date."],
  ["date", {}, ["2", "29", "1900"], "Please enter a valid date."],
  ["date", {}, ["2", "29", "2000"], null],
  ["date", {}, ["13", "1", "2024"], "Please enter a valid date."],
  ["date", {}, ["4", "31", "2024"], "Please enter a valid date."],
  ["date", {}, ["12", "", "2024"], "Please enter a valid date."],
  ["time", {}, ["9", "30", "", "AM"], null],
  ["time", {}, ["12", "00", "00", "pm"], null],
  ["time", {}, ["13", "00", "", "PM"], "Please enter a valid time."],
  ["time", {}, ["23", "59", "59", ""], null],
  ["time", {}, ["24", "00", "", ""], "Please enter a valid time."],
  ["time", {}, ["9", "60", "", "AM"], "Please enter a valid time."],
  ["time", {}, ["9", "30", "", "XM"], "Please enter a valid time."],
  ["likert", { questions: ["Service"] }, { Service: "-2" }, null],
  ["likert", { questions: ["Service"] }, { Service: "3" }, "Please answer with a score from -2 to 2."],
  ["likert", { questions: ["Service"] }, { Price: "1" }, "Please answer with a score from -2 to 2."],
  ["website", {}, "https://example.com", null],
])("a %s field %j answered %j -> %j", (type, extra, answer, message) => {
  expect(validateField(field(type, extra), answer)).toBe(message);
});

it("a website answer is shorter than 2083 characters (platform-support §5 URL length below 2083)", () => {
  const at = (length: number) => "https://example.com/" + "a".repeat(length - 20);
  expect(at(2082)).toHaveLength(2082);
  expect(validateField(field("website"), at(2082))).toBeNull();
  expect(validateField(field("website"), at(2083))).toBe("Please enter a web address shorter than 2083 characters.");
});
