// Currency, checkout minimum, express checkout, services' quantity and pay-later: one form, one save.
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import { countries } from "../../../server/domain/checkout/countries.ts";
import { currencyDecimals } from "../../../server/domain/money.ts";
import { rescaleAmount } from "../../../server/domain/store/store-settings.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { useUpdateStoreSettingsMutation } from "./UpdateStoreSettingsMutation.ts";
import { CheckField, Field, FormNotice, moneyText, parseMoney, useFormState } from "../../shared/ui/settings-form.tsx";

/** Any country may be the store's (pay-later then only where its provider sells: the server says so). */
const COUNTRIES = countries("en", null);

const t = adminMessages.storeSettings;

type Settings = Pick<
  StoreSettingsScreen_settings$data,
  | "currency"
  | "supportedCurrencies"
  | "checkoutMinimum"
  | "expressCheckout"
  | "multipleQuantityAllowedForServices"
  | "payLaterEnabled"
  | "payLaterMinimum"
  | "payLaterMaximum"
  | "payLaterAccountCountry"
>;

const formOf = (settings: Settings) => ({
  currency: settings.currency,
  checkoutMinimum: moneyText(settings.checkoutMinimum.value, settings.currency),
  expressCheckout: settings.expressCheckout,
  multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices,
  payLaterEnabled: settings.payLaterEnabled,
  payLaterMinimum: moneyText(settings.payLaterMinimum.value, settings.currency),
  payLaterMaximum: moneyText(settings.payLaterMaximum.value, settings.currency),
  payLaterAccountCountry: settings.payLaterAccountCountry,
});

export function GeneralStoreSettingsForm({ settings, readOnly }: { settings: Settings; readOnly: boolean }) {
  const [form, setForm] = useState(() => formOf(settings));
  const [commit, saving] = useUpdateStoreSettingsMutation();
  const state = useFormState("UpdateStoreSettingsSuccess");
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  // A new currency re-expresses the amounts as the server will (19.99 USD becomes 20 JPY).
  const changeCurrency = (currency: string) =>
    setForm((current) => {
      const convert = (text: string) => {
        const value = parseMoney(text, current.currency);
        return value === null ? text : moneyText(rescaleAmount(value, currencyDecimals(current.currency), currencyDecimals(currency)), currency);
      };
      return {
        ...current,
        currency,
        checkoutMinimum: convert(current.checkoutMinimum),
        payLaterMinimum: convert(current.payLaterMinimum),
        payLaterMaximum: convert(current.payLaterMaximum),
      };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amounts = { checkoutMinimum: form.checkoutMinimum, payLaterMinimum: form.payLaterMinimum, payLaterMaximum: form.payLaterMaximum };
    const parsed = Object.fromEntries(Object.entries(amounts).map(([key, text]) => [key, parseMoney(text, form.currency)]));
    const bad = Object.fromEntries(Object.entries(parsed).flatMap(([key, value]) => (value === null ? [[key, ownerMessages.storeAmountInvalid]] : [])));
    if (Object.keys(bad).length > 0) return state.fail(bad, t.failed);
    commit({
      variables: {
        ...form,
        checkoutMinimum: parsed.checkoutMinimum!,
        payLaterMinimum: parsed.payLaterMinimum!,
        payLaterMaximum: parsed.payLaterMaximum!,
      },
      // On success the screen's copy is replaced by the answer; the form already shows what was saved.
      onCompleted: (response) => void state.answer(response.updateStoreSettings),
      onError: state.failure,
    });
  };

  return (
    <form className="card" ref={state.formRef} onSubmit={submit} aria-labelledby="store-general-heading" noValidate>
      <h2 id="store-general-heading">{t.general}</h2>
      <FormNotice notice={state.notice} />
      <fieldset disabled={readOnly} className="form-grid">
        <Field id="store-currency" label={t.currency} hint={t.currencyHint} error={state.errors.currency}>
          {(props) => (
            <select {...props} value={form.currency} onChange={(event) => changeCurrency(event.target.value)}>
              {settings.supportedCurrencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="store-checkout-minimum" label={t.checkoutMinimum} hint={t.checkoutMinimumHint} error={state.errors.checkoutMinimum}>
          {(props) => <input {...props} inputMode="decimal" value={form.checkoutMinimum} onChange={(event) => set("checkoutMinimum", event.target.value)} />}
        </Field>
        <CheckField id="store-express-checkout" label={t.expressCheckout} checked={form.expressCheckout} onChange={(value) => set("expressCheckout", value)} />
        <CheckField
          id="store-multiple-quantity"
          label={t.multipleQuantity}
          checked={form.multipleQuantityAllowedForServices}
          onChange={(value) => set("multipleQuantityAllowedForServices", value)}
        />
      </fieldset>
      <fieldset disabled={readOnly} className="form-grid">
        <legend>{t.payLater}</legend>
        <CheckField id="store-pay-later" label={t.payLaterEnabled} checked={form.payLaterEnabled} onChange={(value) => set("payLaterEnabled", value)} />
        <Field id="store-pay-later-minimum" label={t.payLaterMinimum} error={state.errors.payLaterMinimum}>
          {(props) => <input {...props} inputMode="decimal" value={form.payLaterMinimum} onChange={(event) => set("payLaterMinimum", event.target.value)} />}
        </Field>
        <Field id="store-pay-later-maximum" label={t.payLaterMaximum} error={state.errors.payLaterMaximum}>
          {(props) => <input {...props} inputMode="decimal" value={form.payLaterMaximum} onChange={(event) => set("payLaterMaximum", event.target.value)} />}
        </Field>
        <Field id="store-pay-later-country" label={t.payLaterCountry} error={state.errors.payLaterAccountCountry}>
          {(props) => (
            <select {...props} value={form.payLaterAccountCountry} onChange={(event) => set("payLaterAccountCountry", event.target.value)}>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      {readOnly ? null : (
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
      )}
    </form>
  );
}
