// Locked and password-protected pages (issue 12; page types lock screen 103, protected content 105):
// the owner's passwords, the visitor's unlock (a cookie for the browser session), contributors
// passing the site lock, and wrong passwords limited per client address.
import { Caller, signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());

const PAYLOAD = `__typename ... on Error { message code }`;
const SITE_PASSWORD = `mutation Site($input: UpdateSitePasswordInput) { updateSitePassword(input: $input) { ${PAYLOAD} ... on UpdateSitePasswordSuccess { pageLocks { siteLocked protectedPaths } } } }`;
const PAGE_PASSWORD = `mutation Page($input: UpdatePagePasswordInput!) { updatePagePassword(input: $input) { ${PAYLOAD} ... on UpdatePagePasswordSuccess { pageLocks { siteLocked protectedPaths } } } }`;
const UNLOCK = `mutation Unlock($input: UnlockPageInput!) { unlockPage(input: $input) { ${PAYLOAD} ... on UnlockPageSuccess { unlocked } } }`;
const PAGE = `query Page($path: String!) { storefrontPage(path: $path) { pageType status locked accessDenied } }`;

const ownerRun = async (query: string, variables: Record<string, unknown>) => {
  const result = await owner.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
};
const pageOf = async (visitor: TestVisitor, path: string) => (await run(visitor, PAGE, { path })).storefrontPage;
const unlock = async (visitor: TestVisitor, path: string, password: string) => (await run(visitor, UNLOCK, { input: { path, password } })).unlockPage;

describe("a password-protected page (105)", () => {
  beforeAll(async () => {
    expect((await ownerRun(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster/", password: "poster pass" } })).updatePagePassword).toEqual({
      __typename: "UpdatePagePasswordSuccess",
      pageLocks: { siteLocked: false, protectedPaths: ["/shop/p/city-poster"] },
    });
  });
  afterAll(() => ownerRun(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster" } }));

  it("asks for its password (status 401, page type 105) and shows none of the page", async () => {
    const visitor = await store.visitor().arrive();
    const document = await visitor.request("GET", "/shop/p/city-poster");
    expect(document.status).toBe(401);
    expect(document.body).toContain("This page is protected");
    expect(document.body).not.toContain("City Poster");
    expect((await visitor.request("GET", "/shop/p/city-poster?format=json")).body.pageType).toBe(105);
    expect(await pageOf(visitor, "/shop/p/city-poster")).toEqual({ pageType: 105, status: 401, locked: "PROTECTED_CONTENT", accessDenied: false });
    expect((await visitor.request("GET", "/shop/p/ceramic-mug")).status).toBe(200);
  });

  it("refuses a wrong password with 'That password is not correct.' and opens with the right one, for this browser only", async () => {
    const visitor = await store.visitor().arrive();
    expect(await unlock(visitor, "/shop/p/city-poster", "wrong")).toEqual({
      __typename: "InvalidInputError",
      message: "That password is not correct.",
      code: "INVALID_INPUT",
    });
    expect(await unlock(visitor, "/shop/p/city-poster", "poster pass")).toEqual({ __typename: "UnlockPageSuccess", unlocked: true });
    expect(visitor.cookies.get("sc_unlock")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await visitor.request("GET", "/shop/p/city-poster")).status).toBe(200);
    expect((await pageOf(visitor, "/shop/p/city-poster")).locked).toBeNull();
    expect((await store.visitor().request("GET", "/shop/p/city-poster")).status).toBe(401);
  });

  it("a new password closes the page again for those who unlocked it", async () => {
    const visitor = await store.visitor().arrive();
    await unlock(visitor, "/shop/p/city-poster", "poster pass");
    await ownerRun(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster", password: "another pass" } });
    expect((await visitor.request("GET", "/shop/p/city-poster")).status).toBe(401);
    await ownerRun(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster", password: "poster pass" } });
  });

  it.each([
    ["/", "A page path starts with / and names a page of this site (not the home page, the account pages or the API)."],
    ["/account", "A page path starts with / and names a page of this site (not the home page, the account pages or the API)."],
    ["shop", "A page path starts with / and names a page of this site (not the home page, the account pages or the API)."],
  ])("refuses to protect %p", async (path, message) => {
    expect((await ownerRun(PAGE_PASSWORD, { input: { path, password: "a good password" } })).updatePagePassword).toEqual({
      __typename: "InvalidInputError",
      message,
      code: "INVALID_INPUT",
    });
  });
});

describe("the lock screen (103)", () => {
  beforeAll(() => ownerRun(SITE_PASSWORD, { input: { password: "site password" } }));
  afterAll(() => ownerRun(SITE_PASSWORD, {}));

  it("stands before every page for visitors and members (401, page type 103), but not the account pages", async () => {
    const visitor = await store.visitor().arrive();
    for (const path of ["/", "/shop/p/ceramic-mug", "/cart"]) {
      const document = await visitor.request("GET", path);
      expect([path, document.status]).toEqual([path, 401]);
      expect(document.body).toContain("This site is private");
    }
    expect((await visitor.request("GET", "/?format=json")).body.pageType).toBe(103);
    expect((await visitor.request("GET", "/account/sign-in")).status).toBe(200);
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    expect((await member.graphql(PAGE, { path: "/" })).data.storefrontPage.locked).toBe("LOCK_SCREEN");
  });

  it("lets contributors through, and opens for a visitor with the site's password", async () => {
    expect((await owner.visitor.request("GET", "/")).status).toBe(200);
    expect((await owner.graphql(PAGE, { path: "/" })).data.storefrontPage.locked).toBeNull();
    const visitor = await store.visitor().arrive();
    expect(await unlock(visitor, "/", "site password")).toEqual({ __typename: "UnlockPageSuccess", unlocked: true });
    expect((await visitor.request("GET", "/shop/p/ceramic-mug")).status).toBe(200);
  });
});

it("refuses an unlock after 10 wrong passwords from one client address in 15 minutes", async () => {
  const fresh = await startTestStore();
  try {
    const freshOwner = await signedIn(fresh, "owner", "owner@sitecart.test", "owner-password", 1);
    await freshOwner.graphql(PAGE_PASSWORD, { input: { path: "/contact", password: "contact pass" } });
    const visitor = await fresh.visitor().arrive();
    for (let i = 0; i < 10; i++) expect((await unlock(visitor, "/contact", `wrong ${i}`)).__typename).toBe("InvalidInputError");
    expect(await unlock(visitor, "/contact", "contact pass")).toEqual({
      __typename: "RateLimitedError",
      message: "Please try again in a few seconds.",
      code: "RATE_LIMITED",
    });
  } finally {
    await fresh.close();
  }
});
