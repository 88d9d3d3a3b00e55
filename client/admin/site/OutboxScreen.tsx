// The email outbox: every email the store sent or will send, newest first, filtered by status; a
// failed one (a dead letter) shows why and can be sent again.
import { startTransition, useState } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { OutboxScreenQuery as Query } from "../../__generated__/OutboxScreenQuery.graphql.ts";
import type { OutboxScreen_emails$key } from "../../__generated__/OutboxScreen_emails.graphql.ts";
import type { OutboxScreenRetryMutation } from "../../__generated__/OutboxScreenRetryMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";

const STATUSES = ["PENDING", "SENT", "RECORDED", "FAILED"] as const;
const dateTime = (iso: string) => new Date(iso).toLocaleString();

export default function OutboxScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query OutboxScreenQuery($status: OutboxEmailStatus) {
        ...OutboxScreen_emails @arguments(status: $status)
      }
    `,
    queryRef,
  );
  const { navigate } = useRouter();
  const status = match.search.get("status") ?? "";
  return (
    <section className="admin-page">
      <h1>{adminMessages.outboxHeading}</h1>
      <p>{adminMessages.outboxIntro}</p>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="outbox-status">{adminMessages.outboxStatusFilter}</label>
          <select
            id="outbox-status"
            value={status}
            onChange={(event) => navigate(event.target.value ? `?status=${event.target.value}` : "/config/settings/outbox")}
          >
            <option value="">{adminMessages.outboxAllStatuses}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {adminMessages.outboxStatusNames[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <OutboxList emails={data} />
    </section>
  );
}

function OutboxList({ emails }: { emails: OutboxScreen_emails$key }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment(
    graphql`
      fragment OutboxScreen_emails on Query
      @argumentDefinitions(status: { type: "OutboxEmailStatus" }, first: { type: "Int", defaultValue: 20 }, after: { type: "String" })
      @refetchable(queryName: "OutboxScreenPaginationQuery") {
        outboxEmails(status: $status, first: $first, after: $after) @connection(key: "OutboxScreen_outboxEmails") {
          edges {
            node {
              emailId
              toEmail
              subject
              kind
              status
              attempts
              createdAt
              lastError
              nextAttemptAt
            }
          }
        }
      }
    `,
    emails,
  );
  const [retry, retrying] = useInputMutation<OutboxScreenRetryMutation>(graphql`
    mutation OutboxScreenRetryMutation($input: RetryOutboxEmailInput!) {
      retryOutboxEmail(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const rows = data.outboxEmails.edges.map((edge) => edge.node);
  if (rows.length === 0) return <p className="empty-state">{adminMessages.outboxEmpty}</p>;
  return (
    <>
      {notice ? (
        <p className={`notice${notice.error ? " error" : " success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{adminMessages.outboxTo}</th>
            <th scope="col">{adminMessages.outboxSubject}</th>
            <th scope="col">{adminMessages.outboxStatus}</th>
            <th scope="col" className="numeric">
              {adminMessages.outboxAttempts}
            </th>
            <th scope="col">{adminMessages.outboxCreated}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((email) => (
            <tr key={email.emailId}>
              <td data-label={adminMessages.outboxTo}>{email.toEmail}</td>
              <td data-label={adminMessages.outboxSubject}>{email.subject}</td>
              <td data-label={adminMessages.outboxStatus}>
                <span className={`badge ${email.status === "FAILED" ? "warn" : email.status === "SENT" ? "ok" : ""}`}>
                  {adminMessages.outboxStatusNames[email.status] ?? email.status}
                </span>
                {email.lastError ? (
                  <p className="field-hint">
                    {adminMessages.outboxLastError}: {email.lastError}
                  </p>
                ) : null}
                {email.status === "PENDING" && email.nextAttemptAt ? (
                  <p className="field-hint">{adminMessages.outboxNextTry(dateTime(email.nextAttemptAt))}</p>
                ) : null}
                {email.status === "FAILED" ? (
                  <button
                    type="button"
                    className="button"
                    disabled={retrying}
                    onClick={() =>
                      retry({
                        variables: { emailId: email.emailId },
                        onCompleted: ({ retryOutboxEmail: result }) => {
                          if (result.__typename === "RetryOutboxEmailSuccess") {
                            setNotice({ error: false, text: adminMessages.outboxSentAgain });
                            // a transition keeps the list on screen while the fresh page loads
                            startTransition(() => {
                              refetch({}, { fetchPolicy: "network-only" });
                            });
                          } else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
                        },
                        onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
                      })
                    }
                  >
                    {retrying ? adminMessages.outboxSendingAgain : adminMessages.outboxSendAgain}
                  </button>
                ) : null}
              </td>
              <td className="numeric" data-label={adminMessages.outboxAttempts}>
                {email.attempts}
              </td>
              <td data-label={adminMessages.outboxCreated}>{dateTime(email.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
