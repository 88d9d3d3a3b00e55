// The signed-in viewer and the session mutations (platform-support §7 /api/site-users/account/...).
// Owners and members sign in the same way; the viewer's role decides what the owner operations allow.
import { InvalidInputError, NotFoundError, RateLimitedError, SignInFailedError } from "../domain/errors.ts";
import { ROLE_NAMES, isRole, permissionsOf, type RoleNumber } from "../domain/members/permissions.ts";
import { sessionCookies, sessionTokenFrom, unlockCookie, unlockTokensFrom } from "../http/cookies.ts";
import { toPrincipal, type Viewer } from "../services/members/sessions.ts";
import { signInEmailInput, signInPasswordInput } from "../domain/members/inputs.ts";
import type { MemberOrder } from "../services/members/accounts.ts";
import { builder } from "./builder.ts";
import { OrderRef } from "./checkout.ts";
import { MemberSubscriptionRef } from "./checkout-subscriptions.ts";

const MemberOrderRef = builder.objectRef<MemberOrder>("MemberOrder").implement({
  description: "An order the signed-in member placed (their account page).",
  fields: (t) => ({
    order: t.field({ type: OrderRef, resolve: (row) => row.order }),
    state: t.exposeString("state", { description: "PLACED, FULFILLED, CANCELLED or REFUNDED." }),
    subscription: t.exposeBoolean("subscription", { description: "A subscription checkout's order." }),
  }),
});

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
    orders: t.field({
      type: [MemberOrderRef],
      description: "The signed-in member's orders, newest first (at most 50); empty when signed out.",
      resolve: (viewer, _args, ctx) => (viewer.signedIn ? ctx.services.accounts.orders(viewer.accountId) : []),
    }),
    subscriptions: t.field({
      type: [MemberSubscriptionRef],
      description: "The signed-in member's subscriptions, newest first; empty when signed out.",
      resolve: (viewer, _args, ctx) => (viewer.signedIn ? ctx.services.subscriptions.list(viewer.accountId) : []),
    }),
    order: t.field({
      type: MemberOrderRef,
      nullable: true,
      description: "One of the signed-in member's orders (the order status page); null for anyone else's.",
      args: { orderId: t.arg.string({ required: true }) },
      resolve: (viewer, { orderId }, ctx) => (viewer.signedIn ? ctx.services.accounts.order(viewer.accountId, orderId) : null),
    }),
  }),
});

const SignInSuccess = builder.objectRef<{ xsrfToken: string; viewer: Viewer }>("SignInSuccess").implement({
  fields: (t) => ({
    xsrfToken: t.exposeString("xsrfToken", { description: "Send it in the X-SiteUser-XSRF-Token header (or connectionParams.xsrfToken) from now on." }),
    viewer: t.field({ type: ViewerRef, resolve: (payload) => payload.viewer }),
  }),
});

