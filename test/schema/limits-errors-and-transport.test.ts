// Error masking and transport rules of the GraphQL endpoint (issue 2, last paragraph): unexpected
// errors reach clients as 'Unexpected error.' without details, malformed requests get a clear answer,
// and mutations are refused over GET.
import { startTestStore } from "../support/app.ts";
import { send, store, useLimitsStore } from "./limits-setup.ts";

useLimitsStore();

describe("errors reach clients without internals", () => {
  const leaks = (body: unknown) => {
    const text = JSON.stringify(body);
    return {
      stack: /stack/i.test(text),
      paths: /\/work\/|node_modules|\.ts:\d+|at [A-Za-z]+ \(/.test(text),
      originalError: /originalError/.test(text),
      prisma: /prisma|Invalid `/i.test(text),
    };
  };
  const clean = { stack: false, paths: false, originalError: false, prisma: false };

  it("masks an unexpected error as 'Unexpected error.' with no stack, path or original error", async () => {
    // A genuine failure below the API: the merchandising table is gone from this store's database.
    const broken = await startTestStore();
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await broken.db.$executeRawUnsafe('DROP TABLE "Merchandising"');
      const result = await broken.visitor().graphql(`{ product(slug: "canvas-tote") { name merchandising { customSoldOutText } } }`);
      expect(result.errors).toEqual([
        { message: "Unexpected error.", locations: expect.any(Array), path: ["product"], extensions: { code: "INTERNAL_SERVER_ERROR" } },
      ]);
      expect(leaks(result)).toEqual(clean);
    } finally {
      consoleError.mockRestore();
      await broken.close();
    }
  });

  it("answers an unknown locale with a clear error, not a crash", async () => {
    const { result } = await send(`{ product(slug: "linen-shirt") { name price { formatted(locale: "!!") } } }`);
    expect(result.errors?.[0]).toMatchObject({ message: "That is not a locale (try en-US or de-DE).", extensions: { code: "INVALID_INPUT" } });
  });

  it("never puts a stack trace, file path or database detail in an error, whatever the request", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const itemId = String(await store.itemId("ceramic-mug"));
      const documents = [
        `{ node(id: "${Buffer.from("Product:987654").toString("base64")}") { id } }`,
        `{ node(id: "garbage") { id } }`,
        `{ products(first: -5) { edges { node { id } } } }`,
        `{ product(slug: "x") { nope } }`,
        `{ product(slug: `,
        `mutation { addCartEntry(input: { itemId: "${itemId}", quantity: 0 }) { __typename ... on Error { message code } } }`,
        `mutation { addCartEntry(input: { itemId: "999999999999999" }) { __typename ... on Error { message code } } }`,
        `mutation { updateCartEntryQuantity(input: { entryId: "x", quantity: 99999999999 }) { __typename } }`,
        `mutation { checkout(input: { email: "a@b.co", cartToken: "${"x".repeat(40)}" }) { __typename ... on Error { message code } } }`,
      ];
      for (const document of documents) {
        const { result } = await send(document);
        expect({ document, leaks: leaks(result) }).toEqual({ document, leaks: clean });
      }
    } finally {
      consoleError.mockRestore();
    }
  });

  it("gives domain errors their message and code, not the mask", async () => {
    const { result } = await send(`mutation { addCartEntry(input: { itemId: "987654" }) { __typename ... on Error { message code } } }`);
    expect(result.data.addCartEntry).toEqual({ __typename: "NotFoundError", message: "That product could not be found.", code: "NOT_FOUND" });
  });
});

describe("malformed requests", () => {
  it("answers a body that is not JSON with a 400 and runs nothing", async () => {
    const visitor = store.visitor();
    store.queries.reset();
    const response = await visitor.request("POST", "/graphql", { rawBody: '{"query": "{ product(slug: ', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.length).toBe(1);
    expect(store.queries.count()).toBe(0);
  });

  it("answers a request without a query with a 400 'Must provide query string.' (application/graphql-response+json)", async () => {
    const response = await store.visitor().request("POST", "/graphql", { body: { variables: {} }, headers: { accept: "application/graphql-response+json" } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error: any) => error.message)).toEqual(["Must provide query string."]);
  });
});

describe("mutations over GET", () => {
  it("refuses a mutation sent with GET (405) and runs nothing", async () => {
    const itemId = String(await store.itemId("ceramic-mug"));
    const visitor = store.visitor();
    store.queries.reset();
    const query = `mutation { addCartEntry(input: { itemId: "${itemId}" }) { __typename } }`;
    const response = await visitor.request("GET", `/graphql?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(405);
    expect(response.body.errors.map((error: any) => error.message)).toEqual(["Can only perform a mutation operation from a POST request."]);
    expect(store.queries.count()).toBe(0);
    expect(visitor.cartToken).toBeUndefined();
  });

  it("answers queries over GET", async () => {
    const response = await store.visitor().request("GET", `/graphql?query=${encodeURIComponent(`{ product(slug: "ceramic-mug") { name } }`)}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ product: { name: "Ceramic Mug" } });
  });
});
