// The owner operations over GraphQL: API keys and people (issue 10 §5, items 6). Each with the
// permission docs/permissions.md gives it and the state it would change.
import { graphql, next, type Operation, store } from "../owner-operations-setup.ts";
import { nextPooled, people, roleTarget } from "../people-setup.ts";

export const membersOperations: Operation[] = [
  { name: "query apiKeys", permission: "apiKeys.manage", run: (c) => graphql(c, "{ apiKeys { id scopes } }") },
  { name: "query apiKeyGrantableScopes", permission: "apiKeys.manage", run: (c) => graphql(c, "{ apiKeyGrantableScopes }") },
  {
    name: "mutation createApiKey",
    permission: "apiKeys.manage",
    run: (c) => graphql(c, 'mutation { createApiKey(input: { name: "authz", scopes: ["products.read"] }) { __typename } }'),
    probe: () => store.db.apiKey.count(),
  },
  {
    name: "mutation revokeApiKey",
    permission: "apiKeys.manage",
    run: (c) => graphql(c, 'mutation { revokeApiKey(input: { id: "no-such-key" }) { __typename } }'),
    probe: () => store.db.apiKey.count(),
  },
  { name: "query contributors", permission: "people.read", run: (c) => graphql(c, "{ contributors { accountId email role roleName isViewer } }") },
  { name: "query contributorInvitations", permission: "people.read", run: (c) => graphql(c, "{ contributorInvitations { invitationId email role } }") },
  { name: "query siteMembers", permission: "people.read", run: (c) => graphql(c, "{ siteMembers(first: 5) { edges { node { accountId email } } } }") },
  {
    name: "mutation inviteContributor",
    permission: "people.manage",
    run: (c) => graphql(c, `mutation { inviteContributor(input: { email: "authz-invite-${next()}@example.com", role: 4 }) { __typename } }`),
    probe: people,
  },
  {
    name: "mutation changeContributorRole",
    permission: "people.manage",
    run: async (c) => {
      const target = await roleTarget();
      return graphql(c, `mutation { changeContributorRole(input: { accountId: ${target.id}, role: ${target.role === 4 ? 10 : 4} }) { __typename } }`);
    },
    probe: people,
  },
  {
    name: "mutation removeContributor",
    permission: "people.manage",
    run: async (c) => graphql(c, `mutation { removeContributor(input: { accountId: ${(await nextPooled()).accountId} }) { __typename } }`),
    probe: people,
  },
  {
    name: "mutation revokeContributorInvitation",
    permission: "people.manage",
    run: async (c) => graphql(c, `mutation { revokeContributorInvitation(input: { invitationId: "${(await nextPooled()).invitationId}" }) { __typename } }`),
    probe: people,
  },
];
