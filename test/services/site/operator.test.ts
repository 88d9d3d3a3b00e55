// The operator's site operations (issue 21): a new site with its slug, status, domains, empty store and
// owner's setup link; listing; statuses by name; custom domains (one primary); removal; the refusals an
// operator reads; and a `siteChanged` event after every change.
import type { Db } from "../../../server/db/client.ts";
import type { StorePubSub } from "../../../server/realtime/pubsub.ts";
import { Mailer } from "../../../server/services/mail/mailer.ts";
import { PeopleService } from "../../../server/services/members/people.ts";
import { SiteDirectory } from "../../../server/services/site/site-directory.ts";
import { SiteOperatorService } from "../../../server/services/site/operator.ts";
import { sha256 } from "../../../server/services/support/ids.ts";
import { createTestDb } from "../../support/db.ts";

const PLATFORM = "sitecart.app";
const DAY_MS = 24 * 60 * 60 * 1000;

let db: Db;
let close: () => Promise<void>;
let clock = new Date("2026-11-27T12:00:00Z");
const published: { websiteId: string }[] = [];
const pubsub = { publish: (_topic: string, payload: { websiteId: string }) => void published.push(payload) } as unknown as StorePubSub;
let directory: SiteDirectory;
let operator: SiteOperatorService;

const later = (days: number) => new Date(clock.getTime() + days * DAY_MS);
const tokenOf = (setupUrl: string) => new URL(setupUrl).searchParams.get("token")!;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  directory = new SiteDirectory(db, { platformDomain: PLATFORM, defaultWebsiteId: "none", publicUrl: "https://sitecart.app:8443", now: () => clock });
  operator = new SiteOperatorService(db, pubsub, {
    platformDomain: PLATFORM,
    hostUrl: (host) => directory.hostUrl(host),
    forget: () => directory.forget(),
    now: () => clock,
  });
});
afterAll(() => close());
beforeEach(() => void published.splice(0));