const SignUpSuccess = builder.objectRef<{ xsrfToken: string; viewer: Viewer }>("SignUpSuccess").implement({
  fields: (t) => ({
    xsrfToken: t.exposeString("xsrfToken", { description: "As signIn's: send it in X-SiteUser-XSRF-Token from now on." }),
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

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const RequestPasswordResetInput = builder.inputType("RequestPasswordResetInput", {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType("ResetPasswordInput", {
  fields: (t) => ({
    token: t.string({ required: true, description: "The token of the emailed link." }),
    password: t.string({ required: true }),
  }),
});

const RequestPasswordResetSuccess = builder.objectRef<{ requested: true }>("RequestPasswordResetSuccess").implement({
  fields: (t) => ({ requested: t.exposeBoolean("requested", { description: "Always true: the answer never tells whether the address has an account." }) }),
});

const ResetPasswordSuccess = builder.objectRef<{ reset: true }>("ResetPasswordSuccess").implement({
  fields: (t) => ({ reset: t.exposeBoolean("reset") }),
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
  signUp: t.field({
    type: SignUpSuccess,
    description: "Makes a site member account (email and password, stored hashed) and signs it in; answers as signIn does.",
    errors: { types: [InvalidInputError, RateLimitedError, SignInFailedError] },
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.accounts.signUp(ctx.visitor, input, { remoteAddress: ctx.remoteAddress });
      for (const cookie of sessionCookies(result)) ctx.setCookie(cookie);
      return { xsrfToken: result.xsrfToken, viewer: result.viewer };
    },
  }),
  requestPasswordReset: t.field({
    type: RequestPasswordResetSuccess,
    description: "Emails a single-use link (one hour) to set a new password, when the address has an account. Same answer either way.",
    errors: { types: [InvalidInputError, RateLimitedError] },
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.accounts.requestPasswordReset(input, { remoteAddress: ctx.remoteAddress });
      return { requested: true as const };
    },
  }),
  resetPassword: t.field({
    type: ResetPasswordSuccess,
    description: "Sets a new password with the emailed link's token; ends every session of the account.",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.accounts.resetPassword(input);
      return { reset: true as const };
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

// Locked and password-protected pages (page types 103, 105; services/members/page-locks.ts).
const PageLocksRef = builder.objectRef<{ siteLocked: boolean; protectedPaths: string[] }>("PageLocks").implement({
  description: "The site's lock screen and its password-protected pages (passwords are never read back).",
  fields: (t) => ({
    siteLocked: t.exposeBoolean("siteLocked", { description: "The whole site asks for a password (lock screen, page type 103)." }),
    protectedPaths: t.exposeStringList("protectedPaths", { description: "Pages (and the pages below them) that ask for a password of their own (105)." }),
  }),
});

const UnlockPageInput = builder.inputType("UnlockPageInput", {
  fields: (t) => ({
    path: t.string({ required: true, description: "The page the visitor is on." }),
    password: t.string({ required: true }),
  }),
});

const UnlockPageSuccess = builder.objectRef<{ unlocked: true }>("UnlockPageSuccess").implement({
  fields: (t) => ({ unlocked: t.exposeBoolean("unlocked") }),
});

const UpdateSitePasswordInput = builder.inputType("UpdateSitePasswordInput", {
  fields: (t) => ({ password: t.string({ description: "The site's password; null or absent opens the site." }) }),
});

const UpdatePagePasswordInput = builder.inputType("UpdatePagePasswordInput", {
  fields: (t) => ({
    path: t.string({ required: true, description: "A page path of this site, e.g. /shop/p/recipe-ebook." }),
    password: t.string({ description: "The page's password; null or absent removes it." }),
  }),
});

const pageLocksSuccess = (name: string) =>
  builder.objectRef<{ pageLocks: { siteLocked: boolean; protectedPaths: string[] } }>(name).implement({
    fields: (t) => ({ pageLocks: t.field({ type: PageLocksRef, resolve: (payload) => payload.pageLocks }) }),
  });

builder.queryField("pageLocks", (t) =>
  t.withAuth({ permission: "site.read" }).field({
    type: PageLocksRef,
    description: "Owners: the lock screen and the password-protected pages.",
    resolve: (_root, _args, ctx) => ctx.services.pageLocks.settings(),
  }),
);

builder.mutationFields((t) => ({
  unlockPage: t.field({
    type: UnlockPageSuccess,
    description: "Enters the password of the lock in front of `path` (the site's lock screen, or the page's): the browser keeps the unlock for its session.",
    errors: { types: [InvalidInputError, RateLimitedError] },
    args: { input: t.arg({ type: UnlockPageInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const viewer = { contributor: ctx.viewer.signedIn && ctx.viewer.role !== null, unlockTokens: unlockTokensFrom(ctx.cookieHeader) };
      const result = await ctx.services.pageLocks.unlock(input, viewer, { remoteAddress: ctx.remoteAddress });
      ctx.setCookie(unlockCookie(result.unlockTokens));
      return { unlocked: true as const };
    },
  }),
  updateSitePassword: t.withAuth({ permission: "site.settings" }).field({
    type: pageLocksSuccess("UpdateSitePasswordSuccess"),
    description: "Owners: locks the whole site behind a password (the lock screen), or opens it.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateSitePasswordInput }) },
    resolve: async (_root, { input }, ctx) => ({ pageLocks: await ctx.services.pageLocks.setSitePassword(input?.password ?? null) }),
  }),
  updatePagePassword: t.withAuth({ permission: "site.design" }).field({
    type: pageLocksSuccess("UpdatePagePasswordSuccess"),
    description: "Owners: protects a page (and the pages below it) with a password, or removes it.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdatePagePasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ pageLocks: await ctx.services.pageLocks.setPagePassword(input.path, input.password ?? null) }),
  }),
}));
