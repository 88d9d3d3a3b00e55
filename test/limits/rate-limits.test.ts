// Limits that hold (issue 15 point 2): every state-changing call spends its client address's budget
// and its visitor's; a client without cookies (or with a new crumb each time) is limited like any
// other; the address is the socket's unless TRUST_PROXY names the proxy; instances sharing Redis
// share the budget, and with Redis gone the limits keep holding in memory. 429 bodies are the spec's.
import { randomBytes } from "node:crypto";
import { readConfig } from "../../server/config.ts";
import { TestVisitor } from "../support/app.ts";
import { wsClientFor } from "../support/ws.ts";
import { startLimitStore, startRedis, type LimitStore } from "../support/limits.ts";
import { processLogger } from "../../server/services/support/log.ts";

const RATE_LIMITED = { error: "Please try again in a few seconds." };
const ENTRIES = "/api/commerce/shopping-cart/entries";
const MUTATION = `mutation { applyCoupon(input: { code: "WELCOME10" }) { __typename } }`;

/** A GraphQL mutation with no cookie at all, as a script would send it. */
const cookielessMutation = (baseUrl: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ query: MUTATION }) });

/** Sends until the first 429 (at most `max`); returns how many were answered before it, and the 429. */
async function untilLimited(send: () => Promise<Response>, max: number) {
  for (let sent = 0; sent < max; sent++) {
    const response = await send();
    if (response.status === 429) return { answered: sent, refusal: response };
    expect(response.status).toBe(200);
  }
  return { answered: max, refusal: null };
}

