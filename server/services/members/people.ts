// Contributors and site members (issue 10 §5): the contributors with their roles, invitations sent by
// email through the outbox (the link's token stored hashed), accepting one (sets the password, takes
// the role), changing a role and removing a contributor (the account stays, as a site member). The
// site keeps at least one admin: each change re-counts the admins inside its transaction. A role is
// read from the account on every request, so a change applies at once.
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { ACCEPT_INVITATION_PATH, INVITATION_DAYS, acceptInvitationInput, inviteInput, isAssignableRole, leavesNoAdmin } from "../../domain/members/people.ts";
import { ROLE_NAMES, Role, type RoleNumber } from "../../domain/members/permissions.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { hashPassword } from "./passwords.ts";

export interface ContributorView {
  id: number;
  email: string;
  displayName: string;
  role: number;
  createdAt: Date;
}

export interface InvitationView {
  id: string;
  email: string;
  role: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface MemberView {
  id: number;
  email: string;
  displayName: string;
  createdAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const contributorSelect = { id: true, email: true, displayName: true, role: true, createdAt: true } as const;

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new InvalidInputError(result.error.issues[0]?.message ?? checkoutMessages.invalidRequest);
  return result.data;
}

export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async contributors(): Promise<ContributorView[]> {
    const rows = await this.db.account.findMany({
      where: { websiteId: this.websiteId, role: { not: null } },
      select: contributorSelect,
      orderBy: [{ email: "asc" }],
    });
    return rows.map((row) => ({ ...row, role: row.role! }));
  }

  /** Invitations not yet accepted and not expired, newest first. */
  invitations(): Promise<InvitationView[]> {
    return this.db.contributorInvitation.findMany({
      where: { websiteId: this.websiteId, acceptedAt: null, expiresAt: { gt: this.now() } },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    });
  }

  /** Site members (accounts without a role) by id, a page after `afterId`. */
  async members(first: number, afterId: number | null): Promise<{ items: MemberView[]; hasNextPage: boolean }> {
    const rows = await this.db.account.findMany({
      where: { websiteId: this.websiteId, role: null, ...(afterId !== null ? { id: { gt: afterId } } : {}) },
      select: { id: true, email: true, displayName: true, createdAt: true },
      orderBy: { id: "asc" },
      take: first + 1,
    });
    return { items: rows.slice(0, first), hasNextPage: rows.length > first };
  }

  /** Sends (or sends again, replacing the earlier link) an invitation to `email` with `role`. */
  async invite(input: { email: unknown; role: unknown }, invitedById: number | null): Promise<InvitationView> {
    const { email, role } = parsed(inviteInput.safeParse(input));
    const token = newSecret();
    const created = this.now();
    const expiresAt = new Date(created.getTime() + INVITATION_DAYS * DAY_MS);
    const invitation = await this.db.$transaction(async (tx) => {
      const account = await tx.account.findUnique({ where: { websiteId_email: { websiteId: this.websiteId, email } }, select: { role: true } });
      if (account?.role != null) throw new ConflictError(ownerMessages.alreadyContributor);
      const website = await tx.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { title: true } });
      const data = { email, role, tokenHash: sha256(token), invitedById, createdAt: created, expiresAt, acceptedAt: null };
      const row = await tx.contributorInvitation.upsert({
        where: { websiteId_email: { websiteId: this.websiteId, email } },
        create: { id: newId(), websiteId: this.websiteId, ...data },
        update: data,
        select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
      });
      const link = `${this.publicUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
      await this.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "CONTRIBUTOR_INVITATION",
          dedupeKey: `invitation:${row.id}:${sha256(token)}`,
          toEmail: email,
          subject: ownerMessages.invitationSubject(website.title),
          textBody: ownerMessages.invitationBody(website.title, ROLE_NAMES[role as RoleNumber], link, INVITATION_DAYS),
        },
      ]);
      return row;
    });
    void this.mailer.deliverPending();
    return invitation;
  }

  async revokeInvitation(invitationId: string): Promise<void> {
    const { count } = await this.db.contributorInvitation.deleteMany({ where: { id: invitationId, websiteId: this.websiteId, acceptedAt: null } });
    if (count === 0) throw new NotFoundError(ownerMessages.invitationNotFound);
  }

  /** Accepts an invitation: the account (new, or the site member's with that address) gets the password and the role. */
  async acceptInvitation(input: { token: unknown; password: unknown; displayName?: unknown }): Promise<{ email: string }> {
    const { token, password, displayName } = parsed(acceptInvitationInput.safeParse(input));
    const valid = (row: { websiteId: string; acceptedAt: Date | null; expiresAt: Date } | null) =>
      !!row && row.websiteId === this.websiteId && !row.acceptedAt && row.expiresAt > this.now();
    // The link is checked before the password is hashed: a wrong link costs no hashing.
    if (!valid(await this.db.contributorInvitation.findUnique({ where: { tokenHash: sha256(token) } })))
      throw new NotFoundError(ownerMessages.invitationInvalid);
    const passwordHash = await hashPassword(password);
    return this.db.$transaction(async (tx) => {
      const invitation = await tx.contributorInvitation.findUnique({ where: { tokenHash: sha256(token) } });
      if (!invitation || !valid(invitation)) throw new NotFoundError(ownerMessages.invitationInvalid);
      // Spent at once: a second use of the same link finds nothing.
      const { count } = await tx.contributorInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null }, data: { acceptedAt: this.now() } });
      if (count === 0) throw new NotFoundError(ownerMessages.invitationInvalid);
      const name = displayName?.trim() || undefined;
      await tx.account.upsert({
        where: { websiteId_email: { websiteId: this.websiteId, email: invitation.email } },
        create: { websiteId: this.websiteId, email: invitation.email, passwordHash, role: invitation.role, displayName: name ?? "" },
        update: { passwordHash, role: invitation.role, ...(name ? { displayName: name } : {}) },
      });
      return { email: invitation.email };
    });
  }

  async changeRole(accountId: number, role: unknown): Promise<ContributorView> {
    if (!isAssignableRole(role)) throw new InvalidInputError(ownerMessages.roleInvalid);
    return this.#change(accountId, role);
  }

  /** Removes the contributor's role: the account stays, as a site member, and loses the admin at once. */
  async remove(accountId: number): Promise<void> {
    await this.#change(accountId, null);
  }

  async #change(accountId: number, role: RoleNumber | null): Promise<ContributorView> {
    return this.db.$transaction(async (tx) => {
      const account = await this.#contributor(tx, accountId);
      const admins = await tx.account.count({ where: { websiteId: this.websiteId, role: Role.ADMIN } });
      if (leavesNoAdmin(account.role, role, admins)) throw new ConflictError(ownerMessages.lastAdmin);
      const updated = await tx.account.update({ where: { id: account.id }, data: { role }, select: contributorSelect });
      return { ...updated, role: updated.role ?? 0 };
    });
  }

  async #contributor(tx: Tx, accountId: number) {
    const account = await tx.account.findFirst({ where: { id: accountId, websiteId: this.websiteId, role: { not: null } }, select: contributorSelect });
    if (!account) throw new NotFoundError(ownerMessages.contributorNotFound);
    return account;
  }
}
