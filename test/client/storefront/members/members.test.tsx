// Storefront members and forms anywhere (issue 12), as components: the storefront's session (login
// payload, xsrf token, sign-out with cloneCart and one crumbFail retry), the header's account menu,
// sign-up's rules next to the fields, the access-denied page's join button, template-placed form
// blocks ('Unable to open form'), and the form block's captcha (compact under 320 px, badge while a
// field has focus, captchaKey, reset after a failure, 'Error processing form submission...').
import { act, fireEvent, render, screen } from "@testing-library/react";
import ContactScreenQuery from "../../../../client/__generated__/ContactScreenQuery.graphql.ts";
import { AccountMenu } from "../../../../client/storefront/members/AccountMenu.tsx";
import { LockedPage } from "../../../../client/storefront/members/LockedPage.tsx";
import { PageExtras } from "../../../../client/storefront/PageExtras.tsx";
import { AccessDenied } from "../../../../client/storefront/members/AccessDenied.tsx";
import { isSignedIn, storefrontSession } from "../../../../client/shared/relay/storefront-session.ts";
import ContactScreen from "../../../../client/storefront/forms/ContactScreen.tsx";
import SignUpScreen from "../../../../client/storefront/members/SignUpScreen.tsx";
import { RouterContext } from "../../../../client/shared/router/Router.tsx";
import { preload, renderWithRelay } from "../../support/render.tsx";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  document.cookie = "crumb=crumb-value-1234567890abcd";
  window.localStorage.clear();
});
const answer = (status: number, body: unknown) => ({ status, json: async () => body });

describe("the storefront's session", () => {
  it("signs in with the spec's login payload and keeps the token under the storefront's own key", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { xsrfToken: "shop-token" }));
    expect(await storefrontSession.signIn({ email: "member@sitecart.test", password: "member-password", rememberMe: false })).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0];
    expect([path, init.method, JSON.parse(init.body)]).toEqual([
      "/api/site-users/account/session",
      "POST",
      { email: "member@sitecart.test", password: "member-password", rememberMe: false },
    ]);
    expect(window.localStorage.getItem("sitecart.storefront.xsrfToken")).toBe("shop-token");
    expect(window.localStorage.getItem("sitecart.admin.xsrfToken")).toBeNull();
  });

  it("signs out with cloneCart when asked, retrying once after a crumb failure, and forgets the token", async () => {
    storefrontSession.keepXsrfToken("shop-token");
    fetchMock.mockResolvedValue(answer(403, { crumbFail: true }));
    await storefrontSession.signOut({ cloneCart: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [path, init] = fetchMock.mock.calls[1];
    expect([path, init.method, init.headers["x-siteuser-xsrf-token"]]).toEqual(["/api/site-users/account/session?cloneCart=true", "DELETE", "shop-token"]);
    expect(storefrontSession.storedXsrfToken()).toBeNull();
  });

  it("signs out without cloneCart by default", async () => {
    fetchMock.mockResolvedValue(answer(200, { signedOut: true }));
    await storefrontSession.signOut();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/site-users/account/session");
  });

  it("counts as signed in only with the SiteUserInfo cookie and the token together", () => {
    expect(isSignedIn("SiteUserInfo=abc.def")).toBe(false);
    storefrontSession.keepXsrfToken("shop-token");
    expect(isSignedIn("crumb=x")).toBe(false);
    expect(isSignedIn("crumb=x; SiteUserInfo=abc.def")).toBe(true);
  });
});

const withRouter = (ui: React.ReactElement, location = "/shop/p/linen-shirt") =>
  render(<RouterContext.Provider value={{ navigate: jest.fn(), location }}>{ui}</RouterContext.Provider>);

describe("the header's account menu", () => {
  it("offers 'Sign in' to visitors, coming back to the page they are on", () => {
    withRouter(<AccountMenu signedIn={false} />);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/account/sign-in?returnTo=%2Fshop%2Fp%2Flinen-shirt");
  });

  it("offers 'Account' and 'Sign out' to members", () => {
    withRouter(<AccountMenu signedIn />);
    expect(screen.getByRole("link", { name: "Account" }).getAttribute("href")).toBe("/account");
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });
});

