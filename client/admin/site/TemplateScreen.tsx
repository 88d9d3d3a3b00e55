// /config/site/templates/:name: edit a template's source; preview it against a real storefront page
// (previewTemplate: nothing is saved); save a new version (a source that does not compile is not
// saved, its errors shown at their line and column, each a button that puts the cursor there); the
// versions, newest first, each loadable into the editor or made current again (rollback).
import { useRef, useState, type FormEvent } from "react";
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { TemplateScreenPreviewQuery } from "../../__generated__/TemplateScreenPreviewQuery.graphql.ts";
import type { TemplateScreenQuery as Query } from "../../__generated__/TemplateScreenQuery.graphql.ts";
import type { TemplateScreenRollbackMutation } from "../../__generated__/TemplateScreenRollbackMutation.graphql.ts";
import type { TemplateScreenSaveMutation } from "../../__generated__/TemplateScreenSaveMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.site;

export const templateScreenQuery = graphql`
  query TemplateScreenQuery($name: String!) {
    template(name: $name) {
      __typename
      ... on Template {
        name
        currentVersion
        hasDefault
        source
        versions {
          version
          createdAt
          authorName
          source
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const previewQuery = graphql`
  query TemplateScreenPreviewQuery($name: String!, $source: String!, $path: String!) {
    previewTemplate(name: $name, source: $source, path: $path) {
      __typename
      ... on TemplatePreview {
        html
        pageTemplate
        status
        errors {
          template
          message
          line
          column
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

interface Problem {
  template: string;
  message: string;
  line: number | null | undefined;
  column: number | null | undefined;
}

/** The offset of a 1-based line and column in `source`. */
function offsetOf(source: string, line: number, column: number): number {
  const lines = source.split("\n");
  let offset = 0;
  for (let index = 0; index < Math.min(line - 1, lines.length); index++) offset += lines[index].length + 1;
  return Math.min(offset + Math.max(column - 1, 0), source.length);
}

export default function TemplateScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(templateScreenQuery, queryRef);
  const template = data.template;
  return (
    <section className="admin-page">
      <p>
        <Link href="/config/site/templates">{text.templateBack}</Link>
      </p>
      {template.__typename === "Template" ? (
        <TemplateEditor key={template.name} template={templateData(template)} />
      ) : (
        <>
          <h1>{match.params.name}</h1>
          <p className="notice error" role="alert">
            {errorMessage(template as { message?: string })}
          </p>
        </>
      )}
    </section>
  );
}

interface TemplateData {
  name: string;
  currentVersion: number | null;
  hasDefault: boolean;
  source: string;
  versions: readonly { version: number; createdAt: string; authorName: string | null; source: string }[];
}

function templateData(template: Query["response"]["template"]): TemplateData {
  return {
    name: template.name ?? "",
    currentVersion: template.currentVersion ?? null,
    hasDefault: template.hasDefault ?? false,
    source: template.source ?? "",
    versions: (template.versions ?? []).map((version) => ({ ...version, createdAt: String(version.createdAt), authorName: version.authorName ?? null })),
  };
}

function TemplateEditor({ template }: { template: TemplateData }) {
  const environment = useRelayEnvironment();
  const canWrite = useCan("templates.write");
  const confirm = useConfirm();
  const [source, setSource] = useState(template.source);
  const [path, setPath] = useState("/");
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [preview, setPreview] = useState<{ html: string; pageTemplate: string; status: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const sourceRef = useRef<HTMLTextAreaElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [save, saving] = useInputMutation<TemplateScreenSaveMutation>(graphql`
    mutation TemplateScreenSaveMutation($input: SaveTemplateInput!) {
      saveTemplate(input: $input) {
        __typename
        ... on SaveTemplateSuccess {
          saved
          template {
            currentVersion
          }
          errors {
            message
            line
            column
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [rollback, rollingBack] = useInputMutation<TemplateScreenRollbackMutation>(graphql`
    mutation TemplateScreenRollbackMutation($input: RollbackTemplateInput!) {
      rollbackTemplate(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);

  const show = (next: { error: boolean; text: string }) => {
    setNotice(next);
    queueMicrotask(() => noticeRef.current?.focus());
  };
  const reload = () => fetchQuery<Query>(environment, templateScreenQuery, { name: template.name }, { fetchPolicy: "network-only" }).toPromise();
  const goTo = (problem: Problem) => {
    const area = sourceRef.current;
    if (!area || problem.line == null) return;
    const offset = offsetOf(source, problem.line, problem.column ?? 1);
    area.focus();
    area.setSelectionRange(offset, offset);
  };

  const runPreview = async () => {
    setPreviewing(true);
    try {
      const result = await fetchQuery<TemplateScreenPreviewQuery>(
        environment,
        previewQuery,
        { name: template.name, source, path },
        { fetchPolicy: "network-only" },
      ).toPromise();
      const answer = result?.previewTemplate;
      if (answer?.__typename === "TemplatePreview") {
        setPreview({ html: answer.html ?? "", pageTemplate: answer.pageTemplate ?? "", status: answer.status ?? 200 });
        setProblems((answer.errors ?? []).map((error) => ({ ...error })));
        setNotice(null);
      } else show({ error: true, text: errorMessage((answer ?? {}) as { message?: string }) });
    } catch (error) {
      show({ error: true, text: describeFailure(error) });
    } finally {
      setPreviewing(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save({
      variables: { name: template.name, source },
      onCompleted: ({ saveTemplate: result }) => {
        if (result.__typename !== "SaveTemplateSuccess") return show({ error: true, text: errorMessage(result as { message?: string }) });
        if (!result.saved) {
          setProblems((result.errors ?? []).map((error) => ({ ...error, template: template.name })));
          return show({ error: true, text: text.templateNotSaved });
        }
        setProblems([]);
        show({ error: false, text: text.templateSaved(result.template?.currentVersion ?? 0) });
        void reload();
      },
      onError: (error) => show({ error: true, text: describeFailure(error) }),
    });
  };

  const rollTo = async (version: number | null) => {
    const what = version === null ? text.templateDefault : text.templateVersion(version);
    if (
      !(await confirm({ title: text.templateRollbackTitle, body: text.templateRollbackBody(what), confirmLabel: text.templateRollbackConfirm, danger: true }))
    )
      return;
    rollback({
      variables: { name: template.name, version },
      onCompleted: ({ rollbackTemplate: result }) => {
        if (result.__typename !== "RollbackTemplateSuccess") return show({ error: true, text: errorMessage(result as { message?: string }) });
        show({ error: false, text: text.templateRolledBack });
        void reload().then((fresh) => {
          if (fresh?.template.__typename === "Template") setSource(fresh.template.source ?? "");
        });
      },
      onError: (error) => show({ error: true, text: describeFailure(error) }),
    });
  };

  return (
    <>
      <h1>{template.name}</h1>
      <p>
        {template.currentVersion != null ? (
          <span className="badge ok">{text.templateVersion(template.currentVersion)}</span>
        ) : (
          <span className="badge">{text.templateDefault}</span>
        )}
      </p>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div className="card" role="region" aria-labelledby="template-problems-heading">
          <h2 id="template-problems-heading">{text.templateErrors}</h2>
          <ul className="template-problems">
            {problems.map((problem, index) => (
              <li key={index}>
                <strong>{text.templateErrorAt(problem.template, problem.line ?? null, problem.column ?? null)}</strong>: {problem.message}{" "}
                {problem.line != null && problem.template === template.name ? (
                  <button type="button" className="button link" onClick={() => goTo(problem)}>
                    {text.templateGoToError}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="template-editor">
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="template-source">{text.templateSource}</label>
            <textarea
              id="template-source"
              ref={sourceRef}
              className="template-source"
              rows={24}
              spellCheck={false}
              value={source}
              readOnly={!canWrite}
              aria-invalid={problems.some((problem) => problem.template === template.name) ? true : undefined}
              onChange={(event) => setSource(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="template-preview-path">{text.templatePreviewPath}</label>
            <input id="template-preview-path" value={path} aria-describedby="template-preview-path-hint" onChange={(event) => setPath(event.target.value)} />
            <p id="template-preview-path-hint" className="field-hint">
              {text.templatePreviewPathHint}
            </p>
          </div>
          <div className="form-actions">
            <button type="button" className="button" disabled={previewing} onClick={runPreview}>
              {previewing ? text.templatePreviewing : text.templatePreview}
            </button>
            {canWrite ? (
              <button type="submit" className="button primary" disabled={saving}>
                {saving ? text.saving : text.save}
              </button>
            ) : null}
          </div>
        </form>
        {preview ? (
          <div>
            <h2>{text.templatePreviewTitle}</h2>
            <p className="field-hint">{text.templatePreviewStatus(preview.pageTemplate, preview.status)}</p>
            <iframe className="template-preview" title={text.templatePreviewTitle} sandbox="allow-same-origin" srcDoc={preview.html} />
          </div>
        ) : null}
      </div>
      <h2>{text.templateVersions}</h2>
      {template.versions.length === 0 ? <p className={template.hasDefault ? "field-hint" : "empty-state"}>{text.templateNoVersions}</p> : null}
      {template.versions.length > 0 || template.hasDefault ? (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{text.versionColumn}</th>
              <th scope="col">{text.savedColumn}</th>
              <th scope="col">{text.actionsColumn}</th>
            </tr>
          </thead>
          <tbody>
            {template.versions.map((version) => (
              <tr key={version.version}>
                <td data-label={text.versionColumn}>
                  {text.templateVersion(version.version)}{" "}
                  {version.version === template.currentVersion ? <span className="badge ok">{text.templateCurrent}</span> : null}
                </td>
                <td data-label={text.savedColumn}>
                  {formatDateTime(version.createdAt)} · {text.templateAuthor(version.authorName ?? null)}
                </td>
                <td data-label={text.actionsColumn}>
                  <div className="form-actions">
                    <button type="button" className="button" onClick={() => setSource(version.source)}>
                      {text.templateLoadVersion}
                    </button>
                    {canWrite && version.version !== template.currentVersion ? (
                      <button type="button" className="button danger" disabled={rollingBack} onClick={() => rollTo(version.version)}>
                        {text.templateRollback}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
            {template.hasDefault ? (
              <tr>
                <td data-label={text.versionColumn}>
                  {text.templateDefault} {template.currentVersion == null ? <span className="badge ok">{text.templateCurrent}</span> : null}
                </td>
                <td data-label={text.savedColumn} />
                <td data-label={text.actionsColumn}>
                  {canWrite && template.currentVersion != null ? (
                    <button type="button" className="button danger" disabled={rollingBack} onClick={() => rollTo(null)}>
                      {text.templateRollbackDefault}
                    </button>
                  ) : null}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
