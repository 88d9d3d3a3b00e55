// Mailing lists (/config/mailing-lists): the site's lists with how many addresses each holds, each
// opening its subscribers, and the CSV export of its sign-ups with their consent records.
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { MailingListsScreenQuery as Query } from "../../__generated__/MailingListsScreenQuery.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import "../../shared/ui/admin-lists.css";

export const mailingListsScreenQuery = graphql`
  query MailingListsScreenQuery {
    mailingLists {
      mailingListId
      name
      signUpCount
    }
  }
`;

export const signUpsCsvPath = (mailingListId: number) => `/api/owner/mailing-lists/${mailingListId}/signups.csv`;

export default function MailingListsScreen({ queryRef }: ScreenProps<Query>) {
  const { mailingLists } = usePreloadedQuery<Query>(mailingListsScreenQuery, queryRef);
  const c = adminMessages.mailingListColumns;
  return (
    <section className="admin-page">
      <h1>{adminMessages.mailingListsHeading}</h1>
      <p>{adminMessages.mailingListsIntro}</p>
      {mailingLists.length === 0 ? (
        <p className="empty-state">{ownerMessages.noMailingLists}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{c.name}</th>
              <th scope="col" className="numeric">
                {c.subscribers}
              </th>
              <th scope="col">{c.actions}</th>
            </tr>
          </thead>
          <tbody>
            {mailingLists.map((list) => (
              <tr key={list.mailingListId}>
                <td data-label={c.name}>
                  <Link href={`/config/mailing-lists/${list.mailingListId}`}>{list.name}</Link>
                </td>
                <td data-label={c.subscribers} className="numeric">
                  {list.signUpCount}
                </td>
                <td data-label={c.actions}>
                  <div className="row-actions">
                    <Link className="button link" href={`/config/mailing-lists/${list.mailingListId}`} aria-label={adminMessages.viewSubscribersOf(list.name)}>
                      {adminMessages.viewSubscribers}
                    </Link>
                    <ExportButton path={signUpsCsvPath(list.mailingListId)} fileName="sign-ups.csv" ariaLabel={adminMessages.exportListOf(list.name)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
