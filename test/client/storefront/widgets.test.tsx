// The restock widget (spec §4, §5), the captcha rule, the installment badge and popup (spec §5, §9),
// and the form block (spec §4 Form, §5 Forms, §8).
import { act, fireEvent, render, screen } from "@testing-library/react";
import ContactScreenQuery from "../../../client/__generated__/ContactScreenQuery.graphql.ts";
import { InstallmentBadge } from "../../../client/storefront/catalog/InstallmentBadge.tsx";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { RestockWidget } from "../../../client/storefront/catalog/RestockWidget.tsx";
import ContactScreen from "../../../client/storefront/forms/ContactScreen.tsx";
import { preload, renderWithRelay } from "../support/render.tsx";

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  document.cookie = "crumb=crumb-value-1234567890abcd";
});
const answer = (status: number, body: unknown) => ({ status, json: async () => body });

describe("restock widget", () => {
  const widget = (overrides: Partial<Parameters<typeof RestockWidget>[0]> = {}) =>
    render(
      <RestockWidget
        productId="3"
        variantId={7}
        texts={{ CTAText: "Tell me when it is back", buttonText: "Notify Me" }}
        mailingListSignUpEnabled
        mailingListOptInByDefault={false}
        captchaSiteKey={null}
        {...overrides}
      />,
    );
  const submit = async () => {
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Notify Me" })));
  };

  it("says 'Email cannot be blank' and 'Email is invalid' before sending anything", async () => {
    widget();
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Email cannot be blank");
    fireEvent.change(screen.getByPlaceholderText("Email Address"), { target: { value: "not-an-email" } });
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Email is invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the spec's payload with the crumb, then shows 'Signed up!' when the site set no text", async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true }));
    widget();
    fireEvent.change(screen.getByPlaceholderText("Email Address"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("checkbox"));
    await submit();
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/site-users/account/notifications/restock");
    expect(init.headers["x-csrf-token"]).toBe("crumb-value-1234567890abcd");
    expect(JSON.parse(init.body)).toEqual({ productId: "3", variantId: 7, siteVisitorEmail: "ada@example.com", isJoinMailingList: true });
    expect(screen.getByRole("status").textContent).toBe("Signed up!");
  });

  it("shows the site's success text when there is one, and ticks the mailing list by the owner's default", async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true }));
    widget({ texts: { successText: "You're on the list.", buttonText: "Notify Me" }, mailingListOptInByDefault: true });
    expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByPlaceholderText("Email Address"), { target: { value: "ada@example.com" } });
    await submit();
    expect(screen.getByRole("status").textContent).toBe("You're on the list.");
  });

  it("shows the server's message on failure", async () => {
    fetchMock.mockResolvedValue(answer(409, { error: "This product is in stock." }));
    widget();
    fireEvent.change(screen.getByPlaceholderText("Email Address"), { target: { value: "ada@example.com" } });
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("This product is in stock.");
  });

  it("asks to 'Complete CAPTCHA before submitting.' when the site has a key and no token is given, and renders it compact in a narrow container", async () => {
    const render = jest.fn(() => 1);
    window.grecaptcha = { render, reset: jest.fn() };
    try {
      widget({ captchaSiteKey: "site-key" });
      await act(async () => {});
      expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ sitekey: "site-key", size: "compact" }));
      fireEvent.change(screen.getByPlaceholderText("Email Address"), { target: { value: "ada@example.com" } });
      await submit();
      expect(screen.getByRole("alert").textContent).toBe("Complete CAPTCHA before submitting.");
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      delete window.grecaptcha;
    }
  });

  it("renders no captcha when the site has no key", () => {
    widget();
    expect(document.querySelector(".captcha")).toBeNull();
  });
});