/** A REST add-to-cart from a client that makes up a new crumb (cookie and header) for every call. */
async function freshCrumbAdd(store: LimitStore, posterId: number, headers: Record<string, string> = {}) {
  const crumb = randomBytes(18).toString("base64url");
  return fetch(`${store.baseUrl}${ENTRIES}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `crumb=${crumb}`, "x-csrf-token": crumb, ...headers },
    body: JSON.stringify({ itemId: String(posterId), sku: "POSTER-SMALL", quantity: 1 }),
  });
}

describe("a client without cookies", () => {
  // The stores start in hooks given the time a busy machine needs (an app and its database); the
  // tests themselves only send requests.
  describe("with the default budgets", () => {
    let store: LimitStore;
    beforeAll(async () => {
      const defaults = readConfig({});
      store = await startLimitStore({ rateLimit: defaults.rateLimit, addressRateLimit: defaults.addressRateLimit });
    }, 60_000);
    afterAll(() => store.close());

    it("gets the default visitor budget (30 mutations), then 429 with the spec's error and Retry-After", async () => {
      const { answered, refusal } = await untilLimited(() => cookielessMutation(store.baseUrl), 200);
      expect(answered).toBe(30);
      const body = await refusal!.json();
      expect(body.errors.map((error: { message: string; extensions: { code: string } }) => [error.message, error.extensions.code])).toEqual([
        ["Please try again in a few seconds.", "RATE_LIMITED"],
      ]);
      expect(Number(refusal!.headers.get("retry-after"))).toBeGreaterThan(0);
      // 31 requests over real HTTP: bounded generously, as a busy machine serves them slowly.
    }, 30_000);
  });

  describe("over graphql-ws", () => {
    let store: LimitStore;
    beforeAll(async () => {
      store = await startLimitStore({ rateLimit: { burst: 2, perSecond: 0.001 } });
    }, 60_000);
    afterAll(() => store.close());

    it("is limited over graphql-ws as well", async () => {
      const client = wsClientFor(store.baseUrl);
      try {
        const run = () =>
          new Promise<{ errors?: readonly { message: string }[] }>((resolve, reject) => {
            let result: { errors?: readonly { message: string }[] } = {};
            client.subscribe({ query: MUTATION }, { next: (value) => (result = value), error: reject, complete: () => resolve(result) });
          });
        expect((await run()).errors).toBeUndefined();
        expect((await run()).errors).toBeUndefined();
        expect((await run()).errors?.map((error) => error.message)).toEqual(["Please try again in a few seconds."]);
      } finally {
        await client.dispose();
      }
    });
  });
});

describe("a client that makes up a new crumb for every call", () => {
  let store: LimitStore;
  let posterId: number;
  beforeAll(async () => {
    store = await startLimitStore({ addressRateLimit: { burst: 4, perSecond: 0.001 } });
    posterId = await store.itemId("city-poster");
  }, 60_000);
  afterAll(() => store.close());

  it("meets its address's budget: the 5th REST write is 429 {error: 'Please try again in a few seconds.'} with Retry-After", async () => {
    for (let call = 1; call <= 4; call++) expect({ call, status: (await freshCrumbAdd(store, posterId)).status }).toEqual({ call, status: 200 });
    const refused = await freshCrumbAdd(store, posterId);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  });

  it("cannot escape it with X-Forwarded-For when no proxy is trusted", async () => {
    const refused = await freshCrumbAdd(store, posterId, { "x-forwarded-for": "203.0.113.9" });
    expect(refused.status).toBe(429);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  let store: LimitStore;
  let posterId: number;
  beforeAll(async () => {
    store = await startLimitStore({ addressRateLimit: { burst: 2, perSecond: 0.001 }, trustProxy: ["loopback"] });
    posterId = await store.itemId("city-poster");
  }, 60_000);
  afterAll(() => store.close());

  it("keys the budget by the client address the proxy forwards, so visitors behind it do not share one", async () => {
    const from = (address: string) => freshCrumbAdd(store, posterId, { "x-forwarded-for": address });
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.1")).status).toBe(429);
    expect((await from("198.51.100.2")).status).toBe(200);
    // The proxy's own address is one more client.
    expect((await freshCrumbAdd(store, posterId)).status).toBe(200);
  });
});

describe("several instances and Redis", () => {
  it("shares one budget between two instances through Redis", async () => {
    const redis = await startRedis();
    const store = await startLimitStore({ redisUrl: redis.url, rateLimit: { burst: 3, perSecond: 0.001 } });
    const other = await store.another();
    try {
      const statuses = [];
      for (const baseUrl of [store.baseUrl, other.baseUrl, store.baseUrl, other.baseUrl]) statuses.push((await cookielessMutation(baseUrl)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await store.close();
      await redis.stop();
    }
  }, 60_000);

  it("keeps limiting in memory when Redis goes away: no crash, no failure, still 429 past the budget", async () => {
    const redis = await startRedis();
    const store = await startLimitStore({ redisUrl: redis.url, rateLimit: { burst: 3, perSecond: 0.001 } });
    const logged = jest.spyOn(processLogger(), "error").mockImplementation(() => {});
    try {
      expect((await cookielessMutation(store.baseUrl)).status).toBe(200);
      await redis.stop();
      const { answered } = await untilLimited(() => cookielessMutation(store.baseUrl), 10);
      // The memory twin starts from nothing: a full budget on this instance, then refusals.
      expect(answered).toBe(3);
      // Logged once per outage at most (when ioredis reports it), never once per request.
      expect(logged.mock.calls.filter(([line]) => /Rate limits: Redis unreachable/.test(String(line))).length).toBeLessThanOrEqual(1);
    } finally {
      logged.mockRestore();
      await store.close();
      await redis.stop();
    }
  }, 60_000);
});

describe("sign-in lockout per address", () => {
  it("after 50 failed sign-ins from one address (any accounts), refuses the next with 429 for the rest of 15 minutes", async () => {
    const store = await startLimitStore();
    try {
      const visitor = await new TestVisitor(store.baseUrl).arrive();
      const signIn = (email: string, password: string) => visitor.request("POST", "/api/site-users/account/session", { body: { email, password } });
      for (let attempt = 0; attempt < 50; attempt++) expect((await signIn(`nobody-${attempt}@sitecart.test`, "wrong")).status).toBe(401);
      const refused = await signIn("member@sitecart.test", "member-password");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(RATE_LIMITED);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    } finally {
      await store.close();
    }
  }, 60_000);
});
