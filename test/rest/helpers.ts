// Shared helpers for the REST adapter tests (spec storefront-and-commerce.md §7): the documented
// paths, a raw request that keeps the exact response text, and checks that bad input leaks nothing.
import { TestVisitor, type HttpResult, type TestStore } from "../support/app.ts";

export const ENTRIES = "/api/commerce/shopping-cart/entries";
export const CART = "/api/commerce/shopping-cart";
export const SUBSCRIPTION = "/api/3/commerce/cart/subscription";
export const STOCK = "/api/commerce/inventory/stock/";
export const additionalFieldsPath = (entryId: string) => `${ENTRIES}/${entryId}/additionalFields`;

export const CRUMB_FAIL = { crumbFail: true, error: "Your session has expired. Please reload the page and try again." };
export const RATE_LIMITED = { error: "Please try again in a few seconds." };

export interface AddBody {
  itemId?: unknown;
  sku?: unknown;
  quantity?: unknown;
  additionalFields?: unknown;
}

/** POST /api/commerce/shopping-cart/entries as the storefront's script sends it (crumb in X-CSRF-Token). */
export function addEntry(visitor: TestVisitor, body: AddBody, headers: Record<string, string> = {}): Promise<HttpResult> {
  return visitor.request("POST", ENTRIES, { body, headers });
}

/** The visitor's cart as GET /api/commerce/shopping-cart answers it. */
export async function cartOf(visitor: TestVisitor, query = ""): Promise<any> {
  const response = await visitor.request("GET", CART + query);
  expect(response.status).toBe(200);
  return response.body;
}

export const countCarts = (store: TestStore): Promise<number> => store.db.cart.count();

export interface RawResult {
  status: number;
  headers: Headers;
  text: string;
}

/** A request that keeps the response text byte for byte (TestVisitor parses it). Stores cookies it is given. */
export async function rawRequest(
  visitor: TestVisitor,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; crumb?: boolean } = {},
): Promise<RawResult> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (visitor.cookies.size) headers.cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  if (options.crumb !== false && method !== "GET" && visitor.crumb && !("x-csrf-token" in headers)) headers["x-csrf-token"] = visitor.crumb;
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(visitor.baseUrl + path, { method, headers, body });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair, ...attributes] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const value = pair.slice(pair.indexOf("=") + 1).trim();
    if (attributes.some((attribute) => /max-age=0/i.test(attribute.trim())) || value === "") visitor.cookies.delete(name);
    else visitor.cookies.set(name, value);
  }
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The names of the cookies a response sets. */
export const setCookieNames = (headers: Headers): string[] => headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")).trim());

/**
 * A clear client error: a JSON object with this status whose `error` is the given text (spec messages,
 * as literals), matches the pattern (our own wording, which may change), or is any non-empty text.
 */
export function expectClientError(response: { status: number; body: unknown; headers: Headers }, status: number, error?: string | RegExp) {
  const expected = typeof error === "string" ? error : expect.stringMatching(error ?? /\S/);
  expect({ status: response.status, error: (response.body as any)?.error }).toEqual({ status, error: expected });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expectNoStackTrace(response.body);
}

export function expectNoStackTrace(body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|Error:|prisma/i);
}

/** A visitor who holds a crumb but whose cookie jar is a copy of only the crumb of `visitor`. */
export function withOnlyTheCrumbOf(visitor: TestVisitor): TestVisitor {
  const copy = new TestVisitor(visitor.baseUrl);
  if (visitor.crumb) copy.cookies.set("crumb", visitor.crumb);
  return copy;
}
