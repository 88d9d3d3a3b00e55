// A hardened edge (issue 15 point 3): GraphQL CSRF prevention, body limits on every route (chunked
// included), the graphql-ws payload cap and origin check, limits on directives, tokens (comments
// count) and nodes(ids:), the security headers of every response, and Secure cookies over HTTPS.
import { request as httpRequest } from "node:http";
import WebSocket from "ws";
import { TestVisitor } from "../support/app.ts";
import { startLimitStore, type LimitStore } from "../support/limits.ts";

let store: LimitStore;
beforeAll(async () => {
  store = await startLimitStore({ trustProxy: ["loopback"] });
});
afterAll(() => store.close());

const ADD = (itemId: number) => `mutation { addCartEntry(input: { itemId: "${itemId}" }) { __typename } }`;

/** A raw request whose body is sent in chunks (Transfer-Encoding: chunked, no Content-Length). */
function chunked(baseUrl: string, method: string, path: string, chunks: number, chunkBytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { method, headers: { "transfer-encoding": "chunked", ...headers } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    // The server may answer and close before every chunk is written.
    request.on("error", reject);
    const chunk = Buffer.alloc(chunkBytes, " ");
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent++;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

describe("GraphQL CSRF prevention", () => {
  it.each([
    ["application/x-www-form-urlencoded", (query: string) => `query=${encodeURIComponent(query)}`],
    ["multipart/form-data; boundary=x", (query: string) => `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n${query}\r\n--x--\r\n`],
    ["text/plain", (query: string) => JSON.stringify({ query })],
  ])("refuses a mutation sent as %s (what a cross-site HTML form can send) with 403, and runs nothing", async (contentType, encode) => {
    const visitor = store.visitor();
    const response = await visitor.request("POST", "/graphql", {
      rawBody: encode(ADD(await store.itemId("ceramic-mug"))),
      headers: { "content-type": contentType },
    });
    expect(response.status).toBe(403);
    expect(visitor.cartToken).toBeUndefined();
  });

  it("refuses a POST without a content type", async () => {
    const response = await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      body: new Uint8Array(Buffer.from(JSON.stringify({ query: "{ __typename }" }))),
    });
    expect(response.status).toBe(403);
  });

  it("runs a JSON mutation, and never a mutation over GET", async () => {
    const visitor = store.visitor();
    const query = ADD(await store.itemId("ceramic-mug"));
    expect((await visitor.request("GET", `/graphql?query=${encodeURIComponent(query)}`)).status).toBe(405);
    expect(visitor.cartToken).toBeUndefined();
    const result = await visitor.graphql(query);
    expect(result.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  });
});

describe("body limits", () => {
  it("POST /api/form/FormSubmissionKey (an empty-body endpoint) refuses a 1.5 MB body with 413, and accepts an empty one", async () => {
    const visitor = await store.visitor().arrive();
    const huge = await visitor.request("POST", "/api/form/FormSubmissionKey", { rawBody: "x".repeat(1_500_000), headers: { "content-type": "text/plain" } });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: "The request body is too large." });
    const fine = await visitor.request("POST", "/api/form/FormSubmissionKey");
    expect(fine.status).toBe(200);
    expect(fine.body.data.key).toMatch(/\S/);
  });

  it("refuses an empty-body endpoint's chunked body past a few KiB", async () => {
    const visitor = await store.visitor().arrive();
    const response = await chunked(store.baseUrl, "POST", "/api/form/FormSubmissionKey", 100, 1024, {
      cookie: `crumb=${visitor.crumb}`,
      "x-csrf-token": visitor.crumb!,
    });
    expect(response.status).toBe(413);
  });

  it("refuses a chunked GraphQL body over 1 MiB with 413", async () => {
    const response = await chunked(store.baseUrl, "POST", "/graphql", 1100, 1024, { "content-type": "application/json" });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ errors: [{ message: "The request body is too large." }] });
  });

  it("refuses a body on a page or the health check past a few KiB", async () => {
    expect((await chunked(store.baseUrl, "GET", "/healthz", 10, 1024)).status).toBe(413);
    expect((await chunked(store.baseUrl, "GET", "/", 10, 1024)).status).toBe(413);
  });

  it("takes its GraphQL limit from MAX_BODY_BYTES", async () => {
    const small = await startLimitStore({ maxBodyBytes: 2048 });
    try {
      const visitor = small.visitor();
      expect((await visitor.graphql(`{ __typename ${" ".repeat(1000)}}`)).status).toBe(200);
      expect((await visitor.graphql(`{ __typename ${" ".repeat(3000)}}`)).status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe("graphql-ws", () => {
  const open = (headers: Record<string, string> = {}) => new WebSocket(`${store.baseUrl.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", { headers });

  it("closes the socket (1009) on a message over the payload cap, without parsing it", async () => {
    const small = await startLimitStore({ maxBodyBytes: 4096 });
    // graphql-ws reports the refused frame on the console.
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const socket = new WebSocket(`${small.baseUrl.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
      await new Promise((resolve) => socket.once("open", resolve));
      const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
      socket.send(JSON.stringify({ type: "connection_init", payload: { padding: "x".repeat(8192) } }));
      expect(await closed).toBe(1009);
    } finally {
      consoleError.mockRestore();
      await small.close();
    }
  });

  it("refuses a socket opened by a page of another origin (403)", async () => {
    const socket = open({ origin: "https://evil.example" });
    const status = await new Promise<number>((resolve) => socket.once("unexpected-response", (_request, response) => resolve(response.statusCode!)));
    expect(status).toBe(403);
  });

  it("accepts a socket from the same origin", async () => {
    const socket = open({ origin: store.baseUrl });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("unexpected-response", reject);
    });
    socket.close();
  });
});

describe("document limits", () => {
  const product = `product(slug: "ceramic-mug") { name }`;

  it("refuses more than 20 directives: 'Directives limit of 20 exceeded, found 21.'", async () => {
    const directives = (count: number) => `{ product(slug: "ceramic-mug") { ${"name @include(if: true) ".repeat(count)}} }`;
    const refused = await store.visitor().graphql(directives(21));
    expect(refused.errors?.map((error) => error.message)).toEqual([expect.stringContaining("Directives limit of 20 exceeded, found 21.")]);
    const accepted = await store.visitor().graphql(directives(20));
    expect(accepted.errors).toBeUndefined();
  });

  it("counts comments as tokens: 5000 comment lines are over the limit of 5000", async () => {
    const refused = await store.visitor().graphql(`${"#\n".repeat(5000)}{ ${product} }`);
    expect(refused.errors?.map((error) => error.message)).toEqual(["Syntax Error: Token limit of 5000 exceeded."]);
    const accepted = await store.visitor().graphql(`${"# a comment\n".repeat(100)}{ ${product} }`);
    expect(accepted.data).toEqual({ product: { name: "Ceramic Mug" } });
  });

  it("resolves at most 100 ids in nodes(ids:): 101 answer 'Ask for at most 100 ids at once.'", async () => {
    const id = Buffer.from(`Product:${await store.itemId("ceramic-mug")}`).toString("base64");
    const nodes = (count: number) => `{ nodes(ids: [${Array.from({ length: count }, () => `"${id}"`).join(", ")}]) { id } }`;
    const refused = await store.visitor().graphql(nodes(101));
    expect(refused.errors?.map((error) => error.message)).toEqual(["Ask for at most 100 ids at once."]);
    const accepted = await store.visitor().graphql(nodes(100));
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.nodes).toHaveLength(100);
  });
});

