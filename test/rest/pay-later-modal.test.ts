// GET /api/commerce/pay-later/modal (spec §7 "GET of the third-party installment modal HTML", §5 "The
// modal locale falls back to en_US"): the server fetches the provider's modal for the shopper's locale,
// or its en_US modal when it has none, and keeps it; a provider that fails gives 502, none configured 404.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startTestStore, type TestStore } from "../support/app.ts";

/** A stand-in for the provider: modals for the locales in `pages`; `down` makes it answer 500. */
let provider: Server;
let providerUrl: string;
const requested: string[] = [];
const pages = new Map([
  ["en_US", "<h1>Pay in 4 (US)</h1>"],
  ["en_CA", "<h1>Pay in 4 (Canada)</h1>"],
]);
let down = false;

let store: TestStore;
let unconfigured: TestStore;
beforeAll(async () => {
  provider = createServer((request, response) => {
    const locale = /\/modal\/([^/]+)\.html$/.exec(request.url ?? "")?.[1] ?? "";
    requested.push(locale);
    const page = pages.get(locale);
    if (down) response.writeHead(500).end("boom");
    else if (page) response.writeHead(200, { "content-type": "text/html" }).end(page);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/modal/{locale}.html`;
  store = await startTestStore({ config: { payLaterModalUrl: providerUrl } });
  unconfigured = await startTestStore();
}, 60_000);
afterAll(async () => {
  await store.close();
  await unconfigured.close();
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  requested.length = 0;
  down = false;
});

const modal = (locale: string, on = store) => on.visitor().request("GET", `/api/commerce/pay-later/modal?locale=${encodeURIComponent(locale)}`);

describe("the pay-later provider's modal", () => {
  it("answers the provider's modal for the shopper's locale, and keeps it (the provider is asked once)", async () => {
    const first = await modal("en_CA");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ locale: "en_CA", html: "<h1>Pay in 4 (Canada)</h1>" });
    expect((await modal("en_CA")).body.html).toBe("<h1>Pay in 4 (Canada)</h1>");
    expect(requested).toEqual(["en_CA"]);
  });

  it("falls back to en_US when the provider has no modal for the locale", async () => {
    const answer = await modal("fr_CA");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ locale: "en_US", html: "<h1>Pay in 4 (US)</h1>" });
    expect(requested).toEqual(["fr_CA", "en_US"]);
  });

  it("answers 502 when the provider fails for the locale and for en_US", async () => {
    down = true;
    const answer = await modal("en_AU");
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ error: "The pay-later provider's terms are not available." });
    expect(requested).toEqual(["en_AU", "en_US"]);
  });

  it.each(["fr_FR", "en-US", "../../etc", ""])("refuses %j, which is no pay-later locale, with 400 and asks the provider nothing", async (locale) => {
    const answer = await modal(locale);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "locale must be a pay-later locale such as en_US or fr_CA.", code: "INVALID_INPUT" });
    expect(requested).toEqual([]);
  });

  it("answers 404 on a store with no provider modal configured, and the storefront is told not to ask", async () => {
    const answer = await modal("en_US", unconfigured);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "The pay-later provider's terms are not available." });
    const query = "{ store { payLater { modalAvailable } } }";
    expect((await unconfigured.visitor().graphql(query)).data.store.payLater.modalAvailable).toBe(false);
    expect((await store.visitor().graphql(query)).data.store.payLater.modalAvailable).toBe(true);
  });
});
