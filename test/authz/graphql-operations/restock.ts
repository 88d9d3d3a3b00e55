// The owner operations over GraphQL: back-in-stock queues and notifications. Each with the permission
// docs/permissions.md gives it and the state it would change.
import { graphql, ids, type Operation, queue } from "../owner-operations-setup.ts";

export const restockOperations: Operation[] = [
  { name: "query restockSignUps", permission: "restock.read", run: (c) => graphql(c, "{ restockSignUps(first: 2) { edges { node { email status } } } }") },
  {
    name: "query restockSignUpGroups",
    permission: "restock.reports",
    run: (c) => graphql(c, "{ restockSignUpGroups(first: 2) { edges { node { total } } } }"),
  },
  {
    name: "query restockSignUpGroup",
    permission: "restock.reports",
    run: (c) => graphql(c, `{ restockSignUpGroup(productId: "${ids.tote}", variantId: "${ids.natural}") { total received } }`),
  },
  {
    name: "mutation sendRestockNotifications",
    permission: "restock.send",
    run: (c) => graphql(c, `mutation { sendRestockNotifications(input: { productId: "${ids.tote}", variantId: "${ids.natural}" }) { __typename } }`),
    probe: queue,
  },
  {
    name: "mutation sendAllRestockNotifications",
    permission: "restock.send",
    run: (c) =>
      graphql(
        c,
        `mutation { sendAllRestockNotifications(input: { sendRequests: [{ productId: "${ids.tote}", variantId: "${ids.natural}" }] }) { __typename } }`,
      ),
    probe: queue,
  },
];
