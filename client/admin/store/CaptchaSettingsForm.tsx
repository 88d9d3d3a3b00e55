// The reCAPTCHA keys (site.settings): the site key is shown, the secret is write-only.
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { useOwnerUpdateCaptchaSettingsMutation } from "./OwnerUpdateCaptchaSettingsMutation.ts";
import { Field, FormNotice, useFormState } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;

export function CaptchaSettingsForm({ siteKey: initial, readOnly }: { siteKey: string | null | undefined; readOnly: boolean }) {
  const [siteKey, setSiteKey] = useState(initial ?? "");
  const [secretKey, setSecretKey] = useState("");
  const [hasSecret, setHasSecret] = useState(false);
  const [commit, saving] = useOwnerUpdateCaptchaSettingsMutation();
  const state = useFormState("UpdateCaptchaSettingsSuccess");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit({
      variables: { siteKey: siteKey.trim() || null, secretKey: secretKey.trim() || null },
      onCompleted: (response) => {
        const answer = response.updateCaptchaSettings;
        if (state.answer(answer) && answer.__typename === "UpdateCaptchaSettingsSuccess") {
          setSiteKey(answer.captchaSettings?.siteKey ?? "");
          setHasSecret(answer.captchaSettings?.hasSecretKey ?? false);
          setSecretKey("");
        }
      },
      onError: state.failure,
    });
  };
  return (
    <form className="card" ref={state.formRef} onSubmit={submit} noValidate aria-labelledby="store-captcha-heading">
      <h2 id="store-captcha-heading">{t.captcha}</h2>
      <p>{t.captchaHint}</p>
      <FormNotice notice={state.notice} />
      <fieldset disabled={readOnly} className="form-grid">
        <Field id="store-captcha-site-key" label={t.captchaSiteKey} error={state.errors.siteKey}>
          {(props) => <input {...props} value={siteKey} autoComplete="off" spellCheck={false} onChange={(event) => setSiteKey(event.target.value)} />}
        </Field>
        <Field id="store-captcha-secret" label={t.captchaSecretKey} hint={hasSecret ? t.captchaHasSecret : undefined} error={state.errors.secretKey}>
          {(props) => <input {...props} type="password" autoComplete="new-password" value={secretKey} onChange={(event) => setSecretKey(event.target.value)} />}
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
