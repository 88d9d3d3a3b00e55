// Site-member and owner sign-in (platform-support §3, §7: POST/DELETE /api/site-users/account/session,
// POST /api/site-users/account/locale; the site-user cookie with the authenticated flag and
// siteUserId; the xsrfToken sent back in X-SiteUser-XSRF-Token; logout's crumb failure retried once).
import { createHmac } from "node:crypto";
import { hashPassword } from "../../server/services/members/passwords.ts";
import { processLogger } from "../../server/services/support/log.ts";
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { Caller, SESSION, signIn, signedIn } from "../authz/principals.ts";
import { CART, CRUMB_FAIL, addEntry, cartOf } from "./helpers.ts";

const VIEWER = "{ viewer { signedIn siteUserId email role roleName permissions locale } }";
const SIGN_IN_FAILED = { error: "Your email or password is incorrect.", code: "SIGN_IN_FAILED" };

let store: TestStore;
let posterId: string;
beforeAll(async () => {
  store = await startTestStore();
  posterId = String(await store.itemId("city-poster"));
});
afterAll(() => store.close());

const cookieOf = (headers: Headers, name: string) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
const viewerOf = async (caller: Caller) => (await caller.graphql(VIEWER)).data.viewer;
const ownerAccountId = async () => String((await store.db.account.findFirstOrThrow({ where: { email: "owner@sitecart.test" } })).id);

