// What a failed request means to a shopper (spec §8 "Add to cart failure" and the cart messages).
import { messages } from "../../../server/domain/messages/storefront.ts";

/** An HTTP answer that was not a GraphQL result (rate limit, crumb failure, server error). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly crumbFail = false,
  ) {
    super(message);
  }
}

/** The message to show for an error thrown by a request (typed GraphQL errors are shown as they are). */
export function describeFailure(error: unknown): string {
  if (typeof navigator !== "undefined" && navigator.cookieEnabled === false) return messages.cookiesDisabled;
  if (error instanceof HttpFailure) {
    if (error.status === 429) return messages.rateLimited;
    if (error.crumbFail) return messages.crumbFailed;
    return error.message || messages.pleaseTryAgain;
  }
  if (error instanceof TypeError) return messages.checkInternetConnection; // fetch: network down
  const source = (error as { source?: { errors?: { message?: string }[] } })?.source;
  return source?.errors?.[0]?.message || messages.pleaseTryAgain;
}

/** The message of a typed error result (`... on Error { message }`), whatever member it is. */
export function errorMessage(result: { readonly message?: string | null }): string {
  return result.message || messages.pleaseTryAgain;
}
