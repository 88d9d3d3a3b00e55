// `form-block` (issue 12, forms anywhere): a form of the site placed on any page by its key,
// `{@|form-block contact}` (or `{formKey|form-block}` with the key as the value). It prints the
// placeholder the storefront script mounts the form block into (with its captcha when the site has a
// site key); without script a notice says the form needs it. The key is checked here (lower-case
// letters, digits and dashes, as forms' keys are); a bad key prints an HTML comment and records an
// engine error. Which forms a page holds is read back from these placeholders
// (StorefrontService.pageInfo), so the template is the only place that decides.
import { Formatter, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";
import { memberMessages } from "../../domain/messages/members.ts";

export const FORM_KEY_PATTERN = /^[a-z0-9-]{1,64}$/;

export const formBlockPlaceholder = (key: string): string =>
  `<div class="sc-form-block" data-sitecart-form="${key}"><noscript><p class="sc-notice">${memberMessages.formBlockNoScript}</p></noscript></div>`;

class FormBlockFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const value = first.node.value;
    const key = args[0] ?? (typeof value === "string" ? value : "");
    if (!FORM_KEY_PATTERN.test(key)) {
      ctx.error({ type: "engine", message: "RuntimeError: form-block: a form key (lower-case letters, digits, dashes) is required" });
      first.set("<!-- form-block: a form key (lower-case letters, digits, dashes) is required -->");
      return;
    }
    first.set(formBlockPlaceholder(key));
  }
}

export const FORM_FORMATTERS: FormatterTable = {
  "form-block": new FormBlockFormatter(),
};
