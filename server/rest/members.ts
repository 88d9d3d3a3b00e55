// The site-user endpoints (platform-support §7, storefront §7): sign-in and sign-out, and the member's
// language. (The restock paths under /api/site-users/account/notifications: restock.ts.)
import { z } from "zod";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { signInInput } from "../domain/members/inputs.ts";
import { sessionCookies } from "../http/cookies.ts";
import { checkedByService, defineRoute, type Route } from "./route.ts";

/** cloneCart=true|false (absent or empty: false). */
const signOutQuery = z.object({
  cloneCart: z
    .enum(["", "true", "false"], { error: checkoutMessages.invalidRequest })
    .optional()
    .transform((value) => value === "true"),
});

export const siteUserRoutes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/api/site-users/account/session",
    changesState: true,
    body: signInInput,
    async handle(request, services) {
      const result = await services.sessions.signIn(request.visitor, await request.body(), { remoteAddress: request.remoteAddress });
      const { viewer } = result;
      return {
        body: { xsrfToken: result.xsrfToken, siteUserId: String(viewer.accountId), email: viewer.email, role: viewer.role },
        cookies: sessionCookies(result),
      };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/site-users/account/session",
    // Needs the crumb: a crumb failure answers {crumbFail: true}, which the client retries once.
    changesState: true,
    query: signOutQuery,
    async handle(request, services) {
      const result = await services.sessions.signOut(request.sessionToken, request.visitor, request.query.cloneCart);
      return { body: { signedOut: result.signedOut }, cookies: sessionCookies(result) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/site-users/account/locale",
    changesState: true,
    // The service checks the language (a known locale the site offers).
    body: z.object({ language: checkedByService }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const { language } = await request.body();
      const result = await services.sessions.setLocale(await request.viewer(), language);
      return { body: { language: result.language }, cookies: sessionCookies(result) };
    },
  }),
];