describe("creating a site", () => {
  it("derives the slug from the name, answers on the platform subdomain and invites the owner as admin with a one-time link", async () => {
    const { site, setupUrl } = await operator.createSite({ name: "Fern & Moss", owner: " Owner@Example.com " });
    expect(site).toMatchObject({
      slug: "fern-moss",
      title: "Fern & Moss",
      status: "paid",
      trialEndsAt: null,
      hosts: [{ host: "fern-moss.sitecart.app", primary: true, platform: true }],
      url: "https://fern-moss.sitecart.app:8443",
    });
    expect(setupUrl).toMatch(/^https:\/\/fern-moss\.sitecart\.app:8443\/config\/accept-invitation\?token=[\w-]+$/);
    const invitation = await db.contributorInvitation.findFirstOrThrow({ where: { websiteId: site.id } });
    expect(invitation).toMatchObject({ email: "owner@example.com", role: 1, tokenHash: sha256(tokenOf(setupUrl)), expiresAt: later(7) });
    expect(published).toEqual([{ websiteId: site.id }]);
  });

  it("opens with an empty main navigation, in its currency, and nothing of the demo store", async () => {
    const { site } = await operator.createSite({ name: "Euro Shop", owner: "o@example.com", currency: "eur" });
    const website = await db.website.findUniqueOrThrow({ where: { id: site.id }, include: { navigations: true, collections: true, accounts: true } });
    expect(website.currency).toBe("EUR");
    expect(website.navigations).toMatchObject([{ fieldName: "mainNav", items: "[]" }]);
    expect([website.collections, website.accounts, await db.product.count({ where: { websiteId: site.id } })]).toEqual([[], [], 0]);
  });

  it("puts a site on a trial of 14 days from now", async () => {
    const { site } = await operator.createSite({ name: "Trial Shop", owner: "o@example.com", trial: true });
    expect(site).toMatchObject({ status: "trial", statusCode: 3, statusChangedAt: clock, trialEndsAt: later(14) });
  });

  it("makes a derived slug unique with -2, -3…", async () => {
    const second = await operator.createSite({ name: "Fern & Moss", owner: "o@example.com" });
    const third = await operator.createSite({ name: "fern moss", owner: "o@example.com" });
    expect([second.site.slug, third.site.slug]).toEqual(["fern-moss-2", "fern-moss-3"]);
  });

  it("takes a given slug and a custom domain, which becomes the site's address", async () => {
    const { site, setupUrl } = await operator.createSite({ name: "Bakery", slug: "Bread", host: "Shop.Bakery.example.", owner: "o@example.com" });
    expect(site.hosts).toEqual([
      { host: "shop.bakery.example", primary: true, platform: false },
      { host: "bread.sitecart.app", primary: false, platform: true },
    ]);
    expect(setupUrl.startsWith("https://shop.bakery.example:8443/config/accept-invitation?token=")).toBe(true);
  });

  it("gives the address the server uses for the site's links", async () => {
    const [site] = (await operator.sites()).filter((entry) => entry.slug === "bread");
    expect(site.url).toBe(directory.publicUrl((await directory.site(site.id))!));
  });

  it.each([
    [{ name: "  " }, "A site needs a name of 1 to 200 characters."],
    [{ slug: "bread" }, 'The slug "bread" is already taken by another site.'],
    [{ slug: "-shop" }, '"-shop" is not a valid slug: use 1 to 63 lower-case letters, digits and inner hyphens.'],
    [{ host: "shop.bakery.example" }, "The domain shop.bakery.example already belongs to another site."],
    [{ host: "shop..example" }, '"shop..example" is not a valid host name, such as shop.example.com.'],
    [
      { host: "other.sitecart.app" },
      '"other.sitecart.app" is under the platform domain sitecart.app: a site gets its platform address from its slug, not as a custom domain.',
    ],
    [{ owner: "not-an-email" }, '"not-an-email" is not a valid email address for the owner.'],
    [{ currency: "XYZ" }, expect.stringMatching(/^The currency "XYZ" is not supported: use one of EUR, USD, .*JPY\.$/)],
  ])("refuses %p: %s", async (change, message) => {
    const before = await db.website.count();
    await expect(operator.createSite({ name: "Refused", owner: "o@example.com", ...change })).rejects.toMatchObject({ message });
    expect(await db.website.count()).toBe(before);
    expect(published).toEqual([]);
  });

  it("is refused on a single-site deployment (no PLATFORM_DOMAIN), where no host would reach the site", async () => {
    const single = new SiteOperatorService(db, pubsub, { platformDomain: null, hostUrl: (host) => `http://${host}` });
    await expect(single.createSite({ name: "Nowhere", owner: "o@example.com" })).rejects.toMatchObject({
      code: "NOT_ALLOWED",
      message: "This deployment serves one site: set PLATFORM_DOMAIN (each site then answers on {slug}.{PLATFORM_DOMAIN}) before creating sites.",
    });
  });

  it("sets the owner up through the link: the account becomes the new site's admin", async () => {
    const { site, setupUrl } = await operator.createSite({ name: "Owned", owner: "owner@owned.com" });
    const people = new PeopleService(db, site.id, new Mailer(db, null), site.url!, () => clock);
    await expect(people.acceptInvitation({ token: tokenOf(setupUrl), password: "a long password" })).resolves.toEqual({ email: "owner@owned.com" });
    expect(await db.account.findFirstOrThrow({ where: { websiteId: site.id } })).toMatchObject({ email: "owner@owned.com", role: 1 });
    await expect(people.acceptInvitation({ token: tokenOf(setupUrl), password: "a long password" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("listing and finding sites", () => {
  it("lists every site oldest first with its status name and hosts", async () => {
    const sites = await operator.sites();
    expect(sites.map((site) => site.slug)).toEqual(expect.arrayContaining(["fern-moss", "euro-shop", "trial-shop", "bread"]));
    expect(sites.find((site) => site.slug === "trial-shop")).toMatchObject({ status: "trial", title: "Trial Shop" });
  });

  it.each(["bread", "BREAD", "bread.sitecart.app", "shop.bakery.example"])("finds a site by its slug or a host name (%s)", async (ref) => {
    expect((await operator.site(ref)).slug).toBe("bread");
  });

  it("finds a site by its id, and names what it cannot find", async () => {
    const { id } = await operator.site("bread");
    expect((await operator.site(id)).slug).toBe("bread");
    await expect(operator.site("nope.example")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'There is no site "nope.example" (give its id, slug or one of its host names).',
    });
  });
});

describe("statuses", () => {
  it("sets a status by name, from now; trial ends 14 days later and leaving it clears the end", async () => {
    clock = later(1);
    expect(await operator.setStatus("euro-shop", "pastDue")).toMatchObject({ status: "pastDue", statusCode: 2, statusChangedAt: clock, trialEndsAt: null });
    expect(await operator.setStatus("euro-shop", "trial")).toMatchObject({ status: "trial", trialEndsAt: later(14) });
    expect(await operator.setStatus("euro-shop", "comped")).toMatchObject({ status: "comped", trialEndsAt: null });
    expect(published).toHaveLength(3);
  });

  it("changes nothing when the site has that status already, so the past-due grace is never extended", async () => {
    const { statusChangedAt } = await operator.setStatus("trial-shop", "pastDue");
    clock = later(3);
    published.splice(0);
    expect(await operator.setStatus("trial-shop", "pastDue")).toMatchObject({ statusChangedAt });
    expect(published).toEqual([]);
  });

  it("names the statuses when given an unknown one", async () => {
    await expect(operator.setStatus("bread", "gold")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: '"gold" is not a site status: use one of expired, pastDue, trial, beta, removed, internal, comped, paid.',
    });
  });

  it("removes a site: status removed from now", async () => {
    const removed = await operator.removeSite("fern-moss-3");
    expect(removed).toMatchObject({ status: "removed", statusChangedAt: clock });
    expect(published).toEqual([{ websiteId: removed.id }]);
  });
});

describe("custom domains", () => {
  it("adds a domain that redirects to the primary one, then makes another the primary", async () => {
    const site = await operator.addDomain("bread", "www.bakery.example");
    expect(site.hosts.map((entry) => [entry.host, entry.primary])).toEqual([
      ["shop.bakery.example", true],
      ["bread.sitecart.app", false],
      ["www.bakery.example", false],
    ]);
    const moved = await operator.addDomain("bread", "bakery.example", true);
    expect(moved.hosts.filter((entry) => entry.primary).map((entry) => entry.host)).toEqual(["bakery.example"]);
    expect(moved.url).toBe("https://bakery.example:8443");
    expect(published).toEqual([{ websiteId: site.id }, { websiteId: site.id }]);
  });

  it("makes a domain the site has already its primary one", async () => {
    const site = await operator.addDomain("shop.bakery.example", "www.bakery.example", true);
    expect(site.hosts.filter((entry) => entry.primary).map((entry) => entry.host)).toEqual(["www.bakery.example"]);
  });

  it("refuses another site's domain, an invalid host and a platform host", async () => {
    await expect(operator.addDomain("euro-shop", "bakery.example")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The domain bakery.example already belongs to another site.",
    });
    await expect(operator.addDomain("euro-shop", "http://x.example")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(operator.addDomain("euro-shop", "euro.sitecart.app")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(operator.addDomain("nothing", "new.example")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(published).toEqual([]);
  });

  it("removes a domain; without its primary domain the site's address is its platform subdomain again", async () => {
    const site = await operator.removeDomain("WWW.bakery.example");
    expect(site.hosts.find((entry) => entry.primary)).toEqual({ host: "bread.sitecart.app", primary: true, platform: true });
    expect(site.url).toBe("https://bread.sitecart.app:8443");
    expect(published).toEqual([{ websiteId: site.id }]);
    await expect(operator.removeDomain("www.bakery.example")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No site has the domain www.bakery.example.",
    });
  });
});
