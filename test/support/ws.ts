// A graphql-ws client that presents a visitor's cookies on the upgrade request, as a browser does.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { TestVisitor } from "./app.ts";

export function wsClientFor(baseUrl: string, visitor?: TestVisitor, connectionParams?: Record<string, unknown>): Client {
  const cookie = visitor ? [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : "";
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, cookie ? { headers: { cookie } } : {});
    }
  }
  return createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: CookieWebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

export interface Subscription<T> {
  /** Every event received so far. */
  values: T[];
  /** Resolves with the first event that satisfies `accept`. */
  next(accept?: (value: T) => boolean): Promise<T>;
  /** Resolves with the first error the server sends. */
  error: Promise<unknown>;
  dispose(): void;
}

export function subscribe<T = any>(client: Client, query: string): Subscription<T> {
  const values: T[] = [];
  const waiters: { accept: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  let failWith: (error: unknown) => void = () => {};
  const error = new Promise<unknown>((resolve) => (failWith = resolve));
  const dispose = client.subscribe<T>(
    { query },
    {
      next: (result) => {
        if (result.errors) return failWith(result.errors);
        const value = result.data as T;
        values.push(value);
        for (const waiter of [...waiters]) {
          if (waiter.accept(value)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(value);
          }
        }
      },
      error: (reason) => failWith(reason),
      complete: () => {},
    },
  );
  return {
    values,
    next: (accept = () => true) =>
      new Promise<T>((resolve) => {
        const seen = values.find(accept);
        if (seen) return resolve(seen);
        waiters.push({ accept, resolve });
      }),
    error,
    dispose,
  };
}
