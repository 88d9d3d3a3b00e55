// Renders a form's fields (every kind of spec §3) and collects answers in the spec's shapes: multi-part
// fields as arrays in FIELD_PARTS order, checkboxes as arrays, likert as question -> score, others as
// text. Field errors show above each field's title (spec §5).
import { useId } from "react";
import { graphql, readInlineData } from "react-relay";
import { FIELD_PARTS, LIKERT_SCORES, type FieldAnswer, type FieldType, type FormAnswers, type FormField } from "../../../server/domain/forms/fields.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import type { FormFields_field$key } from "../../__generated__/FormFields_field.graphql";

/** What every form needs of a field; components spread it and read it with readFieldDefinitions. */
const fieldDefinition = graphql`
  fragment FormFields_field on FormField @inline {
    fieldId
    type
    title
    description
    placeholder
    required
    maxLength
    options
    questions
    key
    value
  }
`;

export function readFieldDefinitions(fields: readonly FormFields_field$key[]): FieldDefinition[] {
  return fields.map((field) => readInlineData(fieldDefinition, field));
}

export interface FieldDefinition {
  /** The field's id within its form (the key of its answer). */
  readonly fieldId: string;
  readonly type: string;
  readonly title: string;
  readonly description?: string | null;
  readonly placeholder?: string | null;
  readonly required: boolean;
  readonly maxLength?: number | null;
  readonly options: readonly string[];
  readonly questions: readonly string[];
  /** Hidden fields: the page query key whose value they take, and their default. */
  readonly key?: string | null;
  readonly value?: string | null;
}

/** The GraphQL shape of a field as the domain's validation takes it. */
export function asDomainFields(fields: readonly FieldDefinition[]): FormField[] {
  return fields.map((field) => ({
    id: field.fieldId,
    type: field.type as FieldType,
    title: field.title,
    required: field.required,
    maxLength: field.maxLength ?? null,
    options: [...field.options],
    questions: [...field.questions],
  }));
}

interface Props {
  fields: readonly FieldDefinition[];
  values: FormAnswers;
  errors: Record<string, string>;
  onChange(fieldId: string, value: FieldAnswer): void;
  /** Called when any field gains or loses focus (the captcha badge shows while a field is focused). */
  onFocusChange?(focused: boolean): void;
}

export function FormFields({ fields, values, errors, onChange, onFocusChange }: Props) {
  return (
    <div className="form-fields" onFocus={() => onFocusChange?.(true)} onBlur={() => onFocusChange?.(false)}>
      {fields.map((field) => (
        <Field
          key={field.fieldId}
          field={field}
          value={values[field.fieldId]}
          error={errors[field.fieldId]}
          onChange={(value) => onChange(field.fieldId, value)}
        />
      ))}
    </div>
  );
}

function Field({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldDefinition;
  value: FieldAnswer | null | undefined;
  error?: string;
  onChange(value: FieldAnswer): void;
}) {
  const id = useId();
  if (field.type === "hidden") return null;
  if (field.type === "section") {
    return (
      <div className="form-section">
        <h3>{field.title}</h3>
        {field.description ? <p>{field.description}</p> : null}
      </div>
    );
  }
  const describedBy = error ? `${id}-error` : undefined;
  const label = (
    <>
      {field.title}
      {field.required && field.type !== "likert" ? (
        <span className="required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
  const errorLine = error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
  const common = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, required: field.required };
  const text = typeof value === "string" ? value : "";

  if (field.type in FIELD_PARTS) {
    const parts = FIELD_PARTS[field.type as keyof typeof FIELD_PARTS];
    const current = Array.isArray(value) ? value : [];
    return (
      <fieldset className={`form-field form-field-${field.type}`}>
        {errorLine}
        <legend>{label}</legend>
        <div className="field-parts">
          {parts.map((part, index) => (
            <label key={part} className={`field-part field-part-${part.toLowerCase()}`}>
              <span>{messages.formFieldParts[part] ?? part}</span>
              <input
                type="text"
                value={current[index] ?? ""}
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  const next = parts.map((_, i) => current[i] ?? "");
                  next[index] = event.target.value;
                  onChange(next);
                }}
              />
            </label>
          ))}
        </div>
      </fieldset>
    );
  }

  if (field.type === "checkbox" || field.type === "radio") {
    const chosen = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
    return (
      <fieldset className={`form-field form-field-${field.type}`} aria-describedby={describedBy}>
        {errorLine}
        <legend>{label}</legend>
        {field.options.map((option) => (
          <label key={option} className="choice">
            <input
              type={field.type}
              name={`${id}-${field.fieldId}`}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) =>
                field.type === "radio"
                  ? onChange(option)
                  : onChange(event.target.checked ? [...chosen, option] : chosen.filter((candidate) => candidate !== option))
              }
            />
            {option}
          </label>
        ))}
      </fieldset>
    );
  }

  if (field.type === "likert") {
    const scores = value && typeof value === "object" && !Array.isArray(value) ? value : {};
    return (
      <fieldset className="form-field form-field-likert">
        {errorLine}
        <legend>{label}</legend>
        {field.questions.map((question) => (
          <div key={question} className="likert-row" role="radiogroup" aria-label={question}>
            <span className="likert-question">{question}</span>
            {LIKERT_SCORES.map((score) => (
              <label key={score} className="choice">
                <input
                  type="radio"
                  name={`${id}-${question}`}
                  value={score}
                  checked={scores[question] === score}
                  onChange={() => onChange({ ...scores, [question]: score })}
                />
                {formMessages.likertLabels[LIKERT_SCORES.indexOf(score)]}
              </label>
            ))}
          </div>
        ))}
      </fieldset>
    );
  }

  return (
    <div className={`form-field form-field-${field.type}`}>
      {errorLine}
      <label htmlFor={id}>{label}</label>
      {field.description ? <p className="field-description">{field.description}</p> : null}
      {field.type === "textarea" ? (
        <>
          <textarea id={id} value={text} placeholder={field.placeholder ?? undefined} onChange={(event) => onChange(event.target.value)} {...common} />
          {field.maxLength != null ? <CharacterCounter used={text.length} max={field.maxLength} /> : null}
        </>
      ) : field.type === "select" ? (
        <select id={id} value={text} onChange={(event) => onChange(event.target.value)} {...common}>
          <option value="">{messages.selectValue}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <>
          <input
            id={id}
            type={field.type === "email" ? "email" : field.type === "website" ? "url" : field.type === "password" ? "password" : "text"}
            inputMode={field.type === "number" || field.type === "currency" ? "decimal" : undefined}
            value={text}
            placeholder={field.placeholder ?? undefined}
            onChange={(event) => onChange(event.target.value)}
            {...common}
          />
          {field.type === "text" && field.maxLength != null ? <CharacterCounter used={text.length} max={field.maxLength} /> : null}
        </>
      )}
    </div>
  );
}

/** 'used / max', flagged above the max (spec §4). */
export function CharacterCounter({ used, max }: { used: number; max: number }) {
  return (
    <p className={`character-counter${used > max ? " over" : ""}`} aria-live="polite">
      {formMessages.characterCount(used, max)}
    </p>
  );
}