describe("security headers", () => {
  it.each([
    ["a REST answer (JSON)", "/api/commerce/shopping-cart"],
    ["the health check", "/healthz"],
    ["GraphQL", `/graphql?query=${encodeURIComponent("{ __typename }")}`],
    ["a page", "/"],
    ["a 404", "/api/no-such-thing"],
  ])("sends nosniff, a frame policy and a referrer policy on %s", async (_name, path) => {
    const response = await store.visitor().request("GET", path);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives pages a strict CSP (object-src 'none', scripts only from the site and Google reCAPTCHA) and no inline script to need a nonce", async () => {
    for (const path of ["/", "/shop/p/ceramic-mug", "/cart", "/no-such-page"]) {
      const response = await store.visitor().request("GET", path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("object-src 'none'");
      // reCAPTCHA's script and frame (issue 12): the captcha of forms and waitlists renders only with them.
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/(;|$)/);
      expect(csp).toContain("frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
      const html = String(response.body);
      // Every <script> either loads a file or is JSON-LD data.
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
        ([, attributes]) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes),
      );
      expect({ path, inline }).toEqual({ path, inline: [] });
    }
  });
});

describe("Secure cookies over HTTPS", () => {
  const setCookies = (headers: Headers) => headers.getSetCookie();

  it("marks every cookie Secure when a trusted proxy says the request came over HTTPS, and sends HSTS", async () => {
    const visitor = new TestVisitor(store.baseUrl);
    const page = await visitor.request("GET", "/", { headers: { "x-forwarded-proto": "https" } });
    expect(setCookies(page.headers).length).toBeGreaterThan(0);
    for (const cookie of setCookies(page.headers)) expect(cookie).toMatch(/; Secure$/);
    expect(page.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    const added = await visitor.graphql(ADD(await store.itemId("ceramic-mug")), undefined, { "x-forwarded-proto": "https" });
    expect(setCookies(added.headers).filter((cookie) => cookie.startsWith("sc_cart="))).toEqual([expect.stringMatching(/; Secure$/)]);
    const signedIn = await visitor.request("POST", "/api/site-users/account/session", {
      body: { email: "member@sitecart.test", password: "member-password" },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(signedIn.status).toBe(200);
    for (const cookie of setCookies(signedIn.headers)) expect(cookie).toMatch(/; Secure$/);
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", async () => {
    const untrusting = await startLimitStore();
    try {
      const page = await new TestVisitor(untrusting.baseUrl).request("GET", "/", { headers: { "x-forwarded-proto": "https" } });
      for (const cookie of setCookies(page.headers)) expect(cookie).not.toMatch(/Secure/);
      expect(page.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await untrusting.close();
    }
  });
});
