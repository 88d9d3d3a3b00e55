// The Relay environment: queries and mutations over HTTP POST to /graphql (with the visitor's
// cookies), subscriptions over graphql-ws on the same path.
import type { Client } from "graphql-ws";
import { HttpFailure } from "./errors.ts";
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from "relay-runtime";

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
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
function subscriptionsOver(url: string): SubscribeFunction {
  let client: Promise<Client> | null = null;
  return (operation, variables) =>
    Observable.create((sink) => {
      client ??= import("graphql-ws").then(({ createClient }) => createClient({ url }));
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

export function createEnvironment(origin: string = window.location.origin): Environment {
  const socketUrl = `${origin.replace(/^http/, "ws")}/graphql`;
  return new Environment({ network: Network.create(fetchGraphQL, subscriptionsOver(socketUrl)), store: new Store(new RecordSource()) });
}
