// What every store-settings form shares: a labelled field with its error and hint next to it, the
// server's field errors kept by field id, focus moved to the first invalid field, and money typed
// in major units of the store's currency.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { fromDecimalValue, toDecimalValue } from "../../../server/domain/money.ts";
import { describeFailure } from "../relay/errors.ts";
import { FieldNotes } from "./FieldNotes.tsx";

const t = adminMessages.storeSettings;

export type FieldErrors = Record<string, string>;

/** A field: label, control, hint and error; the control gets `aria-describedby` and `aria-invalid` through `control`. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": !!error, "aria-describedby": describedBy })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckField({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field checkbox">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A payload as the forms read it: the success typename, or a message with field errors. */
export type FormAnswer = {
  readonly __typename: string;
  readonly message?: string;
  readonly fieldErrors?: readonly { readonly fieldId: string; readonly message: string }[];
};

/**
 * A form's state around a mutation: `run(commit)` commits, and on failure keeps the field errors and
 * the message above the form, and moves focus to the first invalid field; on success shows `saved`.
 */
export function useFormState(successTypename: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [focusToken, setFocusToken] = useState(0);
  useEffect(() => {
    if (focusToken === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? formRef.current?.querySelector<HTMLElement>(".notice"))?.focus();
  }, [focusToken]);

  const fail = useCallback((fieldErrors: FieldErrors, message: string) => {
    setErrors(fieldErrors);
    setNotice({ kind: "error", text: message });
    setFocusToken((token) => token + 1);
  }, []);

  const answer = useCallback(
    (payload: FormAnswer, saved: string = t.saved): boolean => {
      if (payload.__typename === successTypename) {
        setErrors({});
        setNotice({ kind: "ok", text: saved });
        return true;
      }
      const fieldErrors = Object.fromEntries((payload.fieldErrors ?? []).map((error) => [error.fieldId, error.message]));
      fail(fieldErrors, Object.keys(fieldErrors).length > 0 ? t.failed : (payload.message ?? t.failed));
      return false;
    },
    [fail, successTypename],
  );

  const failure = useCallback((error: unknown) => fail({}, describeFailure(error)), [fail]);

  return { formRef, errors, setErrors, notice, setNotice, fail, answer, failure };
}

/** The message above a form (an error gets focus when there is no field to focus). */
export function FormNotice({ notice }: { notice: { kind: "error" | "ok"; text: string } | null }) {
  if (!notice) return null;
  return (
    <p className={notice.kind === "error" ? "notice error" : "notice"} role={notice.kind === "error" ? "alert" : "status"} tabIndex={-1}>
      {notice.text}
    </p>
  );
}

/** Minor units as the owner types them ("19.99"; "2000" in yen). */
export const moneyText = (value: number, currency: string) => toDecimalValue({ value, currency });

/** What the owner typed, in minor units; null when it is not an amount in this currency. */
export const parseMoney = (text: string, currency: string): number | null => fromDecimalValue(text.trim() === "" ? "0" : text, currency)?.value ?? null;

/** "8.875" -> 8875 thousandths of a percent; null when not a number with at most 3 decimals. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0")) : null;
}

/** 8875 -> "8.875". */
export const percentText = (millipercent: number) => String(millipercent / 1000);

/** Country or region codes typed with commas: upper-cased, empties dropped. */
export const parseCodes = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
