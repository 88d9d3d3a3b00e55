// The confirm dialog every destructive action goes through (platform-support: a confirm modal
// resolves true on confirm, false on cancel; cancel is allowed and it closes itself, by default).
// `confirm({ ... })` opens it and resolves with the answer. With `autoClose: false` and an `action`,
// it stays open while the action runs and shows the action's failure inside, so nothing is lost.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { describeFailure } from "../relay/errors.ts";
import { Dialog } from "./Dialog.tsx";

export interface ConfirmOptions {
  title: string;
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button says so by its colour. */
  danger?: boolean;
  /** Default true: the dialog offers Cancel (and Escape dismisses it). */
  allowCancel?: boolean;
  /** Default true: the dialog closes as soon as it is answered. */
  autoClose?: boolean;
  /** With autoClose false: run while the dialog stays open; a failure is shown and the dialog stays. */
  action?: () => Promise<void>;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm outside <ConfirmProvider>");
  return confirm;
}

interface Open {
  options: ConfirmOptions;
  resolve: (answer: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const answered = useRef(false);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        answered.current = false;
        setFailure(null);
        setBusy(false);
        setOpen({ options, resolve });
      }),
    [],
  );

  function answer(value: boolean) {
    if (!open || answered.current) return;
    const { options, resolve } = open;
    const autoClose = options.autoClose ?? true;
    if (value && !autoClose && options.action) {
      setBusy(true);
      setFailure(null);
      options.action().then(
        () => {
          answered.current = true;
          setOpen(null);
          resolve(true);
        },
        (error: unknown) => {
          setBusy(false);
          setFailure(describeFailure(error));
        },
      );
      return;
    }
    answered.current = true;
    setOpen(null);
    resolve(value);
  }

  const allowCancel = open?.options.allowCancel ?? true;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open ? (
        <Dialog title={open.options.title} onDismiss={allowCancel && !busy ? () => answer(false) : undefined} className="confirm-dialog">
          {open.options.body ? <div className="dialog-body">{open.options.body}</div> : null}
          {failure ? (
            <p className="notice error" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="dialog-actions">
            {allowCancel ? (
              <button type="button" className="button" onClick={() => answer(false)} disabled={busy}>
                {open.options.cancelLabel ?? adminMessages.cancel}
              </button>
            ) : null}
            <button
              type="button"
              className={`button primary${open.options.danger ? " danger" : ""}`}
              onClick={() => answer(true)}
              disabled={busy}
              aria-busy={busy}
              data-autofocus={open.options.danger ? undefined : true}
            >
              {open.options.confirmLabel ?? adminMessages.confirm}
            </button>
          </div>
        </Dialog>
      ) : null}
    </ConfirmContext.Provider>
  );
}
