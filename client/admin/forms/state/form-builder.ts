// The form builder's draft and its moves: pure, so the screen stays a view and the rules are tested
// alone. A draft field keeps a stable `uid` (React keys, control ids, focus) apart from its editable id.
import { FIELD_PROPERTIES, isFieldType, type FieldType, type FormKind } from "../../../../server/domain/forms/fields.ts";
import { adminMessages } from "../../../../server/domain/messages/admin.ts";

export type FieldValues = Record<string, unknown> & { id: string; type: FieldType; title: string };

export interface DraftField {
  uid: string;
  values: FieldValues;
}

export interface FormDraft {
  key: string;
  name: string;
  kind: FormKind;
  fields: DraftField[];
  submissionMessage: string;
  disclaimer: string;
  successRedirect: string;
  captchaEnabled: boolean;
  postSubmitHtml: string;
  mailingListId: number | null;
}

let uidSequence = 0;
const nextUid = () => `f${++uidSequence}`;

/** A stored form (its saved field definitions) as a draft; a new form's empty draft without one. */
export function draftOf(form?: {
  key: string;
  name: string;
  kind: string;
  fieldDefinitions: readonly unknown[];
  submissionMessage: string;
  disclaimer: string | null | undefined;
  successRedirect: string | null | undefined;
  captchaEnabled: boolean;
  postSubmitHtml: string | null | undefined;
  mailingList: { mailingListId: number } | null | undefined;
}): FormDraft {
  if (!form) {
    return {
      key: "",
      name: "",
      kind: "FORM",
      fields: [],
      submissionMessage: "",
      disclaimer: "",
      successRedirect: "",
      captchaEnabled: true,
      postSubmitHtml: "",
      mailingListId: null,
    };
  }
  return {
    key: form.key,
    name: form.name,
    kind: form.kind === "NEWSLETTER" ? "NEWSLETTER" : "FORM",
    fields: form.fieldDefinitions
      .filter((value): value is FieldValues => !!value && typeof value === "object" && isFieldType((value as { type?: unknown }).type))
      .map((values) => ({ uid: nextUid(), values: { ...values } })),
    submissionMessage: form.submissionMessage,
    disclaimer: form.disclaimer ?? "",
    successRedirect: form.successRedirect ?? "",
    captchaEnabled: form.captchaEnabled,
    postSubmitHtml: form.postSubmitHtml ?? "",
    mailingListId: form.mailingList?.mailingListId ?? null,
  };
}

/** A new field of `type` with an id no other field has (`email`, `email-2`...) and a starting title. */
export function newField(type: FieldType, existing: readonly DraftField[]): DraftField {
  const ids = new Set(existing.map((field) => field.values.id));
  let id: string = type;
  for (let n = 2; ids.has(id); n++) id = `${type}-${n}`;
  const values: FieldValues = { id, type, title: adminMessages.fieldKindNames[type] ?? type };
  if (type === "radio" || type === "checkbox" || type === "select") values.options = [...adminMessages.defaultOptions];
  if (type === "likert") values.questions = [...adminMessages.defaultQuestions];
  return { uid: nextUid(), values };
}

/** The fields with the one at `index` moved by `delta` places (kept inside the list). */
export function moveField(fields: readonly DraftField[], index: number, delta: number): DraftField[] {
  const target = Math.min(Math.max(index + delta, 0), fields.length - 1);
  const next = [...fields];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved);
  return next;
}

/** Options and questions are edited one per line. */
export const linesOf = (value: unknown) => (Array.isArray(value) ? value.join("\n") : "");
export const listOf = (text: string) => text.split("\n");

/** What the field sends: only its kind's properties, lists without blank lines, no empty texts. */
export function fieldInput(values: FieldValues): Record<string, unknown> {
  const input: Record<string, unknown> = { id: values.id.trim(), type: values.type, title: values.title };
  for (const property of FIELD_PROPERTIES[values.type]) {
    const value = values[property];
    if (value === undefined || value === null || value === "") continue;
    input[property] = Array.isArray(value) ? value.map((item) => String(item).trim()).filter(Boolean) : value;
  }
  return input;
}

/** The draft as createForm / updateForm take it (and checkFormSettings checks it). */
export function formInput(draft: FormDraft) {
  return {
    key: draft.key.trim(),
    name: draft.name,
    kind: draft.kind,
    fields: draft.fields.map((field) => fieldInput(field.values)),
    submissionMessage: draft.submissionMessage,
    disclaimer: draft.disclaimer,
    successRedirect: draft.successRedirect,
    captchaEnabled: draft.captchaEnabled,
    postSubmitHtml: draft.postSubmitHtml,
    mailingListId: draft.mailingListId,
  };
}
