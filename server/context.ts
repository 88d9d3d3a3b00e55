// What every GraphQL resolver sees. Built per request (HTTP) or per operation (graphql-ws).
import type { Db } from "./db/client.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import type { Visitor } from "./services/cart-transaction.ts";
import type { Services } from "./services/index.ts";

export interface GraphQLContext {
  /** For @pothos/plugin-prisma's query building; resolvers call services, not this. */
  prisma: Db;
  services: Services;
  pubsub: StorePubSub;
  visitor: Visitor;
  /**
   * Gives the visitor a cart (a new cart's token) or takes it away (null, after checkout). Over HTTP
   * this sets or clears the cart cookie; the cart token is also in the cart's `token` field for
   * clients without cookies.
   */
  setCartToken(token: string | null): void;
}
