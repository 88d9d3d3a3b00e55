// The admin's shell (issue 9): who sees what (sign-in, no access, the role's screens), the sign-in
// and sign-out calls of the spec (login payload, xsrf token, logout's one crumbFail retry), and the
// confirm dialog's semantics (true on confirm, false on cancel, cancel allowed, closes itself).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { AdminGate } from "../../../client/admin/AdminApp.tsx";
import { ConfirmProvider, useConfirm, type ConfirmOptions } from "../../../client/shared/ui/ConfirmDialog.tsx";
import { gateRoutes, visibleNavigation } from "../../../client/admin/routes.ts";
import type { AdminRoute } from "../../../client/shared/admin/section.ts";
import { signIn, signOut, storedXsrfToken } from "../../../client/shared/admin/session.ts";
import { renderWithRelay } from "../support/render.tsx";

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  document.cookie = "crumb=crumb-value-1234567890abcd";
  window.localStorage.clear();
});
const answer = (status: number, body: unknown) => ({ status, json: async () => body });

describe("who sees what", () => {
  async function gate(viewer: Record<string, unknown>) {
    const environment = createMockEnvironment();
    const utils = renderWithRelay(<AdminGate onSignedIn={jest.fn()} onSignOut={jest.fn(async () => {})} />, environment);
    await act(async () => environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, { Viewer: () => viewer })));
    return utils;
  }

  it("asks an anonymous visitor to sign in", async () => {
    await gate({ signedIn: false, email: null, roleName: null, permissions: [] });
    expect(screen.getByRole("heading", { name: "Sign in to manage your store" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
  });

  it("shows a site member the no-access page, never the admin", async () => {
    await gate({ signedIn: true, email: "member@sitecart.test", roleName: null, permissions: [] });
    expect(screen.getByRole("heading", { name: "No access" })).toBeTruthy();
    expect(screen.getByText("This area is for the site's owners and contributors. Your account can't open it.")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows an owner the admin with their account and a sign-out button", async () => {
    await gate({ signedIn: true, email: "owner@sitecart.test", roleName: "admin", permissions: ["products.read", "site.settings"] });
    expect(screen.getByRole("navigation", { name: "Admin" })).toBeTruthy();
    expect(screen.getByText("owner@sitecart.test · admin")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  const Screen = () => <p>screen</p>;
  const routes: AdminRoute[] = [
    { path: "/config/products", screen: Screen, permission: "products.read" },
    { path: "/config/settings/outbox", screen: Screen, permission: "site.settings" },
    { path: "/config", screen: Screen },
  ];

  it("turns a screen the role may not open into the no-access screen, which loads no query", () => {
    const gated = gateRoutes(routes, ["products.read"]);
    expect(gated[0]).toBe(routes[0]);
    expect(gated[2]).toBe(routes[2]);
    expect(gated[1].screen).not.toBe(Screen);
    expect(gated[1].query).toBeUndefined();
    expect(gated[1].path).toBe("/config/settings/outbox");
  });

  it("hides the navigation entries the role may not open", () => {
    const nav = [
      { label: "Home", href: "/config" },
      { label: "Products", href: "/config/products", permission: "products.read" as const },
      { label: "Email outbox", href: "/config/settings/outbox", permission: "site.settings" as const },
    ];
    expect(visibleNavigation(nav, ["products.read"]).map((item) => item.label)).toEqual(["Home", "Products"]);
    expect(visibleNavigation(nav, []).map((item) => item.label)).toEqual(["Home"]);
  });
});

describe("sign-in and sign-out", () => {
  it("posts the spec's login payload with the crumb and keeps the answer's xsrf token", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { xsrfToken: "token-1", siteUserId: "1" }));
    const result = await signIn({ email: "owner@sitecart.test", password: "owner-password", rememberMe: true });
    expect(result).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/site-users/account/session");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body)).toEqual({ email: "owner@sitecart.test", password: "owner-password", rememberMe: true });
    expect(init.headers["x-csrf-token"]).toBe("crumb-value-1234567890abcd");
    expect(storedXsrfToken()).toBe("token-1");
  });

  it("shows the server's message when the sign-in is refused, and keeps no token", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: "Your email or password is incorrect.", code: "SIGN_IN_FAILED" }));
    expect(await signIn({ email: "owner@sitecart.test", password: "wrong", rememberMe: false })).toEqual({
      ok: false,
      message: "Your email or password is incorrect.",
    });
    expect(storedXsrfToken()).toBeNull();
  });

  it("says 'Please try again in a few seconds.' when sign-ins are rate limited", async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { error: "Too many" }));
    expect(await signIn({ email: "a@b.co", password: "x", rememberMe: false })).toEqual({ ok: false, message: "Please try again in a few seconds." });
  });

  it("signs out with the xsrf token, retries once after a crumb failure, and forgets the token", async () => {
    window.localStorage.setItem("sitecart.admin.xsrfToken", "token-2");
    fetchMock.mockResolvedValueOnce(answer(403, { crumbFail: true, error: "Your session has expired." }));
    fetchMock.mockResolvedValueOnce(answer(403, { crumbFail: true, error: "Your session has expired." }));
    await signOut();
    expect(fetchMock).toHaveBeenCalledTimes(2); // one retry, not more
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/site-users/account/session");
    expect(init.method).toBe("DELETE");
    expect(init.headers["x-siteuser-xsrf-token"]).toBe("token-2");
    expect(storedXsrfToken()).toBeNull();
  });

  it("does not retry a sign-out that worked", async () => {
    window.localStorage.setItem("sitecart.admin.xsrfToken", "token-3");
    fetchMock.mockResolvedValueOnce(answer(200, { signedOut: true }));
    await signOut();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("the sign-in form shows the refusal above the form and returns focus to the email field", async () => {
    const environment = createMockEnvironment();
    renderWithRelay(<AdminGate onSignedIn={jest.fn()} onSignOut={jest.fn(async () => {})} />, environment);
    await act(async () =>
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, { Viewer: () => ({ signedIn: false, email: null, roleName: null, permissions: [] }) }),
      ),
    );
    fetchMock.mockResolvedValueOnce(answer(401, { error: "Your email or password is incorrect." }));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "owner@sitecart.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "nope" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByRole("alert").textContent).toBe("Your email or password is incorrect.");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });
});

