// The API key creation modal (platform-support §2's event names: next, cancel, copy, complete): the
// key's name, then its permissions and optional expiry, then the key itself, shown this once with a
// Copy button and a warning. The last step can only be left with Done, so the key is not lost by a
// stray Escape.
import { useRef, useState } from "react";
import { graphql } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ApiKeyCreateDialogMutation } from "../../__generated__/ApiKeyCreateDialogMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { CopyField } from "../../shared/ui/CopyField.tsx";
import { Dialog } from "../../shared/ui/Dialog.tsx";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";

type Step = "name" | "scopes" | "key";

/** The end of the chosen day, in the owner's time zone. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

export function ApiKeyCreateDialog({ grantable, onClose }: { grantable: readonly string[]; onClose: (created: string | null) => void }) {
  const [step, setStep] = useState<Step>("name");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState("");
  const [error, setError] = useState<{ field: "name" | "scopes" | "form"; text: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const firstScope = useRef<HTMLInputElement>(null);
  const formError = useRef<HTMLParagraphElement>(null);
  const [create, creating] = useInputMutation<ApiKeyCreateDialogMutation>(graphql`
    mutation ApiKeyCreateDialogMutation($input: CreateApiKeyInput!) {
      createApiKey(input: $input) {
        __typename
        ... on CreateApiKeySuccess {
          secret
          apiKey {
            id
            name
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function next() {
    if (!name.trim()) {
      setError({ field: "name", text: ownerMessages.apiKeyNameRequired });
      nameInput.current?.focus();
      return;
    }
    setError(null);
    setStep("scopes");
  }

  function submit() {
    if (scopes.length === 0) {
      setError({ field: "scopes", text: ownerMessages.apiKeyScopesRequired });
      firstScope.current?.focus();
      return;
    }
    setError(null);
    create({
      variables: { name: name.trim(), scopes, expiresAt: expiry ? endOfDay(expiry) : null },
      onCompleted: ({ createApiKey: result }) => {
        if (result.__typename === "CreateApiKeySuccess") {
          setSecret(result.secret ?? null);
          setStep("key");
        } else {
          setError({ field: "form", text: errorMessage(result as { message?: string }) });
          requestAnimationFrame(() => formError.current?.focus());
        }
      },
      onError: (failure) => {
        setError({ field: "form", text: describeFailure(failure) });
        requestAnimationFrame(() => formError.current?.focus());
      },
    });
  }

  const toggle = (scope: string) => setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((value) => value !== scope) : [...chosen, scope]));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Dialog title={adminMessages.apiKeysModalTitle} onDismiss={step === "key" ? undefined : () => onClose(null)} className="api-key-dialog">
      {step === "name" ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <p className="api-key-steps">{adminMessages.apiKeysStepName}</p>
          <div className="field">
            <label htmlFor="api-key-name">{adminMessages.apiKeysName}</label>
            <input
              id="api-key-name"
              ref={nameInput}
              data-autofocus
              value={name}
              maxLength={100}
              autoComplete="off"
              aria-invalid={error?.field === "name" ? true : undefined}
              aria-describedby="api-key-name-hint api-key-name-error"
              onChange={(event) => setName(event.target.value)}
            />
            <p className="field-hint" id="api-key-name-hint">
              {adminMessages.apiKeysNameHint}
            </p>
            <p className="field-error" id="api-key-name-error">
              {error?.field === "name" ? error.text : null}
            </p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => onClose(null)}>
              {adminMessages.apiKeysCancel}
            </button>
            <button type="submit" className="button primary">
              {adminMessages.apiKeysNext}
            </button>
          </div>
        </form>
      ) : step === "scopes" ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="api-key-steps">{adminMessages.apiKeysStepScopes}</p>
          {error?.field === "form" ? (
            <p className="notice error" role="alert" tabIndex={-1} ref={formError}>
              {error.text}
            </p>
          ) : null}
          <fieldset className="scope-list" aria-describedby="api-key-scopes-hint api-key-scopes-error">
            <legend>{adminMessages.apiKeysScopes}</legend>
            <p className="field-hint" id="api-key-scopes-hint">
              {adminMessages.apiKeysScopesHint}
            </p>
            {grantable.map((scope, index) => (
              <div className="field checkbox" key={scope}>
                <input
                  type="checkbox"
                  id={`api-key-scope-${scope}`}
                  ref={index === 0 ? firstScope : undefined}
                  data-autofocus={index === 0 ? true : undefined}
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                />
                <label htmlFor={`api-key-scope-${scope}`}>
                  {adminMessages.apiKeysScopeNames[scope] ?? scope} <code>{scope}</code>
                </label>
              </div>
            ))}
            <p className="field-error" id="api-key-scopes-error">
              {error?.field === "scopes" ? error.text : null}
            </p>
          </fieldset>
          <div className="field">
            <label htmlFor="api-key-expiry">{adminMessages.apiKeysExpiry}</label>
            <input
              id="api-key-expiry"
              type="date"
              min={today}
              value={expiry}
              aria-describedby="api-key-expiry-hint"
              onChange={(event) => setExpiry(event.target.value)}
            />
            <p className="field-hint" id="api-key-expiry-hint">
              {adminMessages.apiKeysExpiryHint}
            </p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => onClose(null)} disabled={creating}>
              {adminMessages.apiKeysCancel}
            </button>
            <button type="button" className="button" onClick={() => setStep("name")} disabled={creating}>
              {adminMessages.apiKeysBack}
            </button>
            <button type="submit" className="button primary" disabled={creating}>
              {creating ? adminMessages.apiKeysCreating : adminMessages.apiKeysNext}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <p className="api-key-steps">{adminMessages.apiKeysStepKey}</p>
          <p className="notice" role="note">
            {adminMessages.apiKeysSecretWarning}
          </p>
          <CopyField label={adminMessages.apiKeysSecretLabel} value={secret ?? ""} />
          <div className="dialog-actions">
            <button type="button" className="button primary" data-autofocus onClick={() => onClose(name.trim())}>
              {adminMessages.apiKeysComplete}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