describe("member sign-up", () => {
  it("shows the rules' messages next to their fields and sends nothing", async () => {
    renderWithRelay(<SignUpScreen queryRef={null} match={{ params: {}, search: new URLSearchParams() }} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "short" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Sign up" })));
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBe("sign-up-email-error");
    expect(document.getElementById("sign-up-email-error")?.textContent).toBe("Please enter a valid email address.");
    expect(document.getElementById("sign-up-password-error")?.textContent).toBe("Your password must be at least 8 characters long.");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });

  it("sends the email and password, and shows the server's refusal above the form", async () => {
    const { environment } = renderWithRelay(<SignUpScreen queryRef={null} match={{ params: {}, search: new URLSearchParams("returnTo=/account") }} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "member@sitecart.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long password" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Sign up" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { email: "member@sitecart.test", password: "a long password" } });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          signUp: {
            __typename: "InvalidInputError",
            __isError: "InvalidInputError",
            message: "An account with this email already exists. Sign in, or reset your password.",
          },
        },
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe("An account with this email already exists. Sign in, or reset your password.");
  });
});

describe("members-only pages", () => {
  it("the access-denied page's join button leads to sign-up and back to the page", () => {
    withRouter(<AccessDenied path="/members/club" />);
    expect(screen.getByRole("heading", { name: "Members only" })).toBeTruthy();
    expect(screen.getByText("This page is for members. Join, or sign in if you already are one.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Join" }).getAttribute("href")).toBe("/account/sign-up?returnTo=%2Fmembers%2Fclub");
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/account/sign-in?returnTo=%2Fmembers%2Fclub");
  });

  async function renderPage(storefrontPage: Record<string, unknown>) {
    const environment = createMockEnvironment();
    renderWithRelay(
      <PageExtras>
        <p>The screen</p>
      </PageExtras>,
      environment,
    );
    await act(async () =>
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, { StorefrontPage: () => storefrontPage, Form: () => ({ key: "newsletter", name: "Newsletter", fields: [] }) }),
      ),
    );
  }

  it("shows the access-denied page instead of the screen when the page says so", async () => {
    await renderPage({ path: "/shop/p/recipe-ebook", accessDenied: true, formKeys: [], forms: [] });
    expect(screen.queryByText("The screen")).toBeNull();
    expect(screen.getByRole("link", { name: "Join" }).getAttribute("href")).toBe("/account/sign-up?returnTo=%2Fshop%2Fp%2Frecipe-ebook");
  });

  it("shows the screen, then the forms the templates place, and 'Unable to open form' for a key no form has", async () => {
    await renderPage({ path: "/", accessDenied: false, formKeys: ["newsletter", "gone"], forms: [{ key: "newsletter", name: "Newsletter", fields: [] }] });
    expect(screen.getByText("The screen")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Newsletter" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Unable to open form");
  });
});