describe("the confirm dialog", () => {
  function Harness({ options }: { options: ConfirmOptions }) {
    const confirm = useConfirm();
    const [answerText, setAnswer] = useState("none");
    return (
      <>
        <button type="button" onClick={() => confirm(options).then((value) => setAnswer(String(value)))}>
          Delete
        </button>
        <output>{answerText}</output>
      </>
    );
  }
  const open = async (options: ConfirmOptions = { title: "Delete this product?", danger: true, confirmLabel: "Delete product" }) => {
    render(
      <ConfirmProvider>
        <Harness options={options} />
      </ConfirmProvider>,
    );
    const opener = screen.getByRole("button", { name: "Delete" });
    opener.focus();
    await act(async () => void fireEvent.click(opener));
    return opener;
  };

  it("resolves true on confirm and closes itself", async () => {
    await open();
    expect(screen.getByRole("dialog", { name: "Delete this product?" })).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete product" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector("output")!.textContent).toBe("true");
  });

  it("resolves false on cancel, and on Escape, and gives focus back to the button that opened it", async () => {
    const opener = await open();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(document.querySelector("output")!.textContent).toBe("false");
    expect(document.activeElement).toBe(opener);
    await act(async () => void fireEvent.click(opener));
    await act(async () => void fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector("output")!.textContent).toBe("false");
  });

  it("moves focus into the dialog (Cancel first for a destructive action) and keeps Tab inside it", async () => {
    await open();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const confirm = screen.getByRole("button", { name: "Delete product" });
    expect(document.activeElement).toBe(cancel);
    confirm.focus();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Tab" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it("without cancel allowed offers only the confirm button and ignores Escape", async () => {
    await open({ title: "Order refunded", allowCancel: false, confirmLabel: "OK" });
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("with auto-close off stays open while the action runs, shows its failure, and closes after it succeeds", async () => {
    const action = jest.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(undefined);
    await open({ title: "Delete this form?", danger: true, confirmLabel: "Delete form", autoClose: false, action });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete form" })));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Please check your internet connection.");
    expect(document.querySelector("output")!.textContent).toBe("none");
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete form" })));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.querySelector("output")!.textContent).toBe("true");
    expect(action).toHaveBeenCalledTimes(2);
  });
});
