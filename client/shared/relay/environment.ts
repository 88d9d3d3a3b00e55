// The Relay environment: queries and mutations over HTTP POST to /graphql (with the visitor's
// cookies), subscriptions over graphql-ws on the same path.
import type { Client } from "graphql-ws";
import { HttpFailure } from "./errors.ts";
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from "relay-runtime";

/** The signed-in account's xsrf token (docs/permissions.md): a request speaks for the account only with it. */
export type XsrfTokenSource = () => string | null;

const fetchGraphQLWith =
  (xsrfToken: XsrfTokenSource): FetchFunction =>
  async (operation, variables) => {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    const token = xsrfToken();
    if (token) headers["x-siteuser-xsrf-token"] = token;
    const response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify({ query: operation.text, variables }),
    });
    const body = await response.json().catch(() => null);
    // A rate limit, a crumb failure or a server failure is not a GraphQL result: say what happened.
    if (!response.ok || !body) {
      const message = body?.errors?.[0]?.message ?? body?.error ?? "";
      throw new HttpFailure(response.status, message, body?.crumbFail === true);
    }
    return body;
  };

/** Subscriptions over graphql-ws; the client library loads on the first subscription (only visitors with a cart subscribe). */
function subscriptionsOver(url: string, xsrfToken: XsrfTokenSource): SubscribeFunction {
  let client: Promise<Client> | null = null;
  return (operation, variables) =>
    Observable.create((sink) => {
      client ??= import("graphql-ws").then(({ createClient }) => createClient({ url, connectionParams: () => ({ xsrfToken: xsrfToken() }) }));
      let dispose: (() => void) | null = null;
      let closed = false;
      client.then(
        (connected) => {
          if (closed) return;
          dispose = connected.subscribe(
            { operationName: operation.name, query: operation.text!, variables },
            {
              next: (value) => sink.next(value as never),
              error: (error) => sink.error(error instanceof Error ? error : new Error(String(error))),
              complete: () => sink.complete(),
            },
          );
        },
        (error) => sink.error(error),
      );
      return () => {
        closed = true;
        dispose?.();
      };
    });
}

const anonymous: XsrfTokenSource = () => null;

/** The storefront and the admin pass their session's token source (client/shared/relay/session.ts); without one, calls are anonymous. */
export function createEnvironment(origin: string = window.location.origin, xsrfToken: XsrfTokenSource = anonymous): Environment {
  const socketUrl = `${origin.replace(/^http/, "ws")}/graphql`;
  return new Environment({
    network: Network.create(fetchGraphQLWith(xsrfToken), subscriptionsOver(socketUrl, xsrfToken)),
    store: new Store(new RecordSource()),
  });
}
