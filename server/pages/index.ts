// Storefront documents: every request that is not the API, REST or a health check comes here.
// Answers the request and returns true, or returns false for a path it does not serve.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Visitor } from "../services/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import { renderHomePage } from "./home.ts";

export interface PageOptions {
  /** Development: the front page links GraphiQL. */
  graphiql: boolean;
}

export function createPageHandler(services: Services, options: PageOptions) {
  return async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, _visitor: Visitor): Promise<boolean> {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (url.pathname === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(request.method === "HEAD" ? undefined : await renderHomePage(services, options.graphiql));
      return true;
    }
    return false;
  };
}
