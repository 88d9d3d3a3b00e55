// Back in stock (storefront §5 Restock, §7 /api/site-users/account/notifications/restock): visitors
// sign up; owners read the queue and its groups and send the notifications.
import { z } from "zod";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { checkedByService, anyObject, defineRoute, optionalText, type Route } from "./route.ts";

const RESTOCK = "/api/site-users/account/notifications/restock";

/** Cursor pages of the owner's restock reads; the service checks the ids and the cursor. */
const restockListQuery = z.object({ productId: optionalText, variantId: optionalText, cursor: optionalText });

export const restockRoutes: Route[] = [
  defineRoute({
    method: "POST",
    path: RESTOCK,
    changesState: true,
    // The restock sign-up payload (ids, email, consent, captcha): the service checks each.
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
