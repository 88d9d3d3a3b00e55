// The email outbox for owners: the site's emails by status (dead letters are FAILED, with their last
// error) and sending a dead letter again. Both need `site.settings` (docs/permissions.md): mail
// delivery is the site's set-up, and the rows hold visitors' addresses.
import { NotAllowedError, NotFoundError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { OUTBOX_STATUSES } from "../domain/mail.ts";
import type { OutboxEmailView } from "../services/mail/outbox.ts";
import { builder } from "./builder.ts";
import { forwardConnection } from "./connections.ts";
import { successWith } from "./payloads.ts";

const OutboxEmailStatusEnum = builder.enumType("OutboxEmailStatus", {
  description: "PENDING: to be delivered (after nextAttemptAt when a try failed); SENT; RECORDED: kept as the record (no SMTP); FAILED: the dead letter.",
  values: OUTBOX_STATUSES,
});

const OutboxEmailRef = builder.objectRef<OutboxEmailView>("OutboxEmail").implement({
  description: "An email the store sends (waitlist notification, newsletter confirmation).",
  authScopes: { permission: "site.settings" },
  fields: (t) => ({
    emailId: t.exposeString("id"),
    kind: t.exposeString("kind"),
    toEmail: t.exposeString("toEmail"),
    subject: t.exposeString("subject"),
    status: t.field({ type: OutboxEmailStatusEnum, resolve: (email) => email.status }),
    attempts: t.exposeInt("attempts", { description: "Delivery tries so far." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last try failed." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", nullable: true, description: "When a failed email is tried again." }),
  }),
});

const RetryOutboxEmailInput = builder.inputType("RetryOutboxEmailInput", {
  fields: (t) => ({ emailId: t.string({ required: true }) }),
});

builder.queryFields((t) => ({
  outboxEmails: t.withAuth({ permission: "site.settings" }).connection(
    {
      type: OutboxEmailRef,
      description: "Owners: the site's emails, newest first; status FAILED lists the dead letters.",
      args: { status: t.arg({ type: OutboxEmailStatusEnum }) },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.outbox.list({ status: args.status, first: args.first, after: args.after });
        return forwardConnection(page, (node) => node.id);
      },
    },
    { name: "OutboxEmailConnection" },
    { name: "OutboxEmailEdge" },
  ),
}));

builder.mutationFields((t) => ({
  retryOutboxEmail: t.withAuth({ permission: "site.settings" }).field({
    type: successWith("RetryOutboxEmailSuccess", "email", OutboxEmailRef),
    description: "Owners: sends a dead letter (FAILED) again, at once, with a fresh count of attempts.",
    errors: { types: [NotFoundError, NotAllowedError] },
    args: { input: t.arg({ type: RetryOutboxEmailInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ email: await ctx.services.outbox.retry(input.emailId) }),
  }),
}));