describe("locked and password-protected pages", () => {
  it("the lock screen asks for the site's password, shows a refusal next to the field, and reloads unlocked", async () => {
    const onUnlocked = jest.fn();
    const { environment } = renderWithRelay(<LockedPage kind="LOCK_SCREEN" path="/shop" onUnlocked={onUnlocked} />);
    expect(screen.getByRole("heading", { name: "This site is private" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Enter" })));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { path: "/shop", password: "wrong" } });
    await act(async () =>
      environment.mock.resolveMostRecentOperation({
        data: { unlockPage: { __typename: "InvalidInputError", __isError: "InvalidInputError", message: "That password is not correct." } },
      } as never),
    );
    expect(document.getElementById("locked-password-error")?.textContent).toBe("That password is not correct.");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Enter" })));
    await act(async () => environment.mock.resolveMostRecentOperation({ data: { unlockPage: { __typename: "UnlockPageSuccess" } } } as never));
    expect(onUnlocked).toHaveBeenCalled();
  });

  it("a protected page says so", () => {
    renderWithRelay(<LockedPage kind="PROTECTED_CONTENT" path="/club" />);
    expect(screen.getByRole("heading", { name: "This page is protected" })).toBeTruthy();
    expect(screen.getByText("Enter the page's password to see it.")).toBeTruthy();
  });
});

describe("the form block's captcha", () => {
  const emailField = {
    fieldId: "email",
    type: "email",
    title: "Email",
    description: null,
    placeholder: null,
    required: true,
    maxLength: null,
    options: [],
    questions: [],
    key: null,
    value: null,
  };
  const form = {
    formId: 5,
    name: "Contact",
    kind: "FORM",
    submissionMessage: "Thanks! We'll be in touch.",
    successRedirect: null,
    postSubmitHtml: null,
    disclaimer: null,
    captchaRequired: true,
    captchaSiteKey: "site-key",
    fields: [emailField],
  };
  let widget: { callback(token: string): void; size: string } | null;
  const reset = jest.fn();
  let width = 600;
  beforeEach(() => {
    widget = null;
    reset.mockReset();
    width = 600;
    window.grecaptcha = {
      render: jest.fn((container: HTMLElement, options: { callback(token: string): void; size: string }) => {
        widget = options;
        return 7;
      }),
      reset,
    };
    jest.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(() => width);
  });
  afterEach(() => {
    delete window.grecaptcha;
    jest.restoreAllMocks();
  });

  async function renderForm(overrides: Record<string, unknown> = {}) {
    const { environment, queryRef } = preload(ContactScreenQuery, {}, { Form: () => ({ ...form, ...overrides }), Query: () => ({ newsletter: null }) });
    renderWithRelay(<ContactScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, environment);
    await act(async () => {});
  }
  const submit = async () => act(async () => void fireEvent.click(screen.getByRole("button", { name: "Submit" })));

  it("renders the captcha normal size in a wide container and compact under 320 px", async () => {
    await renderForm();
    expect(widget?.size).toBe("normal");
  });

  it("is compact in a container narrower than 320 px", async () => {
    width = 300;
    await renderForm();
    expect(widget?.size).toBe("compact");
  });

  it("renders no captcha when the form asks for none", async () => {
    await renderForm({ captchaRequired: false });
    expect(window.grecaptcha!.render).not.toHaveBeenCalled();
    expect(document.querySelector(".captcha-badge")).toBeNull();
  });

  it("shows the badge only while a field has focus", async () => {
    await renderForm();
    const badge = document.querySelector(".captcha-badge")!;
    expect(badge.className).not.toContain("visible");
    fireEvent.focus(screen.getByRole("textbox", { name: "Email" }));
    expect(badge.className).toContain("visible");
    fireEvent.blur(screen.getByRole("textbox", { name: "Email" }));
    expect(badge.className).not.toContain("visible");
  });

  it("asks to complete the captcha first, then sends its token as captchaKey", async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, { data: { key: "key-1" } }))
      .mockResolvedValueOnce(answer(200, { success: true, submissionMessage: "Thanks!" }));
    await renderForm();
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ada@example.com" } });
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Complete CAPTCHA before submitting.");
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => widget!.callback("pass-token-1"));
    await submit();
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toMatchObject({ key: "key-1", captchaKey: "pass-token-1" });
    expect(screen.getByRole("status").textContent).toContain("Thanks!");
  });

  it("resets the captcha after a failed submission, with the server's message", async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, { data: { key: "key-1" } }))
      .mockResolvedValueOnce(answer(400, { error: "reCAPTCHA failed. Refresh this page and try again." }));
    await renderForm();
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ada@example.com" } });
    await act(async () => widget!.callback("fail-token"));
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("reCAPTCHA failed. Refresh this page and try again.");
    expect(reset).toHaveBeenCalledWith(7);
    // The spent token is gone: the next try asks for the captcha again.
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Complete CAPTCHA before submitting.");
  });

  it("says 'Error processing form submission. Please reload and try again.' when a 200 answer cannot be read", async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, { data: { key: "key-1" } }))
      .mockResolvedValueOnce({ status: 200, json: async () => Promise.reject(new SyntaxError("bad")) });
    await renderForm({ captchaRequired: false });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ada@example.com" } });
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Error processing form submission. Please reload and try again.");
  });
});
