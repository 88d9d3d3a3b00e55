// The site-user endpoints (platform-support §7, storefront §7): sign-in and sign-out, the member's
// language, and back-in-stock waitlists (visitors sign up; owners read and send).
import { InvalidInputError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import type { RestRequest, Route } from "./router.ts";

const RESTOCK = "/api/site-users/account/notifications/restock";

async function readObject(request: RestRequest): Promise<Record<string, unknown>> {
  const body = await request.readBody();
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new InvalidInputError(messages.invalidRequest);
  return body as Record<string, unknown>;
}

/** cloneCart=true|false (absent: false). */
function booleanQuery(value: string | null): boolean {
  if (value === null || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw new InvalidInputError(messages.invalidRequest);
}

export const siteUserRoutes: Route[] = [
  {
    method: "POST",
    path: "/api/site-users/account/session",
    changesState: true,
    async handle(request, services) {
      const body = await readObject(request);
      const result = await services.sessions.signIn(request.visitor, { email: body.email, password: body.password, rememberMe: body.rememberMe });
      const { viewer } = result;
      return {
        body: { xsrfToken: result.xsrfToken, siteUserId: String(viewer.accountId), email: viewer.email, role: viewer.role },
        cookies: result.cookies,
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/site-users/account/session",
    // Needs the crumb: a crumb failure answers {crumbFail: true}, which the client retries once.
    changesState: true,
    async handle(request, services) {
      const cloneCart = booleanQuery(request.url.searchParams.get("cloneCart"));
      const result = await services.sessions.signOut(request.cookieHeader, request.visitor, cloneCart);
      return { body: { signedOut: result.signedOut }, cookies: result.cookies };
    },
  },
  {
    method: "POST",
    path: "/api/site-users/account/locale",
    changesState: true,
    async handle(request, services) {
      const body = await readObject(request);
      const result = await services.sessions.setLocale(await request.viewer(), body.language);
      return { body: { language: result.language }, cookies: result.cookies };
    },
  },
  {
    method: "POST",
    path: RESTOCK,
    changesState: true,
    async handle(request, services) {
      const body = await readObject(request);
      await services.restock.signUp(body, { remoteAddress: request.remoteAddress });
      return { body: { success: true } };
    },
  },
  {
    method: "GET",
    path: RESTOCK,
    changesState: false,
    permission: "restock.read",
    async handle(request, services) {
      const query = request.url.searchParams;
      const page = await services.restock.list({ productId: query.get("productId"), variantId: query.get("variantId"), cursor: query.get("cursor") });
      return { body: { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor } };
    },
  },
  {
    method: "GET",
    path: `${RESTOCK}/groups`,
    changesState: false,
    permission: "restock.reports",
    async handle(request, services) {
      const page = await services.restock.groups({ cursor: request.url.searchParams.get("cursor") });
      return { body: { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor } };
    },
  },
  {
    method: "POST",
    path: `${RESTOCK}/send`,
    changesState: true,
    permission: "restock.send",
    async handle(request, services) {
      const body = await readObject(request);
      return { body: await services.restock.send(body.productId, body.variantId) };
    },
  },
  {
    method: "POST",
    path: `${RESTOCK}/send/all`,
    changesState: true,
    permission: "restock.send",
    async handle(request, services) {
      const body = await readObject(request);
      return { body: { results: await services.restock.sendAll(body.sendRequests) } };
    },
  },
];
