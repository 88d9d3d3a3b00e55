// The site's screens (issue 10 §1, §4, §5): header and footer, navigation, templates, people. Spread
// into the settings section (sections/settings.ts).
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import HeaderFooterScreenQuery from "../../__generated__/HeaderFooterScreenQuery.graphql.ts";
import PeopleScreenQuery from "../../__generated__/PeopleScreenQuery.graphql.ts";
import NavigationScreenQuery from "../../__generated__/NavigationScreenQuery.graphql.ts";
import TemplateScreenQuery from "../../__generated__/TemplateScreenQuery.graphql.ts";
import TemplatesScreenQuery from "../../__generated__/TemplatesScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

const text = adminMessages.site;

export const siteSection: AdminSection = {
  nav: [
    { label: text.headerFooterHeading, href: "/config/site/header-footer", permission: "site.read" },
    { label: text.navigationHeading, href: "/config/site/navigation", permission: "site.read" },
    { label: text.templatesHeading, href: "/config/site/templates", permission: "templates.read" },
    { label: adminMessages.people.heading, href: "/config/people", permission: "people.read" },
  ],
  routes: [
    {
      path: "/config/site/header-footer",
      permission: "site.read",
      screen: lazy(() => import("./HeaderFooterScreen.tsx")),
      query: HeaderFooterScreenQuery,
      title: text.headerFooterHeading,
    },
    {
      path: "/config/site/navigation",
      permission: "site.read",
      screen: lazy(() => import("./NavigationScreen.tsx")),
      query: NavigationScreenQuery,
      title: text.navigationHeading,
    },
    {
      path: "/config/site/templates",
      permission: "templates.read",
      screen: lazy(() => import("./TemplatesScreen.tsx")),
      query: TemplatesScreenQuery,
      title: text.templatesHeading,
    },
    {
      path: "/config/site/templates/:name",
      permission: "templates.read",
      screen: lazy(() => import("./TemplateScreen.tsx")),
      query: TemplateScreenQuery,
      variables: ({ params }) => ({ name: params.name }),
      title: text.templatesHeading,
    },
    {
      path: "/config/people",
      permission: "people.read",
      screen: lazy(() => import("../members/PeopleScreen.tsx")),
      query: PeopleScreenQuery,
      title: adminMessages.people.heading,
    },
  ],
};
