// One JSON line per request (docs/deploy.md "Logs"): its id (X-Request-Id honoured when sane, made
// otherwise, returned on every response), method, path, status, duration, the GraphQL operation and
// the visitor's hashed id, never the raw cookie or address.
import { Writable } from "node:stream";
import { createLogger, hashedVisitorId } from "../../server/http/logging.ts";
import { requestIdOf } from "../../server/http/request-id.ts";
import { startObservedStore, type ObservedStore } from "../support/observed-store.ts";

let store: ObservedStore;
beforeAll(async () => {
  store = await startObservedStore();
});
afterAll(() => store.close());

const CRUMB = "crumb-of-a-visitor-0123456789";
const CART = "cart-token-of-a-visitor-0123456";

it("logs one JSON line for a GraphQL request, with the operation name and the visitor's hashed id", async () => {
  const response = await fetch(`${store.baseUrl}/graphql?crumb=${CRUMB}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `crumb=${CRUMB}; sc_cart=${CART}`, "x-request-id": "proxy-req-42" },
    body: JSON.stringify({ query: "query StoreName { __typename }", operationName: "StoreName" }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("x-request-id")).toBe("proxy-req-42");

  const line = await store.requestLine("proxy-req-42");
  expect(line).toMatchObject({
    level: "info",
    msg: "request",
    reqId: "proxy-req-42",
    method: "POST",
    path: "/graphql",
    status: 200,
    operationName: "StoreName",
    operationType: "query",
    visitor: hashedVisitorId({ crumb: CRUMB, cartToken: CART }),
  });
  expect(typeof line.durationMs).toBe("number");
  expect(typeof line.time).toBe("string");
  expect(store.lines.filter((candidate) => candidate.reqId === "proxy-req-42")).toHaveLength(1);
  // No secret reaches the log: not the crumb (cookie or query string), the cart token, nor the address.
  const text = JSON.stringify(store.lines);
  expect(text).not.toContain(CRUMB);
  expect(text).not.toContain(CART);
  expect(text).not.toContain("127.0.0.1");
});

it("gives a request without a sane X-Request-Id a new id, returned on the response and logged", async () => {
  for (const sent of [undefined, "has spaces in it", "x".repeat(129), "<script>"]) {
    const response = await fetch(`${store.baseUrl}/healthz`, { headers: sent ? { "x-request-id": sent } : {} });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await store.requestLine(id!);
    expect(line).toMatchObject({ method: "GET", path: "/healthz", status: 200, visitor: null });
    expect(line).not.toHaveProperty("operationName");
  }
});

it("returns the id on REST answers, pages and errors too", async () => {
  for (const path of ["/api/commerce/shopping-cart", "/shop", "/api/no-such-thing"]) {
    const response = await fetch(`${store.baseUrl}${path}`, { headers: { "x-request-id": `id-for-${path.length}` } });
    expect(response.headers.get("x-request-id")).toBe(`id-for-${path.length}`);
    expect(await store.requestLine(`id-for-${path.length}`)).toMatchObject({ path, status: response.status });
  }
});

it("keeps a sane client id and replaces anything else", () => {
  expect(requestIdOf({ "x-request-id": "abc-123_x.y:z" })).toBe("abc-123_x.y:z");
  expect(requestIdOf({ "x-request-id": "a\nb" })).not.toBe("a\nb");
  expect(requestIdOf({ "x-request-id": ["one", "two"] })).toMatch(/^[0-9a-f-]{36}$/);
});

it("hashes the crumb, else the cart token, and has no id for a visitor with neither", () => {
  const id = hashedVisitorId({ crumb: CRUMB, cartToken: null });
  expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect(hashedVisitorId({ crumb: CRUMB, cartToken: CART })).toBe(id);
  expect(hashedVisitorId({ crumb: null, cartToken: CART })).not.toBe(id);
  expect(hashedVisitorId({ crumb: null, cartToken: null })).toBeNull();
});

it("writes JSON in production and readable text in development", () => {
  const capture = () => {
    const chunks: string[] = [];
    return { chunks, stream: new Writable({ write: (chunk, _e, done) => (chunks.push(String(chunk)), done()) }) };
  };
  const json = capture();
  createLogger({ level: "info", production: true, destination: json.stream }).info({ reqId: "r1" }, "request");
  expect(JSON.parse(json.chunks.join(""))).toMatchObject({ level: "info", reqId: "r1", msg: "request" });

  const pretty = capture();
  createLogger({ level: "info", production: false, destination: pretty.stream }).info({ reqId: "r2" }, "request");
  const text = pretty.chunks.join("");
  expect(text).toContain("INFO");
  expect(text).toContain("request");
  // One line per request in development too, its fields after the message.
  expect(text).toContain('request {"reqId":"r2"}');
  expect(text.trim().split("\n")).toHaveLength(1);
  expect(() => JSON.parse(text)).toThrow();
});
