// The session service decides; the transports set cookies (server/http/cookies.ts). Its answers say
// what it decided: the session begun (token, rememberMe) or ended, the cart the browser keeps, the
// language (platform-support §3, §7).
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { SessionService } from "../../../server/services/members/sessions.ts";
import { signSiteUserInfo } from "../../../server/services/members/site-user-info.ts";
import { newId, newSecret } from "../../../server/services/support/ids.ts";
import { createTestDb } from "../../support/db.ts";

let db: Db;
let close: () => Promise<void>;
let sessions: SessionService;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  sessions = new SessionService(db, DEMO_WEBSITE_ID);
});
afterAll(() => close());

const member = { email: "member@sitecart.test", password: "member-password" };
const anonymous = { cartToken: null, crumb: null };

async function openCart(): Promise<string> {
  const token = newSecret();
  await db.cart.create({ data: { id: newId(), token, websiteId: DEMO_WEBSITE_ID, currency: "USD" } });
  return token;
}

it("a sign-in returns the new session (its token, the account, rememberMe) and no cart when it has none to hand back", async () => {
  const result = await sessions.signIn(anonymous, { ...member, rememberMe: true });
  expect(result.session).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), siteUserId: String(result.viewer.accountId), rememberMe: true });
  expect(result).not.toHaveProperty("cartToken");
  expect("cookies" in result).toBe(false);
});

it("a sign-in with no cart in hand hands back the open cart the account kept", async () => {
  const kept = await openCart();
  const first = await sessions.signIn({ cartToken: kept, crumb: null }, member);
  expect(first).not.toHaveProperty("cartToken"); // the visitor holds it already
  const again = await sessions.signIn(anonymous, member);
  expect(again.cartToken).toBe(kept);
});

it("the viewer is signed in only with the session token, a SiteUserInfo signed for it and the xsrf token", async () => {
  const { session, xsrfToken, viewer } = await sessions.signIn(anonymous, member);
  const info = signSiteUserInfo({ authenticated: true, siteUserId: session.siteUserId }, session.token);
  expect(await sessions.viewer({ token: session.token, info, xsrfToken })).toEqual(viewer);
  expect(await sessions.viewer({ token: session.token, info, xsrfToken: null })).toEqual({ signedIn: false });
  expect(await sessions.viewer({ token: session.token, info: undefined, xsrfToken })).toEqual({ signedIn: false });
  expect(await sessions.viewer(null)).toEqual({ signedIn: false });
});

it("a sign-out ends the session and takes the cart in hand away (null), or leaves a copy with cloneCart (a new token)", async () => {
  const cart = await openCart();
  const visitor = { cartToken: cart, crumb: null };
  const taken = await sessions.signOut((await sessions.signIn(visitor, member)).session.token, visitor, false);
  expect(taken).toEqual({ session: null, cartToken: null, signedOut: true });

  await db.cartEntry.create({
    data: {
      id: newId(),
      cartId: (await db.cart.findFirstOrThrow({ where: { token: cart } })).id,
      productId: (await db.product.findFirstOrThrow()).id,
      quantity: 1,
      position: 0,
    },
  });
  const copied = await sessions.signOut((await sessions.signIn(visitor, member)).session.token, visitor, true);
  expect(copied).toEqual({ session: null, cartToken: expect.any(String), signedOut: true });
  expect(copied.cartToken).not.toBe(cart);
});

it("a sign-out without a session ends nothing and leaves the cart alone", async () => {
  expect(await sessions.signOut(null, { cartToken: await openCart(), crumb: null }, false)).toEqual({ session: null, signedOut: false });
});

it("a language change returns the language to keep", async () => {
  expect(await sessions.setLocale({ signedIn: false }, "fr-fr")).toEqual({ locale: "fr-FR", language: "fr-FR" });
});
