// The address's phone as one field (issue 23): typed as the shopper writes it ("+1 415 555 0100",
// "030 1234567"), read in the address's country unless it starts with +. Leaving the field checks it
// with the server's rule (domain/checkout/phone.ts) and shows its message, or writes the number in
// the usual way for that country ("(415) 555-0100", "+49 30 1234567" for a foreign one).
import { useState } from "react";
import { formatPhone, readPhone } from "../../../server/domain/checkout/phone.ts";

export function PhoneField(props: {
  id: string;
  name: string;
  /** "shipping" or "billing": the autofill section. */
  section: string;
  label: string;
  required: boolean;
  className: string;
  value: string;
  /** The address's country (ISO 3166-1 alpha-2): a number without + is read in it. */
  country: string;
  /** The checkout's error for the field (from the server or the submit check), shown first. */
  error: string | undefined;
  onChange: (text: string) => void;
  onBlur?: () => void;
}) {
  const [blurError, setBlurError] = useState<string | null>(null);
  const error = props.error ?? blurError;
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="tel"
        inputMode="tel"
        autoComplete={`${props.section} tel`}
        required={props.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={props.value}
        onChange={(event) => {
          setBlurError(null);
          props.onChange(event.target.value);
        }}
        onBlur={() => {
          const reading = readPhone(props.value, props.country);
          if (!reading.ok) setBlurError(reading.message);
          else if (reading.e164 !== null) {
            const formatted = formatPhone(reading.e164, props.country);
            if (formatted !== null && formatted !== props.value) props.onChange(formatted);
          }
          props.onBlur?.();
        }}
      />
    </div>
  );
}
