// The store's emails (issue 24): their branding and the preview of each (page type 301, "commerce
// email preview") with "Send me a test"; commerce.read opens it, commerce.write saves and sends.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { emailMessages } from "../../../server/domain/messages/emails.ts";
import EmailsScreenQuery from "../../__generated__/EmailsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const emailsSection: AdminSection = {
  nav: [{ label: emailMessages.title, href: "/config/emails", permission: "commerce.read" }],
  routes: [
    queryRoute({
      path: "/config/emails",
      permission: "commerce.read",
      screen: lazy(() => import("./EmailsScreen.tsx")),
      query: EmailsScreenQuery,
      title: emailMessages.title,
    }),
  ],
};
