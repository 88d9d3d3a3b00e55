// People over GraphQL (issue 10 §5): an admin invites a contributor by email (through the outbox), the
// invitee accepts with the link's token and a password and signs in with the role; roles change and
// contributors leave at once; the last admin can neither leave nor change role; site members listed.
import { Caller, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
});
afterAll(() => store.close());

const ERR = "__typename ... on Error { message }";
const invite = (caller: Caller, email: string, role: number) =>
  caller.graphql(
    `mutation($input: InviteContributorInput!) { inviteContributor(input: $input) { ${ERR} ... on InviteContributorSuccess { invitation { email role roleName } } } }`,
    {
      input: { email, role },
    },
  );
const accept = (token: string, password: string, displayName?: string) =>
  store
    .visitor()
    .graphql(
      `mutation($input: AcceptContributorInvitationInput!) { acceptContributorInvitation(input: $input) { ${ERR} ... on AcceptContributorInvitationSuccess { email } } }`,
      {
        input: { token, password, displayName },
      },
    );
const changeRole = (accountId: number, role: number) =>
  owner.graphql(
    `mutation($input: ChangeContributorRoleInput!) { changeContributorRole(input: $input) { ${ERR} ... on ChangeContributorRoleSuccess { contributor { role roleName } } } }`,
    {
      input: { accountId, role },
    },
  );
const remove = (caller: Caller, accountId: number) =>
  caller.graphql(
    `mutation($input: RemoveContributorInput!) { removeContributor(input: $input) { ${ERR} ... on RemoveContributorSuccess { removedAccountId } } }`,
    {
      input: { accountId },
    },
  );
const accountId = async (email: string) => (await store.db.account.findFirstOrThrow({ where: { email }, select: { id: true } })).id;

/** The token of the last invitation email to `email` (from the outbox row's link). */
async function invitationToken(email: string): Promise<string> {
  const row = await store.db.outboxEmail.findFirstOrThrow({ where: { toEmail: email, kind: "CONTRIBUTOR_INVITATION" }, orderBy: { createdAt: "desc" } });
  const link = /(http\S+\/config\/accept-invitation\?token=\S+)/.exec(row.textBody)![1];
  return new URL(link).searchParams.get("token")!;
}

