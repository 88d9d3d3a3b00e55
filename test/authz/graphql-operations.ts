// The owner operations over GraphQL (queries, mutations, subscriptions), each with the permission
// docs/permissions.md gives it and the state it would change: one module per area in
// graphql-operations/, named as the server's domains.
import type { Operation } from "./owner-operations-setup.ts";
import { analyticsOperations } from "./graphql-operations/analytics.ts";
import { catalogOperations } from "./graphql-operations/catalog.ts";
import { downloadsOperations } from "./graphql-operations/downloads.ts";
import { emailsOperations } from "./graphql-operations/emails.ts";
import { formsOperations } from "./graphql-operations/forms.ts";
import { giftCardsOperations } from "./graphql-operations/gift-cards.ts";
import { membersOperations } from "./graphql-operations/members.ts";
import { paymentsOperations } from "./graphql-operations/payments.ts";
import { ordersOperations } from "./graphql-operations/orders.ts";
import { restockOperations } from "./graphql-operations/restock.ts";
import { siteOperations } from "./graphql-operations/site.ts";
import { storeOperations } from "./graphql-operations/store.ts";
import { templatesOperations } from "./graphql-operations/templates.ts";

export const graphqlOperations: Operation[] = [
  ...membersOperations,
  ...storeOperations,
  ...analyticsOperations,
  ...siteOperations,
  ...catalogOperations,
  ...downloadsOperations,
  ...emailsOperations,
  ...formsOperations,
  ...restockOperations,
  ...ordersOperations,
  ...giftCardsOperations,
  ...templatesOperations,
  ...paymentsOperations,
];
