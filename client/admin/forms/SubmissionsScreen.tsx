// A form's submissions (/config/forms/:id/submissions): newest first, paged, every answer in the
// shape its field reads ('N/A' when empty: domain/forms/answer-text.ts, the same text the CSV gets),
// the spam the honeypot caught on its own filter, and the CSV export.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { answerFields, formatAnswer } from "../../../server/domain/forms/answer-text.ts";
import type { FieldAnswer, FormField } from "../../../server/domain/forms/fields.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { SubmissionsScreenQuery as Query } from "../../__generated__/SubmissionsScreenQuery.graphql.ts";
import type { SubmissionsScreen_submissions$key } from "../../__generated__/SubmissionsScreen_submissions.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { DateTime } from "../../shared/ui/DateTime.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import "../../shared/ui/admin-lists.css";

export const submissionsScreenQuery = graphql`
  query SubmissionsScreenQuery($id: ID!, $spam: Boolean!) {
    form(id: $id) {
      formId
      name
      key
      fieldDefinitions
    }
    ...SubmissionsScreen_submissions @arguments(formId: $id, spam: $spam)
  }
`;

export const submissionsPath = (formId: number | string, spam = false) => `/config/forms/${formId}/submissions${spam ? "?spam=true" : ""}`;

export default function SubmissionsScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(submissionsScreenQuery, queryRef);
  const { navigate } = useRouter();
  const spam = match.search.get("spam") === "true";
  const form = data.form;
  if (!form) {
    return (
      <section className="admin-page">
        <p>
          <Link href="/config/forms">{adminMessages.allForms}</Link>
        </p>
        <h1>{adminMessages.formsHeading}</h1>
        <p className="empty-state">{adminMessages.formNotFoundHere}</p>
      </section>
    );
  }
  const fields = answerFields(form.fieldDefinitions as unknown as FormField[]);
  return (
    <section className="admin-page">
      <p>
        <Link href="/config/forms">{adminMessages.allForms}</Link>
      </p>
      <h1>{adminMessages.submissionsHeading(form.name)}</h1>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="submission-filter">{adminMessages.submissionFilter}</label>
          <select
            id="submission-filter"
            value={spam ? "spam" : "real"}
            onChange={(event) => navigate(submissionsPath(form.formId, event.target.value === "spam"))}
          >
            <option value="real">{adminMessages.submissionFilterNames.real}</option>
            <option value="spam">{adminMessages.submissionFilterNames.spam}</option>
          </select>
        </div>
        <ExportButton path={`/api/owner/forms/${form.formId}/submissions.csv${spam ? "?spam=true" : ""}`} fileName={`${form.key}-submissions.csv`} />
      </div>
      <SubmissionList query={data} fields={fields} spam={spam} />
    </section>
  );
}

function SubmissionList({ query, fields, spam }: { query: SubmissionsScreen_submissions$key; fields: FormField[]; spam: boolean }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment SubmissionsScreen_submissions on Query
      @refetchable(queryName: "SubmissionsScreenPaginationQuery")
      @argumentDefinitions(formId: { type: "ID!" }, spam: { type: "Boolean!" }, first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        formSubmissions(formId: $formId, spam: $spam, first: $first, after: $after)
          @connection(key: "SubmissionsScreen_formSubmissions", filters: ["formId", "spam"]) {
          edges {
            node {
              id
              createdAt
              answers
              pagePath
              pageTitle
            }
          }
        }
      }
    `,
    query,
  );
  const submissions = data.formSubmissions.edges.map((edge) => edge.node);
  if (submissions.length === 0) return <p className="empty-state">{spam ? adminMessages.spamEmpty : adminMessages.submissionsEmpty}</p>;
  return (
    <>
      <ul className="submission-list">
        {submissions.map((submission) => {
          const answers = submission.answers as Record<string, FieldAnswer | null | undefined>;
          return (
            <li key={submission.id} className="card">
              <p className="submission-meta">
                <span>
                  {adminMessages.submittedAt}: <DateTime value={submission.createdAt as string} />
                </span>
                {submission.pagePath ? (
                  <span>
                    {adminMessages.submittedFrom}: {submission.pageTitle ? `${submission.pageTitle} (${submission.pagePath})` : submission.pagePath}
                  </span>
                ) : null}
              </p>
              <dl className="answers">
                {fields.map((field) => {
                  const text = formatAnswer(field, answers[field.id]);
                  return (
                    <div key={field.id} style={{ display: "contents" }}>
                      <dt>{field.title || field.id}</dt>
                      <dd className={text === messages.notAnswered ? "not-answered" : undefined}>{text}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ul>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
