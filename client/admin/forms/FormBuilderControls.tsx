// The form builder's shared parts: the schema it is built from (formTemplateSchema), where a problem
// is (`key`, `fields.2`...) and the id of the control it names, and the labelled text control.
import { FieldNotes } from "../../shared/ui/FieldNotes.tsx";
export interface FieldKindSchema {
  kind: string;
  properties: string[];
  canBeRequired: boolean;
}

export interface TemplateSchema {
  fieldsets: string[];
  formKinds: string[];
  fieldKinds: FieldKindSchema[];
}

/** A problem to show: where (a control's name: key, fields.2...) and what. */
export interface Problem {
  at: string;
  message: string;
}

export const controlId = (at: string) => `form-${at.replace(/\./g, "-")}`;

export function TextControl({
  at,
  label,
  value,
  onChange,
  error,
  hint,
  multiline,
}: {
  at: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  multiline?: boolean;
}) {
  const id = controlId(at);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, value, "aria-invalid": error ? true : undefined, "aria-describedby": described } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
