// The operator API (issue 21): /operator/graphql behind OPERATOR_TOKEN, on any host. Without the token
// (or with a site's session or API key) it answers 401; without OPERATOR_TOKEN it does not exist. A site
// created through it opens on its host (home page and admin, its owner set up through the link), and a
// status change reaches the storefront of another server on the same event bus at once.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import AdminAppQuery from "../../client/__generated__/AdminAppQuery.graphql.ts";
import AdminHomeScreenQuery from "../../client/__generated__/AdminHomeScreenQuery.graphql.ts";
import OwnerCreateStoreMutation from "../../client/__generated__/OwnerCreateStoreMutation.graphql.ts";
import StoreSettingsScreenQuery from "../../client/__generated__/StoreSettingsScreenQuery.graphql.ts";
import { createApp, type App } from "../../server/app.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { createTestDb } from "../support/db.ts";

const TOKEN = "operator-token-0123456789-abcdefghij";
const PLATFORM = "sitecart.test";

let close: () => Promise<void>;
let withApi: { app: App; port: number };
let withoutApi: { app: App; port: number };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** A client of one host name on one server (fetch cannot set Host), keeping its cookies. */
class HostClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly port: number,
    readonly host: string,
  ) {}

  send(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const headers = { host: this.host, ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}), ...options.headers };
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: "127.0.0.1", port: this.port, method, path, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          for (const line of response.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            this.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
          }
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // a page
          }
          resolve({ status: response.statusCode!, headers: response.headers, text, json });
        });
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }

  graphql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return this.send("POST", "/graphql", { body: { query, variables }, headers });
  }

  operator(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
    return this.send("POST", "/operator/graphql", { body: { query, variables }, headers });
  }
}

const SITE_FIELDS = "id slug title status statusCode hosts { host primary platform } url";
const CREATE = `mutation($input: CreateSiteInput!) { createSite(input: $input) {
  __typename ... on CreatedSite { setupUrl site { ${SITE_FIELDS} } } ... on Error { message code } } }`;
const SET_STATUS = `mutation($site: String!, $status: SiteStatus!) { setSiteStatus(site: $site, status: $status) {
  __typename ... on Site { status } ... on Error { message code } } }`;
const ADD_DOMAIN = `mutation($site: String!, $host: String!, $primary: Boolean) { addSiteDomain(site: $site, host: $host, primary: $primary) {
  __typename ... on Site { hosts { host primary } } ... on Error { message code } } }`;
const REMOVE_DOMAIN = `mutation($host: String!) { removeSiteDomain(host: $host) { __typename ... on Site { slug } ... on Error { message code } } }`;
const REMOVE = `mutation($site: String!) { removeSite(site: $site) { __typename ... on Site { status } ... on Error { message code } } }`;
const SITE = `query($site: String!) { site(site: $site) { __typename ... on Site { slug status } ... on Error { message code } } }`;
const SITES = `{ sites { slug status } }`;

async function listen(app: App) {
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  return { app, port: (app.server.address() as AddressInfo).port };
}

const operatorAt = (host = "ops.hosting.example") => new HostClient(withApi.port, host);

beforeAll(async () => {
  const test = await createTestDb({ demoStore: true });
  close = test.close;
  // One event bus for both servers, as processes sharing Redis have.
  const bus = createRealtimeBus(null);
  const config = { websiteId: DEMO_WEBSITE_ID, production: true, rateLimit: { burst: 10_000, perSecond: 10_000 }, platformDomain: PLATFORM };
  withApi = await listen(createApp({ db: test.db, pubsub: bus.pubsub, config: { ...config, operatorToken: TOKEN } }));
  withoutApi = await listen(createApp({ db: test.db, pubsub: bus.pubsub, config }));
});
afterAll(async () => {
  await withApi.app.close();
  await withoutApi.app.close();
  await close();
});

