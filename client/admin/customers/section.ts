// The customers area of the admin (issue 24 §5): the customer list and one customer's page, both
// behind customers.read (docs/permissions.md).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import CustomersScreenQuery from "../../__generated__/CustomersScreenQuery.graphql.ts";
import CustomerScreenQuery from "../../__generated__/CustomerScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";
import { customerListVariables, readCustomerFilters } from "./customer-filters.ts";

export const customersSection: AdminSection = {
  nav: [{ label: adminMessages.customers.title, href: "/config/customers", permission: "customers.read" }],
  routes: [
    queryRoute({
      path: "/config/customers",
      permission: "customers.read",
      screen: lazy(() => import("./CustomersScreen.tsx")),
      query: CustomersScreenQuery,
      variables: ({ search }) => customerListVariables(readCustomerFilters(search)),
      title: adminMessages.customers.title,
    }),
    queryRoute({
      path: "/config/customers/:email",
      permission: "customers.read",
      screen: lazy(() => import("./CustomerScreen.tsx")),
      query: CustomerScreenQuery,
      variables: ({ params }) => ({ email: params.email }),
      title: adminMessages.customer.pageTitle,
    }),
  ],
};
