// Storefront members over GraphQL (issue 12): sign-up, password reset by email, the member's orders
// (linked at checkout), members-only pages (access denied, 106), the page's form blocks, and the
// newsletter unsubscribe page's calls.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addToCart, checkoutDocument } from "../support/graphql.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

const PAYLOAD = `__typename ... on Error { message code }`;
const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { ${PAYLOAD} ... on SignUpSuccess { xsrfToken viewer { signedIn email role } } } }`;
const REQUEST_RESET = `mutation RequestReset($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { ${PAYLOAD} ... on RequestPasswordResetSuccess { requested } } }`;
const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { ${PAYLOAD} ... on ResetPasswordSuccess { reset } } }`;
const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${PAYLOAD} ... on SignInSuccess { xsrfToken } } }`;
const MY_ORDERS = `{ viewer { signedIn orders { state subscription order { orderId orderNumber grandTotal { value } } } } }`;
const MY_ORDER = `query MyOrder($orderId: String!) { viewer { order(orderId: $orderId) { state order { orderId } } } }`;
const PAGE = `query Page($path: String!) { storefrontPage(path: $path) { path pageType status accessDenied formKeys forms { key name } } }`;

const signUp = async (visitor: TestVisitor, email: string, password: string) => (await run(visitor, SIGN_UP, { input: { email, password } })).signUp;
const resetLinkOf = async (email: string) => {
  const emails = await store.db.outboxEmail.findMany({ where: { toEmail: email, kind: "PASSWORD_RESET" }, orderBy: { createdAt: "asc" } });
  return emails.map((row) => /\/account\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(row.textBody)?.[1]);
};

describe("signUp", () => {
  it("makes a site member with a bcrypt hash and signs them in", async () => {
    const visitor = await store.visitor().arrive();
    const answer = await signUp(visitor, "New.Member@Example.com", "a long password");
    expect(answer).toEqual({
      __typename: "SignUpSuccess",
      xsrfToken: expect.any(String),
      viewer: { signedIn: true, email: "new.member@example.com", role: null },
    });
    const account = await store.db.account.findFirstOrThrow({ where: { email: "new.member@example.com" } });
    expect(account.role).toBeNull();
    expect(account.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    const caller = new Caller("new", visitor, answer.xsrfToken, null);
    expect((await caller.graphql("{ viewer { signedIn email } }")).data.viewer).toEqual({ signedIn: true, email: "new.member@example.com" });
  });

  it.each([
    ["an address already taken", "member@sitecart.test", "a long password", "An account with this email already exists. Sign in, or reset your password."],
    ["a short password", "short@example.com", "seven77", "Your password must be at least 8 characters long."],
    ["a password over 72 bytes", "long@example.com", "é".repeat(37), "Your password is too long."],
    ["an invalid email", "not-an-email", "a long password", "Please enter a valid email address."],
  ])("refuses %s", async (_case, email, password, message) => {
    const visitor = await store.visitor().arrive();
    expect(await signUp(visitor, email, password)).toEqual({ __typename: "InvalidInputError", message, code: "INVALID_INPUT" });
  });
});

describe("password reset by email", () => {
  it("answers the same for an address with an account and one without, and emails only the account", async () => {
    const visitor = await store.visitor().arrive();
    const known = (await run(visitor, REQUEST_RESET, { input: { email: "member@sitecart.test" } })).requestPasswordReset;
    const unknown = (await run(visitor, REQUEST_RESET, { input: { email: "nobody@example.com" } })).requestPasswordReset;
    expect(known).toEqual({ __typename: "RequestPasswordResetSuccess", requested: true });
    expect(unknown).toEqual(known);
    expect(await store.db.outboxEmail.count({ where: { toEmail: "nobody@example.com" } })).toBe(0);
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "member@sitecart.test", kind: "PASSWORD_RESET" } });
    expect(email.subject).toBe("Set a new password");
    expect(email.textBody).toMatch(/http:\/\/localhost:4000\/account\/reset-password\?token=[A-Za-z0-9_-]{32}/);
  });

  it("sets the new password once with the link, ends the account's sessions, and refuses the link a second time", async () => {
    const email = "resetter@example.com";
    const owner = await store.visitor().arrive();
    const signedUp = await signUp(owner, email, "first password");
    const session = new Caller("resetter", owner, signedUp.xsrfToken, null);
    await run(await store.visitor().arrive(), REQUEST_RESET, { input: { email } });
    const [token] = await resetLinkOf(email);
    const visitor = await store.visitor().arrive();
    expect((await run(visitor, RESET, { input: { token, password: "second password" } })).resetPassword).toEqual({
      __typename: "ResetPasswordSuccess",
      reset: true,
    });
    expect((await session.graphql("{ viewer { signedIn } }")).data.viewer.signedIn).toBe(false);
    const signIn = async (password: string) => (await run(await store.visitor().arrive(), SIGN_IN, { input: { email, password } })).signIn.__typename;
    expect(await signIn("first password")).toBe("SignInFailedError");
    expect(await signIn("second password")).toBe("SignInSuccess");
    expect((await run(visitor, RESET, { input: { token, password: "third password" } })).resetPassword).toEqual({
      __typename: "NotFoundError",
      message: "This link to set a new password has expired or was already used. Please ask for a new one.",
      code: "NOT_FOUND",
    });
  });

  it("refuses an expired link", async () => {
    const email = "late@example.com";
    await signUp(await store.visitor().arrive(), email, "first password");
    await run(await store.visitor().arrive(), REQUEST_RESET, { input: { email } });
    const [token] = await resetLinkOf(email);
    await store.db.passwordReset.updateMany({ where: { account: { email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = (await run(await store.visitor().arrive(), RESET, { input: { token, password: "second password" } })).resetPassword;
    expect(answer.__typename).toBe("NotFoundError");
  });

  it("refuses a short new password", async () => {
    const answer = (await run(await store.visitor().arrive(), RESET, { input: { token: "x".repeat(32), password: "short" } })).resetPassword;
    expect(answer).toEqual({ __typename: "InvalidInputError", message: "Your password must be at least 8 characters long.", code: "INVALID_INPUT" });
  });

  it("limits requests per client address (5 per 15 minutes) whatever the address asked for", async () => {
    const fresh = await startTestStore();
    try {
      const visitor = await fresh.visitor().arrive();
      for (let i = 0; i < 5; i++)
        expect((await run(visitor, REQUEST_RESET, { input: { email: `x${i}@example.com` } })).requestPasswordReset.__typename).toBe(
          "RequestPasswordResetSuccess",
        );
      expect((await run(visitor, REQUEST_RESET, { input: { email: "member@sitecart.test" } })).requestPasswordReset).toEqual({
        __typename: "RateLimitedError",
        message: "Please try again in a few seconds.",
        code: "RATE_LIMITED",
      });
    } finally {
      await fresh.close();
    }
  });

  it("sends at most 3 emails per account an hour, answering the same", async () => {
    // A store of its own: every test visitor shares one client address, whose budget is 5 requests.
    const fresh = await startTestStore();
    try {
      const email = "member@sitecart.test";
      for (let i = 0; i < 4; i++) {
        const visitor = await fresh.visitor().arrive();
        expect((await run(visitor, REQUEST_RESET, { input: { email } })).requestPasswordReset.__typename).toBe("RequestPasswordResetSuccess");
      }
      expect(await fresh.db.outboxEmail.count({ where: { toEmail: email, kind: "PASSWORD_RESET" } })).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});

describe("the member's orders", () => {
  const ORDER = checkoutDocument("orderId");
  async function buy(caller: Caller | TestVisitor, email: string) {
    const visitor = caller instanceof Caller ? caller.visitor : caller;
    const itemId = String(await store.itemId("recipe-ebook"));
    const headers = caller instanceof Caller && caller.xsrfToken ? { "x-siteuser-xsrf-token": caller.xsrfToken } : undefined;
    await addToCart(visitor, { itemId });
    return (await run(visitor, ORDER, { input: { email } }, headers)).checkout.order.orderId as string;
  }

  it("links a signed-in member's checkout to their account and lists it; a guest's order is not theirs", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const orderId = await buy(member, "member@sitecart.test");
    const guestOrder = await buy(await store.visitor().arrive(), "member@sitecart.test");
    expect((await store.db.order.findUniqueOrThrow({ where: { id: orderId } })).accountId).not.toBeNull();
    expect((await store.db.order.findUniqueOrThrow({ where: { id: guestOrder } })).accountId).toBeNull();
    const { viewer } = (await member.graphql(MY_ORDERS)).data;
    expect(viewer.orders.map((row: any) => row.order.orderId)).toEqual([orderId]);
    expect(viewer.orders[0]).toMatchObject({ state: "PLACED", subscription: false, order: { grandTotal: { value: 900 } } });
    expect((await member.graphql(MY_ORDER, { orderId })).data.viewer.order).toEqual({ state: "PLACED", order: { orderId } });
    expect((await member.graphql(MY_ORDER, { orderId: guestOrder })).data.viewer.order).toBeNull();
  });

  it("shows nothing without the xsrf header (anonymous)", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const anonymous = new Caller("no header", member.visitor, null, null);
    expect((await anonymous.graphql(MY_ORDERS)).data.viewer).toEqual({ signedIn: false, orders: [] });
  });
});

describe("members-only pages", () => {
  beforeAll(async () => {
    await store.db.navigation.create({
      data: {
        websiteId: DEMO_WEBSITE_ID,
        fieldName: "_memberareas",
        items: JSON.stringify([
          {
            title: "Members",
            collectionId: null,
            externalLink: null,
            memberAreaId: "club",
            items: [{ title: "Ebook", collectionId: null, externalLink: "/shop/p/recipe-ebook", memberAreaId: null, items: [] }],
          },
        ]),
        position: 3,
      },
    });
  });

  it("gives a visitor the access-denied page (106, status 403) with a join button to sign-up", async () => {
    const visitor = await store.visitor().arrive();
    const page = await visitor.request("GET", "/shop/p/recipe-ebook");
    expect(page.status).toBe(403);
    expect(page.body).toContain('href="/account/sign-up?returnTo=%2Fshop%2Fp%2Frecipe-ebook">Join</a>');
    expect(page.body).not.toContain("Recipe");
    const json = await visitor.request("GET", "/shop/p/recipe-ebook?format=json");
    expect(json.body.pageType).toBe(106);
    expect((await run(visitor, PAGE, { path: "/shop/p/recipe-ebook" })).storefrontPage).toMatchObject({ pageType: 106, status: 403, accessDenied: true });
  });

  it("shows the page to a signed-in member (the document by its cookies, GraphQL with the xsrf header)", async () => {
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    expect((await member.visitor.request("GET", "/shop/p/recipe-ebook")).status).toBe(200);
    expect((await member.graphql(PAGE, { path: "/shop/p/recipe-ebook" })).data.storefrontPage).toMatchObject({ pageType: 50, accessDenied: false });
  });

  it("leaves other pages and the account pages open", async () => {
    const visitor = await store.visitor().arrive();
    expect((await visitor.request("GET", "/shop/p/ceramic-mug")).status).toBe(200);
    const signUpPage = await visitor.request("GET", "/account/sign-up?format=json");
    expect(signUpPage.status).toBe(200);
  });
});

describe("page types of the new pages", () => {
  it.each([
    ["/account/orders/abc", 211],
    ["/newsletter/unsubscribe?token=x", 300],
    ["/account", 2],
    ["/account/sign-in", 2],
  ])("%s is page type %i", async (path, pageType) => {
    const page = await store.visitor().request("GET", `${path}${path.includes("?") ? "&" : "?"}format=json`);
    expect(page.status).toBe(200);
    expect(page.body.pageType).toBe(pageType);
  });
});

describe("form blocks placed by the templates", () => {
  it("lists the forms a page's templates place with form-block, in page order", async () => {
    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const source = `<p>Search</p>{@|form-block newsletter}{@|form-block contact}{@|form-block no-such-form}`;
    const saved = await owner.graphql(`mutation Save($input: SaveTemplateInput!) { saveTemplate(input: $input) { __typename } }`, {
      input: { name: "search", source },
    });
    expect(saved.errors).toBeUndefined();
    const visitor = await store.visitor().arrive();
    const page = (await run(visitor, PAGE, { path: "/search?q=mug" })).storefrontPage;
    expect(page).toMatchObject({ pageType: 102, formKeys: ["newsletter", "contact", "no-such-form"] });
    expect(page.forms.map((form: any) => form.key)).toEqual(["newsletter", "contact"]);
    const html = (await visitor.request("GET", "/search")).body as string;
    expect(html).toContain('<div class="sc-form-block" data-sitecart-form="contact"><noscript>');
    expect((await run(visitor, PAGE, { path: "/" })).storefrontPage.formKeys).toEqual([]);
  });

  it("answers null for a path that is not this site's", async () => {
    expect((await run(store.visitor(), PAGE, { path: "//evil.example/x" })).storefrontPage).toBeNull();
    expect((await run(store.visitor(), PAGE, { path: "https://evil.example/" })).storefrontPage).toBeNull();
  });
});

describe("newsletter unsubscribe (page type 300)", () => {
  const TARGET = `query Target($token: String!) { newsletterUnsubscribe(token: $token) { email mailingList unsubscribed } }`;
  const UNSUBSCRIBE = `mutation Unsubscribe($input: UnsubscribeNewsletterInput!) { unsubscribeNewsletter(input: $input) { ${PAYLOAD} ... on UnsubscribeNewsletterSuccess { email mailingList } } }`;

  it("links every newsletter email to the unsubscribe page, which takes the address off the list", async () => {
    const list = await store.db.mailingList.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID } });
    await store.db.$transaction((tx) => store.app.services.newsletter.subscribe(tx, { mailingListId: list.id, email: "leaver@example.com", source: "FORM" }));
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "leaver@example.com" } });
    const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(email.textBody)?.[1];
    expect(email.textBody).toContain(`To stop getting these emails, unsubscribe: http://localhost:4000/newsletter/unsubscribe?token=${token}`);
    const visitor = await store.visitor().arrive();
    expect((await run(visitor, TARGET, { token })).newsletterUnsubscribe).toEqual({ email: "leaver@example.com", mailingList: list.name, unsubscribed: false });
    expect((await run(visitor, UNSUBSCRIBE, { input: { token } })).unsubscribeNewsletter).toEqual({
      __typename: "UnsubscribeNewsletterSuccess",
      email: "leaver@example.com",
      mailingList: list.name,
    });
    expect((await store.db.mailingListSignUp.findFirstOrThrow({ where: { email: "leaver@example.com" } })).status).toBe("UNSUBSCRIBED");
    expect((await run(visitor, TARGET, { token })).newsletterUnsubscribe.unsubscribed).toBe(true);
  });

  it("refuses an unknown token with 'This unsubscribe link is not valid.'", async () => {
    const visitor = await store.visitor().arrive();
    expect((await run(visitor, TARGET, { token: "y".repeat(32) })).newsletterUnsubscribe).toBeNull();
    expect((await run(visitor, UNSUBSCRIBE, { input: { token: "y".repeat(32) } })).unsubscribeNewsletter).toEqual({
      __typename: "NotFoundError",
      message: "This unsubscribe link is not valid.",
      code: "NOT_FOUND",
    });
  });
});
