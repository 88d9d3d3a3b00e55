// What the storefront shows of a page beyond its own screen (issue 12), from `storefrontPage`: a
// password before the page (the site's lock screen, 103, or the page's own, 105) gives the password
// form; a members-only page seen by a visitor who is not signed in gives the access-denied page (page
// type 106) with a join button leading to sign-up; otherwise the screen, followed by the form blocks the
// site's templates place on the page (`form-block`, forms anywhere). A key no form has shows
// 'Unable to open form'.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { PageExtrasQuery } from "../__generated__/PageExtrasQuery.graphql";
import { messages } from "../../server/domain/messages.ts";
import { joinHref, signInHref } from "../../server/domain/members/member-areas.ts";
import { Link, useRouter } from "../router/Router.tsx";
import { FormBlock } from "./FormBlock.tsx";
import { MemberField } from "./MemberField.tsx";
import { useUnlockPageMutation } from "../mutations/MemberMutations.ts";
import { describeFailure, errorMessage } from "../relay/errors.ts";

const reload = () => window.location.reload();

/** The lock screen (103) or a protected page's password form (105); the right password reloads the page unlocked. */
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
      <h1 id="locked-title">{lock ? messages.lockScreenPageTitle : messages.protectedPageTitle}</h1>
      <p>{lock ? messages.lockScreenLead : messages.protectedPageLead}</p>
      <form className="member-form" onSubmit={submit} noValidate>
        <MemberField
          inputRef={password}
          id="locked-password"
          label={messages.passwordLabel}
          name="password"
          type="password"
          autoComplete="off"
          error={failure}
          required
          autoFocus
        />
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          {pending ? messages.unlocking : messages.unlock}
        </button>
      </form>
    </section>
  );
}

export function AccessDenied({ path }: { path: string }) {
  return (
    <section className="access-denied" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{messages.accessDeniedPageTitle}</h1>
      <p>{messages.accessDeniedLead}</p>
      <p className="access-denied-actions">
        <Link className="button" href={joinHref(path)}>
          {messages.join}
        </Link>
        <Link href={signInHref(path)}>{messages.signIn}</Link>
      </p>
    </section>
  );
}

export function PageExtras({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const { storefrontPage: page } = useLazyLoadQuery<PageExtrasQuery>(
    graphql`
      query PageExtrasQuery($path: String!) {
        storefrontPage(path: $path) {
          path
          accessDenied
          locked
          formKeys
          forms {
            id
            key
            ...FormBlock_form
          }
        }
      }
    `,
    { path: location },
    { fetchPolicy: "store-and-network" },
  );
  if (page?.locked === "LOCK_SCREEN" || page?.locked === "PROTECTED_CONTENT") return <LockedPage kind={page.locked} path={location.split("?")[0]} />;
  if (page?.accessDenied) return <AccessDenied path={page.path} />;
  const keys = page?.formKeys ?? [];
  return (
    <>
      {children}
      {keys.length > 0 ? (
        <div className="page-forms">
          {keys.map((key) => {
            const form = page?.forms.find((candidate) => candidate.key === key);
            return form ? (
              <FormBlock key={form.id} form={form} />
            ) : (
              <p key={key} className="form-problem" role="alert">
                {messages.unableToOpenForm}
              </p>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
