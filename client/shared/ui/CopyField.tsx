// A read-only value with a Copy button (an API key shown once, a feed URL): the button copies it to
// the clipboard and says so in a live region; where the clipboard is refused, the value is selected
// for the user to copy.
import { useId, useRef, useState } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";

export function CopyField({ label, value, hint, onCopied }: { label: string; value: string; hint?: string; onCopied?: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus(adminMessages.apiKeysCopied);
      onCopied?.();
    } catch {
      input.current?.select();
      setStatus(adminMessages.apiKeysCopyFailed);
    }
  }
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          spellCheck={false}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={copy} aria-label={`${adminMessages.apiKeysCopy}: ${label}`}>
          {adminMessages.apiKeysCopy}
        </button>
      </div>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field-hint" role="status">
        {status}
      </p>
    </div>
  );
}
