// The site-user endpoints (platform-support §7, storefront §7): sign-in and sign-out, the member's
// language, and back-in-stock waitlists (visitors sign up; owners read and send).
import { z } from "zod";
import { checkoutMessages } from "../domain/checkout-messages.ts";
import { signInInput } from "../domain/members/inputs.ts";
import { sessionCookies } from "../http/cookies.ts";
import { checkedByService, anyObject, defineRoute, optionalText, type Route } from "./route.ts";

const RESTOCK = "/api/site-users/account/notifications/restock";

/** cloneCart=true|false (absent or empty: false). */
const signOutQuery = z.object({
  cloneCart: z
    .enum(["", "true", "false"], { error: checkoutMessages.invalidRequest })
    .optional()
    .transform((value) => value === "true"),
});

/** Cursor pages of the owner's waitlist reads; the service checks the ids and the cursor. */
const restockListQuery = z.object({ productId: optionalText, variantId: optionalText, cursor: optionalText });

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
  defineRoute({
    method: "POST",
    path: RESTOCK,
    changesState: true,
    // The waitlist sign-up payload (ids, email, consent, captcha): the service checks each.
    body: anyObject(),
    async handle(request, services) {
      await services.restock.signUp(await request.body(), { remoteAddress: request.remoteAddress });
      return { body: { success: true } };
    },
  }),
  defineRoute({
    method: "GET",
    path: RESTOCK,
    changesState: false,
    permission: "restock.read",
    query: restockListQuery,
    async handle(request, services) {
      const page = await services.restock.list(request.query);
      return { body: { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor } };
    },
  }),
  defineRoute({
    method: "GET",
    path: `${RESTOCK}/groups`,
    changesState: false,
    permission: "restock.reports",
    query: z.object({ cursor: optionalText }),
    async handle(request, services) {
      const page = await services.restock.groups({ cursor: request.query.cursor });
      return { body: { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor } };
    },
  }),
  defineRoute({
    method: "POST",
    path: `${RESTOCK}/send`,
    changesState: true,
    permission: "restock.send",
    body: z.object({ productId: checkedByService, variantId: checkedByService }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const body = await request.body();
      return { body: await services.restock.send(body.productId, body.variantId) };
    },
  }),
  defineRoute({
    method: "POST",
    path: `${RESTOCK}/send/all`,
    changesState: true,
    permission: "restock.send",
    body: z.object({ sendRequests: checkedByService }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const body = await request.body();
      return { body: { results: await services.restock.sendAll(body.sendRequests) } };
    },
  }),
];
