// People (issue 10 §5): contributors with their roles, invitations, site members, and the changes an
// admin makes (people.manage: invite, change a role, remove, withdraw an invitation). Accepting an
// invitation is public: the link's token is the credential.
import { ConflictError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { ROLE_NAMES, type RoleNumber } from "../domain/members/permissions.ts";
import type { ContributorView, InvitationView, MemberView } from "../services/members/people.ts";
import { builder } from "./builder.ts";
import { forwardConnection } from "./connections.ts";
import { successWith } from "./payloads.ts";

const roleName = (role: number) => ROLE_NAMES[role as RoleNumber] ?? String(role);

const ContributorRef = builder.objectRef<ContributorView>("Contributor").implement({
  description: "An account with a contributor role.",
  fields: (t) => ({
    accountId: t.exposeInt("id"),
    email: t.exposeString("email"),
    displayName: t.exposeString("displayName"),
    role: t.exposeInt("role", { description: "Contributor role (admin 1 ... website manager 15)." }),
    roleName: t.string({ resolve: (contributor) => roleName(contributor.role) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    isViewer: t.boolean({
      description: "Whether this is the signed-in account.",
      resolve: (contributor, _args, ctx) => ctx.viewer.signedIn && ctx.viewer.accountId === contributor.id,
    }),
  }),
});

const InvitationRef = builder.objectRef<InvitationView>("ContributorInvitation").implement({
  description: "An invitation not yet accepted.",
  fields: (t) => ({
    invitationId: t.exposeString("id"),
    email: t.exposeString("email"),
    role: t.exposeInt("role"),
    roleName: t.string({ resolve: (invitation) => roleName(invitation.role) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

const SiteMemberRef = builder.objectRef<MemberView>("SiteMember").implement({
  description: "A signed-up site member (an account without a role).",
  fields: (t) => ({
    accountId: t.exposeInt("id"),
    email: t.exposeString("email"),
    displayName: t.exposeString("displayName"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  contributors: t.withAuth({ permission: "people.read" }).field({
    type: [ContributorRef],
    description: "Owners: the site's contributors by email.",
    resolve: (_root, _args, ctx) => ctx.services.people.contributors(),
  }),
  contributorInvitations: t.withAuth({ permission: "people.read" }).field({
    type: [InvitationRef],
    description: "Owners: invitations not yet accepted nor expired, newest first.",
    resolve: (_root, _args, ctx) => ctx.services.people.invitations(),
  }),
  siteMembers: t.withAuth({ permission: "people.read" }).connection(
    {
      type: SiteMemberRef,
      description: "Owners: the site's members (accounts without a role), oldest first.",
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const after = args.after && /^\d+$/.test(args.after) ? Number(args.after) : null;
        const page = await ctx.services.people.members(Math.min(args.first ?? 20, 100), after);
        return forwardConnection(page, (node) => String(node.id));
      },
    },
    { name: "SiteMemberConnection" },
    { name: "SiteMemberEdge" },
  ),
}));

const InviteContributorInput = builder.inputType("InviteContributorInput", {
  fields: (t) => ({ email: t.string({ required: true }), role: t.int({ required: true }) }),
});
const ChangeContributorRoleInput = builder.inputType("ChangeContributorRoleInput", {
  fields: (t) => ({ accountId: t.int({ required: true }), role: t.int({ required: true }) }),
});
const RemoveContributorInput = builder.inputType("RemoveContributorInput", {
  fields: (t) => ({ accountId: t.int({ required: true }) }),
});
const RevokeContributorInvitationInput = builder.inputType("RevokeContributorInvitationInput", {
  fields: (t) => ({ invitationId: t.string({ required: true }) }),
});
const AcceptContributorInvitationInput = builder.inputType("AcceptContributorInvitationInput", {
  fields: (t) => ({ token: t.string({ required: true }), password: t.string({ required: true }), displayName: t.string() }),
});

const RemoveContributorSuccess = builder.objectRef<{ accountId: number }>("RemoveContributorSuccess").implement({
  fields: (t) => ({ removedAccountId: t.exposeInt("accountId") }),
});
const RevokeContributorInvitationSuccess = builder.objectRef<{ invitationId: string }>("RevokeContributorInvitationSuccess").implement({
  fields: (t) => ({ revokedInvitationId: t.exposeString("invitationId") }),
});
const AcceptContributorInvitationSuccess = builder.objectRef<{ email: string }>("AcceptContributorInvitationSuccess").implement({
  fields: (t) => ({ email: t.exposeString("email", { description: "The account's address: sign in with it and the new password." }) }),
});

builder.mutationFields((t) => ({
  inviteContributor: t.withAuth({ permission: "people.manage" }).field({
    type: successWith("InviteContributorSuccess", "invitation", InvitationRef),
    description: "Owners: emails an invitation (through the outbox) to become a contributor with `role`; a new one replaces an earlier link.",
    errors: { types: [InvalidInputError, ConflictError] },
    args: { input: t.arg({ type: InviteContributorInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invitation: await ctx.services.people.invite(input, ctx.viewer.signedIn ? ctx.viewer.accountId : null) }),
  }),
  changeContributorRole: t.withAuth({ permission: "people.manage" }).field({
    type: successWith("ChangeContributorRoleSuccess", "contributor", ContributorRef),
    description: "Owners: gives a contributor another role (never the last admin's).",
    errors: { types: [InvalidInputError, NotFoundError, ConflictError] },
    args: { input: t.arg({ type: ChangeContributorRoleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ contributor: await ctx.services.people.changeRole(input.accountId, input.role) }),
  }),
  removeContributor: t.withAuth({ permission: "people.manage" }).field({
    type: RemoveContributorSuccess,
    description: "Owners: takes a contributor's role away (the account stays, as a site member); never the last admin.",
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: RemoveContributorInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.people.remove(input.accountId);
      return { accountId: input.accountId };
    },
  }),
  revokeContributorInvitation: t.withAuth({ permission: "people.manage" }).field({
    type: RevokeContributorInvitationSuccess,
    description: "Owners: withdraws an invitation not yet accepted (its link stops working).",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: RevokeContributorInvitationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.people.revokeInvitation(input.invitationId);
      return { invitationId: input.invitationId };
    },
  }),
}));

builder.mutationField("acceptContributorInvitation", (t) =>
  t.field({
    type: AcceptContributorInvitationSuccess,
    description: "Accepts an invitation with the token of its link: sets the account's password and gives it the role. Then sign in.",
    errors: { types: [InvalidInputError, NotFoundError] },
    args: { input: t.arg({ type: AcceptContributorInvitationInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.people.acceptInvitation(input),
  }),
);
