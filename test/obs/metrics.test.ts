// /metrics (docs/deploy.md "Metrics"): HTTP and GraphQL latency histograms, GraphQL errors, the
// process's event-loop lag, database and Redis health checked at scrape time; readable only from
// loopback (not through a proxy) or with METRICS_TOKEN, a 404 for anyone else.
import { createServer, Socket, type AddressInfo } from "node:net";
import { IncomingMessage } from "node:http";
import { mayReadMetrics, redisCheck, routeClassifier } from "../../server/http/metrics.ts";
import { restRoutes } from "../../server/rest/routes.ts";
import { startObservedStore, type ObservedStore } from "../support/observed-store.ts";

const TOKEN = "scrape-token-0123456789abcdef";

/** A request as the server sees it, from `remoteAddress`. */
function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  const request = new IncomingMessage(socket);
  request.headers = headers;
  return request;
}

describe("who may read /metrics", () => {
  it.each([
    ["127.0.0.1", {}, null, true],
    ["::1", {}, null, true],
    ["::ffff:127.0.0.1", {}, null, true],
    ["127.0.0.1", { "x-forwarded-for": "203.0.113.7" }, null, false],
    ["127.0.0.1", { forwarded: "for=203.0.113.7" }, null, false],
    ["127.0.0.1", { "x-real-ip": "203.0.113.7" }, null, false],
    ["203.0.113.7", {}, null, false],
    ["10.0.0.5", {}, TOKEN, false],
    ["10.0.0.5", { authorization: `Bearer ${TOKEN}` }, TOKEN, true],
    ["10.0.0.5", { authorization: `Bearer ${TOKEN}x` }, TOKEN, false],
    ["10.0.0.5", { authorization: TOKEN }, TOKEN, false],
    ["10.0.0.5", { authorization: "Bearer " }, null, false],
    ["127.0.0.1", { "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` }, TOKEN, true],
  ] as const)("from %s with %j (token %s): %s", (address, headers, token, allowed) => {
    expect(mayReadMetrics(requestFrom(address, headers), token)).toBe(allowed);
  });
});

describe("route labels", () => {
  const routeOf = routeClassifier(restRoutes.map((route) => route.path));
  it.each([
    ["/graphql", "/graphql"],
    ["/healthz", "/healthz"],
    ["/assets/index-abc123.js", "/assets/*"],
    ["/graphiql/graphiql.js", "/graphiql/*"],
    ["/api/nothing/here", "/api/(unmatched)"],
    ["/shop/p/any-product-slug", "(page)"],
    ["/images/a-product.webp", "(static)"],
  ])("%s is counted as %s", (path, label) => {
    expect(routeOf(path)).toBe(label);
  });

  it("labels a REST call with its path pattern, not the raw path", () => {
    const pattern = restRoutes.find((route) => route.path.includes(":"))!.path;
    const raw = pattern.replace(/:[A-Za-z]+/g, "some-value-123");
    expect(routeOf(raw)).toBe(pattern);
  });
});

describe("a scrape", () => {
  let store: ObservedStore;
  let redisUp = true;
  beforeAll(async () => {
    store = await startObservedStore({
      metricsToken: TOKEN,
      dependencyChecks: { redis: () => (redisUp ? Promise.resolve("PONG") : new Promise(() => {})) },
    });
  });
  afterAll(() => store.close());

  const scrape = async () => {
    const response = await fetch(`${store.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return response.text();
  };

  it("has the series of the requests made before it", async () => {
    await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query StoreName { __typename }" }),
    });
    await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query Broken { noSuchField }" }),
    });
    await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "mutation SignOut { signOut { __typename } }" }),
    });
    await fetch(`${store.baseUrl}/shop/p/no-such-product-7`);
    const text = await scrape();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/graphql",status="200"\} 3$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/graphql",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\(page\)",status="404"\} 1$/m);
    expect(text).not.toContain("no-such-product-7");
    expect(text).toMatch(/^graphql_operation_duration_seconds_count\{operation_name="StoreName",operation_type="query"\} 1$/m);
    expect(text).toMatch(/^graphql_operation_errors_total\{operation_name="Broken",operation_type="invalid"\} 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^sitecart_dependency_up\{dependency="database"\} 1$/m);
    expect(text).toMatch(/^sitecart_dependency_up\{dependency="redis"\} 1$/m);
  });

  it("counts an operation answered with errors", async () => {
    const before = await scrape();
    const count = (text: string) => Number(/^graphql_operation_errors_total\{operation_name="Bad",operation_type="query"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    await fetch(`${store.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: 'query Bad { node(id: "not-an-id") { id } }' }),
    });
    expect(count(await scrape())).toBe(count(before) + 1);
  });

  it("reports a dependency that does not answer within the timeout as down", async () => {
    redisUp = false;
    try {
      expect(await scrape()).toMatch(/^sitecart_dependency_up\{dependency="redis"\} 0$/m);
    } finally {
      redisUp = true;
    }
  });

  it("answers a client that may not read it as any unknown address", async () => {
    const response = await fetch(`${store.baseUrl}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(await (await fetch(`${store.baseUrl}/api/no/such/thing`)).json());
    const withToken = await fetch(`${store.baseUrl}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
  });
});

describe("the Redis check of a scrape (its own connection)", () => {
  it("answers while Redis is there and fails at once, without an unhandled error, where nothing listens", async () => {
    const free = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const away = redisCheck(`redis://127.0.0.1:${free}`);
    try {
      await expect(away.check()).rejects.toThrow();
    } finally {
      away.close();
    }
    const there = redisCheck(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    try {
      await expect(there.check()).resolves.toBe("PONG");
    } finally {
      there.close();
    }
  });
});
