// Site and page passwords (issue 12; page types lock screen 103 and protected content 105): the owner
// locks the whole site behind one password, or protects a page (and the pages below it) with its own.
// The server checks the addresses and passwords (domain/members/page-locks.ts); this screen shows its
// answer beside the field. Opening the site or removing a page's password asks first.
import { useRef, useState } from "react";
import { graphql, useMutation, usePreloadedQuery } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { PageAccessScreenQuery as Query } from "../../__generated__/PageAccessScreenQuery.graphql.ts";
import type { PageAccessScreenSiteMutation } from "../../__generated__/PageAccessScreenSiteMutation.graphql.ts";
import type { PageAccessScreenPageMutation } from "../../__generated__/PageAccessScreenPageMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";

const texts = adminMessages.pageAccess;

/** What the screen shows of the locks, read and saved alike. */
export const pageLocksFragment = graphql`
  fragment PageAccessScreen_locks on PageLocks {
    siteLocked
    protectedPaths
  }
`;

/** PageLocks has no id: a save's answer replaces the screen's `pageLocks` root field by hand. */
function showSavedLocks(field: "updateSitePassword" | "updatePagePassword") {
  return (store: RecordSourceSelectorProxy) => {
    const saved = store.getRootField(field)?.getLinkedRecord("pageLocks");
    if (saved) store.getRoot().setLinkedRecord(saved, "pageLocks");
  };
}
type Notice = { error: boolean; text: string } | null;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p className={`notice${notice.error ? " error" : " success"}`} role={notice.error ? "alert" : "status"}>
      {notice.text}
    </p>
  );
}

