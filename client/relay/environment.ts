// The Relay environment: queries and mutations over HTTP POST to /graphql (with the visitor's
// cookies), subscriptions over graphql-ws on the same path.
import { createClient } from "graphql-ws";
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from "relay-runtime";

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query: operation.text, variables }),
  });
  return response.json();
};

function subscriptionsOver(url: string): SubscribeFunction {
  const client = createClient({ url });
  return (operation, variables) =>
    Observable.create((sink) =>
      client.subscribe({ operationName: operation.name, query: operation.text!, variables }, {
        next: (value) => sink.next(value as never),
        error: (error) => sink.error(error instanceof Error ? error : new Error(String(error))),
        complete: () => sink.complete(),
      }),
    );
}

export function createEnvironment(origin: string = window.location.origin): Environment {
  const socketUrl = `${origin.replace(/^http/, "ws")}/graphql`;
  return new Environment({ network: Network.create(fetchGraphQL, subscriptionsOver(socketUrl)), store: new Store(new RecordSource()) });
}
