// GraphiQL in development, from the installed package: the page and everything it names come from
// this server (it opens on a machine with no network); production serves none of it.
import { startObservedStore, type ObservedStore } from "../support/observed-store.ts";

const openGraphiQL = (baseUrl: string) => fetch(`${baseUrl}/graphql`, { headers: { accept: "text/html" } });

describe("in development", () => {
  let store: ObservedStore;
  beforeAll(async () => {
    store = await startObservedStore();
  });
  afterAll(() => store.close());

  it("serves a page that loads nothing from outside the server", async () => {
    const response = await openGraphiQL(store.baseUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?\/\//i);
    const named = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(named).toEqual(expect.arrayContaining(["/graphiql/graphiql.js", "/graphiql/graphiql.css", "/graphiql/start.js"]));
    for (const path of named) {
      const asset = await fetch(`${store.baseUrl}${path}`);
      expect([path, asset.status]).toEqual([path, 200]);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    // The script sets Monaco's workers to files of ours too.
    const start = await (await fetch(`${store.baseUrl}/graphiql/start.js`)).text();
    expect(start).not.toMatch(/https?:\/\//i);
    for (const worker of ["editor.worker.js", "json.worker.js", "graphql.worker.js"]) {
      expect(start).toContain(worker);
      expect((await fetch(`${store.baseUrl}/graphiql/${worker}`)).status).toBe(200);
    }
    // Real work, not waiting: the first request loads the 9 MB bundle and the test downloads all of it
    // (3 s on an idle 2-core machine, more when it is busy).
  }, 30_000);

  it("passes its options as data, not script, and names nothing it does not serve", async () => {
    const html = await (await openGraphiQL(store.baseUrl)).text();
    const options = JSON.parse(/<script type="application\/json" id="graphiql-options">([^<]*)<\/script>/.exec(html)![1]);
    expect(options).toMatchObject({ title: "Sitecart GraphQL", subscriptionsProtocol: "WS" });
    expect(html).not.toMatch(/<script>/);
    expect((await fetch(`${store.baseUrl}/graphiql/../package.json`)).status).toBe(404);
    expect((await fetch(`${store.baseUrl}/graphiql/constructor`)).status).toBe(404);
  });
});

describe("in production", () => {
  let store: ObservedStore;
  beforeAll(async () => {
    store = await startObservedStore({ production: true });
  });
  afterAll(() => store.close());

  it("serves neither GraphiQL nor its files", async () => {
    const response = await openGraphiQL(store.baseUrl);
    expect(response.headers.get("content-type") ?? "").not.toContain("text/html");
    expect(await response.text()).not.toContain("graphiql");
    expect((await fetch(`${store.baseUrl}/graphiql/graphiql.js`)).status).toBe(404);
  });
});
