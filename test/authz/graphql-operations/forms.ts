// The owner operations over GraphQL: forms, submissions, mailing lists. Each with the permission
// docs/permissions.md gives it and the state it would change.
import { forms, graphql, ids, next, type Operation } from "../owner-operations-setup.ts";

export const formsOperations: Operation[] = [
  { name: "query forms", permission: "forms.read", run: (c) => graphql(c, "{ forms(first: 2) { edges { node { key } } } }") },
  { name: "query formSubmissions", permission: "submissions.read", run: (c) => graphql(c, "{ formSubmissions(first: 2) { edges { node { id } } } }") },
  { name: "query mailingLists", permission: "mailingLists.read", run: (c) => graphql(c, "{ mailingLists { name } }") },
  {
    name: "query mailingListSignUps",
    permission: "mailingLists.read",
    run: (c) => graphql(c, "{ mailingListSignUps(first: 2) { edges { node { email } } } }"),
  },
  {
    name: "mutation createForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { createForm(input: { key: "authz-${next()}", name: "A", fields: [] }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation updateForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { updateForm(input: { id: "${ids.contact}", name: "Contact ${next()}" }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation deleteForm",
    permission: "forms.write",
    run: (c) => graphql(c, 'mutation { deleteForm(input: { id: "999999" }) { __typename } }'),
    probe: forms,
  },
];
