// Bad input everywhere gets a clear 4xx JSON {"error": ...} and changes nothing (issue 2, "Bad input
// everywhere"; §5 "Other failures: a 4xx with {"error": message}"). Never a 500, never a stack trace.
import http from "node:http";
import net from "node:net";
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import {
  CART,
  ENTRIES,
  STOCK,
  SUBSCRIPTION,
  additionalFieldsPath,
  cartOf,
  countCarts,
  expectClientError,
  expectNoStackTrace,
  rawRequest,
  setCookieNames,
} from "./helpers.ts";

let store: TestStore;
let posterId: string;
let penId: string;
beforeAll(async () => {
  store = await startTestStore();
  posterId = String(await store.itemId("city-poster"));
  penId = String(await store.itemId("engraved-pen"));
});
afterAll(() => store.close());

/** A visitor whose cart holds one pen (entry id returned) and one poster. */
async function visitorWithCart() {
  const visitor = await store.visitor().arrive();
  const pen = await visitor.request("POST", ENTRIES, { body: { itemId: penId, sku: "PEN-BRASS", quantity: 1, additionalFields: '{"engraving":"Ada"}' } });
  expect(pen.status).toBe(200);
  expect((await visitor.request("POST", ENTRIES, { body: { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } })).status).toBe(200);
  return { visitor, entryId: pen.body.newlyAdded.id as string, before: await cartOf(visitor) };
}

/** Runs a bad request for a visitor with a cart and for one without; neither may change. */
async function expectNothingChanges(
  send: (visitor: TestVisitor, entryId: string) => Promise<{ status: number; body: unknown; headers: Headers }>,
  status: number,
  error?: string | RegExp,
) {
  const { visitor, entryId, before } = await visitorWithCart();
  const withCart = await send(visitor, entryId);
  expectClientError(withCart, status, error);
  expect(await cartOf(visitor)).toEqual(before);

  const newcomer = await store.visitor().arrive();
  const cartsBefore = await countCarts(store);
  const withoutCart = await send(newcomer, entryId);
  expectClientError(withoutCart, status, error);
  expect(setCookieNames(withoutCart.headers)).not.toContain("sc_cart");
  expect(await countCarts(store)).toBe(cartsBefore);
}

const postRaw =
  (rawBody: string, contentType = "application/json") =>
  (visitor: TestVisitor) =>
    visitor.request("POST", ENTRIES, { rawBody, headers: { "content-type": contentType } });
const postJson = (body: unknown) => (visitor: TestVisitor) => visitor.request("POST", ENTRIES, { body });

