// The formatter and predicate tables our engine runs with: the library's own, then ours on top
// (a name in both is ours). docs/template.md lists what each family adds and why.
import { Formatters, Predicates, type FormatterTable, type PredicateTable } from "@squarespace/template-engine";
import { COLOR_FORMATTERS } from "./color.ts";
import { COMMERCE_FORMATTERS, COMMERCE_PREDICATES } from "./commerce.ts";
import { CONTENT_FORMATTERS } from "./content.ts";
import { FORM_FORMATTERS } from "./forms.ts";
import { IMAGE_FORMATTERS } from "./image.ts";
import { MESSAGE_FORMATTERS } from "./messages.ts";
import { MONEY_FORMATTERS } from "./money.ts";
import { UNIT_FORMATTERS } from "./units.ts";

export const FORMATTERS: FormatterTable = {
  ...Formatters,
  ...COMMERCE_FORMATTERS,
  ...MONEY_FORMATTERS,
  ...UNIT_FORMATTERS,
  ...IMAGE_FORMATTERS,
  ...COLOR_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...FORM_FORMATTERS,
  ...MESSAGE_FORMATTERS,
};

export const PREDICATES: PredicateTable = {
  ...Predicates,
  ...COMMERCE_PREDICATES,
};