describe("POST /api/site-users/account/session", () => {
  it("signs the demo owner in: xsrfToken, siteUserId and role in the answer", async () => {
    const visitor = await store.visitor().arrive();
    const response = await signIn(visitor, "owner@sitecart.test", "owner-password");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      xsrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      siteUserId: await ownerAccountId(),
      email: "owner@sitecart.test",
      role: 1,
    });
  });

  it("sets an HttpOnly session cookie and a readable SiteUserInfo cookie with the authenticated flag and siteUserId", async () => {
    const visitor = await store.visitor().arrive();
    const response = await signIn(visitor, "owner@sitecart.test", "owner-password");
    const session = cookieOf(response.headers, "sc_session")!;
    const info = cookieOf(response.headers, "SiteUserInfo")!;
    expect(session).toMatch(/HttpOnly/);
    expect(info).not.toMatch(/HttpOnly/);
    const [payload] = visitor.cookies.get("SiteUserInfo")!.split(".");
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({ authenticated: true, siteUserId: await ownerAccountId() });
  });

  it("keeps the cookies for the browser session without rememberMe, for 30 days with it", async () => {
    const short = await signIn(await store.visitor().arrive(), "member@sitecart.test", "member-password", false);
    expect(cookieOf(short.headers, "sc_session")).not.toMatch(/Max-Age/i);
    const long = await signIn(await store.visitor().arrive(), "member@sitecart.test", "member-password", true);
    expect(cookieOf(long.headers, "sc_session")).toMatch(/Max-Age=2592000/);
    expect(cookieOf(long.headers, "SiteUserInfo")).toMatch(/Max-Age=2592000/);
  });

  it.each([
    ["a wrong password", "owner@sitecart.test", "not-the-password"],
    ["an unknown email", "nobody@sitecart.test", "owner-password"],
    ["an empty password", "owner@sitecart.test", ""],
  ])("refuses %s with 401 and the same message, setting no session", async (_case, email, password) => {
    const visitor = await store.visitor().arrive();
    const response = await signIn(visitor, email, password);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SIGN_IN_FAILED);
    expect(visitor.cookies.has("sc_session")).toBe(false);
  });

  it("matches the email without regard to case or surrounding spaces", async () => {
    const response = await signIn(await store.visitor().arrive(), "  Owner@SiteCart.test ", "owner-password");
    expect(response.status).toBe(200);
  });

  it.each([
    ["no email", { password: "x" }],
    ["a numeric email", { email: 1, password: "x" }],
    ["rememberMe as text", { email: "owner@sitecart.test", password: "owner-password", rememberMe: "yes" }],
  ])("answers 400 to %s", async (_case, body) => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", SESSION, { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("The request is not valid.");
  });

  it("needs the crumb like every state-changing call", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", SESSION, { body: { email: "owner@sitecart.test", password: "owner-password" }, crumb: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
  });

  it("stores bcrypt hashes (a maintained library), never the password", async () => {
    const account = await store.db.account.findFirstOrThrow({ where: { email: "owner@sitecart.test" } });
    expect(account.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(account.passwordHash).not.toContain("owner-password");
  });

  it("still accepts a password hashed with the old scrypt scheme, and re-hashes it with bcrypt", async () => {
    // scrypt$salt$hash as the previous passwords.ts wrote it (N=16384, r=8, p=1, 64 bytes).
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const legacy = `scrypt$${salt.toString("base64")}$${scryptSync("legacy-password", salt, 64).toString("base64")}`;
    await store.db.account.create({ data: { websiteId: "sitecart-demo", email: "legacy@sitecart.test", passwordHash: legacy } });
    expect((await signIn(await store.visitor().arrive(), "legacy@sitecart.test", "wrong")).status).toBe(401);
    expect((await signIn(await store.visitor().arrive(), "legacy@sitecart.test", "legacy-password")).status).toBe(200);
    const account = await store.db.account.findFirstOrThrow({ where: { email: "legacy@sitecart.test" } });
    expect(account.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect((await signIn(await store.visitor().arrive(), "legacy@sitecart.test", "legacy-password")).status).toBe(200);
  });

  it("after 10 failed sign-ins of one email, refuses even the right password with 429 'Please try again in a few seconds.'", async () => {
    await store.db.account.create({ data: { websiteId: "sitecart-demo", email: "target@sitecart.test", passwordHash: await hashPassword("right") } });
    const visitor = await store.visitor().arrive();
    for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(visitor, "target@sitecart.test", "wrong")).status).toBe(401);
    const limited = await signIn(visitor, "target@sitecart.test", "right");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Please try again in a few seconds." });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
  });

  it("does not count successful sign-ins against the limit", async () => {
    for (let attempt = 0; attempt < 12; attempt++)
      expect((await signIn(await store.visitor().arrive(), "manager@sitecart.test", "manager-password")).status).toBe(200);
  });

  it("signs in over GraphQL too, with the same cookies and xsrf token", async () => {
    const visitor = await store.visitor().arrive();
    const result = await visitor.graphql(
      'mutation { signIn(input: { email: "manager@sitecart.test", password: "manager-password" }) { __typename ... on SignInSuccess { xsrfToken viewer { role roleName } } ... on Error { message } } }',
    );
    expect(result.data.signIn).toEqual({ __typename: "SignInSuccess", xsrfToken: expect.any(String), viewer: { role: 8, roleName: "store manager" } });
    const caller = new Caller("manager", visitor, result.data.signIn.xsrfToken, 8);
    expect((await viewerOf(caller)).signedIn).toBe(true);
    const wrong = await visitor.graphql(
      'mutation { signIn(input: { email: "manager@sitecart.test", password: "x" }) { __typename ... on Error { message code } } }',
    );
    expect(wrong.data.signIn).toEqual({ __typename: "SignInFailedError", message: "Your email or password is incorrect.", code: "SIGN_IN_FAILED" });
  });
});

