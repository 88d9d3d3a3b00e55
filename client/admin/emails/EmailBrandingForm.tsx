// The store's email branding: name, logo, accent colour, reply-to and footer. The same checks as the
// server (domain/emails/branding.ts) run before sending; an empty field means the default.
import { useState } from "react";
import { brandingProblems, cleanBranding, DEFAULT_ACCENT_COLOR, MAX_FOOTER_LENGTH, type EmailBrandingInput } from "../../../server/domain/emails/branding.ts";
import { emailMessages } from "../../../server/domain/messages/emails.ts";
import { Field, FormNotice, useFormState } from "../../shared/ui/settings-form.tsx";
import { useUpdateEmailBrandingMutation } from "./UpdateEmailBrandingMutation.ts";

type Values = Record<keyof EmailBrandingInput, string>;

const valuesOf = (branding: { readonly [K in keyof EmailBrandingInput]: string | null | undefined }): Values => ({
  storeName: branding.storeName ?? "",
  logoUrl: branding.logoUrl ?? "",
  accentColor: branding.accentColor ?? "",
  replyTo: branding.replyTo ?? "",
  footerText: branding.footerText ?? "",
});

export function EmailBrandingForm({
  branding,
  onSaved,
}: {
  branding: { readonly [K in keyof EmailBrandingInput]: string | null | undefined };
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(branding));
  const [save, saving] = useUpdateEmailBrandingMutation();
  const { formRef, errors, notice, fail, answer, failure } = useFormState("UpdateEmailBrandingSuccess");
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = brandingProblems(cleanBranding(values), window.location.origin);
    if (problems.length > 0) {
      fail(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])), problems[0]!.message);
      return;
    }
    save({
      variables: values,
      onCompleted: ({ updateEmailBranding }) => {
        if (answer(updateEmailBranding, emailMessages.saved)) onSaved();
      },
      onError: failure,
    });
  };

  return (
    <form ref={formRef} className="settings-form email-branding" onSubmit={submit} noValidate>
      <h2>{emailMessages.brandingTitle}</h2>
      <p>{emailMessages.brandingHelp}</p>
      <FormNotice notice={notice} />
      <Field id="storeName" label={emailMessages.storeName} hint={emailMessages.storeNameHelp} error={errors.storeName}>
        {(props) => <input {...props} value={values.storeName} onChange={set("storeName")} />}
      </Field>
      <Field id="logoUrl" label={emailMessages.logoUrl} error={errors.logoUrl}>
        {(props) => <input {...props} type="url" placeholder={emailMessages.logoUrlPlaceholder} value={values.logoUrl} onChange={set("logoUrl")} />}
      </Field>
      <Field id="accentColor" label={emailMessages.accentColor} error={errors.accentColor}>
        {(props) => (
          <div className="color-field">
            <input {...props} placeholder={DEFAULT_ACCENT_COLOR} value={values.accentColor} onChange={set("accentColor")} />
            <input
              type="color"
              aria-label={emailMessages.accentColorPicker}
              value={/^#[0-9a-f]{6}$/i.test(values.accentColor) ? values.accentColor.toLowerCase() : DEFAULT_ACCENT_COLOR}
              onChange={set("accentColor")}
            />
          </div>
        )}
      </Field>
      <Field id="replyTo" label={emailMessages.replyTo} error={errors.replyTo}>
        {(props) => <input {...props} type="email" value={values.replyTo} onChange={set("replyTo")} />}
      </Field>
      <Field id="footerText" label={emailMessages.footerText} error={errors.footerText}>
        {(props) => <textarea {...props} rows={3} maxLength={MAX_FOOTER_LENGTH + 100} value={values.footerText} onChange={set("footerText")} />}
      </Field>
      <div className="actions">
        <button type="submit" className="button primary" disabled={saving}>
          {emailMessages.save}
        </button>
      </div>
    </form>
  );
}
