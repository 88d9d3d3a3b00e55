// The product editor's form parts: a labelled field with its hint and error, a checkbox, and what
// every section of the editor is handed (the draft, its setter, the field errors, whether it is locked).
import type { ReactNode } from "react";
import type { FieldErrors, ProductDraft } from "./state/product-draft.ts";
import { FieldNotes } from "../../shared/ui/FieldNotes.tsx";

export interface EditorSectionProps {
  draft: ProductDraft;
  set: <K extends keyof ProductDraft>(name: K, value: ProductDraft[K]) => void;
  errors: FieldErrors;
  disabled: boolean;
}

/** A control's id with aria-invalid and aria-describedby naming its error and hint, for `errors`. */
export function controlPropsFor(errors: FieldErrors) {
  return (id: string, hint?: boolean) => ({
    id,
    "aria-invalid": errors[id] ? true : undefined,
    "aria-describedby": [errors[id] ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
  });
}

export function Field({
  id,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? " wide" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="field checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