describe("malformed bodies", () => {
  it.each([
    ["truncated JSON", '{"itemId": "1", "quantity": '],
    ["JSON with a trailing comma", '{"itemId": "1",}'],
    ["plain text", "itemId=1&quantity=2 but not really"],
    ["a JSON-shaped form body", "{oops"],
  ])("answers 400 (the body is not JSON) for %s", async (_case, rawBody) => {
    await expectNothingChanges(postRaw(rawBody), 400, /JSON/);
  });

  it.each([
    ["a JSON array", "[]"],
    ["an array of entries", JSON.stringify([{ itemId: "1", sku: "POSTER-SMALL", quantity: 1 }])],
    ["JSON null", "null"],
    ["a JSON number", "42"],
    ["a JSON string", '"hello"'],
  ])("answers 400 for %s as the body", async (_case, rawBody) => {
    await expectNothingChanges(postRaw(rawBody), 400);
  });

  it("answers 400 for an array body on PUT additionalFields", async () => {
    await expectNothingChanges(
      (visitor, entryId) =>
        visitor.request("PUT", additionalFieldsPath(entryId), { rawBody: '[{"engraving":"Eve"}]', headers: { "content-type": "application/json" } }),
      400,
    );
  });

  it("answers 413 for a body over 64 KiB", async () => {
    const huge = { itemId: posterId, sku: "POSTER-SMALL", quantity: 1, additionalFields: JSON.stringify({ engraving: "x".repeat(70 * 1024) }) };
    await expectNothingChanges(postJson(huge), 413, /too large/i);
  });

  it("answers 413 for a body of several megabytes", async () => {
    await expectNothingChanges(postRaw(JSON.stringify({ itemId: posterId, padding: "y".repeat(4 * 1024 * 1024) })), 413, /too large/i);
  });

  it("accepts a body of exactly 64 KiB and refuses one byte more with 413", async () => {
    const bodyOfSize = (size: number) => {
      const base = JSON.stringify({ itemId: posterId, sku: "POSTER-SMALL", quantity: 1, padding: "" });
      return base.replace('"padding":""', `"padding":"${"p".repeat(size - base.length)}"`);
    };
    expect(bodyOfSize(64 * 1024)).toHaveLength(64 * 1024);
    const visitor = await store.visitor().arrive();
    const atLimit = await visitor.request("POST", ENTRIES, { rawBody: bodyOfSize(64 * 1024), headers: { "content-type": "application/json" } });
    expect(atLimit.status).toBe(200);
    const before = await cartOf(visitor);
    const over = await visitor.request("POST", ENTRIES, { rawBody: bodyOfSize(64 * 1024 + 1), headers: { "content-type": "application/json" } });
    expectClientError(over, 413, /too large/i);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("answers 413 for a huge body sent in chunks without a Content-Length", async () => {
    const visitor = await store.visitor().arrive();
    const cartsBefore = await countCarts(store);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // A connection of its own: what happens to it after the answer is the next test's business.
      const request = http.request(store.baseUrl + ENTRIES, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "transfer-encoding": "chunked", cookie: `crumb=${visitor.crumb}`, "x-csrf-token": visitor.crumb! },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (data) => (text += data));
        response.on("end", () => {
          resolve({ status: response.statusCode!, body: text });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write(`{"itemId":"${posterId}","sku":"POSTER-SMALL","quantity":1,"padding":"`);
      for (let i = 0; i < 64; i++) request.write("x".repeat(16 * 1024));
      request.end('"}');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(/too large/i) });
    expect(await countCarts(store)).toBe(cartsBefore);
  });

  it("does not leave a keep-alive connection hanging after a 413: the next request on it is answered, or the connection is closed", async () => {
    const visitor = await store.visitor().arrive();
    const socket = net.connect(Number(new URL(store.baseUrl).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    let closed = false;
    socket.on("data", (data) => (received += data.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => (closed = true));
    /**
     * What becomes of the connection: an answer matching `pattern` (checked as each chunk arrives),
     * closed, or hanging when neither happened within `ms` (a deadline, not a poll).
     */
    const outcome = (pattern: RegExp, ms: number) =>
      new Promise<"answered" | "closed" | "hanging">((resolve) => {
        const settle = (result: "answered" | "closed" | "hanging") => {
          clearTimeout(deadline);
          socket.off("data", onData);
          socket.off("close", onClose);
          resolve(result);
        };
        const onData = () => {
          if (pattern.test(received)) settle("answered");
        };
        const onClose = () => settle(pattern.test(received) ? "answered" : "closed");
        const deadline = setTimeout(() => settle("hanging"), ms);
        socket.on("data", onData);
        socket.on("close", onClose);
        // What arrived before the call counts too.
        if (pattern.test(received)) settle("answered");
        else if (closed) settle("closed");
      });
    try {
      const body = JSON.stringify({ itemId: posterId, sku: "POSTER-SMALL", quantity: 1, padding: "x".repeat(200 * 1024) });
      socket.write(
        `POST ${ENTRIES} HTTP/1.1\r\nHost: localhost\r\nCookie: crumb=${visitor.crumb}\r\nX-CSRF-Token: ${visitor.crumb}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body);
      expect(await outcome(/^HTTP\/1\.1 413 [\s\S]*\r\n\r\n[\s\S]*too large/i, 3000)).toBe("answered");
      if (/\r\nconnection: close\r\n/i.test(received)) return; // the server closes it: fine
      received = "";
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      expect(await outcome(/^HTTP\/1\.1 200 /, 3000)).not.toBe("hanging");
    } finally {
      socket.destroy();
    }
  });

  it("answers 413 for a huge PUT body", async () => {
    await expectNothingChanges(
      (visitor, entryId) =>
        visitor.request("PUT", additionalFieldsPath(entryId), { body: { additionalFields: JSON.stringify({ engraving: "z".repeat(100 * 1024) }) } }),
      413,
      /too large/i,
    );
  });

  it("answers 4xx for deeply nested additionalFields under the size limit", async () => {
    const depth = 20_000;
    const nested = "[".repeat(depth) + "]".repeat(depth);
    const rawBody = `{"itemId":"${penId}","sku":"PEN-BRASS","quantity":1,"additionalFields":{"engraving":${nested}}}`;
    expect(rawBody.length).toBeLessThan(64 * 1024);
    await expectNothingChanges(postRaw(rawBody), 400);
  });
});

describe("itemId, sku, quantity and additionalFields of the wrong kind", () => {
  it.each([
    ["itemId missing", { sku: "POSTER-SMALL", quantity: 1 }],
    ["itemId null", { itemId: null, sku: "POSTER-SMALL", quantity: 1 }],
    ["itemId empty", { itemId: "", sku: "POSTER-SMALL", quantity: 1 }],
    ["itemId a boolean", { itemId: true, sku: "POSTER-SMALL", quantity: 1 }],
    ["itemId an object", { itemId: { id: 1 }, sku: "POSTER-SMALL", quantity: 1 }],
    ["itemId an array", { itemId: [1], sku: "POSTER-SMALL", quantity: 1 }],
    ["an empty body", {}],
  ])("answers 400 for %s", async (_case, body) => {
    await expectNothingChanges(postJson(body), 400);
  });

  it.each([
    ["an unknown numeric itemId", "987654"],
    ["an unknown number", 987654],
    ["a word", "abc"],
    ["a negative id", "-1"],
    ["a fraction", "1.5"],
    ["a 25-digit id", "9999999999999999999999999"],
    ["a global id of another type", Buffer.from("Cart:1").toString("base64")],
  ])("answers 404 for %s", async (_case, itemId) => {
    await expectNothingChanges(postJson({ itemId, sku: "POSTER-SMALL", quantity: 1 }), 404);
  });

  it.each([
    ["a number sku", { sku: 5 }],
    ["an object sku", { sku: { size: "Small" } }],
    ["a boolean quantity", { quantity: true }],
    ["an object quantity", { quantity: { value: 1 } }],
    ["a huge quantity as text", { quantity: "99999999999999999999" }],
    ["a negative quantity as text", { quantity: "-5" }],
    ["additionalFields a number", { additionalFields: 5 }],
    ["additionalFields a JSON number as text", { additionalFields: "5" }],
    ["additionalFields an array", { additionalFields: ["Ada"] }],
  ])("answers 400 for %s", async (_case, override) => {
    await expectNothingChanges(postJson({ itemId: posterId, sku: "POSTER-SMALL", quantity: 1, ...override }), 400);
  });

  it("answers 400 for additionalFields of the wrong kind on PUT", async () => {
    await expectNothingChanges((visitor, entryId) => visitor.request("PUT", additionalFieldsPath(entryId), { body: { additionalFields: 42 } }), 400);
  });
});

describe("text with a NUL character (which PostgreSQL cannot store)", () => {
  it("answers 404 for an entry id %00", async () => {
    await expectNothingChanges(
      (visitor) => visitor.request("PUT", `${ENTRIES}/%00/additionalFields`, { body: { additionalFields: '{"engraving":"Eve"}' } }),
      404,
    );
  });

  it("never answers a 500 for an engraving with a NUL character on add", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", ENTRIES, {
      body: { itemId: penId, sku: "PEN-BRASS", quantity: 1, additionalFields: JSON.stringify({ engraving: "A\u0000B" }) },
    });
    expect(response.status).toBeLessThan(500);
    expectNoStackTrace(response.body);
  });

  it("never answers a 500 for an engraving with a NUL character on PUT, and changes nothing when it refuses", async () => {
    const { visitor, entryId, before } = await visitorWithCart();
    const response = await visitor.request("PUT", additionalFieldsPath(entryId), { body: { additionalFields: JSON.stringify({ engraving: "\u0000" }) } });
    expect(response.status).toBeLessThan(500);
    expectNoStackTrace(response.body);
    if (response.status >= 400) expect(await cartOf(visitor)).toEqual(before);
  });

  it("answers 400 'Sorry, that item variant is unavailable. Please select another variant.' for a sku with a NUL character", async () => {
    await expectNothingChanges(
      postJson({ itemId: posterId, sku: "POSTER-SMALL\u0000", quantity: 1 }),
      400,
      "Sorry, that item variant is unavailable. Please select another variant.",
    );
  });

  it("answers 404 for a stock itemId with a NUL character", async () => {
    expectClientError(await store.visitor().request("GET", `${STOCK}?itemId=1%00`), 404);
  });
});

describe("paths and methods", () => {
  it.each([
    ["GET", ENTRIES, "POST"],
    ["DELETE", ENTRIES, "POST"],
    ["PUT", ENTRIES, "POST"],
    ["POST", CART, "GET"],
    ["DELETE", CART, "GET"],
    ["POST", STOCK, "GET"],
    ["GET", SUBSCRIPTION, "POST"],
    ["GET", additionalFieldsPath("some-entry"), "PUT"],
    ["POST", additionalFieldsPath("some-entry"), "PUT"],
  ])("answers 405 with Allow for %s %s", async (method, path, allowed) => {
    const { visitor, before } = await visitorWithCart();
    const response = await visitor.request(method, path, { body: method === "GET" ? undefined : { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } });
    expectClientError(response, 405);
    expect(response.headers.get("allow")).toContain(allowed);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it.each([
    ["GET", "/api/no-such-thing"],
    ["POST", "/api/commerce/shopping-cart/entry"],
    ["POST", "/api/commerce/shopping-cart/entries/abc"],
    ["DELETE", "/api/commerce/shopping-cart/entries/abc"],
    ["PUT", "/api/commerce/shopping-cart/entries/abc/quantity"],
    ["GET", "/api/commerce/inventory"],
    ["POST", "/api/2/commerce/cart/subscription"],
  ])("answers 404 JSON for the unknown API path %s %s", async (method, path) => {
    const { visitor, before } = await visitorWithCart();
    const response = await visitor.request(method, path, { body: method === "GET" ? undefined : { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } });
    expectClientError(response, 404);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("answers 404 for an entry id that is not valid percent-encoding (%E0%A4%A)", async () => {
    await expectNothingChanges(
      (visitor) => visitor.request("PUT", `${ENTRIES}/%E0%A4%A/additionalFields`, { body: { additionalFields: '{"engraving":"Eve"}' } }),
      404,
    );
  });

  it("answers 404 for an entry id that names no entry, however long", async () => {
    await expectNothingChanges(
      (visitor) => visitor.request("PUT", additionalFieldsPath("e".repeat(2000)), { body: { additionalFields: '{"engraving":"Eve"}' } }),
      404,
    );
  });

  it.each([
    ["no itemId", STOCK],
    ["an unknown itemId", `${STOCK}?itemId=987654`],
    ["a malformed itemId", `${STOCK}?itemId=%7B%7D`],
  ])("answers the stock call with a clear 4xx for %s", async (_case, path) => {
    const response = await store.visitor().request("GET", path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectClientError(response, response.status);
  });
});

it("never answers a 500 or a stack trace to any of a batch of hostile requests", async () => {
  const visitor = await store.visitor().arrive();
  const requests: [string, string, string | undefined][] = [
    ["POST", ENTRIES, "\u0000\u0001\u0002"],
    ["POST", ENTRIES, '{"itemId":"__proto__","sku":"POSTER-SMALL","quantity":1}'],
    ["POST", ENTRIES, `{"itemId":"${posterId}","sku":"POSTER-SMALL","quantity":1,"__proto__":{"admin":true}}`],
    ["POST", ENTRIES, `{"itemId":"${posterId}","sku":"POSTER-SMALL","quantity":"1e400"}`],
    ["POST", ENTRIES, `{"itemId":"${posterId}","sku":"POSTER-SMALL","quantity":"NaN"}`],
    ["POST", ENTRIES, `{"itemId":"${posterId}","sku":"POSTER-SMALL","quantity":"Infinity"}`],
    ["POST", ENTRIES, `{"itemId":"${penId}","sku":"PEN-BRASS","quantity":1,"additionalFields":"{\\"engraving\\":{\\"a\\":1}}"}`],
    ["POST", ENTRIES, `{"itemId":"${penId}","sku":"PEN-BRASS","quantity":1,"additionalFields":{"engraving":["A","B"]}}`],
    ["POST", SUBSCRIPTION, "[1,2,3]"],
    ["POST", SUBSCRIPTION, '{"itemId":{"$gt":0}}'],
    ["PUT", additionalFieldsPath("..%2F..%2Fentries"), '{"additionalFields":"{}"}'],
    ["GET", `${STOCK}?itemId=1'%20OR%201=1`, undefined],
    ["GET", `${CART}?mock=%FF`, undefined],
  ];
  for (const [method, path, rawBody] of requests) {
    const response = await rawRequest(visitor, method, path, { rawBody, headers: rawBody ? { "content-type": "application/json" } : {} });
    expect({ method, path, rawBody, status: response.status < 500 }).toEqual({ method, path, rawBody, status: true });
    expectNoStackTrace(response.text);
    expect(typeof JSON.parse(response.text)).toBe("object");
  }
});
