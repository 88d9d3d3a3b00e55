// The addresses of the API, in one place so that the request handler (app.ts), the site resolver,
// pages and metrics agree on which requests are the API's (JSON answers, never a storefront page).

/** GraphQL over HTTP, and graphql-ws on the same path. */
export const GRAPHQL_PATH = "/graphql";

/** The REST adapter (server/rest) answers this path and the paths below it. */
export const REST_PREFIX = "/api";

/** Whether `pathname` is the REST adapter's: "/api" or below it, not "/apix". */
export const isRestPath = (pathname: string): boolean => pathname === REST_PREFIX || pathname.startsWith(`${REST_PREFIX}/`);

/** Stripe's webhooks for the site of the request's host (issue 22): the owner gives Stripe this URL. */
export { STRIPE_WEBHOOK_PATH } from "../domain/payments/checkout-payment.ts";
