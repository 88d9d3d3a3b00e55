// The signed-in viewer and the session mutations (platform-support §7 /api/site-users/account/...).
// Owners and members sign in the same way; the viewer's role decides what the owner operations allow.
import { InvalidInputError, RateLimitedError, SignInFailedError } from "../domain/errors.ts";
import { ROLE_NAMES, isRole, permissionsOf, type RoleNumber } from "../domain/members/permissions.ts";
import { sessionCookies, sessionTokenFrom } from "../http/cookies.ts";
import { toPrincipal, type Viewer } from "../services/members/sessions.ts";
import { builder } from "./builder.ts";

const ViewerRef = builder.objectRef<Viewer>("Viewer").implement({
  description: "Who the request speaks for: a signed-in site member or contributor, or nobody.",
  fields: (t) => ({
    signedIn: t.exposeBoolean("signedIn"),
    siteUserId: t.id({ nullable: true, resolve: (viewer) => (viewer.signedIn ? viewer.accountId : null) }),
    email: t.string({ nullable: true, resolve: (viewer) => (viewer.signedIn ? viewer.email : null) }),
    displayName: t.string({ nullable: true, resolve: (viewer) => (viewer.signedIn ? viewer.displayName : null) }),
    role: t.int({
      nullable: true,
      description: "Contributor role (admin 1 ... website manager 15); null for a site member.",
      resolve: (viewer) => (viewer.signedIn ? viewer.role : null),
    }),
    roleName: t.string({
      nullable: true,
      resolve: (viewer) => (viewer.signedIn && isRole(viewer.role) ? ROLE_NAMES[viewer.role as RoleNumber] : null),
    }),
    permissions: t.stringList({
      description: "The owner permissions the viewer holds (docs/permissions.md).",
      resolve: (viewer) => permissionsOf(toPrincipal(viewer)),
    }),
    locale: t.string({ nullable: true, resolve: (viewer) => (viewer.signedIn ? viewer.locale : null) }),
  }),
});

const SignInPayload = builder.objectRef<{ xsrfToken: string; viewer: Viewer }>("SignInPayload").implement({
  fields: (t) => ({
    xsrfToken: t.exposeString("xsrfToken", { description: "Send it in the X-SiteUser-XSRF-Token header (or connectionParams.xsrfToken) from now on." }),
    viewer: t.field({ type: ViewerRef, resolve: (payload) => payload.viewer }),
  }),
});

const SignOutPayload = builder.objectRef<{ signedOut: boolean }>("SignOutPayload").implement({
  fields: (t) => ({ signedOut: t.exposeBoolean("signedOut", { description: "Whether a session was ended." }) }),
});

const LocalePayload = builder.objectRef<{ language: string }>("SetLocalePayload").implement({
  fields: (t) => ({ language: t.exposeString("language") }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerRef,
    description: "The signed-in member or contributor (signedIn false for anonymous visitors).",
    resolve: (_root, _args, ctx) => ctx.viewer,
  }),
);

builder.mutationFields((t) => ({
  signIn: t.field({
    type: SignInPayload,
    description: "Signs a site member or contributor in (sets the session cookies); returns the xsrf token.",
    errors: { types: [SignInFailedError, RateLimitedError, InvalidInputError] },
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }), rememberMe: t.arg.boolean() },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.services.sessions.signIn(ctx.visitor, { email: args.email, password: args.password, rememberMe: args.rememberMe ?? false });
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { xsrfToken: result.xsrfToken, viewer: result.viewer };
    },
  }),
  signOut: t.field({
    type: SignOutPayload,
    description: "Ends the session. The cart stays with the account; cloneCart leaves the visitor a copy of it.",
    args: { cloneCart: t.arg.boolean() },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.services.sessions.signOut(sessionTokenFrom(ctx.cookieHeader)?.token ?? null, ctx.visitor, args.cloneCart ?? false);
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { signedOut: result.signedOut };
    },
  }),
  setLocale: t.field({
    type: LocalePayload,
    description: "The visitor's language (a cookie, and the account's locale when signed in).",
    errors: { types: [InvalidInputError] },
    args: { language: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.services.sessions.setLocale(ctx.viewer, args.language);
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { language: result.language };
    },
  }),
}));
