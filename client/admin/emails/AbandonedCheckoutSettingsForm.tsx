// Abandoned checkout reminders (issue 24 part 4): on or off (off by default), the delay before the one
// reminder, and what they did: carts reminded, carts recovered (ordered after their reminder). The
// delay is checked with the server's own rule (domain/checkout/abandoned-checkout.ts) before sending.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { REMINDER_DELAY_MINUTES, reminderDelayProblem } from "../../../server/domain/checkout/abandoned-checkout.ts";
import { emailMessages } from "../../../server/domain/messages/emails.ts";
import type { AbandonedCheckoutSettingsForm_settings$key } from "../../__generated__/AbandonedCheckoutSettingsForm_settings.graphql.ts";
import { Field, FormNotice, useFormState } from "../../shared/ui/settings-form.tsx";
import { useUpdateAbandonedCheckoutSettingsMutation } from "./UpdateAbandonedCheckoutSettingsMutation.ts";

export function AbandonedCheckoutSettingsForm({ settings }: { settings: AbandonedCheckoutSettingsForm_settings$key }) {
  const data = useFragment(
    graphql`
      fragment AbandonedCheckoutSettingsForm_settings on AbandonedCheckouts {
        enabled
        delayMinutes
        reminded
        recovered
      }
    `,
    settings,
  );
  const [enabled, setEnabled] = useState(data.enabled);
  const [delay, setDelay] = useState(String(data.delayMinutes));
  const [save, saving] = useUpdateAbandonedCheckoutSettingsMutation();
  const { formRef, errors, notice, fail, answer, failure } = useFormState("UpdateAbandonedCheckoutSettingsSuccess");

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const delayMinutes = Number(delay);
    const problem = reminderDelayProblem(delayMinutes);
    if (problem) return fail({ delayMinutes: problem }, problem);
    save({
      variables: { enabled, delayMinutes },
      onCompleted: ({ updateAbandonedCheckoutSettings }) => void answer(updateAbandonedCheckoutSettings, emailMessages.saved),
      onError: failure,
    });
  };

  return (
    <form ref={formRef} className="settings-form abandoned-checkouts" onSubmit={submit} noValidate aria-labelledby="abandoned-checkouts-title">
      <h2 id="abandoned-checkouts-title">{emailMessages.remindersTitle}</h2>
      <p>{emailMessages.remindersHelp}</p>
      <FormNotice notice={notice} />
      <label className="choice">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <span>{emailMessages.remindersEnabled}</span>
      </label>
      <Field id="delayMinutes" label={emailMessages.reminderDelay} hint={emailMessages.reminderDelayHelp} error={errors.delayMinutes}>
        {(props) => (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            min={REMINDER_DELAY_MINUTES.min}
            max={REMINDER_DELAY_MINUTES.max}
            value={delay}
            onChange={(event) => setDelay(event.target.value)}
          />
        )}
      </Field>
      <dl className="reminder-figures">
        <div>
          <dt>{emailMessages.remindersSent}</dt>
          <dd>{data.reminded}</dd>
        </div>
        <div>
          <dt>{emailMessages.remindersRecovered}</dt>
          <dd>{data.recovered}</dd>
        </div>
      </dl>
      <div className="actions">
        <button type="submit" className="button primary" disabled={saving}>
          {emailMessages.save}
        </button>
      </div>
    </form>
  );
}
