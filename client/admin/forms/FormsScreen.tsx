// Forms (/config/forms): the site's forms with their kind and submission count (for a role that may
// read submissions), paged; each opens in the form builder and, for such a role, its submissions.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { FormsScreenQuery as Query } from "../../__generated__/FormsScreenQuery.graphql.ts";
import type { FormsScreen_forms$key } from "../../__generated__/FormsScreen_forms.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { DateTime } from "../../shared/ui/DateTime.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
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
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
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
  if (forms.length === 0) return <p className="empty-state">{adminMessages.formsEmpty}</p>;
  const c = adminMessages.formColumns;
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{c.name}</th>
            <th scope="col">{c.key}</th>
            <th scope="col">{c.kind}</th>
            {canReadSubmissions ? (
              <th scope="col" className="numeric">
                {c.submissions}
              </th>
            ) : null}
            <th scope="col">{c.updated}</th>
            <th scope="col">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => (
            <tr key={form.id}>
              <td data-label={c.name}>
                <Link href={`/config/forms/${form.formId}`}>{form.name}</Link>
              </td>
              <td data-label={c.key}>
                <code>{form.key}</code>
              </td>
              <td data-label={c.kind}>{adminMessages.formKindNames[form.kind] ?? form.kind}</td>
              {canReadSubmissions ? (
                <td data-label={c.submissions} className="numeric">
                  {form.submissionCount ?? 0}
                </td>
              ) : null}
              <td data-label={c.updated}>
                <DateTime value={form.updatedAt as string} />
              </td>
              <td data-label={c.actions}>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
