// A stored answer as text, the way the owner reads it: in the submissions screen and in the CSV
// export alike (one rule, shared with the client). An empty answer reads 'N/A' (spec storefront §8
// "Product defaults": 'N/A' for form fields with no answer). Pure.
import { messages } from "../messages/storefront.ts";
import { formMessages } from "../messages/forms.ts";
import { LIKERT_SCORES, type FieldAnswer, type FormField } from "./fields.ts";

const blank = (part: unknown) => typeof part !== "string" || part.trim() === "";

/** The parts of a multi-part answer, when it is a list of strings. */
const partsOf = (answer: FieldAnswer | null | undefined): string[] | null =>
  Array.isArray(answer) ? answer.map((part) => (typeof part === "string" ? part.trim() : "")) : null;

/** A likert score (-2..2) as its label ('Strongly Disagree'...'Strongly Agree'); another value as it is. */
export function likertLabel(score: string): string {
  const index = (LIKERT_SCORES as readonly string[]).indexOf(score.trim());
  return index >= 0 ? formMessages.likertLabels[index] : score;
}

function joinParts(field: FormField, parts: string[]): string {
  const filled = (list: string[]) => list.filter((part) => part !== "");
  switch (field.type) {
    case "name":
      return filled(parts).join(" ");
    case "address":
      return filled(parts).join(", ");
    case "date": {
      // Month, Day, Year -> Month/Day/Year, as the form asks for them
      return filled(parts).join("/");
    }
    case "time": {
      const [hour = "", minute = "", second = "", ampm = ""] = parts;
      const clock = filled([hour, minute, second]).join(":");
      return filled([clock, ampm]).join(" ");
    }
    case "phone": {
      const [country = "", area = "", prefix = "", line = ""] = parts;
      const local = filled([area ? `(${area})` : "", filled([prefix, line]).join("-")]).join(" ");
      return filled([country ? `+${country.replace(/^\+/, "")}` : "", local]).join(" ");
    }
    default:
      return filled(parts).join(" ");
  }
}

/**
 * One field's answer as text: a value as it is; parts joined as the kind reads (name "First Last",
 * address "Line1, Line2, City...", date "Month/Day/Year", time "Hour:Minute:Second AM", phone
 * "+Country (Area) Prefix-Line"); checked values joined with ", "; likert as "question: label" joined
 * with "; ". 'N/A' when there is nothing to show.
 */
export function formatAnswer(field: FormField, answer: FieldAnswer | null | undefined): string {
  let text = "";
  if (typeof answer === "string") text = answer.trim();
  else if (field.type === "checkbox" && Array.isArray(answer)) text = answer.filter((value) => !blank(value)).join(", ");
  else if (Array.isArray(answer)) text = joinParts(field, partsOf(answer) ?? []);
  else if (answer && typeof answer === "object")
    text = Object.entries(answer)
      .filter(([, score]) => !blank(score))
      .map(([question, score]) => `${question}: ${likertLabel(String(score))}`)
      .join("; ");
  return text === "" ? messages.notAnswered : text;
}

/** The fields that take an answer (sections take none), in form order: the submission's columns. */
export const answerFields = (fields: readonly FormField[]): FormField[] => fields.filter((field) => field.type !== "section");