describe("installment badge", () => {
  const payLater = { enabled: true, accountCountry: "US", minimum: { value: 3500 }, maximum: { value: 200000 } };
  const badge = (amount: number, types: number[], language = "en-US", settings = payLater) =>
    render(<InstallmentBadge amount={{ value: amount, currency: "USD" }} productTypes={types} payLater={settings} language={language} />);

  it("offers 4 installments in range", () => {
    badge(4500, [1]);
    expect(screen.getByText("or 4 interest-free payments of $11.25")).toBeTruthy();
  });

  it("says 'available for orders over {amount}' at or under the minimum, and 'up to {amount}' above the maximum", () => {
    badge(1800, [1]);
    expect(screen.getByText("available for orders over $35.00")).toBeTruthy();
    badge(250000, [1]);
    expect(screen.getByText("available for orders up to $2,000.00")).toBeTruthy();
  });

  it("shows nothing unless every item is physical, or for an unsupported language, or when switched off", () => {
    badge(4500, [1, 2]);
    badge(4500, [1], "fr-FR");
    badge(4500, [1], "en-US", { ...payLater, enabled: false });
    expect(document.querySelector(".installment-pill")).toBeNull();
  });

  it("opens its popup from the info button; Escape and a click outside close it", async () => {
    badge(4500, [1]);
    fireEvent.click(screen.getByRole("button", { name: "About paying in installments" }));
    expect(await screen.findByRole("dialog", { name: "Pay in installments" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "About paying in installments" }));
    await screen.findByRole("dialog");
    fireEvent.mouseDown(document.querySelector(".lightbox-overlay")!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens its popup from the pill too", async () => {
    badge(4500, [1]);
    fireEvent.click(screen.getByRole("button", { name: "or 4 interest-free payments of $11.25" }));
    expect(await screen.findByRole("dialog", { name: "Pay in installments" })).toBeTruthy();
  });

  describe("the provider's own modal (PAY_LATER_MODAL_URL configured)", () => {
    const withModal = { ...payLater, accountCountry: "CA", modalAvailable: true };
    const open = async () => {
      await act(async () => void fireEvent.click(screen.getByRole("button", { name: "About paying in installments" })));
      await screen.findByRole("dialog");
      await act(async () => {});
    };

    it("is fetched in the shopper's modal locale when the popup opens and shown in a frame that runs no script", async () => {
      fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ locale: "fr_CA", html: "<p>Payez en 4</p>" }) });
      badge(4500, [1], "fr-CA", withModal);
      expect(fetchMock).not.toHaveBeenCalled();
      await open();
      expect(fetchMock.mock.calls[0][0]).toBe("/api/commerce/pay-later/modal?locale=fr_CA");
      const frame = document.querySelector<HTMLIFrameElement>("iframe.installment-provider-modal")!;
      expect(frame.getAttribute("srcdoc")).toBe("<p>Payez en 4</p>");
      expect(frame.getAttribute("sandbox")).toBe("");
      expect(screen.getByRole("dialog").textContent).not.toContain(messages.payLaterTerms);
    });

    it("only logs a warning when it cannot be fetched: the store's own terms stay", async () => {
      const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
      fetchMock.mockResolvedValue({ ok: false, status: 502, json: async () => ({}) });
      badge(4500, [1], "en-US", withModal);
      await open();
      expect(warn).toHaveBeenCalledWith("Unable to load the pay-later modal:", "HTTP Status 502");
      expect(document.querySelector("iframe")).toBeNull();
      expect(screen.getByRole("dialog").textContent).toContain(messages.payLaterTerms);
      warn.mockRestore();
    });

    it("is not asked for when the store has none configured", async () => {
      badge(4500, [1], "en-US", payLater);
      await open();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it("turns white on a dark background", () => {
    render(
      <div style={{ backgroundColor: "rgb(20, 20, 30)" }}>
        <InstallmentBadge amount={{ value: 4500, currency: "USD" }} productTypes={[1]} payLater={payLater} language="en" />
      </div>,
    );
    expect(document.querySelector(".installment-pill")?.classList.contains("inverted")).toBe(true);
  });
});

describe("form block", () => {
  const contactForm = {
    formId: 5,
    name: "Contact",
    kind: "FORM",
    submissionMessage: "Thanks! We'll be in touch.",
    successRedirect: null,
    postSubmitHtml: null,
    disclaimer: null,
    captchaRequired: false,
    fields: [
      {
        fieldId: "name",
        type: "name",
        title: "Name",
        description: null,
        placeholder: null,
        required: true,
        maxLength: null,
        options: [],
        questions: [],
        key: null,
        value: null,
      },
      {
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
      },
      {
        fieldId: "message",
        type: "textarea",
        title: "Message",
        description: null,
        placeholder: null,
        required: false,
        maxLength: 200,
        options: [],
        questions: [],
        key: null,
        value: null,
      },
      {
        fieldId: "utm_source",
        type: "hidden",
        title: "utm_source",
        description: null,
        placeholder: null,
        required: false,
        maxLength: null,
        options: [],
        questions: [],
        key: "utm_source",
        value: "direct",
      },
    ],
  };

  async function renderContact(form: Record<string, unknown> = contactForm, search = "") {
    const { environment, queryRef } = preload(ContactScreenQuery, {}, { Form: () => form, Query: () => ({ newsletter: null }) });
    renderWithRelay(<ContactScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams(search) }} />, environment);
    await act(async () => {});
  }
  const fill = () => {
    fireEvent.change(screen.getByRole("textbox", { name: "First name" }), { target: { value: "Ada" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ada@example.com" } });
  };
  const submit = async () => {
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Submit" })));
  };

  it("validates every field first: 'Required' above each and the problem messages above and below the form", async () => {
    await renderContact();
    await submit();
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("Your form has encountered a problem. Please scroll down to review.");
    expect(alerts).toContain("Your form has encountered a problem. Please scroll up to review.");
    expect(alerts.filter((text) => text === "Required")).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts a text area's characters as 'used / max' and flags the excess", async () => {
    await renderContact();
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "x".repeat(201) } });
    expect(screen.getByText("201 / 200").className).toContain("over");
    fill();
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("You have exceeded the character limit.");
  });

  it("is 'Submitting…' and disabled while sending, then shows the submission message; hidden fields carry the page's query value", async () => {
    let finish!: (value: unknown) => void;
    fetchMock.mockResolvedValueOnce(answer(200, { data: { key: "key-1" } })).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    await renderContact(contactForm, "utm_source=newsletter");
    fill();
    await submit();
    const button = screen.getByRole("button", { name: "Submitting…" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const saved = JSON.parse(fetchMock.mock.calls[1][1].body);
    expect(saved).toMatchObject({ key: "key-1", formId: 5 });
    expect(JSON.parse(saved.form)).toMatchObject({ name: ["Ada", ""], email: "ada@example.com", utm_source: "newsletter" });
    await act(async () => finish(answer(200, { success: true, submissionMessage: "Thanks! We'll be in touch." })));
    expect(screen.getByRole("status").textContent).toContain("Thanks! We'll be in touch.");
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it.each([
    [401, {}, "Unable to submit form. Please try again later."],
    [404, {}, "This form has not been configured yet."],
    [429, {}, "Unable to submit form. Submission rate limit exceeded. Please try again later."],
    [500, {}, "Unable to send form. Please try again later."],
    [400, { error: "reCAPTCHA failed. Refresh this page and try again." }, "reCAPTCHA failed. Refresh this page and try again."],
    [418, {}, "Unknown error, please try again later."],
  ])("answers HTTP %d with the spec's message", async (status, body, message) => {
    fetchMock.mockResolvedValueOnce(answer(200, { data: { key: "key-1" } })).mockResolvedValueOnce(answer(status, body));
    await renderContact();
    fill();
    await submit();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect((screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Could not get a form submission key, please try again later.' when no key comes", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: "Could not get a form submission key, please try again later." }));
    await renderContact();
    fill();
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Could not get a form submission key, please try again later.");
  });

  it("shows the server's field errors above the fields", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { data: { key: "key-1" } })).mockResolvedValueOnce(
      answer(400, {
        error: "One or more fields is invalid, please check your entries.",
        errors: { email: "Email is not valid. Email addresses should follow the format user@domain.com." },
      }),
    );
    await renderContact();
    fill();
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain(
      "Email is not valid. Email addresses should follow the format user@domain.com.",
    );
  });
});
