// What a sign-in, sign-out or language change decided, as the cookies both transports set
// (platform-support §3: an HttpOnly session cookie and a readable, signed SiteUserInfo cookie).
import { sessionCookies, sessionCredentials } from "../../server/http/cookies.ts";
import { readSiteUserInfo } from "../../server/services/members/site-user-info.ts";

const TOKEN = "session-token-0123456789abcdef";
const CART = "cart-token-0123456789abcdef";

const names = (cookies: string[]) => cookies.map((cookie) => cookie.slice(0, cookie.indexOf("=")));

it("a remembered sign-in sets the session (HttpOnly) and SiteUserInfo cookies for 30 days, then the cart it hands back", () => {
  const cookies = sessionCookies({ session: { token: TOKEN, siteUserId: "12", rememberMe: true }, cartToken: CART });
  expect(names(cookies)).toEqual(["sc_session", "SiteUserInfo", "sc_cart", "sc_has_cart"]);
  expect(cookies[0]).toBe(`sc_session=${TOKEN}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
  expect(cookies[1]).toMatch(/^SiteUserInfo=[^;]+; Path=\/; Max-Age=2592000; SameSite=Lax$/);
  const info = cookies[1].slice("SiteUserInfo=".length, cookies[1].indexOf(";"));
  expect(readSiteUserInfo(info, TOKEN)).toEqual({ authenticated: true, siteUserId: "12" });
  expect(cookies[2]).toMatch(new RegExp(`^sc_cart=${CART}; .*HttpOnly`));
});

it("a sign-in without rememberMe sets browser-session cookies, and leaves the cart alone when it decided nothing about it", () => {
  const cookies = sessionCookies({ session: { token: TOKEN, siteUserId: "12", rememberMe: false } });
  expect(names(cookies)).toEqual(["sc_session", "SiteUserInfo"]);
  for (const cookie of cookies) expect(cookie).not.toMatch(/Max-Age/);
});

it("a sign-out expires both session cookies, and takes the cart away (null) or leaves a copy (a token)", () => {
  expect(sessionCookies({ session: null })).toEqual([
    "sc_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    "SiteUserInfo=; Path=/; Max-Age=0; SameSite=Lax",
  ]);
  expect(sessionCookies({ session: null, cartToken: null }).slice(2)).toEqual([
    "sc_cart=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    "sc_has_cart=; Path=/; Max-Age=0; SameSite=Lax",
  ]);
  expect(names(sessionCookies({ session: null, cartToken: CART }))).toEqual(["sc_session", "SiteUserInfo", "sc_cart", "sc_has_cart"]);
});

it("a language change sets only the language cookie, for a year", () => {
  expect(sessionCookies({ locale: "fr-FR" })).toEqual(["sc_locale=fr-FR; Path=/; Max-Age=31536000; SameSite=Lax"]);
});

it("a request's credentials are its session cookie's token, the SiteUserInfo beside it and the xsrf header; none without a session cookie", () => {
  expect(sessionCredentials(`crumb=abcdefabcdefabcdef; sc_session=${TOKEN}; SiteUserInfo=x.y`, "xsrf")).toEqual({
    token: TOKEN,
    info: "x.y",
    xsrfToken: "xsrf",
  });
  expect(sessionCredentials(`sc_session=${TOKEN}`, undefined)).toEqual({ token: TOKEN, info: undefined, xsrfToken: null });
  expect(sessionCredentials("SiteUserInfo=x.y", "xsrf")).toBeNull();
  expect(sessionCredentials("sc_session=short", "xsrf")).toBeNull();
});
