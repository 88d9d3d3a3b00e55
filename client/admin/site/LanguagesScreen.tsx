// The site's languages (issue 23 part 6; platform-support §5): the list with the default first, adding
// one of the suggested languages, making one the default, removing one (after the confirm dialog),
// and the translation connection's state with a way to disconnect it.
import { useRef, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { SUGGESTED_LANGUAGES } from "../../../server/domain/site/languages.ts";
import { languageName } from "../../../server/domain/site/visitor-locale.ts";
import type { LanguagesScreenQuery as Query } from "../../__generated__/LanguagesScreenQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { SaveNoticeLines, SiteScreenHeading, type SaveNotice } from "./SiteScreenParts.tsx";
import { useDisconnectMultilingualMutation, useUpdateLanguagesMutation } from "./LanguagesMutations.ts";

const text = adminMessages.languages;

type Language = { readonly code: string; readonly isDefault: boolean };

export default function LanguagesScreen({ queryRef }: ScreenProps<Query>) {
  const { multilingual } = usePreloadedQuery<Query>(
    graphql`
      query LanguagesScreenQuery {
        multilingual {
          connected
          languages {
            code
            isDefault
          }
        }
      }
    `,
    queryRef,
  );
  const canChange = useCan("site.settings");
  const confirm = useConfirm();
  const [languages, setLanguages] = useState<readonly Language[]>(multilingual.languages);
  const [connected, setConnected] = useState(multilingual.connected);
  const [adding, setAdding] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SaveNotice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [updateLanguages, saving] = useUpdateLanguagesMutation();
  const [disconnectMultilingual, disconnecting] = useDisconnectMultilingualMutation();
  const busy = saving || disconnecting || !canChange;
  const offered = SUGGESTED_LANGUAGES.filter((code) => !languages.some((language) => language.code === code));

  function show(value: SaveNotice) {
    setNotice(value);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }

  /** Saves the codes, the default first; `done` names what changed on success. */
  function save(codes: string[], done: string) {
    updateLanguages({
      variables: { languages: codes },
      onCompleted: ({ updateLanguages: result }) => {
        if (result.__typename === "UpdateLanguagesSuccess" && result.languages) {
          setLanguages(result.languages);
          if (result.languages.length > 1) setConnected(true);
          setAdding("");
          show({ error: false, text: done });
        } else show({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => show({ error: true, text: describeFailure(error) }),
    });
  }

  const defaultFirst = (code: string) => [code, ...languages.map((language) => language.code).filter((other) => other !== code)];

  function add() {
    if (!adding) {
      setAddError(text.chooseFirst);
      document.getElementById("language-add")?.focus();
      return;
    }
    setAddError(null);
    save([...languages.map((language) => language.code), adding], text.added(languageName(adding)));
  }

  async function remove(code: string) {
    const name = languageName(code);
    const yes = await confirm({ title: adminMessages.people.removeTitle(name), body: text.removeBody, confirmLabel: text.removeConfirm, danger: true });
    if (!yes) return;
    const codes = languages.filter((language) => language.code !== code).map((language) => language.code);
    const fallback = languages.find((language) => language.isDefault)?.code ?? codes[0];
    save(
      defaultFirst(fallback).filter((other) => other !== code),
      text.removed(name),
    );
  }

  async function disconnect() {
    const yes = await confirm({ title: text.disconnectTitle, body: text.disconnectBody, confirmLabel: text.disconnectConfirm, danger: true });
    if (!yes) return;
    disconnectMultilingual({
      variables: {},
      onCompleted: ({ disconnectMultilingual: result }) => {
        if (result.__typename === "DisconnectMultilingualSuccess") {
          setLanguages(result.multilingual.languages);
          setConnected(result.multilingual.connected);
          show({ error: false, text: text.disconnected });
        }
      },
      onError: (error) => show({ error: true, text: describeFailure(error) }),
    });
  }

  return (
    <section className="admin-page languages-screen">
      <SiteScreenHeading heading={text.heading} intro={text.intro} />
      {!canChange ? <p className="notice">{text.readOnly}</p> : null}
      <SaveNoticeLines canChange notice={notice} noticeRef={noticeRef} />
      <section className="card" aria-labelledby="languages-list">
        <h2 id="languages-list">{text.listHeading}</h2>
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">{text.languageColumn}</th>
              <th scope="col">{text.codeColumn}</th>
              <th scope="col">{text.actionsColumn}</th>
            </tr>
          </thead>
          <tbody>
            {languages.map((language) => {
              const name = languageName(language.code);
              return (
                <tr key={language.code}>
                  <td>
                    {name} {language.isDefault ? <span className="badge">{text.defaultBadge}</span> : null}
                  </td>
                  <td>
                    <code>{language.code}</code>
                  </td>
                  <td className="row-actions">
                    {language.isDefault || !canChange ? null : (
                      <>
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          aria-label={text.makeDefaultLabel(name)}
                          onClick={() => save(defaultFirst(language.code), text.madeDefault(name))}
                        >
                          {text.makeDefault}
                        </button>
                        <button
                          type="button"
                          className="button danger"
                          disabled={busy}
                          aria-label={text.removeLabel(name)}
                          onClick={() => remove(language.code)}
                        >
                          {text.remove}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {canChange ? (
        <section className="card" aria-labelledby="languages-add">
          <h2 id="languages-add">{text.addHeading}</h2>
          {offered.length === 0 ? (
            <p>{text.noneLeft}</p>
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                add();
              }}
            >
              <div className="field">
                <label htmlFor="language-add">{text.addLabel}</label>
                <select
                  id="language-add"
                  value={adding}
                  aria-invalid={addError ? true : undefined}
                  aria-describedby="language-add-error"
                  onChange={(event) => setAdding(event.target.value)}
                >
                  <option value="">{text.addChoose}</option>
                  {offered.map((code) => (
                    <option key={code} value={code}>
                      {`${languageName(code)} (${code})`}
                    </option>
                  ))}
                </select>
                <p className="field-error" id="language-add-error">
                  {addError}
                </p>
              </div>
              <button type="submit" className="button primary" disabled={busy} aria-busy={saving}>
                {saving ? text.adding : text.add}
              </button>
            </form>
          )}
        </section>
      ) : null}
      <section className="card" aria-labelledby="languages-connection">
        <h2 id="languages-connection">{text.connectionHeading}</h2>
        <p>{connected ? text.connected : text.notConnected}</p>
        {connected && canChange ? (
          <button type="button" className="button danger" disabled={busy} onClick={disconnect}>
            {text.disconnect}
          </button>
        ) : null}
      </section>
    </section>
  );
}