describe("the signed-in viewer", () => {
  it("is the owner, with role admin and every permission, when the xsrf token is sent", async () => {
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    expect(await viewerOf(owner)).toEqual({
      signedIn: true,
      siteUserId: await ownerAccountId(),
      email: "owner@sitecart.test",
      role: 1,
      roleName: "admin",
      permissions: expect.arrayContaining(["site.read", "products.write", "submissions.read", "restock.send"]),
      locale: null,
    });
  });

  it("is a site member without a role and without owner permissions", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    expect(await viewerOf(member)).toMatchObject({ signedIn: true, role: null, roleName: null, permissions: [] });
  });

  it("is anonymous without the X-SiteUser-XSRF-Token header, or with a wrong one", async () => {
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    expect((await owner.visitor.graphql(VIEWER)).data.viewer.signedIn).toBe(false);
    expect((await owner.visitor.graphql(VIEWER, undefined, { "x-siteuser-xsrf-token": "x".repeat(32) })).data.viewer.signedIn).toBe(false);
    expect((await viewerOf(owner)).signedIn).toBe(true);
  });

  it("is anonymous when the SiteUserInfo cookie is forged: another siteUserId, a bad signature, or none", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const info = member.visitor.cookies.get("SiteUserInfo")!;
    const [payload, signature] = info.split(".");
    const forged = Buffer.from(JSON.stringify({ authenticated: true, siteUserId: await ownerAccountId() })).toString("base64url");
    const warn = jest.spyOn(processLogger(), "warn").mockImplementation(() => {});
    try {
      for (const value of [`${forged}.${signature}`, `${payload}.${signature.slice(1)}x`, `${payload}`, "not json at all"]) {
        member.visitor.cookies.set("SiteUserInfo", value);
        expect((await viewerOf(member)).signedIn).toBe(false);
      }
      // A correctly made signature needs the session token, which only the HttpOnly cookie holds.
      const guess = createHmac("sha256", "site-user-info:guess").update(forged).digest("base64url");
      member.visitor.cookies.set("SiteUserInfo", `${forged}.${guess}`);
      expect((await viewerOf(member)).signedIn).toBe(false);
      member.visitor.cookies.delete("SiteUserInfo");
      expect((await viewerOf(member)).signedIn).toBe(false);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    member.visitor.cookies.set("SiteUserInfo", info);
    expect((await viewerOf(member)).signedIn).toBe(true);
  });

  it("is anonymous once the session has expired", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    await store.db.session.updateMany({ where: { account: { email: "member@sitecart.test" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await viewerOf(member)).signedIn).toBe(false);
  });
});