export default function PageAccessScreen({ queryRef }: ScreenProps<Query>) {
  const { pageLocks } = usePreloadedQuery<Query>(
    graphql`
      query PageAccessScreenQuery {
        pageLocks {
          ...PageAccessScreen_locks @relay(mask: false)
        }
      }
    `,
    queryRef,
  );
  const canLockSite = useCan("site.settings");
  const canProtectPages = useCan("site.design");
  const confirm = useConfirm();
  const [siteNotice, setSiteNotice] = useState<Notice>(null);
  const [pageNotice, setPageNotice] = useState<Notice>(null);
  const [sitePassword, setSitePassword] = useState("");
  const [siteError, setSiteError] = useState<string | null>(null);
  const [path, setPath] = useState("");
  const [pagePassword, setPagePassword] = useState("");
  const [pageErrors, setPageErrors] = useState<{ path?: string; password?: string }>({});
  const sitePasswordInput = useRef<HTMLInputElement>(null);
  const pathInput = useRef<HTMLInputElement>(null);
  const pagePasswordInput = useRef<HTMLInputElement>(null);

  const [saveSite, savingSite] = useMutation<PageAccessScreenSiteMutation>(graphql`
    mutation PageAccessScreenSiteMutation($input: UpdateSitePasswordInput) {
      updateSitePassword(input: $input) {
        __typename
        ... on UpdateSitePasswordSuccess {
          pageLocks {
            ...PageAccessScreen_locks @relay(mask: false)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [savePage, savingPage] = useMutation<PageAccessScreenPageMutation>(graphql`
    mutation PageAccessScreenPageMutation($input: UpdatePagePasswordInput!) {
      updatePagePassword(input: $input) {
        __typename
        ... on UpdatePagePasswordSuccess {
          pageLocks {
            ...PageAccessScreen_locks @relay(mask: false)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function lockSite() {
    if (!sitePassword) {
      setSiteError(texts.required);
      sitePasswordInput.current?.focus();
      return;
    }
    setSiteError(null);
    saveSite({
      variables: { input: { password: sitePassword } },
      updater: showSavedLocks("updateSitePassword"),
      onCompleted: ({ updateSitePassword: result }) => {
        if (result.__typename === "UpdateSitePasswordSuccess") {
          setSitePassword("");
          setSiteNotice({ error: false, text: texts.siteLockedDone });
        } else {
          setSiteError(errorMessage(result as { message?: string }));
          sitePasswordInput.current?.focus();
        }
      },
      onError: (error) => setSiteNotice({ error: true, text: describeFailure(error) }),
    });
  }

  async function openSite() {
    if (!(await confirm({ title: texts.siteUnlockTitle, body: texts.siteUnlockBody, confirmLabel: texts.siteUnlock, danger: true }))) return;
    saveSite({
      variables: { input: { password: null } },
      updater: showSavedLocks("updateSitePassword"),
      onCompleted: ({ updateSitePassword: result }) =>
        setSiteNotice(
          result.__typename === "UpdateSitePasswordSuccess"
            ? { error: false, text: texts.siteOpen }
            : { error: true, text: errorMessage(result as { message?: string }) },
        ),
      onError: (error) => setSiteNotice({ error: true, text: describeFailure(error) }),
    });
  }

  function protectPage() {
    const problems = { path: path.trim() ? undefined : texts.required, password: pagePassword ? undefined : texts.required };
    setPageErrors(problems);
    if (problems.path) return pathInput.current?.focus();
    if (problems.password) return pagePasswordInput.current?.focus();
    const page = path.trim();
    savePage({
      variables: { input: { path: page, password: pagePassword } },
      updater: showSavedLocks("updatePagePassword"),
      onCompleted: ({ updatePagePassword: result }) => {
        if (result.__typename === "UpdatePagePasswordSuccess") {
          setPath("");
          setPagePassword("");
          setPageNotice({ error: false, text: texts.pageProtected(page) });
        } else {
          // The server names the address or the password; both refusals are about what was typed.
          setPageErrors({ path: errorMessage(result as { message?: string }) });
          pathInput.current?.focus();
        }
      },
      onError: (error) => setPageNotice({ error: true, text: describeFailure(error) }),
    });
  }

  async function removePage(protectedPath: string) {
    const yes = await confirm({
      title: texts.pageRemoveTitle,
      body: texts.pageRemoveBody(protectedPath),
      confirmLabel: texts.pageRemoveShort,
      danger: true,
    });
    if (!yes) return;
    savePage({
      variables: { input: { path: protectedPath, password: null } },
      updater: showSavedLocks("updatePagePassword"),
      onCompleted: ({ updatePagePassword: result }) =>
        setPageNotice(
          result.__typename === "UpdatePagePasswordSuccess"
            ? { error: false, text: texts.pageRemoved(protectedPath) }
            : { error: true, text: errorMessage(result as { message?: string }) },
        ),
      onError: (error) => setPageNotice({ error: true, text: describeFailure(error) }),
    });
  }

  return (
    <section className="admin-page page-access">
      <h1>{texts.heading}</h1>
      <p>{texts.intro}</p>

      <section className="card" aria-labelledby="page-access-site">
        <h2 id="page-access-site">{texts.siteHeading}</h2>
        <p>{pageLocks.siteLocked ? texts.siteLocked : texts.siteOpen}</p>
        <NoticeLine notice={siteNotice} />
        {canLockSite ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              lockSite();
            }}
          >
            <div className="field">
              <label htmlFor="page-access-site-password">{pageLocks.siteLocked ? texts.sitePasswordChange : texts.sitePassword}</label>
              <input
                id="page-access-site-password"
                ref={sitePasswordInput}
                type="password"
                autoComplete="new-password"
                value={sitePassword}
                aria-invalid={siteError ? true : undefined}
                aria-describedby="page-access-site-error"
                onChange={(event) => setSitePassword(event.target.value)}
              />
              <p className="field-error" id="page-access-site-error">
                {siteError}
              </p>
            </div>
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={savingSite}>
                {savingSite ? texts.saving : pageLocks.siteLocked ? texts.siteChange : texts.siteLock}
              </button>
              {pageLocks.siteLocked ? (
                <button type="button" className="button danger" disabled={savingSite} onClick={openSite}>
                  {texts.siteUnlock}
                </button>
              ) : null}
            </div>
          </form>
        ) : (
          <p className="field-hint">{adminMessages.storeSettings.readOnly}</p>
        )}
      </section>

      <section className="card" aria-labelledby="page-access-pages">
        <h2 id="page-access-pages">{texts.pagesHeading}</h2>
        <NoticeLine notice={pageNotice} />
        {pageLocks.protectedPaths.length === 0 ? (
          <p>{texts.pagesEmpty}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{texts.pathColumn}</th>
                {canProtectPages ? <th scope="col">{texts.actionsColumn}</th> : null}
              </tr>
            </thead>
            <tbody>
              {pageLocks.protectedPaths.map((protectedPath) => (
                <tr key={protectedPath}>
                  <td>
                    <a href={protectedPath} target="_blank" rel="noreferrer">
                      {protectedPath}
                    </a>
                  </td>
                  {canProtectPages ? (
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={texts.pageRemove(protectedPath)}
                        disabled={savingPage}
                        onClick={() => removePage(protectedPath)}
                      >
                        {texts.pageRemoveShort}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canProtectPages ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              protectPage();
            }}
          >
            <div className="field">
              <label htmlFor="page-access-path">{texts.pagePath}</label>
              <input
                id="page-access-path"
                ref={pathInput}
                value={path}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={pageErrors.path ? true : undefined}
                aria-describedby="page-access-path-hint page-access-path-error"
                onChange={(event) => setPath(event.target.value)}
              />
              <p className="field-hint" id="page-access-path-hint">
                {texts.pagePathHint}
              </p>
              <p className="field-error" id="page-access-path-error">
                {pageErrors.path}
              </p>
            </div>
            <div className="field">
              <label htmlFor="page-access-page-password">{texts.pagePassword}</label>
              <input
                id="page-access-page-password"
                ref={pagePasswordInput}
                type="password"
                autoComplete="new-password"
                value={pagePassword}
                aria-invalid={pageErrors.password ? true : undefined}
                aria-describedby="page-access-page-password-error"
                onChange={(event) => setPagePassword(event.target.value)}
              />
              <p className="field-error" id="page-access-page-password-error">
                {pageErrors.password}
              </p>
            </div>
            <button type="submit" className="button primary" disabled={savingPage}>
              {savingPage ? texts.saving : texts.pageProtect}
            </button>
          </form>
        ) : null}
      </section>
    </section>
  );
}
