// The owner operations over GraphQL: templates (issue 12). Each with the permission
// docs/permissions.md gives it and the state it would change.
import { currentVersion, graphql, next, type Operation, templates } from "../owner-operations-setup.ts";

export const templatesOperations: Operation[] = [
  { name: "query templates", permission: "templates.read", run: (c) => graphql(c, "{ templates { name usesDefault } }") },
  {
    name: "query template",
    permission: "templates.read",
    run: (c) => graphql(c, '{ template(name: "authz-rollback") { __typename ... on Template { versions { version source } } } }'),
  },
  {
    name: "query previewTemplate",
    permission: "templates.read",
    run: (c) =>
      graphql(
        c,
        '{ previewTemplate(name: "product", source: "<h1>{item.title}</h1>", path: "/shop/p/linen-shirt") { __typename ... on TemplatePreview { html } } }',
      ),
    probe: templates,
  },
  {
    name: "mutation saveTemplate",
    permission: "templates.write",
    run: (c) => graphql(c, `mutation { saveTemplate(input: { name: "authz-save", source: "<p>${next()}</p>" }) { __typename } }`),
    probe: templates,
  },
  {
    name: "mutation rollbackTemplate",
    permission: "templates.write",
    run: async (c) =>
      graphql(
        c,
        `mutation { rollbackTemplate(input: { name: "authz-rollback", version: ${(await currentVersion("authz-rollback")) === 1 ? 2 : 1} }) { __typename } }`,
      ),
    probe: templates,
  },
];
