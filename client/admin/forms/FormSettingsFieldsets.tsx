// The form builder's settings fieldsets (platform-support §3): storage, advanced, captcha, disclaimer.
import { Suspense } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { FormKind } from "../../../server/domain/forms/fields.ts";
import { controlId, TextControl } from "./FormBuilderControls.tsx";
import { MailingListSelect } from "./MailingListSelect.tsx";
import type { FormDraft } from "./state/form-builder.ts";

/** What each settings fieldset is handed: the draft, its setter and the problem at a control, if any. */
export interface SettingsProps {
  draft: FormDraft;
  set: <K extends keyof FormDraft>(name: K, value: FormDraft[K]) => void;
  errorFor: (at: string) => string | null;
}

/** Where submissions go: the form's kind and, for a newsletter, its mailing list. */
export function StorageSettings({
  draft,
  set,
  errorFor,
  formKinds,
  canListMailingLists,
  currentListName,
}: SettingsProps & { formKinds: string[]; canListMailingLists: boolean; currentListName: string | null }) {
  return (
    <div className="form-grid">
      <p className="field-hint">{adminMessages.storageHint}</p>
      <div className="field">
        <label htmlFor="form-kind">{adminMessages.formSettingLabels.kind}</label>
        <select
          id="form-kind"
          value={draft.kind}
          onChange={(event) => set("kind", event.target.value as FormKind)}
          aria-invalid={errorFor("kind") ? true : undefined}
        >
          {formKinds.map((kind) => (
            <option key={kind} value={kind}>
              {adminMessages.formKindNames[kind] ?? kind}
            </option>
          ))}
        </select>
        {errorFor("kind") ? <p className="field-error">{errorFor("kind")}</p> : null}
      </div>
      {draft.kind === "NEWSLETTER" || draft.mailingListId !== null ? (
        canListMailingLists ? (
          <Suspense fallback={null}>
            <MailingListSelect value={draft.mailingListId} onChange={(value) => set("mailingListId", value)} error={errorFor("mailingListId")} />
          </Suspense>
        ) : (
          <div className="field">
            <span>{adminMessages.formSettingLabels.mailingListId}</span>
            <p>{currentListName ?? adminMessages.chooseList}</p>
            <p className="field-hint">{adminMessages.mailingListsHidden}</p>
            {errorFor("mailingListId") ? (
              <p className="field-error" id={controlId("mailingListId")} tabIndex={-1}>
                {errorFor("mailingListId")}
              </p>
            ) : null}
          </div>
        )
      ) : null}
    </div>
  );
}

/** The message after a submission, the redirect and the HTML shown after submitting. */
export function AdvancedSettings({ draft, set, errorFor }: SettingsProps) {
  return (
    <div className="form-grid">
      <TextControl
        at="submissionMessage"
        label={adminMessages.formSettingLabels.submissionMessage}
        value={draft.submissionMessage}
        multiline
        onChange={(value) => set("submissionMessage", value)}
        error={errorFor("submissionMessage")}
      />
      <TextControl
        at="successRedirect"
        label={adminMessages.formSettingLabels.successRedirect}
        value={draft.successRedirect}
        onChange={(value) => set("successRedirect", value)}
        error={errorFor("successRedirect")}
        hint={adminMessages.successRedirectHint}
      />
      <TextControl
        at="postSubmitHtml"
        label={adminMessages.formSettingLabels.postSubmitHtml}
        value={draft.postSubmitHtml}
        multiline
        onChange={(value) => set("postSubmitHtml", value)}
        error={errorFor("postSubmitHtml")}
      />
    </div>
  );
}

/** Whether the form asks for a captcha. */
export function CaptchaSettings({ draft, set }: SettingsProps) {
  return (
    <>
      <div className="field checkbox">
        <input
          id="form-captchaEnabled"
          type="checkbox"
          checked={draft.captchaEnabled}
          onChange={(event) => set("captchaEnabled", event.target.checked)}
          aria-describedby="form-captchaEnabled-hint"
        />
        <label htmlFor="form-captchaEnabled">{adminMessages.formSettingLabels.captchaEnabled}</label>
      </div>
      <p className="field-hint" id="form-captchaEnabled-hint">
        {adminMessages.captchaHint}
      </p>
    </>
  );
}

/** The disclaimer shown with the form. */
export function DisclaimerSettings({ draft, set, errorFor }: SettingsProps) {
  return (
    <TextControl
      at="disclaimer"
      label={adminMessages.formSettingLabels.disclaimer}
      value={draft.disclaimer}
      multiline
      onChange={(value) => set("disclaimer", value)}
      error={errorFor("disclaimer")}
      hint={adminMessages.disclaimerHint}
    />
  );
}
