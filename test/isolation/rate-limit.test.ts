// Rate-limit budgets per site (issue 21): a visitor who spent their budget of state-changing calls on
// one store is not refused by another store of the same deployment. Budgets here: 3 calls, no refill
// within the test; the address budget is left large, so only the visitor's budget is at stake.
import { send } from "../support/host-client.ts";
import { SITES, startTwoSites, type TwoSites } from "../support/two-sites.ts";

let sites: TwoSites;
beforeAll(async () => {
  sites = await startTwoSites({ config: { rateLimit: { burst: 3, perSecond: 0.0001 } } });
}, 60_000);
afterAll(() => sites.close());

const { usd, eur } = { usd: SITES.usd.host, eur: SITES.eur.host };
/** A mutation that changes nothing (its input is refused) but spends one call of the budget. */
const SPEND = { query: 'mutation { setLocale(input: { language: "x" }) { __typename } }' };

/** Spends calls until the host refuses one; answers how many it allowed. */
async function spendAll(host: string, headers: Record<string, string>): Promise<number> {
  for (let allowed = 0; allowed < 10; allowed++) {
    if ((await send(sites.port, sites.agent, host, "POST", "/graphql", { headers, body: SPEND })).status === 429) return allowed;
  }
  throw new Error("never refused");
}

const refused = async (host: string, headers: Record<string, string>) =>
  (await send(sites.port, sites.agent, host, "POST", "/graphql", { headers, body: SPEND })).status === 429;

it("leaves a browser its budget on the other store once it spent it on one", async () => {
  const browser = await (await sites.client().arrive(usd)).arrive(eur);
  const crumbOn = (host: string) => ({ cookie: `crumb=${browser.jar(host).get("crumb")}`, "x-csrf-token": browser.jar(host).get("crumb")! });
  expect(await spendAll(usd, crumbOn(usd))).toBe(3);
  expect(await refused(eur, crumbOn(eur))).toBe(false);
});

it("leaves a client its budget on the other store when it sends the same crumb to both", async () => {
  const browser = await sites.client().arrive(usd);
  const crumb = { cookie: `crumb=${browser.jar(usd).get("crumb")}`, "x-csrf-token": browser.jar(usd).get("crumb")! };
  expect(await spendAll(usd, crumb)).toBe(3);
  expect(await refused(eur, crumb)).toBe(false);
});

it("leaves a client without cookies (known by its address) its budget on the other store", async () => {
  expect(await spendAll(eur, {})).toBe(3);
  expect(await refused(usd, {})).toBe(false);
});
