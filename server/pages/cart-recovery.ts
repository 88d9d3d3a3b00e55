// The abandoned checkout reminder's links (issue 24 part 4). GET /cart/recover/<token> restores the
// reminded cart into this browser (the cart cookie, as the cart's own answers set it), its stock
// checked again by the service, then opens checkout, or the cart with a notice naming what is no
// longer available. GET /cart/unsubscribe/<token> asks first (mail scanners follow links); its POST
// stops the reminders to that address. A token that names nothing gets a page saying so (404).
import type { IncomingMessage, ServerResponse } from "node:http";
import { CART_RECOVERY_PATH, CART_REMINDER_UNSUBSCRIBE_PATH } from "../domain/checkout/abandoned-checkout.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { PageType } from "../domain/storefront/page-types.ts";
import { cartCookies, forConnection } from "../http/cookies.ts";
import type { AbandonedCheckoutService } from "../services/checkout/abandoned-checkouts.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { plainDocument } from "./error-page.ts";
import { escapeHtml } from "./html.ts";

const PRIVATE = { "cache-control": "private, no-store", "referrer-policy": "no-referrer", "x-content-type-options": "nosniff" };

/** The query parameter the cart screen reads its notice from (names of entries the stock no longer allows). */
export const RECOVERY_NOTICE_PARAM = "unavailable";

function page(response: ServerResponse, status: number, html: string): true {
  response.writeHead(status, { ...PRIVATE, "content-type": "text/html; charset=utf-8", "content-security-policy": CONTENT_SECURITY_POLICY });
  response.end(html);
  return true;
}

const notFound = (response: ServerResponse) =>
  page(
    response,
    404,
    plainDocument({
      pageType: PageType.ERROR,
      pageTitle: checkoutMessages.cartRecoveryNotFoundTitle,
      pageDescription: checkoutMessages.cartRecoveryNotFoundBody,
      link: { href: "/", label: checkoutMessages.cartRecoveryBackToStore },
    }),
  );

/** Answers the reminder's links; false for any other path. */
export async function serveCartRecovery(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  recovery: AbandonedCheckoutService,
  secure: boolean,
): Promise<boolean> {
  if (url.pathname.startsWith(CART_RECOVERY_PATH) && request.method === "GET") {
    const recovered = await recovery.recover(url.pathname.slice(CART_RECOVERY_PATH.length));
    if (!recovered) return notFound(response);
    const location = recovered.soldOut.length > 0 ? `/cart?${new URLSearchParams({ [RECOVERY_NOTICE_PARAM]: recovered.soldOut.join(", ") })}` : "/checkout";
    response.writeHead(303, { ...PRIVATE, location, "set-cookie": cartCookies(recovered.cartToken).map((cookie) => forConnection(cookie, secure)) });
    response.end();
    return true;
  }
  if (url.pathname.startsWith(CART_REMINDER_UNSUBSCRIBE_PATH) && (request.method === "GET" || request.method === "POST")) {
    const token = url.pathname.slice(CART_REMINDER_UNSUBSCRIBE_PATH.length);
    const target = request.method === "POST" ? await recovery.unsubscribe(token) : await recovery.unsubscribeTarget(token);
    if (!target) return notFound(response);
    if (request.method === "POST")
      return page(
        response,
        200,
        plainDocument({
          pageType: PageType.ERROR,
          pageTitle: checkoutMessages.reminderUnsubscribeTitle,
          pageDescription: checkoutMessages.reminderUnsubscribed(target.email),
        }),
      );
    const form = `<form method="post"><button type="submit">${escapeHtml(checkoutMessages.reminderUnsubscribeButton)}</button></form>\n</main>`;
    const html = plainDocument({
      pageType: PageType.ERROR,
      pageTitle: checkoutMessages.reminderUnsubscribeTitle,
      pageDescription: checkoutMessages.reminderUnsubscribeAsk(target.email),
    }).replace("</main>", form);
    return page(response, 200, html);
  }
  return false;
}
