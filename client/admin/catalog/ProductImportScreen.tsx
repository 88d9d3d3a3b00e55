// Import products (issue 23, part 4): the owner picks a CSV in Shopify's product columns, the server
// checks it and answers what it would do with every problem named by row and column (nothing is
// written), then the owner confirms and the products without a problem are imported. Importing the
// same file again changes nothing (products matched by handle, variants by SKU).
import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductImportScreenQuery as Query } from "../../__generated__/ProductImportScreenQuery.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { sendImport, type ImportAnswer, type ImportProgress } from "./product-import-request.ts";
import "./catalog.css";

type State =
  | { step: "pick" }
  | { step: "checking" }
  | { step: "preview"; preview: ImportAnswer }
  | { step: "importing"; preview: ImportAnswer; progress: ImportProgress | null }
  | { step: "done"; result: ImportAnswer }
  | { step: "failed"; message: string };

export default function ProductImportScreen({ queryRef }: ScreenProps<Query>) {
  // The route's query: the owner may write products (the route's permission), nothing else is needed.
  usePreloadedQuery<Query>(
    graphql`
      query ProductImportScreenQuery {
        scarcitySettings {
          threshold
        }
      }
    `,
    queryRef,
  );
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: "pick" });

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setState({ step: "checking" });
    const answer = await sendImport(file, false);
    setState("error" in answer ? { step: "failed", message: answer.error } : { step: "preview", preview: answer });
  }

  async function confirm(preview: ImportAnswer) {
    if (!file) return;
    setState({ step: "importing", preview, progress: null });
    const answer = await sendImport(file, true, (progress) => setState({ step: "importing", preview, progress }));
    setState("error" in answer ? { step: "failed", message: answer.error } : { step: "done", result: answer });
  }

  const toWrite = (answer: ImportAnswer) => answer.create + answer.update;
  return (
    <section className="admin-page product-import">
      <header>
        <h1>{adminMessages.importHeading}</h1>
        <Link href="/config/products">{adminMessages.backToProducts}</Link>
      </header>
      <p>{adminMessages.importIntro}</p>
      <form onSubmit={check}>
        <div className="field">
          <label htmlFor="import-file">{adminMessages.importFileLabel}</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setState({ step: "pick" });
            }}
          />
        </div>
        <button type="submit" className="button" disabled={!file || state.step === "checking" || state.step === "importing"}>
          {state.step === "checking" ? adminMessages.importChecking : adminMessages.importPreviewButton}
        </button>
      </form>
      {state.step === "failed" ? <p role="alert">{state.message}</p> : null}
      {state.step === "preview" || state.step === "importing" ? (
        <div className="import-preview">
          <p>{adminMessages.importSummary(state.preview.rows, state.preview.products)}</p>
          <ul>
            <li>{adminMessages.importCreateCount(state.preview.create)}</li>
            <li>{adminMessages.importUpdateCount(state.preview.update)}</li>
            <li>{adminMessages.importUnchangedCount(state.preview.unchanged)}</li>
            {state.preview.skipped ? <li>{adminMessages.importSkippedCount(state.preview.skipped)}</li> : null}
          </ul>
          {state.preview.errors.length ? (
            <div role="alert" className="import-errors">
              <h2>{adminMessages.importErrorsHeading(state.preview.errors.length)}</h2>
              <p>{adminMessages.importErrorsHint}</p>
              <ul>
                {state.preview.errors.map((error) => (
                  <li key={`${error.row}-${error.column}`}>{error.text}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>{adminMessages.importNothingWritten}</p>
          {toWrite(state.preview) ? (
            <button type="button" className="button primary" disabled={state.step === "importing"} onClick={() => void confirm(state.preview)}>
              {state.step === "importing" ? adminMessages.importRunningAll(toWrite(state.preview)) : adminMessages.importConfirm(toWrite(state.preview))}
            </button>
          ) : (
            <p>{adminMessages.importNothingToDo}</p>
          )}
          {state.step === "importing" ? (
            <p className="import-progress">
              <progress
                aria-label={adminMessages.importRunningAll(toWrite(state.preview))}
                value={state.progress?.processed}
                max={state.progress?.total || undefined}
              />
              {state.progress ? <span role="status">{adminMessages.importProgress(state.progress.processed, state.progress.total)}</span> : null}
            </p>
          ) : null}
        </div>
      ) : null}
      {state.step === "done" ? (
        <p role="status">
          {adminMessages.importDone(state.result.create, state.result.update, state.result.unchanged)}{" "}
          <Link href="/config/products">{adminMessages.backToProducts}</Link>
        </p>
      ) : null}
    </section>
  );
}
