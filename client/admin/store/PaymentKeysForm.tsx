// The Stripe keys form (issue 22): the same key rules as the server (domain/payments/keys.ts) answer
// at once; Stripe's own check happens on the server. Secret fields are password inputs, never prefilled.
import { useState, type FormEvent } from "react";
import { paymentMessages as t } from "../../../server/domain/messages/payments.ts";
import { parsePaymentKeys } from "../../../server/domain/payments/keys.ts";
import { Field, FormNotice, useFormState } from "../../shared/ui/settings-form.tsx";
import { useConnectPaymentAccountMutation } from "./ConnectPaymentAccountMutation.ts";

export function PaymentKeysForm({ onCancel }: { onCancel?: () => void }) {
  const [publishableKey, setPublishableKey] = useState("");
  const [secretKey, setSecretKey] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [commit, saving] = useConnectPaymentAccountMutation();
  const state = useFormState("ConnectPaymentAccountSuccess");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { publishableKey, secretKey, webhookSecret };
    const parsed = parsePaymentKeys(input);
    if ("fieldErrors" in parsed) {
      state.fail(Object.fromEntries(parsed.fieldErrors.map((error) => [error.fieldId, error.message])), parsed.fieldErrors[0]!.message);
      return;
    }
    commit({
      variables: { publishableKey: parsed.keys.publishableKey, secretKey: parsed.keys.secretKey, webhookSecret: parsed.keys.webhookSecret },
      onCompleted: (response) => {
        // On success the screen shows the connected account (the answer replaced ownerPayments).
        if (state.answer(response.connectPaymentAccount, t.connected)) setSecretKey("");
      },
      onError: state.failure,
    });
  };
  return (
    <form ref={state.formRef} onSubmit={submit} noValidate aria-label={t.connect}>
      <p>{t.connectIntro}</p>
      <FormNotice notice={state.notice} />
      <fieldset className="form-grid" disabled={saving}>
        <Field id="payments-publishable-key" label={t.publishableKey} error={state.errors.publishableKey}>
          {(props) => (
            <input
              {...props}
              value={publishableKey}
              autoComplete="off"
              spellCheck={false}
              placeholder={t.publishableKeyPlaceholder}
              onChange={(event) => setPublishableKey(event.target.value)}
            />
          )}
        </Field>
        <Field id="payments-secret-key" label={t.secretKey} hint={t.secretKeyHint} error={state.errors.secretKey}>
          {(props) => <input {...props} type="password" autoComplete="new-password" value={secretKey} onChange={(event) => setSecretKey(event.target.value)} />}
        </Field>
        <Field id="payments-webhook-secret" label={t.webhookSecret} hint={t.webhookSecretHint} error={state.errors.webhookSecret}>
          {(props) => (
            <input {...props} type="password" autoComplete="new-password" value={webhookSecret} onChange={(event) => setWebhookSecret(event.target.value)} />
          )}
        </Field>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? t.connecting : t.connect}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={saving}>
            {t.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
