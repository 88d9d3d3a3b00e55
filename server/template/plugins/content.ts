// `json-script`: JSON for the inside of a <script> element (the product's JSON-LD). The library's
// `json` escapes only `</`; a value holding `<!--<script>` would still put the HTML parser in the
// script's "double escaped" state, where our closing </script> no longer ends the element and the
// rest of the page disappears into it. Here `<`, `>` and `&` (and the JavaScript line separators)
// are written as \u escapes, which every JSON reader decodes back. Missing → "".
import { Formatter, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";

const UNSAFE = /[<>&\u2028\u2029]/g;

export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

class JsonScriptFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], _ctx: Context): void {
    const first = vars[0];
    first.set(first.node.isMissing() ? "" : scriptSafeJson(first.node.value));
  }
}

export const CONTENT_FORMATTERS: FormatterTable = {
  "json-script": new JsonScriptFormatter(),
};