describe("inviting a contributor", () => {
  it("emails a link through the outbox; accepting sets the password, and the account signs in with the role", async () => {
    const sent = await invite(owner, " Editor@Example.com ", 4);
    expect(sent.data.inviteContributor).toEqual({
      __typename: "InviteContributorSuccess",
      invitation: { email: "editor@example.com", role: 4, roleName: "editor" },
    });
    const email = await store.db.outboxEmail.findFirstOrThrow({ where: { toEmail: "editor@example.com" } });
    expect(email.subject).toBe("You are invited to help run Sitecart Demo");
    expect(email.textBody).toContain("as editor");
    const pending = (await owner.graphql("{ contributorInvitations { email roleName } }")).data.contributorInvitations;
    expect(pending).toEqual([{ email: "editor@example.com", roleName: "editor" }]);

    const token = await invitationToken("editor@example.com");
    expect((await accept(token, "short")).data.acceptContributorInvitation).toEqual({
      __typename: "InvalidInputError",
      message: "Choose a password of at least 10 characters.",
    });
    expect((await accept(token, "a long enough password", "Eddie")).data.acceptContributorInvitation).toEqual({
      __typename: "AcceptContributorInvitationSuccess",
      email: "editor@example.com",
    });
    // The link is spent.
    expect((await accept(token, "another long password")).data.acceptContributorInvitation).toEqual({
      __typename: "NotFoundError",
      message: "This invitation link is not valid or has expired. Ask for a new invitation.",
    });
    const editor = await signedIn(store, "editor", "editor@example.com", "a long enough password", 4);
    expect((await editor.graphql("{ viewer { roleName displayName permissions } }")).data.viewer).toMatchObject({ roleName: "editor", displayName: "Eddie" });
    const contributors = (await owner.graphql("{ contributors { email roleName isViewer } }")).data.contributors;
    expect(contributors).toEqual([
      { email: "editor@example.com", roleName: "editor", isViewer: false },
      { email: "manager@sitecart.test", roleName: "store manager", isViewer: false },
      { email: "owner@sitecart.test", roleName: "admin", isViewer: true },
    ]);
    expect((await owner.graphql("{ contributorInvitations { email } }")).data.contributorInvitations).toEqual([]);
  });

  it("refuses a bad address, an unknown role and an address that is already a contributor's", async () => {
    expect((await invite(owner, "not-an-address", 4)).data.inviteContributor).toEqual({
      __typename: "InvalidInputError",
      message: "Enter a valid email address.",
    });
    expect((await invite(owner, "x@example.com", 14)).data.inviteContributor).toEqual({ __typename: "InvalidInputError", message: "Choose one of the roles." });
    expect((await invite(owner, "manager@sitecart.test", 4)).data.inviteContributor).toEqual({
      __typename: "ConflictError",
      message: "That address already belongs to a contributor.",
    });
  });

  it("an expired or withdrawn invitation's link does not work", async () => {
    await invite(owner, "late@example.com", 10);
    const late = await invitationToken("late@example.com");
    await store.db.contributorInvitation.updateMany({ where: { email: "late@example.com" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await accept(late, "a long enough password")).data.acceptContributorInvitation.__typename).toBe("NotFoundError");

    const sent = await invite(owner, "withdrawn@example.com", 10);
    expect(sent.data.inviteContributor.__typename).toBe("InviteContributorSuccess");
    const token = await invitationToken("withdrawn@example.com");
    const { invitationId } = (await owner.graphql("{ contributorInvitations { invitationId email } }")).data.contributorInvitations.find(
      (row: { email: string }) => row.email === "withdrawn@example.com",
    );
    const revoked = await owner.graphql(
      `mutation { revokeContributorInvitation(input: { invitationId: "${invitationId}" }) { ${ERR} ... on RevokeContributorInvitationSuccess { revokedInvitationId } } }`,
    );
    expect(revoked.data.revokeContributorInvitation).toEqual({ __typename: "RevokeContributorInvitationSuccess", revokedInvitationId: invitationId });
    expect((await accept(token, "a long enough password")).data.acceptContributorInvitation.__typename).toBe("NotFoundError");
  });
});

describe("roles and removal", () => {
  it("a role change applies to the contributor's next request; a removed contributor keeps a member account and loses the admin at once", async () => {
    const manager = await signedIn(store, "manager", "manager@sitecart.test", "manager-password", 8);
    const managerId = await accountId("manager@sitecart.test");
    expect((await changeRole(managerId, 10)).data.changeContributorRole).toEqual({
      __typename: "ChangeContributorRoleSuccess",
      contributor: { role: 10, roleName: "viewer" },
    });
    const orders = await manager.graphql("{ ownerOrders(first: 1) { edges { node { orderId } } } }");
    expect(orders.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await remove(owner, managerId)).data.removeContributor).toEqual({ __typename: "RemoveContributorSuccess", removedAccountId: managerId });
    expect((await manager.graphql("{ viewer { roleName permissions } }")).data.viewer).toEqual({ roleName: null, permissions: [] });
    const members = (await owner.graphql("{ siteMembers(first: 10) { edges { node { email } } } }")).data.siteMembers.edges.map(
      (edge: { node: { email: string } }) => edge.node.email,
    );
    expect(members).toEqual(["manager@sitecart.test", "member@sitecart.test"]);
  });

  it("the last admin can neither be removed nor given another role; with a second admin, one may go", async () => {
    const ownerId = await accountId("owner@sitecart.test");
    const lastAdmin = "The last admin cannot be removed or given another role.";
    expect((await remove(owner, ownerId)).data.removeContributor).toEqual({ __typename: "ConflictError", message: lastAdmin });
    expect((await changeRole(ownerId, 15)).data.changeContributorRole).toEqual({ __typename: "ConflictError", message: lastAdmin });
    expect((await owner.graphql("{ viewer { roleName } }")).data.viewer.roleName).toBe("admin");

    const editorId = await accountId("editor@example.com");
    expect((await changeRole(editorId, 1)).data.changeContributorRole.__typename).toBe("ChangeContributorRoleSuccess");
    expect((await remove(owner, ownerId)).data.removeContributor.__typename).toBe("RemoveContributorSuccess");
    const editor = await signedIn(store, "editor", "editor@example.com", "a long enough password", 1);
    expect((await remove(editor, editorId)).data.removeContributor).toEqual({ __typename: "ConflictError", message: lastAdmin });
  });

  it("a role change or removal of someone who is not a contributor is not found", async () => {
    const memberId = await accountId("member@sitecart.test");
    const editor = await signedIn(store, "editor", "editor@example.com", "a long enough password", 1);
    expect((await remove(editor, memberId)).data.removeContributor).toEqual({ __typename: "NotFoundError", message: "That contributor could not be found." });
  });
});
