// The mailing-lists area of the admin (issue 9 screen 7): the lists, a list's subscribers with their
// consent records. Queries come from their compiled artifacts, so the screens load only when opened.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import MailingListScreenQuery from "../../__generated__/MailingListScreenQuery.graphql.ts";
import MailingListsScreenQuery from "../../__generated__/MailingListsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const section: AdminSection = {
  nav: [{ label: adminMessages.mailingListsHeading, href: "/config/mailing-lists", permission: "mailingLists.read" }],
  routes: [
    {
      path: "/config/mailing-lists",
      permission: "mailingLists.read",
      screen: lazy(() => import("./MailingListsScreen.tsx")),
      query: MailingListsScreenQuery,
      title: adminMessages.mailingListsHeading,
    },
    {
      path: "/config/mailing-lists/:id",
      permission: "mailingLists.read",
      screen: lazy(() => import("./MailingListScreen.tsx")),
      query: MailingListScreenQuery,
      // A path that is no list id reads list 0: none, and the screen says so.
      variables: ({ params }) => ({ mailingListId: /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0 }),
      title: adminMessages.mailingListsHeading,
    },
  ],
};
