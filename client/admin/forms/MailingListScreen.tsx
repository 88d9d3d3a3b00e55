// A mailing list's subscribers (/config/mailing-lists/:id): newest first, paged, each with its status
// and its consent records (what the address agreed to, when, on which page, the text it saw), and the
// CSV export.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { MailingListScreenQuery as Query } from "../../__generated__/MailingListScreenQuery.graphql.ts";
import type { MailingListScreen_signUps$data, MailingListScreen_signUps$key } from "../../__generated__/MailingListScreen_signUps.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { DateTime, formatDateTime } from "../../shared/ui/DateTime.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { signUpsCsvPath } from "./MailingListsScreen.tsx";
import "../../shared/ui/admin-lists.css";

export const mailingListScreenQuery = graphql`
  query MailingListScreenQuery($mailingListId: Int!) {
    mailingLists {
      mailingListId
      name
      signUpCount
    }
    ...MailingListScreen_signUps @arguments(mailingListId: $mailingListId)
  }
`;

export default function MailingListScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(mailingListScreenQuery, queryRef);
  const list = data.mailingLists.find((each) => String(each.mailingListId) === match.params.id);
  if (!list) {
    return (
      <section className="admin-page">
        <p>
          <Link href="/config/mailing-lists">{adminMessages.allMailingLists}</Link>
        </p>
        <h1>{adminMessages.mailingListsHeading}</h1>
        <p className="empty-state">{adminMessages.mailingListNotFoundHere}</p>
      </section>
    );
  }
  return (
    <section className="admin-page">
      <p>
        <Link href="/config/mailing-lists">{adminMessages.allMailingLists}</Link>
      </p>
      <h1>{list.name}</h1>
      <div className="toolbar">
        <ExportButton path={signUpsCsvPath(list.mailingListId)} fileName="sign-ups.csv" />
      </div>
      <Subscribers query={data} />
    </section>
  );
}

function Subscribers({ query }: { query: MailingListScreen_signUps$key }) {
  const { data, ...paging } = usePaginationFragment(
    graphql`
      fragment MailingListScreen_signUps on Query
      @refetchable(queryName: "MailingListScreenPaginationQuery")
      @argumentDefinitions(mailingListId: { type: "Int!" }, first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        mailingListSignUps(mailingListId: $mailingListId, first: $first, after: $after)
          @connection(key: "MailingListScreen_mailingListSignUps", filters: ["mailingListId"]) {
          edges {
            cursor
            node {
              email
              status
              createdAt
              confirmedAt
              consents {
                level
                source
                pagePath
                pageTitle
                consentText
                createdAt
              }
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.mailingListSignUps.edges;
  return <ListTable rows={edges} rowKey={(edge) => edge.cursor} columns={subscriberColumns} empty={adminMessages.subscribersEmpty} paging={paging} />;
}

type SubscriberEdge = MailingListScreen_signUps$data["mailingListSignUps"]["edges"][number];

const columnNames = adminMessages.subscriberColumns;
const subscriberColumns: ListColumn<SubscriberEdge>[] = [
  { header: columnNames.email, cell: ({ node: signUp }) => signUp.email },
  {
    header: columnNames.status,
    cell: ({ node: signUp }) => (
      <span className={`badge ${signUp.status === "CONFIRMED" ? "ok" : "warn"}`}>{adminMessages.signUpStatusNames[signUp.status] ?? signUp.status}</span>
    ),
  },
  { header: columnNames.signedUp, cell: ({ node: signUp }) => <DateTime value={signUp.createdAt as string} /> },
  {
    header: columnNames.consents,
    cell: ({ node: signUp }) => (
      <ul className="consents">
        {signUp.consents.map((consent, index) => (
          <li key={index}>
            {adminMessages.consentSummary(
              adminMessages.consentLevelNames[consent.level] ?? consent.level,
              adminMessages.consentSourceNames[consent.source] ?? consent.source,
              formatDateTime(consent.createdAt as string),
            )}
            {consent.pagePath ? (
              <span className="consent-detail">
                {adminMessages.consentPage(consent.pageTitle ? `${consent.pageTitle} (${consent.pagePath})` : consent.pagePath)}
              </span>
            ) : null}
            {consent.consentText ? <span className="consent-detail">{adminMessages.consentText(consent.consentText)}</span> : null}
          </li>
        ))}
      </ul>
    ),
  },
];
