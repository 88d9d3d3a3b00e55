// The first owner's setup (issue 23): anonymous, with the token of the link `npm start` or
// `npm run owner` printed. No owner permission: the site has no owner yet. Guessing links is limited
// per client address like sign-in (services/site/site-setup.ts).
import { FormInvalidError, InvalidInputError, NotAllowedError, RateLimitedError } from "../domain/errors.ts";
import type { SetupLinkState } from "../domain/site/site-setup.ts";
import { sessionCookies } from "../http/cookies.ts";
import type { SetupLinkView } from "../services/site/site-setup.ts";
import { builder } from "./builder.ts";

const SETUP_LINK_STATES: SetupLinkState[] = ["VALID", "USED", "EXPIRED", "INVALID", "OWNER_EXISTS"];
const SiteSetupLinkStateEnum = builder.enumType("SiteSetupLinkState", { values: SETUP_LINK_STATES });

const SiteSetupLinkRef = builder.objectRef<SetupLinkView>("SiteSetupLink").implement({
  description: "Where a setup link stands: VALID shows the setup form; any other state says why it cannot be used (`message`).",
  fields: (t) => ({
    state: t.field({ type: SiteSetupLinkStateEnum, resolve: (link) => link.state }),
    email: t.exposeString("email", {
      nullable: true,
      description: "The owner's address when `npm run owner -- create <email>` fixed it; null: the form asks.",
    }),
    message: t.exposeString("message", { nullable: true, description: "Why the link cannot be used; null when it can." }),
  }),
});

const CompleteSiteSetupInput = builder.inputType("CompleteSiteSetupInput", {
  fields: (t) => ({
    token: t.string({ required: true, description: "The token of the setup link." }),
    email: t.string({ description: "Ignored when the link fixes the address." }),
    password: t.string({ required: true }),
    storeName: t.string({ required: true }),
    currency: t.string({ required: true, description: "ISO 4217, one of the supported currencies." }),
    country: t.string({ required: true, description: "ISO 3166-1 alpha-2: the store's own country." }),
  }),
});

const CompleteSiteSetupSuccess = builder.objectRef<{ xsrfToken: string; email: string }>("CompleteSiteSetupSuccess").implement({
  fields: (t) => ({
    xsrfToken: t.exposeString("xsrfToken", { description: "As signIn's: send it in X-SiteUser-XSRF-Token from now on." }),
    email: t.exposeString("email", { description: "The new owner's address, signed in." }),
  }),
});

builder.queryField("siteSetupLink", (t) =>
  t.field({
    type: SiteSetupLinkRef,
    description: "The setup link of `token` on this site (the /config/setup screen asks before showing its form).",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => ctx.services.siteSetup.link(token.slice(0, 200)),
  }),
);

builder.mutationField("completeSiteSetup", (t) =>
  t.field({
    type: CompleteSiteSetupSuccess,
    description:
      "Makes the site's first owner (admin) with a setup link, names the store, sets its currency and country, spends the link and signs the owner in (session cookies, as signIn).",
    errors: { types: [FormInvalidError, NotAllowedError, RateLimitedError, InvalidInputError] },
    args: { input: t.arg({ type: CompleteSiteSetupInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.siteSetup.complete(ctx.visitor, input, { remoteAddress: ctx.remoteAddress });
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { xsrfToken: result.xsrfToken, email: result.viewer.email };
    },
  }),
);
