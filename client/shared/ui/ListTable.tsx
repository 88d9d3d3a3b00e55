// The admin list screens' shared pieces: the search form (a search box, its button and the screen's own
// filters) and the paged table (its columns, the empty state, the "show more" pager). Generic over the
// row, so each screen only says what its columns show.
import { Fragment, useState, type FormEvent, type HTMLAttributes, type ReactNode } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { Pager } from "./Pager.tsx";

/** One table column: its header, the cell a row shows, and whether it holds numbers (right aligned). */
export type ListColumn<Row> = {
  header: ReactNode;
  /** The cell's data-label (the header shown beside the cell on narrow screens); a text header by default. */
  label?: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
};

/** Relay usePaginationFragment's paging state, as Pager takes it. */
export type ListPaging = { hasNext: boolean; isLoadingNext: boolean; loadNext: (count: number) => void };

type TableProps<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly ListColumn<Row>[];
  className?: string;
  /** Attributes of a row's <tr> (a class, a click handler). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  /** What follows a row in the table body (an expanded detail row). */
  afterRow?: (row: Row) => ReactNode;
};

/** The list with its pager, or the empty state when there is no row at all. */
export function ListTable<Row>({
  empty,
  paging,
  children,
  ...table
}: TableProps<Row> & {
  /** What the screen says when there is no row (the table, its pager and children are not shown). */
  empty: ReactNode;
  paging: ListPaging;
  /** Shown above the table when there are rows (a toolbar, a notice). */
  children?: ReactNode;
}) {
  if (table.rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      {children}
      <DataTable {...table} />
      <Pager hasNext={paging.hasNext} isLoading={paging.isLoadingNext} loadNext={paging.loadNext} />
    </>
  );
}

/** The table alone: a header cell per column, a row per item, each cell labelled for narrow screens. */
export function DataTable<Row>({ rows, rowKey, columns, className = "data-table", rowProps, afterRow }: TableProps<Row>) {
  const labelOf = (column: ListColumn<Row>) => column.label ?? (typeof column.header === "string" ? column.header : undefined);
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.numeric ? "numeric" : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>
            <tr {...rowProps?.(row)}>
              {columns.map((column, index) => (
                <td key={index} data-label={labelOf(column)} className={column.numeric ? "numeric" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
            {afterRow?.(row)}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/** The toolbar's search form: a search box and its button, then the screen's own filters (children). */
export function SearchForm({
  inputId,
  label,
  initialText,
  onSearch,
  children,
}: {
  inputId: string;
  label: ReactNode;
  initialText: string;
  /** Called with the trimmed text when the form is submitted. */
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="toolbar" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input id={inputId} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <button type="submit" className="button">
        {adminMessages.searchButton}
      </button>
      {children}
    </form>
  );
}
