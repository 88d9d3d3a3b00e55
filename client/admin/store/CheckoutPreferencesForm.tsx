// Checkout preferences, the "checkout" namespace of the commerce preferences: shown from the shared
// per-namespace cache, saved optimistically, and refreshed when any owner (or tab) saves them.
import { useEffect, useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { describeFailure } from "../../shared/relay/errors.ts";
import { useCommercePreferences, type CommercePreferencesCache } from "./commerce-preferences.ts";
import { CheckField, Field, FormNotice } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;
export const CHECKOUT_PREFERENCES = "checkout";

export function CheckoutPreferencesForm({ readOnly, cache }: { readOnly: boolean; cache?: CommercePreferencesCache }) {
  const { preferences, save } = useCommercePreferences(CHECKOUT_PREFERENCES, cache);
  const [orderNotes, setOrderNotes] = useState(false);
  const [thankYou, setThankYou] = useState("");
  const [notice, setNotice] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  // Every change of the shared value (this form's save, another tab's, another owner's) shows here.
  useEffect(() => {
    if (!preferences) return;
    setOrderNotes(preferences.orderNotes === true);
    setThankYou(typeof preferences.thankYouNote === "string" ? preferences.thankYouNote : "");
  }, [preferences]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const changed = await save({ ...(preferences ?? {}), orderNotes, thankYouNote: thankYou.trim() });
      setNotice({ kind: "ok", text: changed ? t.preferencesSaved : t.preferencesUnchanged });
    } catch (error) {
      setNotice({ kind: "error", text: describeFailure(error) });
    }
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="store-preferences-heading" aria-busy={!preferences}>
      <h2 id="store-preferences-heading">{t.preferences}</h2>
      <p>{t.preferencesIntro}</p>
      <FormNotice notice={notice} />
      <fieldset disabled={readOnly || !preferences} className="form-grid">
        <CheckField id="store-preferences-order-notes" label={t.preferencesOrderNotes} checked={orderNotes} onChange={setOrderNotes} />
        <Field id="store-preferences-thank-you" label={t.preferencesThankYou}>
          {(props) => <input {...props} value={thankYou} onChange={(event) => setThankYou(event.target.value)} />}
        </Field>
      </fieldset>
      {readOnly ? null : (
        <button type="submit" className="button primary" disabled={!preferences}>
          {t.save}
        </button>
      )}
    </form>
  );
}