describe("DELETE /api/site-users/account/session", () => {
  it("ends the session: the cookies are cleared and the old ones no longer sign anyone in", async () => {
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const saved = new Map(owner.visitor.cookies);
    const response = await owner.request("DELETE", SESSION);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedOut: true });
    expect(owner.visitor.cookies.has("sc_session")).toBe(false);
    expect(owner.visitor.cookies.has("SiteUserInfo")).toBe(false);
    for (const [name, value] of saved) owner.visitor.cookies.set(name, value);
    expect((await viewerOf(owner)).signedIn).toBe(false);
  });

  it("answers a visitor who is not signed in with signedOut false", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("DELETE", SESSION);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedOut: false });
  });

  it("answers a stale crumb with crumbFail, and the client's one retry with the current crumb succeeds", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const stale = await member.request("DELETE", SESSION, { headers: { "x-csrf-token": "stale-crumb-value-0000" } });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual(CRUMB_FAIL);
    expect((await viewerOf(member)).signedIn).toBe(true);
    const retry = await member.request("DELETE", SESSION);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ signedOut: true });
  });

  let members = 0;
  /** A new site member (no kept cart yet), signed in, with two large posters in the cart. */
  async function memberWithCart(): Promise<{ member: Caller; cartToken: string; email: string }> {
    const email = `shopper-${++members}@sitecart.test`;
    await store.db.account.create({ data: { websiteId: "sitecart-demo", email, passwordHash: await hashPassword("shopper-password") } });
    const member = await signedIn(store, "member", email, "shopper-password", null);
    expect((await addEntry(member.visitor, { itemId: posterId, sku: "POSTER-LARGE", quantity: 2 })).status).toBe(200);
    return { member, cartToken: member.visitor.cartToken!, email };
  }

  const entriesOf = async (visitor: TestVisitor) => (await cartOf(visitor)).entries.map((entry: any) => [entry.chosenVariant.sku, entry.quantity]);

  it("with cloneCart=true leaves the visitor a copy of the cart (a new cart with the same entries)", async () => {
    const { member, cartToken } = await memberWithCart();
    const response = await member.request("DELETE", `${SESSION}?cloneCart=true`);
    expect(response.status).toBe(200);
    expect(member.visitor.cartToken).toBeDefined();
    expect(member.visitor.cartToken).not.toBe(cartToken);
    expect(await entriesOf(member.visitor)).toEqual([["POSTER-LARGE", 2]]);
  });

  it("keeps the visitor's cart as the account's cart when they sign in holding one", async () => {
    const email = `shopper-${++members}@sitecart.test`;
    await store.db.account.create({ data: { websiteId: "sitecart-demo", email, passwordHash: await hashPassword("shopper-password") } });
    const visitor = await store.visitor().arrive();
    await addEntry(visitor, { itemId: posterId, sku: "POSTER-SMALL", quantity: 3 });
    const token = visitor.cartToken;
    await signIn(visitor, email, "shopper-password");
    expect(visitor.cartToken).toBe(token);
    const account = await store.db.account.findFirstOrThrow({ where: { email } });
    const cart = await store.db.cart.findFirstOrThrow({ where: { token } });
    expect(account.cartId).toBe(cart.id);
  });

  it("without cloneCart takes the cart away from the browser; it stays with the account for the next sign-in", async () => {
    const { member, cartToken, email } = await memberWithCart();
    const response = await member.request("DELETE", `${SESSION}?cloneCart=false`);
    expect(response.status).toBe(200);
    expect(member.visitor.cartToken).toBeUndefined();
    expect((await cartOf(member.visitor)).entries).toEqual([]);
    const elsewhere = await store.visitor().arrive();
    await signIn(elsewhere, email, "shopper-password");
    expect(elsewhere.cartToken).toBe(cartToken);
    expect(await entriesOf(elsewhere)).toEqual([["POSTER-LARGE", 2]]);
  });

  it("refuses a cloneCart that is neither true nor false with 400", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const response = await member.request("DELETE", `${SESSION}?cloneCart=maybe`);
    expect(response.status).toBe(400);
    expect((await viewerOf(member)).signedIn).toBe(true);
  });

  it("leaves an anonymous visitor's cart alone", async () => {
    const visitor = await store.visitor().arrive();
    await addEntry(visitor, { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 });
    const token = visitor.cartToken;
    await visitor.request("DELETE", `${SESSION}?cloneCart=false`);
    expect(visitor.cartToken).toBe(token);
    expect((await visitor.request("GET", CART)).body.entries).toHaveLength(1);
  });

  it("signs out over GraphQL as well", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const result = await member.graphql("mutation { signOut(input: { cloneCart: false }) { ... on SignOutSuccess { signedOut } } }");
    expect(result.data.signOut).toEqual({ signedOut: true });
    expect((await viewerOf(member)).signedIn).toBe(false);
  });
});

describe("POST /api/site-users/account/locale", () => {
  const LOCALE = "/api/site-users/account/locale";

  it("keeps the language in a cookie, and on the account of a signed-in member", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const response = await member.request("POST", LOCALE, { body: { language: "fr-fr" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ language: "fr-FR" });
    expect(member.visitor.cookies.get("sc_locale")).toBe("fr-FR");
    expect((await viewerOf(member)).locale).toBe("fr-FR");
  });

  it("takes an anonymous visitor's language into a cookie only", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", LOCALE, { body: { language: "de-DE" } });
    expect(response.status).toBe(200);
    expect(visitor.cookies.get("sc_locale")).toBe("de-DE");
  });

  it.each([["klingon!"], [""], [42], [null]])("refuses %j with 400 'That is not a locale (try en-US or de-DE).'", async (language) => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", LOCALE, { body: { language } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("That is not a locale (try en-US or de-DE).");
  });

  it("refuses a language the site does not offer once it lists its languages", async () => {
    await store.db.siteLanguage.createMany({
      data: [
        { websiteId: "sitecart-demo", code: "en-US", position: 0 },
        { websiteId: "sitecart-demo", code: "de-DE", position: 1 },
      ],
    });
    try {
      const visitor = await store.visitor().arrive();
      const refused = await visitor.request("POST", LOCALE, { body: { language: "fr-FR" } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("That language is not offered on this site.");
      expect((await visitor.request("POST", LOCALE, { body: { language: "de-DE" } })).status).toBe(200);
    } finally {
      await store.db.siteLanguage.deleteMany({});
    }
  });
});