describe("who may call it", () => {
  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { authorization: "Bearer operator-token-0123456789-abcdefghiX" }],
    ["the token as a prefix of what is sent", { authorization: `Bearer ${TOKEN}0` }],
    ["the token without the Bearer scheme", { authorization: TOKEN }],
  ])("answers 401 to a request with %s", async (_case, headers) => {
    const answer = await operatorAt().operator(SITES, {}, headers);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="sitecart-operator"');
    expect(answer.json).toEqual({
      errors: [{ message: "This API needs the operator token: send 'Authorization: Bearer <OPERATOR_TOKEN>'.", extensions: { code: "UNAUTHENTICATED" } }],
    });
  });

  it("answers the token on any host, one that names no site included", async () => {
    const answer = await operatorAt("ops.hosting.example").operator(SITES);
    expect(answer.status).toBe(200);
    expect(answer.json.data.sites).toEqual([{ slug: null, status: "PAID" }]);
  });

  it("does not exist without OPERATOR_TOKEN: the path answers as any unknown path does", async () => {
    for (const host of ["ops.hosting.example", "localhost"]) {
      const client = new HostClient(withoutApi.port, host);
      const operator = await client.operator(SITES);
      const unknown = await client.send("POST", "/operator/nothing", { body: { query: SITES } });
      expect(operator.status).toBe(404);
      expect([operator.status, operator.text]).toEqual([unknown.status, unknown.text]);
    }
  });

  it("offers no GraphiQL", async () => {
    const answer = await operatorAt().send("GET", "/operator/graphql", { headers: { accept: "text/html", authorization: `Bearer ${TOKEN}` } });
    expect(answer.text).not.toMatch(/graphiql/i);
  });
});

