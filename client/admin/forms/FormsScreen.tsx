// Forms (/config/forms): the site's forms with their kind and submission count (for a role that may
// read submissions), paged; each opens in the form builder and, for such a role, its submissions.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { FormsScreenQuery as Query } from "../../__generated__/FormsScreenQuery.graphql.ts";
import type { FormsScreen_forms$data, FormsScreen_forms$key } from "../../__generated__/FormsScreen_forms.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { DateTime } from "../../shared/ui/DateTime.tsx";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-lists.css";

export const formsScreenQuery = graphql`
  query FormsScreenQuery {
    ...FormsScreen_forms
  }
`;

export default function FormsScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(formsScreenQuery, queryRef);
  const canWrite = useCan("forms.write");
  return (
    <section className="admin-page">
      <h1>{adminMessages.formsHeading}</h1>
      <p>{adminMessages.formsIntro}</p>
      {canWrite ? (
        <div className="toolbar">
          <Link className="button primary" href="/config/forms/new">
            {adminMessages.newForm}
          </Link>
        </div>
      ) : null}
      <FormList query={data} />
    </section>
  );
}

function FormList({ query }: { query: FormsScreen_forms$key }) {
  const { data, ...paging } = usePaginationFragment(
    graphql`
      fragment FormsScreen_forms on Query
      @refetchable(queryName: "FormsScreenPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        forms(first: $first, after: $after) @connection(key: "FormsScreen_forms") {
          edges {
            node {
              id
              formId
              name
              key
              kind
              submissionCount
              updatedAt
            }
          }
        }
      }
    `,
    query,
  );
  const canReadSubmissions = useCan("submissions.read");
  const forms = data.forms.edges.map((edge) => edge.node);
  const c = adminMessages.formColumns;
  const columns: ListColumn<FormRow>[] = [
    { header: c.name, cell: (form) => <Link href={`/config/forms/${form.formId}`}>{form.name}</Link> },
    { header: c.key, cell: (form) => <code>{form.key}</code> },
    { header: c.kind, cell: (form) => adminMessages.formKindNames[form.kind] ?? form.kind },
    ...(canReadSubmissions ? [{ header: c.submissions, numeric: true, cell: (form: FormRow) => form.submissionCount ?? 0 }] : []),
    { header: c.updated, cell: (form) => <DateTime value={form.updatedAt as string} /> },
    {
      header: c.actions,
      cell: (form) => (
        <div className="row-actions">
          <Link className="button link" href={`/config/forms/${form.formId}`} aria-label={adminMessages.editFormOf(form.name)}>
            {adminMessages.edit}
          </Link>
          {canReadSubmissions ? (
            <Link className="button link" href={`/config/forms/${form.formId}/submissions`} aria-label={adminMessages.submissionsOfForm(form.name)}>
              {adminMessages.formColumns.submissions}
            </Link>
          ) : null}
        </div>
      ),
    },
  ];
  return <ListTable rows={forms} rowKey={(form) => form.id} columns={columns} empty={adminMessages.formsEmpty} paging={paging} />;
}

type FormRow = FormsScreen_forms$data["forms"]["edges"][number]["node"];
