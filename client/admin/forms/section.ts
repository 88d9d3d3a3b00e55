// The forms area of the admin (issue 9 screens 6 and 7): the list, the form builder (new and existing), a
// form's submissions; the mailing lists and a list's subscribers with their consent records. Queries
// come from their compiled artifacts, so the screens load only when opened.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import FormBuilderScreenQuery from "../../__generated__/FormBuilderScreenQuery.graphql.ts";
import FormsScreenQuery from "../../__generated__/FormsScreenQuery.graphql.ts";
import SubmissionsScreenQuery from "../../__generated__/SubmissionsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";
import MailingListScreenQuery from "../../__generated__/MailingListScreenQuery.graphql.ts";
import MailingListsScreenQuery from "../../__generated__/MailingListsScreenQuery.graphql.ts";

const FormBuilderScreen = lazy(() => import("./FormBuilderScreen.tsx"));

export const formsSection: AdminSection = {
  nav: [{ label: adminMessages.formsHeading, href: "/config/forms", permission: "forms.read" }],
  routes: [
    queryRoute({
      path: "/config/forms",
      permission: "forms.read",
      screen: lazy(() => import("./FormsScreen.tsx")),
      query: FormsScreenQuery,
      title: adminMessages.formsHeading,
    }),
    queryRoute({
      // Before /config/forms/:id, which would take "new" for an id.
      path: "/config/forms/new",
      permission: "forms.write",
      screen: FormBuilderScreen,
      query: FormBuilderScreenQuery,
      variables: () => ({ id: "0", isNew: true }),
      title: adminMessages.formBuilderNewHeading,
    }),
    queryRoute({
      path: "/config/forms/:id/submissions",
      permission: "submissions.read",
      screen: lazy(() => import("./SubmissionsScreen.tsx")),
      query: SubmissionsScreenQuery,
      variables: ({ params, search }) => ({ id: params.id, spam: search.get("spam") === "true" }),
      title: adminMessages.formColumns.submissions,
    }),
    queryRoute({
      path: "/config/forms/:id",
      permission: "forms.read",
      screen: FormBuilderScreen,
      query: FormBuilderScreenQuery,
      variables: ({ params }) => ({ id: params.id, isNew: false }),
      title: adminMessages.formsHeading,
    }),
  ],
};

export const mailingSection: AdminSection = {
  nav: [{ label: adminMessages.mailingListsHeading, href: "/config/mailing-lists", permission: "mailingLists.read" }],
  routes: [
    queryRoute({
      path: "/config/mailing-lists",
      permission: "mailingLists.read",
      screen: lazy(() => import("./MailingListsScreen.tsx")),
      query: MailingListsScreenQuery,
      title: adminMessages.mailingListsHeading,
    }),
    queryRoute({
      path: "/config/mailing-lists/:id",
      permission: "mailingLists.read",
      screen: lazy(() => import("./MailingListScreen.tsx")),
      query: MailingListScreenQuery,
      // A path that is no list id reads list 0: none, and the screen says so.
      variables: ({ params }) => ({ mailingListId: /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0 }),
      title: adminMessages.mailingListsHeading,
    }),
  ],
};
