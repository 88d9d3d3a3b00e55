// How an owner subscription's outcome is read over a real graphql-ws client (the GraphQL operations'
// subscriptions in this folder).
import type { StoreEvents } from "../../../server/realtime/pubsub.ts";
import { subscribe, wsClientFor } from "../../support/ws.ts";
import { type Outcome, store } from "../owner-operations-setup.ts";
import type { Caller } from "../principals.ts";

/** The outcome of a subscription that answers at once on connect: allowed when a value arrives, else the refusal's code. */
export async function firstValueOutcome(c: Caller, query: string): Promise<Outcome> {
  const client = wsClientFor(store.baseUrl, c.visitor, c.xsrfToken ? { xsrfToken: c.xsrfToken } : {});
  const subscription = subscribe(client, query);
  try {
    await Promise.race([subscription.next(), subscription.error]);
    if (subscription.values.length > 0) return "allowed";
    const [error] = (await subscription.error) as { message: string; extensions: { code: string } }[];
    return error.extensions.code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
  } finally {
    subscription.dispose();
    await client.dispose();
  }
}

/**
 * A subscription's outcome over a real graphql-ws client: allowed when an event arrives after `trigger`
 * (run once the server listens on `topic`), else the code of the error the server sent.
 */
export async function subscriptionOutcome(c: Caller, topic: keyof StoreEvents, query: string, trigger: () => Promise<unknown>): Promise<Outcome> {
  const client = wsClientFor(store.baseUrl, c.visitor, c.xsrfToken ? { xsrfToken: c.xsrfToken } : {});
  const listening = store.listening(topic);
  const subscription = subscribe(client, query);
  try {
    // graphql-ws does not acknowledge a subscription: the server either starts listening or refuses.
    if ((await Promise.race([listening.then(() => "listening"), subscription.error])) === "listening") {
      await trigger();
      await Promise.race([subscription.next(), subscription.error]);
    }
    if (subscription.values.length > 0) return "allowed";
    const [error] = (await subscription.error) as { message: string; extensions: { code: string } }[];
    return error.extensions.code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
  } finally {
    subscription.dispose();
    await client.dispose();
  }
}
