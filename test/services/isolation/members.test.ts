// Issue 21: one process serves many sites. Who a request speaks for is decided per site: a member or
// owner session, an API key, a password reset or invitation link, a page unlock of site A is worthless
// on site B, even for the same email address registered on both (an owner of two sites signs in to
// each). Refused on B exactly as a made-up one is, and A's rows stay as they were.
import { newId, newSecret, sha256 } from "../../../server/services/support/ids.ts";
import { MAX_FAILED_SIGN_INS } from "../../../server/services/members/sessions.ts";
import { LimiterStore } from "../../../server/services/support/rate-limiter.ts";
import { startRedis } from "../../support/limits.ts";
import {
  createTwoSiteServices,
  lastEmail,
  mugOf,
  newVisitor,
  outcome,
  OWNER,
  SITE_A,
  SITE_B,
  signedIn,
  tokenIn,
  type TwoSiteServices,
} from "../../support/two-sites.ts";

let sites: TwoSiteServices;
let redis: { url: string; stop(): Promise<void> };
let limiters: LimiterStore;
beforeAll(async () => {
  redis = await startRedis();
  limiters = new LimiterStore(redis.url);
  await limiters.connected();
  sites = await createTwoSiteServices({ limiters });
});
afterAll(async () => {
  await sites.close();
  await limiters.close();
  await redis.stop();
});

const client = { remoteAddress: null };
const accountOf = (websiteId: string, email: string) => sites.db.account.findUniqueOrThrow({ where: { websiteId_email: { websiteId, email } } });
const madeUpCredentials = () => ({ token: newSecret(), info: undefined, xsrfToken: newSecret() });

