// One card of rows the owner edits in place (coupons, tax rules, shipping zones): a table with Edit and
// Delete (confirmed) per row, the row's form below it when editing, else an Add button.
import { Fragment, useState, type FormEvent, type Key, type ReactNode } from "react";
import { describeFailure } from "../relay/errors.ts";
import { useConfirm, type ConfirmOptions } from "./ConfirmDialog.tsx";
import { FormNotice, useFormState, type FormAnswer } from "./settings-form.tsx";

export type ListNotice = { kind: "error" | "ok"; text: string } | null;

export interface EditableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface EditableListTexts {
  heading: string;
  empty: string;
  add: string;
  actions: string;
  edit: string;
  delete: string;
}

interface EditableListProps<Row, Draft> {
  /** The heading's id, which also labels the section. */
  headingId: string;
  texts: EditableListTexts;
  rows: readonly Row[];
  columns: readonly EditableColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** Names the row in the buttons' aria-labels. */
  rowLabel: (row: Row) => string;
  readOnly: boolean;
  /** Set by the caller from its mutations' answers (see `answerNotice`). */
  notice: ListNotice;
  /** The form's draft for a row, or for a new one (`null`). */
  draftOf: (row: Row | null) => Draft;
  /** The saved row's id, `null` for a new one: a different row remounts the form. */
  draftId: (draft: Draft) => Key | null;
  renderForm: (draft: Draft, onDone: () => void) => ReactNode;
  confirmDelete: (row: Row) => ConfirmOptions;
  onDelete: (row: Row) => void;
  /** More row buttons, between Edit and Delete. */
  extraActions?: (row: Row, index: number) => ReactNode;
}

/** The notice a row mutation's answer leaves: none on success, else its message (or `fallback`). */
export const answerNotice = (answer: { readonly __typename: string }, successTypename: string, fallback: string): ListNotice =>
  answer.__typename === successTypename ? null : { kind: "error", text: (answer as { message?: string }).message ?? fallback };

/** The notice a mutation's transport failure leaves. */
export const failureNotice = (error: unknown): ListNotice => ({ kind: "error", text: describeFailure(error) });

/** The list's notice, and `report(answerOf, successTypename)`: a row mutation's `onCompleted` and `onError` that set it. */
export function useListNotice(fallback: string) {
  const [notice, setNotice] = useState<ListNotice>(null);
  const report = <Response,>(answerOf: (response: Response) => { readonly __typename: string }, successTypename: string) => ({
    onCompleted: (response: Response) => setNotice(answerNotice(answerOf(response), successTypename, fallback)),
    onError: (error: unknown) => setNotice(failureNotice(error)),
  });
  return { notice, setNotice, report };
}

export function EditableList<Row, Draft>(props: EditableListProps<Row, Draft>) {
  const { headingId, texts, rows, columns, rowKey, rowLabel, readOnly, notice, draftOf, draftId, renderForm, extraActions } = props;
  const [editing, setEditing] = useState<Draft | null>(null);
  const confirm = useConfirm();

  const remove = async (row: Row) => {
    if (await confirm(props.confirmDelete(row))) props.onDelete(row);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <FormNotice notice={notice} />
      {rows.length === 0 ? (
        <p className="empty-state">{texts.empty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              {readOnly ? null : <th scope="col">{texts.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ))}
                {readOnly ? null : (
                  <td data-label={texts.actions} className="row-actions">
                    <button type="button" className="button link" onClick={() => setEditing(draftOf(row))} aria-label={`${texts.edit} ${rowLabel(row)}`}>
                      {texts.edit}
                    </button>
                    {extraActions?.(row, index)}
                    <button type="button" className="button link danger" onClick={() => void remove(row)} aria-label={`${texts.delete} ${rowLabel(row)}`}>
                      {texts.delete}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {readOnly ? null : editing ? (
        <Fragment key={draftId(editing) ?? "new"}>{renderForm(editing, () => setEditing(null))}</Fragment>
      ) : (
        <button type="button" className="button" onClick={() => setEditing(draftOf(null))}>
          {texts.add}
        </button>
      )}
    </section>
  );
}

/** What a row's form saves with: its state, whether the save is in flight, and how it closes. */
export interface RowSave<Variables> {
  state: ReturnType<typeof useFormState>;
  saving: boolean;
  /** Commits the save mutation; closes the form (`onDone`) once the answer is a success. */
  save: (variables: Variables) => void;
  onDone: () => void;
}

/** A row form's save from its mutation (`[commit, inFlight]`), the answer's success typename and where the response holds it. */
export function useRowSave<Variables, Response>(
  [commit, saving]: readonly [
    (config: { variables: Variables; onCompleted: (response: Response) => void; onError: (error: Error) => void }) => unknown,
    boolean,
  ],
  successTypename: string,
  answerOf: (response: Response) => FormAnswer,
  onDone: () => void,
): RowSave<Variables> {
  const state = useFormState(successTypename);
  const save = (variables: Variables) => {
    commit({
      variables,
      onCompleted: (response) => {
        if (state.answer(answerOf(response))) onDone();
      },
      onError: state.failure,
    });
  };
  return { state, saving, save, onDone };
}

/** A row's form under the list: its heading and notice, the fields (children), then Save and Cancel. */
export function EditableListForm(props: {
  /** Prefixes the heading's id (`${id}-heading`), which labels the form. */
  id: string;
  heading: string;
  row: Pick<RowSave<never>, "state" | "saving" | "onDone">;
  texts: { save: string; saving: string; cancel: string };
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { id, texts } = props;
  const { state, saving, onDone } = props.row;
  return (
    <form className="subform" ref={state.formRef} onSubmit={props.onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{props.heading}</h3>
      <FormNotice notice={state.notice} />
      {props.children}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
