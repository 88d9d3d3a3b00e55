// The form schema of GET /api/template/GetTemplateSchema?type=form (the spec leaves its shape open):
// what the form builder offers (field kinds, their editable properties, answer shapes) and, for one
// form, its fields as a page renders them. Pure, so the client can build the same from a Form.
import { formMessages } from "../messages/forms.ts";
import {
  ANSWER_SHAPES,
  FIELD_PARTS,
  FIELD_PROPERTIES,
  FIELD_TYPES,
  FORM_FIELDSETS,
  FORM_KINDS,
  HONEYPOT_FIELD_ID,
  LIKERT_SCORES,
  canBeRequired,
  hiddenFieldKey,
  type FieldType,
  type FormField,
} from "./fields.ts";
import type { FormSettings } from "./definition.ts";

const partsOf = (type: FieldType): readonly string[] | null => (type in FIELD_PARTS ? FIELD_PARTS[type as keyof typeof FIELD_PARTS] : null);

/** Every field kind with the properties an owner edits and the shape of its answer. */
export function fieldKindSchema() {
  return FIELD_TYPES.map((kind) => ({
    kind,
    properties: ["id", "title", ...FIELD_PROPERTIES[kind]],
    answerShape: ANSWER_SHAPES[kind],
    parts: partsOf(kind),
    canBeRequired: canBeRequired(kind),
    ...(kind === "likert" ? { scores: [...LIKERT_SCORES], labels: [...formMessages.likertLabels] } : {}),
  }));
}

/** The form builder's schema: fieldsets, form kinds and properties, field kinds. */
export function formTemplateSchema() {
  return {
    type: "form",
    fieldsets: [...FORM_FIELDSETS],
    formKinds: [...FORM_KINDS],
    formProperties: [
      "key",
      "name",
      "kind",
      "fields",
      "submissionMessage",
      "disclaimer",
      "successRedirect",
      "captchaEnabled",
      "postSubmitHtml",
      "mailingListId",
    ],
    fieldKinds: fieldKindSchema(),
    honeypotFieldId: HONEYPOT_FIELD_ID,
  };
}

/** What the schema answer describes of a form. */
export type FormForSchema = Pick<FormSettings, "key" | "name" | "kind" | "fields" | "submissionMessage" | "disclaimer" | "successRedirect"> & { id: number };

/** One field as a page renders it: kind, options, whether it is required, its parts. */
export function renderedField(field: FormField) {
  return {
    id: field.id,
    kind: field.type,
    title: field.title,
    description: field.description ?? null,
    placeholder: field.placeholder ?? null,
    required: canBeRequired(field.type) && field.required === true,
    maxLength: field.maxLength ?? null,
    options: field.options ?? [],
    questions: field.questions ?? [],
    parts: partsOf(field.type),
    ...(field.type === "hidden" ? { key: hiddenFieldKey(field), value: field.value ?? "" } : {}),
    ...(field.type === "phone" ? { showCountryCode: field.showCountryCode === true } : {}),
    ...(field.type === "currency" ? { currencySymbol: field.currencySymbol ?? null } : {}),
    ...(field.type === "section" ? { underline: field.underline === true } : {}),
  };
}

/** One form's schema: its fields and settings, and whether it asks for a captcha. */
export function formSchema(form: FormForSchema, captcha: { required: boolean; siteKey: string | null }) {
  return {
    id: form.id,
    key: form.key,
    name: form.name,
    kind: form.kind,
    fields: form.fields.map(renderedField),
    submissionMessage: form.submissionMessage,
    disclaimer: form.disclaimer,
    successRedirect: form.successRedirect,
    captcha,
    honeypotFieldId: HONEYPOT_FIELD_ID,
  };
}
