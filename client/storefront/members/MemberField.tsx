// A labelled input of the members' forms (sign-in, sign-up, password reset), its error next to it.
import type { InputHTMLAttributes, Ref } from "react";

export function MemberField({
  id,
  label,
  error,
  inputRef,
  ...input
}: { id: string; label: string; error?: string | null; inputRef?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="form-field member-field">
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <input ref={inputRef} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
    </div>
  );
}
