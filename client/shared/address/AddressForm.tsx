// A postal address in its country's layout (issue 14): the country chosen from a list named in the
// page's language (the store's country first), then the fields the country uses, in its order, with
// its labels ("ZIP code", "Prefecture"), its region list and browser autofill tokens; the phone as one
// field (PhoneField.tsx, read in the address's country). Errors show above each field's label (spec §5 Forms). The rules are the server's
// (domain/checkout/address-rules.ts), loaded per country as a chunk of their own. The checkout and the
// member's address book (members/AddressBookScreen.tsx) both ask for addresses with it.
import { useEffect, useId, useMemo, useState } from "react";
import { addressFormat, loadAddressRules, type AddressField, type AddressFieldSpec, type AddressRules } from "../../../server/domain/checkout/address-rules.ts";
import { countries } from "../../../server/domain/checkout/countries.ts";
import { formatPhone } from "../../../server/domain/checkout/phone.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { PhoneField } from "./PhoneField.tsx";

export interface AddressValue {
  fullName: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  /** As typed ("+1 415 555 0100", "030 1234567"). */
  phone: string;
}

export const emptyAddress = (country: string): AddressValue => ({
  fullName: "",
  company: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country,
  phone: "",
});

/** The page's language (the document's, else the browser's): country names and address layouts follow it. */
export const pageLocale = () =>
  (typeof document !== "undefined" && document.documentElement.lang) || (typeof navigator !== "undefined" && navigator.language) || "en";

/** A stored address (the API's Address) as the form edits it. */
export interface StoredAddress {
  readonly fullName: string;
  readonly company: string | null | undefined;
  readonly line1: string;
  readonly line2: string | null | undefined;
  readonly city: string;
  readonly region: string | null | undefined;
  readonly postalCode: string | null | undefined;
  readonly country: string;
  /** E.164. */
  readonly phone: string | null | undefined;
}

export const addressValueOf = (stored: StoredAddress): AddressValue => ({
  fullName: stored.fullName,
  company: stored.company ?? "",
  line1: stored.line1,
  line2: stored.line2 ?? "",
  city: stored.city,
  region: stored.region ?? "",
  postalCode: stored.postalCode ?? "",
  country: stored.country,
  // In the usual way for the address's country, as the shopper would type it.
  phone: formatPhone(stored.phone, stored.country) ?? "",
});

/** The address as the checkout input takes it: empty optional parts left out. */
export function addressInput(value: AddressValue) {
  const optional = (text: string) => (text.trim() === "" ? null : text);
  return {
    fullName: value.fullName,
    company: optional(value.company),
    line1: value.line1,
    line2: optional(value.line2),
    city: value.city,
    region: optional(value.region),
    postalCode: optional(value.postalCode),
    country: value.country,
    // The input's phone is a list for the older four parts; one string is the number as typed.
    phone: value.phone.trim() === "" ? null : [value.phone.trim()],
  };
}

/** The country's rules, loaded when the country changes; null while loading (or for an unknown code). */
export function useAddressRules(country: string): AddressRules | null {
  const [loaded, setLoaded] = useState<AddressRules | null>(null);
  useEffect(() => {
    let current = true;
    void loadAddressRules(country).then((rules) => {
      if (current) setLoaded(rules);
    });
    return () => {
      current = false;
    };
  }, [country]);
  return loaded?.country === country.toUpperCase() ? loaded : null;
}

/** Short fields share a row on wide screens. */
const SHORT_FIELDS: readonly AddressField[] = ["city", "region", "postalCode"];

export function AddressForm(props: {
  /** "shipping" or "billing": the autofill section and the prefix of the field errors' ids. */
  section: "shipping" | "billing";
  legend: string;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  rules: AddressRules | null;
  /** Field -> message (the part after "shippingAddress."). */
  errors: Readonly<Record<string, string>>;
  locale: string;
  storeCountry: string;
  /** Called when the shopper leaves a field (the checkout reprices for a new postal code). */
  onBlurField?: (field: AddressField) => void;
  /** Called when the shopper edits a field (its error is then out of date). */
  onEditField?: (field: AddressField) => void;
}) {
  const { section, value, onChange, rules, errors, locale } = props;
  const baseId = useId();
  const countryChoices = useMemo(() => countries(locale, props.storeCountry), [locale, props.storeCountry]);
  const format = rules ? addressFormat(rules, locale) : null;
  // Until the country's rules arrive, the country alone (it decides the rest).
  const fields: AddressFieldSpec[] = format?.fields ?? [
    { field: "country", label: checkoutMessages.addressLabels.country, required: true, autocomplete: "country", kind: "select" },
  ];
  const idOf = (field: string) => `${baseId}-${field}`;
  const set = (field: Exclude<AddressField, "phone">, text: string) => {
    const next = { ...value, [field]: text };
    // Another country has other regions and postal codes.
    if (field === "country") Object.assign(next, { region: "" });
    onChange(next);
    props.onEditField?.(field);
  };

  return (
    <fieldset className={`address-form address-form-${section}`}>
      <legend>{props.legend}</legend>
      {fields.map((spec) => {
        const error = errors[spec.field];
        const errorId = `${idOf(spec.field)}-error`;
        const label = spec.required ? spec.label : checkoutMessages.optionalField(spec.label);
        const errorLine = error ? (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        ) : null;
        const shared = {
          id: idOf(spec.field),
          name: `${section}-${spec.field}`,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
          required: spec.required,
          onBlur: () => props.onBlurField?.(spec.field),
        };
        const className = `address-field address-field-${spec.field}${SHORT_FIELDS.includes(spec.field) ? " address-field-short" : ""}`;

        if (spec.field === "phone") {
          return (
            <PhoneField
              key="phone"
              id={idOf("phone")}
              name={`${section}-phone`}
              section={section}
              label={label}
              required={spec.required}
              className={className}
              value={value.phone}
              country={value.country}
              error={error}
              onChange={(phone) => {
                onChange({ ...value, phone });
                props.onEditField?.("phone");
              }}
              onBlur={() => props.onBlurField?.("phone")}
            />
          );
        }

        let control;
        if (spec.field === "country") {
          control = (
            <select {...shared} autoComplete={`${section} country`} value={value.country} onChange={(event) => set("country", event.target.value)}>
              {countryChoices.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.name}
                </option>
              ))}
            </select>
          );
        } else if (spec.kind === "select") {
          control = (
            <select
              {...shared}
              autoComplete={`${section} ${spec.autocomplete}`}
              value={value[spec.field]}
              onChange={(event) => set(spec.field as "region", event.target.value)}
            >
              <option value="">{checkoutMessages.chooseRegion}</option>
              {spec.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        } else {
          const field = spec.field;
          control = (
            <input
              {...shared}
              type="text"
              autoComplete={`${section} ${spec.autocomplete}`}
              autoCapitalize={field === "postalCode" ? "characters" : undefined}
              placeholder={field === "postalCode" && rules?.postalCodeExamples[0] ? rules.postalCodeExamples[0] : undefined}
              value={value[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          );
        }
        return (
          <div key={spec.field} className={className}>
            {errorLine}
            <label htmlFor={idOf(spec.field)}>{label}</label>
            {control}
          </div>
        );
      })}
    </fieldset>
  );
}