describe("the same address signed up as a member on both sites, with different passwords", () => {
  const onA = { email: "twin@example.com", password: "password-of-site-a" };
  const onB = { email: "twin@example.com", password: "password-of-site-b" };
  beforeAll(async () => {
    await sites.a.accounts.signUp(newVisitor(), onA, client);
    await sites.b.accounts.signUp(newVisitor(), onB, client);
  });

  it("each password signs in on its own site only; the other's fails as an unknown address does", async () => {
    const unknown = await outcome(() => sites.b.sessions.signIn(newVisitor(), { email: "nobody@example.com", password: "whatever-password" }));
    expect(unknown).toHaveProperty("error.code", "SIGN_IN_FAILED");
    expect(await outcome(() => sites.b.sessions.signIn(newVisitor(), onA))).toEqual(unknown);
    expect(await outcome(() => sites.a.sessions.signIn(newVisitor(), onB))).toEqual(unknown);
    expect((await sites.a.sessions.signIn(newVisitor(), onA)).viewer.email).toBe(onA.email);
    expect((await sites.b.sessions.signIn(newVisitor(), onB)).viewer.email).toBe(onB.email);
  });

  it("a session of site A is no session on site B: anonymous for the API and for documents", async () => {
    const { result, credentials } = await signedIn(sites.a, onA);
    expect(await sites.a.sessions.viewer(credentials)).toEqual(result.viewer);
    expect(await sites.b.sessions.viewer(credentials)).toEqual(await sites.b.sessions.viewer(madeUpCredentials()));
    expect(await sites.b.sessions.viewer(credentials)).toEqual({ signedIn: false });
    expect(await sites.b.sessions.documentViewer(credentials)).toEqual({ member: false, contributor: false, role: null });
  });

  it("signing out on site B with site A's session ends nothing, as with a made-up token, and gives A's account no cart of B", async () => {
    const { credentials } = await signedIn(sites.a, onA);
    const before = await sites.db.session.findUniqueOrThrow({ where: { tokenHash: sha256(credentials.token) } });
    const accountBefore = await accountOf(SITE_A, onA.email);
    // The visitor holds a cart of site B: A's account must not take it.
    const mugB = await mugOf(sites.db, SITE_B);
    const shopper = newVisitor();
    const visitor = { ...shopper, cartToken: (await sites.b.carts.addEntry(shopper, { itemId: mugB.productId, sku: "MUG-1" })).cartToken };
    const crossed = await outcome(() => sites.b.sessions.signOut(credentials.token, visitor, true));
    expect(crossed).toEqual(await outcome(() => sites.b.sessions.signOut(newSecret(), visitor, true)));
    expect(crossed).toEqual({ value: { session: null, signedOut: false } });
    expect(await sites.db.session.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
    expect(await accountOf(SITE_A, onA.email)).toEqual(accountBefore);
    expect((await sites.a.sessions.viewer(credentials)).signedIn).toBe(true);
  });

  it("a password reset link of site A resets nothing on site B: refused as a made-up link", async () => {
    await sites.a.accounts.requestPasswordReset({ email: onA.email }, { remoteAddress: "10.0.0.1" });
    const token = tokenIn((await lastEmail(sites.db, SITE_A, "PASSWORD_RESET")).textBody);
    const accountB = await accountOf(SITE_B, onB.email);
    const made = await outcome(() => sites.b.accounts.resetPassword({ token: newSecret(), password: "a-new-password" }));
    expect(made).toHaveProperty("error.code", "NOT_FOUND");
    expect(await outcome(() => sites.b.accounts.resetPassword({ token, password: "a-new-password" }))).toEqual(made);
    expect(await sites.db.passwordReset.findFirstOrThrow({ where: { account: { websiteId: SITE_A, email: onA.email } }, select: { usedAt: true } })).toEqual({
      usedAt: null,
    });
    expect(await accountOf(SITE_B, onB.email)).toEqual(accountB);
  });

  it("site A's member's saved addresses, orders and subscriptions are not found through site B", async () => {
    const member = await accountOf(SITE_A, onA.email);
    await sites.db.memberAddress.create({ data: { accountId: member.id, fullName: "Twin A", line1: "1 Main St", city: "Brooklyn", country: "US" } });
    const orderId = newId();
    await sites.db.order.create({
      data: { id: orderId, orderNumber: 9001, websiteId: SITE_A, purchasedCartId: newId(), currency: "USD", ...zeroTotals, accountId: member.id },
    });
    const subscription = await sites.db.subscription.create({
      data: {
        ...{ id: newId(), websiteId: SITE_A, accountId: member.id, orderId, productId: 1, productName: "Coffee Club", quantity: 1 },
        ...{ unitPrice: 2000, currency: "USD", billingPeriodValue: 1, billingPeriodUnit: "MONTH", nextBillingAt: new Date("2040-01-01") },
      },
    });
    expect(await sites.a.memberAddresses.list(member.id)).toHaveLength(1);
    expect(await sites.b.memberAddresses.list(member.id)).toEqual([]);
    expect(await sites.b.accounts.orders(member.id)).toEqual([]);
    expect(await sites.b.accounts.order(member.id, orderId)).toBeNull();
    expect(await sites.b.subscriptions.list(member.id)).toEqual([]);
    const made = await outcome(() => sites.b.subscriptions.change(member.id, newId(), "PAUSE"));
    expect(await outcome(() => sites.b.subscriptions.change(member.id, subscription.id, "PAUSE"))).toEqual(made);
    expect(await sites.db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toEqual(subscription);
  });

  // Last: it locks the address out of site A. The counts are shared through Redis, as between processes.
  it("ten wrong passwords on site A do not lock the address out of site B", async () => {
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await outcome(() => sites.a.sessions.signIn(newVisitor(), { ...onA, password: `wrong-${i}-password` }));
    expect(await outcome(() => sites.a.sessions.signIn(newVisitor(), onA))).toHaveProperty("error.code", "RATE_LIMITED");
    expect((await sites.b.sessions.signIn(newVisitor(), onB)).viewer.email).toBe(onB.email);
  });
});

const zeroTotals = { subtotal: 0, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 0 };

describe("an owner of both sites (the same address and password on each)", () => {
  it("signs in to each; each session speaks on its own site only", async () => {
    const onA = await signedIn(sites.a, OWNER);
    const onB = await signedIn(sites.b, OWNER);
    expect(onA.result.viewer.accountId).not.toBe(onB.result.viewer.accountId);
    expect(await sites.a.sessions.viewer(onA.credentials)).toMatchObject({ signedIn: true, role: 1 });
    expect(await sites.b.sessions.viewer(onA.credentials)).toEqual({ signedIn: false });
    expect(await sites.a.sessions.viewer(onB.credentials)).toEqual({ signedIn: false });
    expect(await sites.b.sessions.documentViewer(onA.credentials)).toEqual({ member: false, contributor: false, role: null });
  });

  it("an API key made on site A is refused on site B as a made-up key is, and B cannot revoke it", async () => {
    const { result } = await signedIn(sites.a, OWNER);
    const { key, secret } = await sites.a.apiKeys.create(result.viewer, { name: "A's integration", scopes: ["orders.read"], expiresAt: null });
    const made = await outcome(() => sites.b.apiKeys.authenticate(`sck_${newSecret()}${newSecret()}`));
    expect(made).toHaveProperty("error.code", "UNAUTHENTICATED");
    expect(await outcome(() => sites.b.apiKeys.authenticate(secret))).toEqual(made);
    expect(await outcome(() => sites.b.apiKeys.revoke(key.id))).toEqual(await outcome(() => sites.b.apiKeys.revoke(newId())));
    expect(await sites.b.apiKeys.list()).toEqual([]);
    expect((await sites.a.apiKeys.authenticate(secret)).accountId).toBe(result.viewer.accountId);
  });

  it("site A's contributors cannot be changed or removed through site B", async () => {
    const manager = await accountOf(SITE_A, "manager@sitecart.test");
    const made = await outcome(() => sites.b.people.changeRole(999_999, 1));
    expect(await outcome(() => sites.b.people.changeRole(manager.id, 1))).toEqual(made);
    expect(await outcome(() => sites.b.people.remove(manager.id))).toEqual(await outcome(() => sites.b.people.remove(999_999)));
    expect(await accountOf(SITE_A, "manager@sitecart.test")).toEqual(manager);
  });
});

describe("an invitation of site A", () => {
  it("is accepted on site A only: site B refuses its link and its id as made-up ones, and makes no account", async () => {
    const invitation = await sites.a.people.invite({ email: "helper@example.com", role: 8 }, null);
    const token = tokenIn((await lastEmail(sites.db, SITE_A, "CONTRIBUTOR_INVITATION")).textBody);
    const before = await sites.db.contributorInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    const made = await outcome(() => sites.b.people.acceptInvitation({ token: newSecret(), password: "helper-password" }));
    expect(made).toHaveProperty("error.code", "NOT_FOUND");
    expect(await outcome(() => sites.b.people.acceptInvitation({ token, password: "helper-password" }))).toEqual(made);
    expect(await outcome(() => sites.b.people.revokeInvitation(invitation.id))).toEqual(await outcome(() => sites.b.people.revokeInvitation(newId())));
    expect(await sites.db.contributorInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).toEqual(before);
    expect(await sites.db.account.count({ where: { email: "helper@example.com" } })).toBe(0);
    await sites.a.people.acceptInvitation({ token, password: "helper-password" });
    expect((await accountOf(SITE_A, "helper@example.com")).role).toBe(8);
  });
});

it("an unlock of site A's lock screen does not open site B's, locked with the same password", async () => {
  await sites.a.pageLocks.setSitePassword("the-same-password");
  await sites.b.pageLocks.setSitePassword("the-same-password");
  const visitor = { contributor: false, unlockTokens: [] };
  const { unlockTokens } = await sites.a.pageLocks.unlock({ path: "/shop", password: "the-same-password" }, visitor, client);
  expect(await sites.a.pageLocks.access("/shop", { contributor: false, unlockTokens })).toEqual({ kind: "open" });
  expect(await sites.b.pageLocks.access("/shop", { contributor: false, unlockTokens })).toEqual({ kind: "site-locked" });
  await sites.a.pageLocks.setSitePassword(null);
  await sites.b.pageLocks.setSitePassword(null);
});
