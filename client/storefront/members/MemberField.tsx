// A labelled input of the members' forms (sign-in, sign-up, password reset), its error next to it; the
// email and password fields as those forms name them, and their submit button.
import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { memberMessages } from "../../../server/domain/messages/members.ts";

type MemberFieldProps = { id: string; label: string; error?: string | null; inputRef?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>;

export function MemberField({ id, label, error, inputRef, ...input }: MemberFieldProps) {
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

/** The required email field ("email"); it autocompletes as an email unless told otherwise (sign-in: "username"). */
export function MemberEmailField(props: Omit<MemberFieldProps, "label" | "name" | "type">) {
  return <MemberField label={memberMessages.emailLabel} name="email" type="email" autoComplete="email" required {...props} />;
}

/** The required password field ("password"); labelled "Password" unless told otherwise. */
export function MemberPasswordField({
  autoComplete,
  ...props
}: Omit<MemberFieldProps, "label" | "name" | "type" | "autoComplete"> & { label?: string; autoComplete: string }) {
  return <MemberField label={memberMessages.passwordLabel} name="password" type="password" autoComplete={autoComplete} required {...props} />;
}

/** The form's submit button, disabled and busy while the form's request is out. */
export function MemberSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending}>
      {children}
    </button>
  );
}
