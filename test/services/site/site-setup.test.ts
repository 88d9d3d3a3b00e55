// The first owner's setup (issue 23): a one-time link (stored hashed, 24 hours, a newer one retires the
// earlier), the form's rules (the contributors' password rule, the supported currencies, the checkout's
// countries), refused once the site has an owner, and bound to its site.
import type { Db } from "../../../server/db/client.ts";
import { FormInvalidError, NotAllowedError, RateLimitedError } from "../../../server/domain/errors.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { SessionService } from "../../../server/services/members/sessions.ts";
import { ensureEmptySite, issueSetupLink, siteHasOwner, SiteSetupService } from "../../../server/services/site/site-setup.ts";
import { sha256 } from "../../../server/services/support/ids.ts";
import { createTestDb } from "../../support/db.ts";

const SITE_A = "setup-site-a";
const SITE_B = "setup-site-b";
const HOUR_MS = 60 * 60 * 1000;

let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
const clock = new Date("2026-11-28T08:00:00Z");
const anonymous = { cartToken: null, crumb: null };
const client = { remoteAddress: "203.0.113.7" };

const serviceFor = (websiteId: string) => new SiteSetupService(db, websiteId, new SessionService(db, websiteId, () => clock), bus.pubsub, () => clock);
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const answers = { email: "Jane@Example.com", password: "a-long-password", storeName: "  Jane's Shop ", currency: "eur", country: "fr" };

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  bus = createRealtimeBus(null);
});
afterAll(async () => {
  await bus.close();
  await close();
});

let site = 0;
/** A fresh empty site for each test, so one test's owner does not close another's setup. */
async function freshSite(): Promise<string> {
  const websiteId = `setup-${++site}`;
  expect(await ensureEmptySite(db, websiteId, "New store", clock)).toBe(true);
  return websiteId;
}

it("makes an empty site once, with its main navigation", async () => {
  expect(await ensureEmptySite(db, SITE_A, "New store")).toBe(true);
  expect(await ensureEmptySite(db, SITE_A, "New store")).toBe(false);
  expect(await db.navigation.count({ where: { websiteId: SITE_A, fieldName: "mainNav" } })).toBe(1);
  expect(await siteHasOwner(db, SITE_A)).toBe(false);
});

it("stores only the link's hash and answers a link to /config/setup on the site's address, valid 24 hours", async () => {
  const websiteId = await freshSite();
  const { url, expiresAt } = await issueSetupLink(db, websiteId, { baseUrl: "https://shop.example/", now: clock });
  expect(url).toMatch(/^https:\/\/shop\.example\/config\/setup\?token=[A-Za-z0-9_-]{32}$/);
  expect(expiresAt.getTime() - clock.getTime()).toBe(24 * HOUR_MS);
  const rows = await db.siteSetupToken.findMany({ where: { websiteId } });
  expect(rows).toHaveLength(1);
  expect(rows[0].tokenHash).toBe(sha256(tokenOf(url)));
  expect(JSON.stringify(rows)).not.toContain(tokenOf(url));
});

it("makes the first owner (admin), names the store, sets its currency and country, and signs the owner in", async () => {
  const websiteId = await freshSite();
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  const result = await serviceFor(websiteId).complete(anonymous, { token: tokenOf(url), ...answers }, client);
  expect(result.viewer).toMatchObject({ signedIn: true, email: "jane@example.com", role: 1 });
  expect(result.session.token).toBeTruthy();
  const website = await db.website.findUniqueOrThrow({ where: { id: websiteId } });
  expect(website).toMatchObject({ title: "Jane's Shop", currency: "EUR", paymentAccountCountry: "FR", payLaterEnabled: false });
  expect(await siteHasOwner(db, websiteId)).toBe(true);
});

it("is single use: the same link a second time says it was used", async () => {
  const websiteId = await freshSite();
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  const setup = serviceFor(websiteId);
  await setup.complete(anonymous, { token: tokenOf(url), ...answers }, client);
  expect(await setup.link(tokenOf(url))).toEqual({ state: "USED", email: null, message: "This setup link was already used. Sign in instead." });
  await expect(setup.complete(anonymous, { token: tokenOf(url), ...answers, email: "other@example.com" }, client)).rejects.toThrow(
    new NotAllowedError("This setup link was already used. Sign in instead."),
  );
  expect(await db.account.count({ where: { websiteId } })).toBe(1);
});

it("expires after 24 hours, and says how to get a new link", async () => {
  const websiteId = await freshSite();
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  const later = new Date(clock.getTime() + 24 * HOUR_MS);
  const setup = new SiteSetupService(db, websiteId, new SessionService(db, websiteId), bus.pubsub, () => later);
  const expired = "This setup link has expired. Restart the server or run npm run owner -- create <email> to get a new one.";
  expect(await setup.link(tokenOf(url))).toEqual({ state: "EXPIRED", email: null, message: expired });
  await expect(setup.complete(anonymous, { token: tokenOf(url), ...answers }, client)).rejects.toThrow(new NotAllowedError(expired));
  const justBefore = new SiteSetupService(db, websiteId, new SessionService(db, websiteId), bus.pubsub, () => new Date(later.getTime() - 1));
  expect((await justBefore.link(tokenOf(url))).state).toBe("VALID");
});