describe("a site created through it", () => {
  let setupUrl: string;
  let shop: HostClient;

  beforeAll(async () => {
    const answer = await operatorAt().operator(CREATE, { input: { name: "Pottery Studio", owner: "maker@pottery.com", currency: "EUR", trial: true } });
    expect(answer.json.data.createSite).toMatchObject({
      __typename: "CreatedSite",
      site: {
        slug: "pottery-studio",
        title: "Pottery Studio",
        status: "TRIAL",
        statusCode: 3,
        hosts: [{ host: "pottery-studio.sitecart.test", primary: true }],
      },
    });
    setupUrl = answer.json.data.createSite.setupUrl;
    shop = new HostClient(withApi.port, "pottery-studio.sitecart.test");
  });

  it("answers its home page and its admin on its host", async () => {
    const home = await shop.send("GET", "/");
    expect(home.status).toBe(200);
    expect(home.text).toContain("Pottery Studio");
    expect((await shop.send("GET", "/config")).status).toBe(200);
  });

  it("sets its owner up through the link, who then opens the admin's screens and creates a store without an error", async () => {
    const token = new URL(setupUrl).searchParams.get("token");
    expect(new URL(setupUrl).hostname).toBe("pottery-studio.sitecart.test");
    const accept = await shop.graphql(`mutation($input: AcceptContributorInvitationInput!) { acceptContributorInvitation(input: $input) { __typename } }`, {
      input: { token, password: "clay and glaze" },
    });
    expect(accept.json.data.acceptContributorInvitation.__typename).toBe("AcceptContributorInvitationSuccess");
    const signIn = await shop.graphql(`mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on SignInSuccess { xsrfToken } } }`, {
      input: { email: "maker@pottery.com", password: "clay and glaze" },
    });
    const xsrf = { "x-siteuser-xsrf-token": signIn.json.data.signIn.xsrfToken };
    for (const query of [AdminAppQuery, AdminHomeScreenQuery, StoreSettingsScreenQuery]) {
      const answer = await shop.graphql(query.params.text!, {}, xsrf);
      expect([query.params.name, answer.json.errors]).toEqual([query.params.name, undefined]);
    }
    expect((await shop.graphql(AdminAppQuery.params.text!, {}, xsrf)).json.data).toMatchObject({ viewer: { signedIn: true, roleName: "admin" } });
    // The admin's first store, linked from the main navigation as its form does by default.
    const store = await shop.graphql(OwnerCreateStoreMutation.params.text!, { input: { title: "Bowls", addToMainNavigation: true } }, xsrf);
    expect(store.json.data.createStore).toMatchObject({ __typename: "CreateStoreSuccess", addedToNavigation: true });
    expect((await shop.send("GET", "/bowls")).status).toBe(200);
  });

  it("refuses a site principal's session and API key: only the operator token opens it", async () => {
    const xsrf = { "x-siteuser-xsrf-token": "" };
    const signIn = await shop.graphql(`mutation($input: SignInInput!) { signIn(input: $input) { ... on SignInSuccess { xsrfToken } } }`, {
      input: { email: "maker@pottery.com", password: "clay and glaze" },
    });
    xsrf["x-siteuser-xsrf-token"] = signIn.json.data.signIn.xsrfToken;
    const key = await shop.graphql(
      `mutation { createApiKey(input: { name: "panel", scopes: ["products.read"] }) { ... on CreateApiKeySuccess { secret } } }`,
      {},
      xsrf,
    );
    const secret: string = key.json.data.createApiKey.secret;
    expect((await shop.graphql("{ viewer { signedIn } }", {}, { authorization: `Bearer ${secret}` })).json.data.viewer.signedIn).toBe(true);
    expect((await shop.send("POST", "/operator/graphql", { body: { query: SITES }, headers: xsrf })).status).toBe(401);
    expect((await shop.operator(SITES, {}, { authorization: `Bearer ${secret}` })).status).toBe(401);
  });

  it("answers typed errors with the CLI's sentences", async () => {
    const taken = await operatorAt().operator(CREATE, { input: { name: "Another", slug: "pottery-studio", owner: "a@b.com" } });
    expect(taken.json.data.createSite).toEqual({
      __typename: "ConflictError",
      message: 'The slug "pottery-studio" is already taken by another site.',
      code: "CONFLICT",
    });
    const unknown = await operatorAt().operator(SITE, { site: "nowhere" });
    expect(unknown.json.data.site).toEqual({
      __typename: "NotFoundError",
      message: 'There is no site "nowhere" (give its id, slug or one of its host names).',
      code: "NOT_FOUND",
    });
    const badHost = await operatorAt().operator(ADD_DOMAIN, { site: "pottery-studio", host: "not a host" });
    expect(badHost.json.data.addSiteDomain).toMatchObject({ __typename: "InvalidInputError", code: "INVALID_INPUT" });
  });

  it("serves a primary custom domain; another domain redirects to it (301); a removed domain names no store", async () => {
    await operatorAt().operator(ADD_DOMAIN, { site: "pottery-studio", host: "shop.pottery.com", primary: true });
    const added = await operatorAt().operator(ADD_DOMAIN, { site: "pottery-studio", host: "www.pottery.com" });
    expect(added.json.data.addSiteDomain.hosts[0]).toEqual({ host: "shop.pottery.com", primary: true });
    expect((await new HostClient(withApi.port, "shop.pottery.com").send("GET", "/")).status).toBe(200);
    const redirect = await new HostClient(withApi.port, "www.pottery.com").send("GET", "/shop?x=1");
    expect([redirect.status, redirect.headers.location]).toEqual([301, "http://shop.pottery.com:4000/shop?x=1"]);
    expect((await operatorAt().operator(REMOVE_DOMAIN, { host: "www.pottery.com" })).json.data.removeSiteDomain).toEqual({
      __typename: "Site",
      slug: "pottery-studio",
    });
    expect((await new HostClient(withApi.port, "www.pottery.com").send("GET", "/")).status).toBe(404);
  });

  it("closes the storefront of every server on the bus at once when the status changes, and opens it again", async () => {
    const other = new HostClient(withoutApi.port, "pottery-studio.sitecart.test");
    expect((await other.send("GET", "/")).status).toBe(200);
    expect((await operatorAt().operator(SET_STATUS, { site: "pottery-studio", status: "EXPIRED" })).json.data.setSiteStatus).toEqual({
      __typename: "Site",
      status: "EXPIRED",
    });
    const closed = await other.send("GET", "/");
    expect(closed.status).toBe(503);
    expect(closed.text).toContain("This store is temporarily unavailable");
    expect((await other.send("GET", "/config")).status).toBe(200);
    await operatorAt().operator(SET_STATUS, { site: "pottery-studio", status: "PAID" });
    expect((await other.send("GET", "/")).status).toBe(200);
  });

  it("removes the site: 410 at once, and listed as removed", async () => {
    const other = new HostClient(withoutApi.port, "pottery-studio.sitecart.test");
    expect((await operatorAt().operator(REMOVE, { site: "pottery-studio" })).json.data.removeSite).toEqual({ __typename: "Site", status: "REMOVED" });
    expect((await other.send("GET", "/")).status).toBe(410);
    expect((await operatorAt().operator(SITES)).json.data.sites).toContainEqual({ slug: "pottery-studio", status: "REMOVED" });
  });
});
