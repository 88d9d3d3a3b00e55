// The store's emails for owners (issue 24): the branding every email carries (store name, logo,
// accent colour, reply-to, footer) and the preview of each email (page type 301) with "Send me a
// test". Reading needs commerce.read and changing commerce.write, the store settings' permissions.
import { PREVIEW_EMAIL_KINDS, type EmailBrandingInput } from "../domain/emails/branding.ts";
import { InvalidInputError } from "../domain/errors.ts";
import type { EmailPreview } from "../services/mail/previews.ts";
import { builder } from "./builder.ts";

const EmailKindEnum = builder.enumType("PreviewEmailKind", {
  description: "An email the owner can preview and send themselves as a test.",
  values: PREVIEW_EMAIL_KINDS,
});

const EmailBrandingRef = builder.objectRef<EmailBrandingInput>("EmailBranding").implement({
  description:
    "What every email of the store carries; a null field uses the default (the site's title, no logo, the default colour, no reply-to, the default footer).",
  fields: (t) => ({
    storeName: t.exposeString("storeName", { nullable: true }),
    logoUrl: t.exposeString("logoUrl", { nullable: true, description: "An https address or an uploaded image's." }),
    accentColor: t.exposeString("accentColor", { nullable: true, description: "#rrggbb: headings' rule and buttons." }),
    replyTo: t.exposeString("replyTo", { nullable: true, description: "The Reply-To of every email." }),
    footerText: t.exposeString("footerText", { nullable: true, description: "At most 500 characters." }),
  }),
});

const EmailPreviewRef = builder.objectRef<EmailPreview>("EmailPreview").implement({
  description: "An email as a shopper would receive it, over sample data, with the store's branding (page type 301).",
  fields: (t) => ({
    kind: t.field({ type: EmailKindEnum, resolve: (preview) => preview.kind }),
    name: t.exposeString("name"),
    subject: t.exposeString("subject"),
    htmlBody: t.exposeString("htmlBody", { description: "The HTML part: show it in a sandboxed frame." }),
    textBody: t.exposeString("textBody", { description: "The plain-text part." }),
  }),
});

builder.queryFields((t) => ({
  emailBranding: t.withAuth({ permission: "commerce.read" }).field({
    type: EmailBrandingRef,
    description: "Owners: the store's email branding as saved.",
    resolve: (_root, _args, ctx) => ctx.services.emailBranding.saved(),
  }),
  emailPreviews: t.withAuth({ permission: "commerce.read" }).field({
    type: [EmailPreviewRef],
    description: "Owners: every email the store sends, previewed over sample data with the branding (page type 301).",
    resolve: (_root, _args, ctx) => ctx.services.emailPreviews.list(),
  }),
}));

builder.mutationFields((t) => ({
  updateEmailBranding: t.withAuth({ permission: "commerce.write" }).field({
    type: builder.objectRef<{ branding: EmailBrandingInput }>("UpdateEmailBrandingSuccess").implement({
      fields: (f) => ({ branding: f.field({ type: EmailBrandingRef, resolve: (success) => success.branding }) }),
    }),
    description: "Owners: the store name, logo, accent colour, reply-to and footer of every email written from now on (empty: the default).",
    errors: { types: [InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("UpdateEmailBrandingInput", {
          fields: (f) => ({
            storeName: f.string(),
            logoUrl: f.string(),
            accentColor: f.string(),
            replyTo: f.string(),
            footerText: f.string(),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({ branding: await ctx.services.emailBranding.update(input) }),
  }),
  sendTestEmail: t.withAuth({ permission: "commerce.write" }).field({
    type: builder.objectRef<{ toEmail: string }>("SendTestEmailSuccess").implement({ fields: (f) => ({ toEmail: f.exposeString("toEmail") }) }),
    description: "Owners: writes the previewed email, over sample data, to the signed-in owner's own address through the outbox.",
    errors: { types: [InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("SendTestEmailInput", { fields: (f) => ({ kind: f.field({ type: EmailKindEnum, required: true }) }) }),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.emailPreviews.sendTest(input.kind, ctx.viewer.signedIn ? ctx.viewer.email : null),
  }),
}));