it("a newer link retires the earlier ones (each start prints one)", async () => {
  const websiteId = await freshSite();
  const first = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  const restart = new Date(clock.getTime() + 1000);
  const second = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: restart });
  const setup = new SiteSetupService(db, websiteId, new SessionService(db, websiteId), bus.pubsub, () => restart);
  expect((await setup.link(tokenOf(first.url))).state).toBe("EXPIRED");
  expect((await setup.link(tokenOf(second.url))).state).toBe("VALID");
});

it("refuses setup once the site has an owner, and refuses to issue a link then", async () => {
  const websiteId = await freshSite();
  const { url: spare } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  await db.account.create({ data: { websiteId, email: "owner@example.com", passwordHash: "x", role: 1 } });
  const ownerExists = "This store already has an owner. Sign in instead.";
  expect(await serviceFor(websiteId).link(tokenOf(spare))).toMatchObject({ state: "OWNER_EXISTS", message: ownerExists });
  await expect(serviceFor(websiteId).complete(anonymous, { token: tokenOf(spare), ...answers }, client)).rejects.toThrow(new NotAllowedError(ownerExists));
  await expect(issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000" })).rejects.toThrow(new NotAllowedError(ownerExists));
});

it("names each field to fix and spends nothing: the contributors' password rule, a supported currency, a listed country", async () => {
  const websiteId = await freshSite();
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  const setup = serviceFor(websiteId);
  const bad = { token: tokenOf(url), email: "not-an-email", password: "short", storeName: "  ", currency: "XYZ", country: "ZZ" };
  const error = await setup.complete(anonymous, bad, client).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FormInvalidError);
  expect((error as FormInvalidError).fieldErrors).toEqual([
    { fieldId: "email", message: "Enter a valid email address." },
    { fieldId: "password", message: "Choose a password of at least 10 characters." },
    { fieldId: "storeName", message: "Give the store a name of 1 to 200 characters." },
    { fieldId: "currency", message: "Choose one of the supported currencies." },
    { fieldId: "country", message: "Choose one of the listed countries." },
  ]);
  const tooLong = await setup.complete(anonymous, { ...answers, token: tokenOf(url), password: "é".repeat(40) }, client).catch((caught: unknown) => caught);
  expect((tooLong as FormInvalidError).fieldErrors).toEqual([{ fieldId: "password", message: "Your password is too long." }]);
  expect((await setup.link(tokenOf(url))).state).toBe("VALID");
  expect(await db.account.count({ where: { websiteId } })).toBe(0);
});

it("keeps the email `npm run owner -- create` fixed on the link, whatever the form sends", async () => {
  const websiteId = await freshSite();
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", email: "fixed@example.com", now: clock });
  const setup = serviceFor(websiteId);
  expect(await setup.link(tokenOf(url))).toEqual({ state: "VALID", email: "fixed@example.com", message: null });
  const result = await setup.complete(anonymous, { token: tokenOf(url), ...answers, email: "someone-else@example.com" }, client);
  expect(result.viewer.email).toBe("fixed@example.com");
});

it("is bound to its site: site A's link does nothing on site B", async () => {
  await ensureEmptySite(db, SITE_B, "New store");
  const { url } = await issueSetupLink(db, SITE_A, { baseUrl: "http://localhost:4000", now: clock });
  const onB = serviceFor(SITE_B);
  expect((await onB.link(tokenOf(url))).state).toBe("INVALID");
  await expect(onB.complete(anonymous, { token: tokenOf(url), ...answers }, client)).rejects.toThrow(NotAllowedError);
  expect(await siteHasOwner(db, SITE_B)).toBe(false);
  expect((await serviceFor(SITE_A).link(tokenOf(url))).state).toBe("VALID");
});

it("limits guessing like sign-in: 10 wrong links from one address, then refused for a while", async () => {
  const websiteId = await freshSite();
  const setup = serviceFor(websiteId);
  const guesser = { remoteAddress: "198.51.100.9" };
  for (let attempt = 0; attempt < 10; attempt++) {
    await expect(setup.complete(anonymous, { token: `guess-${attempt}`, ...answers }, guesser)).rejects.toThrow(NotAllowedError);
  }
  const { url } = await issueSetupLink(db, websiteId, { baseUrl: "http://localhost:4000", now: clock });
  await expect(setup.complete(anonymous, { token: tokenOf(url), ...answers }, guesser)).rejects.toThrow(RateLimitedError);
  expect((await setup.link(tokenOf(url))).state).toBe("VALID");
});
