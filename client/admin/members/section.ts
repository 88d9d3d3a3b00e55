// The members area of the admin: the site's people (contributors and their roles, issue 10), the API
// keys panel (issue 10 item 6) and the site and page passwords (issue 12).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import ApiKeysScreenQuery from "../../__generated__/ApiKeysScreenQuery.graphql.ts";
import PageAccessScreenQuery from "../../__generated__/PageAccessScreenQuery.graphql.ts";
import PeopleScreenQuery from "../../__generated__/PeopleScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const peopleSection: AdminSection = {
  nav: [{ label: adminMessages.people.heading, href: "/config/people", permission: "people.read" }],
  routes: [
    queryRoute({
      path: "/config/people",
      permission: "people.read",
      screen: lazy(() => import("./PeopleScreen.tsx")),
      query: PeopleScreenQuery,
      title: adminMessages.people.heading,
    }),
  ],
};

export const apiKeysSection: AdminSection = {
  nav: [{ label: adminMessages.apiKeysHeading, href: "/config/settings/api-keys", permission: "apiKeys.manage" }],
  routes: [
    queryRoute({
      path: "/config/settings/api-keys",
      permission: "apiKeys.manage",
      screen: lazy(() => import("./ApiKeysScreen.tsx")),
      query: ApiKeysScreenQuery,
      variables: () => ({}),
      title: adminMessages.apiKeysHeading,
    }),
  ],
};

export const pageAccessSection: AdminSection = {
  nav: [{ label: adminMessages.pageAccess.heading, href: "/config/settings/passwords", permission: "site.read" }],
  routes: [
    queryRoute({
      path: "/config/settings/passwords",
      permission: "site.read",
      screen: lazy(() => import("./PageAccessScreen.tsx")),
      query: PageAccessScreenQuery,
      variables: () => ({}),
      title: adminMessages.pageAccess.heading,
    }),
  ],
};
