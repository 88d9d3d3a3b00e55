// The signed-in viewer and the session mutations (platform-support §7 /api/site-users/account/...).
// Owners and members sign in the same way; the viewer's role decides what the owner operations allow.
import { InvalidInputError, RateLimitedError, SignInFailedError } from "../domain/errors.ts";
import { ROLE_NAMES, isRole, permissionsOf, type RoleNumber } from "../domain/members/permissions.ts";
import { sessionCookies, sessionTokenFrom } from "../http/cookies.ts";
import { toPrincipal, type Viewer } from "../services/members/sessions.ts";
import { signInEmailInput, signInPasswordInput } from "../domain/members/inputs.ts";
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

const SignInSuccess = builder.objectRef<{ xsrfToken: string; viewer: Viewer }>("SignInSuccess").implement({
  fields: (t) => ({
    xsrfToken: t.exposeString("xsrfToken", { description: "Send it in the X-SiteUser-XSRF-Token header (or connectionParams.xsrfToken) from now on." }),
    viewer: t.field({ type: ViewerRef, resolve: (payload) => payload.viewer }),
  }),
});

const SignOutSuccess = builder.objectRef<{ signedOut: boolean }>("SignOutSuccess").implement({
  fields: (t) => ({ signedOut: t.exposeBoolean("signedOut", { description: "Whether a session was ended." }) }),
});

const SetLocaleSuccess = builder.objectRef<{ language: string }>("SetLocaleSuccess").implement({
  fields: (t) => ({ language: t.exposeString("language") }),
});

const SignInInput = builder.inputType("SignInInput", {
  fields: (t) => ({
    email: t.string({ required: true, validate: signInEmailInput }),
    password: t.string({ required: true, validate: signInPasswordInput }),
    rememberMe: t.boolean(),
  }),
});

const SignOutInput = builder.inputType("SignOutInput", {
  fields: (t) => ({ cloneCart: t.boolean({ description: "Leave the visitor a copy of the account's cart." }) }),
});

const SetLocaleInput = builder.inputType("SetLocaleInput", {
  fields: (t) => ({ language: t.string({ required: true }) }),
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
    type: SignInSuccess,
    description: "Signs a site member or contributor in (sets the session cookies); returns the xsrf token.",
    errors: { types: [SignInFailedError, RateLimitedError, InvalidInputError] },
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.sessions.signIn(
        ctx.visitor,
        { email: input.email, password: input.password, rememberMe: input.rememberMe ?? false },
        { remoteAddress: ctx.remoteAddress },
      );
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { xsrfToken: result.xsrfToken, viewer: result.viewer };
    },
  }),
  signOut: t.field({
    type: SignOutSuccess,
    description: "Ends the session. The cart stays with the account; cloneCart leaves the visitor a copy of it.",
    // No error yet; a union all the same, like every mutation's payload (docs/api.md).
    errors: { types: [] },
    args: { input: t.arg({ type: SignOutInput }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.sessions.signOut(sessionTokenFrom(ctx.cookieHeader)?.token ?? null, ctx.visitor, input?.cloneCart ?? false);
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { signedOut: result.signedOut };
    },
  }),
  setLocale: t.field({
    type: SetLocaleSuccess,
    description: "The visitor's language (a cookie, and the account's locale when signed in).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: SetLocaleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.sessions.setLocale(ctx.viewer, input.language);
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { language: result.language };
    },
  }),
}));
