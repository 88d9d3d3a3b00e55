// Contributors (issue 10 §5): who may be invited with which role, invitation links, and the rule
// that a site keeps at least one admin. Pure rules; services/members/people.ts applies them.
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../forms/validate.ts";
import { ownerMessages } from "../messages/owner.ts";
import { ALL_ROLES, Role, type RoleNumber } from "./permissions.ts";
import { checkNewPassword } from "./accounts.ts";

/** An invitation link works this long. */
export const INVITATION_DAYS = 7;
/** Shortest password an invitee may choose. */
export const MIN_PASSWORD_LENGTH = 10;
/** The page an invitation link opens (the admin app serves it to visitors not signed in). */
export const ACCEPT_INVITATION_PATH = "/config/accept-invitation";

/** Roles a contributor may be given: every role of the spec but "none" (which is no contributor at all). */
export const ASSIGNABLE_ROLES: readonly RoleNumber[] = ALL_ROLES.filter((role) => role !== Role.NONE);

export const isAssignableRole = (role: unknown): role is RoleNumber => (ASSIGNABLE_ROLES as readonly unknown[]).includes(role);

export const inviteInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((email) => email.length <= EMAIL_MAX_LENGTH && isValidEmail(email), ownerMessages.inviteEmailInvalid),
  role: z.number().refine(isAssignableRole, ownerMessages.roleInvalid),
});

/**
 * A contributor's new password (an invitee's, the first owner's): why it is refused, or null. At least
 * MIN_PASSWORD_LENGTH characters, and within what bcrypt reads (the members' rule, checkNewPassword).
 */
export function contributorPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return ownerMessages.invitationPasswordTooShort(MIN_PASSWORD_LENGTH);
  return checkNewPassword(password);
}

export const acceptInvitationInput = z.object({
  token: z.string().min(1).max(200),
  password: z.string().superRefine((password, ctx) => {
    const problem = contributorPasswordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  displayName: z.string().trim().max(200).nullish(),
});

/**
 * Whether changing `accountRole` (the account's role now) to `newRole` (null: removed) would leave the
 * site without an admin, given how many admins it has.
 */
export function leavesNoAdmin(accountRole: number | null, newRole: number | null, adminCount: number): boolean {
  return accountRole === Role.ADMIN && newRole !== Role.ADMIN && adminCount <= 1;
}
