// The lock screen (page type 103) or a protected page's password form (105); the right password
// reloads the page unlocked. Loaded only on such pages (PageExtras.tsx).
import { useRef, useState, type FormEvent } from "react";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { useUnlockPageMutation } from "./MemberMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { MemberPasswordField, MemberSubmit } from "./MemberField.tsx";

const reload = () => window.location.reload();

export function LockedPage({ kind, path, onUnlocked = reload }: { kind: "LOCK_SCREEN" | "PROTECTED_CONTENT"; path: string; onUnlocked?: () => void }) {
  const [commit, pending] = useUnlockPageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const password = useRef<HTMLInputElement>(null);
  const lock = kind === "LOCK_SCREEN";
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    commit({
      variables: { path, password: password.current?.value ?? "" },
      onCompleted: ({ unlockPage: result }) => {
        if (result.__typename === "UnlockPageSuccess") return onUnlocked();
        setFailure(errorMessage(result as { message?: string }));
        password.current?.focus();
      },
      onError: (error) => setFailure(describeFailure(error)),
    });
  }
  return (
    <section className="member-page locked-page" aria-labelledby="locked-title">
      <h1 id="locked-title">{lock ? memberMessages.lockScreenPageTitle : memberMessages.protectedPageTitle}</h1>
      <p>{lock ? memberMessages.lockScreenLead : memberMessages.protectedPageLead}</p>
      <form className="member-form" onSubmit={submit} noValidate>
        <MemberPasswordField inputRef={password} id="locked-password" autoComplete="off" error={failure} autoFocus />
        <MemberSubmit pending={pending}>{pending ? memberMessages.unlocking : memberMessages.unlock}</MemberSubmit>
      </form>
    </section>
  );
}
