// The storefront's gift card and subscription parts (issue 12): the cart's gift card field and the
// applied cards, the totals' gift card line, the gift card page's field errors, and the account page's
// subscriptions with the moves their state allows.
import { act, fireEvent, screen } from "@testing-library/react";
import AccountScreenQuery from "../../../client/__generated__/AccountScreenQuery.graphql.ts";
import GiftCardScreenQuery from "../../../client/__generated__/GiftCardScreenQuery.graphql.ts";
import AccountScreen from "../../../client/storefront/members/AccountScreen.tsx";
import GiftCardScreen from "../../../client/storefront/catalog/GiftCardScreen.tsx";
import { cart, money, renderCart } from "../support/cart.tsx";
import { answerLatest, preload, renderWithRelay } from "../support/render.tsx";

const sentVariables = (environment: Awaited<ReturnType<typeof renderCart>>["environment"]) =>
  JSON.stringify(environment.mock.getMostRecentOperation().request.variables);

describe("the cart's gift cards", () => {
  it("lists each applied card with what it pays, and a Remove button named after it", async () => {
    const { environment } = await renderCart(
      cart({
        giftCards: [{ code: "AAAAA-BBBBB-CCCCC-DDDDD", amount: money(900) }],
        giftCardTotal: money(900),
        grandTotal: money(3200),
      }),
    );
    expect(document.querySelector(".applied-gift-cards")!.textContent).toContain("AAAAA-BBBBB-CCCCC-DDDDD -$9.00");
    expect([...document.querySelectorAll(".cart-totals dt")].map((term) => term.textContent)).toEqual(["Subtotal", "Shipping", "Gift cards", "Total"]);
    expect(document.querySelector(".cart-gift-cards")!.textContent).toBe("-$9.00");
    fireEvent.click(screen.getByRole("button", { name: "Remove gift card AAAAA-BBBBB-CCCCC-DDDDD" }));
    expect(sentVariables(environment)).toContain('"AAAAA-BBBBB-CCCCC-DDDDD"');
  });

  it("shows no gift card line while no card pays", async () => {
    await renderCart(cart());
    expect([...document.querySelectorAll(".cart-totals dt")].map((term) => term.textContent)).not.toContain("Gift cards");
  });

  it("tells a refused code next to the field and keeps what was typed", async () => {
    const { environment } = await renderCart(cart());
    const field = screen.getByLabelText("Gift card code") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "NOPE" } });
    fireEvent.submit(field.closest("form")!);
    expect(sentVariables(environment)).toContain('"NOPE"');
    await answerLatest(environment, {
      applyGiftCard: { __typename: "GiftCardError", __isError: "GiftCardError", message: "That gift card code is not valid." },
    });
    expect(screen.getByRole("alert").textContent).toBe("That gift card code is not valid.");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.value).toBe("NOPE");
    expect(document.activeElement).toBe(field);
  });
});

describe("the gift card page", () => {
  async function renderPage() {
    const { environment, queryRef } = preload(
      GiftCardScreenQuery,
      { slug: "gift-card" },
      {
        Product: () => ({ itemId: 7, name: "Gift Card", productType: "GIFT_CARD", giftCardDenominations: [{ sku: "GC-25", amount: money(2500) }] }),
      },
    );
    const utils = renderWithRelay(
      <GiftCardScreen queryRef={queryRef as never} match={{ params: { slug: "gift-card" }, search: new URLSearchParams("sku=GC-25") }} />,
      environment,
    );
    await act(async () => {});
    return utils;
  }

  it("asks for the recipient and keeps the message to 80 characters before sending anything", async () => {
    const { environment } = await renderPage();
    expect((screen.getByLabelText("Value") as HTMLSelectElement).value).toBe("GC-25");
    fireEvent.click(screen.getByRole("button", { name: "Buy gift card" }));
    expect(screen.getByText("Enter the recipient's email address.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Recipient email"));
    fireEvent.change(screen.getByLabelText("Recipient email"), { target: { value: "friend@example.com" } });
    fireEvent.change(screen.getByLabelText("Message (up to 80 characters)"), { target: { value: "x".repeat(81) } });
    fireEvent.click(screen.getByRole("button", { name: "Buy gift card" }));
    expect(screen.getByText("Keep the message to 80 characters or fewer.")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Message (up to 80 characters)"), { target: { value: "Happy birthday!" } });
    fireEvent.click(screen.getByRole("button", { name: "Buy gift card" }));
    expect(sentVariables(environment)).toContain('"giftDelivery":{"recipientEmail":"friend@example.com","message":"Happy birthday!"}');
    await answerLatest(environment, {
      addCartEntry: { __typename: "NotFoundError", __isError: "NotFoundError", message: "That product could not be found.", code: "NOT_FOUND" },
    });
    expect(screen.getByRole("alertdialog").textContent).toContain("Unable to purchase Gift Card");
  });

  it("refuses, before sending, a recipient address that checkout would refuse (one email rule)", async () => {
    const { environment } = await renderPage();
    fireEvent.change(screen.getByLabelText("Recipient email"), { target: { value: "friend@shop.store" } });
    fireEvent.click(screen.getByRole("button", { name: "Buy gift card" }));
    expect(screen.getByText("Enter the recipient's email address.")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});

describe("the account page's subscriptions", () => {
  const subscription = (overrides: Record<string, unknown>) => ({
    id: "s1",
    productName: "Coffee Club",
    planText: "$20.00 every month",
    state: "ACTIVE",
    nextBillingAt: "2026-12-24T10:00:00.000Z",
    skipNext: false,
    actions: ["SKIP_NEXT", "PAUSE", "CANCEL"],
    renewalFailure: null,
    ...overrides,
  });

  async function renderAccount(sub: Record<string, unknown>) {
    const { environment, queryRef } = preload(
      AccountScreenQuery,
      {},
      {
        Viewer: () => ({ signedIn: true, email: "member@sitecart.test", orders: [], subscriptions: [sub] }),
      },
    );
    const utils = renderWithRelay(<AccountScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, environment);
    await act(async () => {});
    return utils;
  }

  it("shows the plan, the state and the next billing date, with the moves the server offers", async () => {
    const { environment } = await renderAccount(subscription({}));
    const row = screen.getByRole("listitem", { name: "Coffee Club" });
    expect(row.textContent).toContain("$20.00 every month · Active · Next billing: Dec 24, 2026");
    expect([...row.querySelectorAll("button")].map((button) => button.textContent)).toEqual(["Skip next", "Pause", "Cancel subscription"]);
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(sentVariables(environment)).toContain('"action":"PAUSE"');
  });

  it("asks before cancelling, and sends nothing when the member keeps it", async () => {
    const { environment } = await renderAccount(subscription({}));
    fireEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    const question = () => screen.queryByRole("group", { name: "Cancel this subscription? Nothing more will be billed." });
    expect(question()).not.toBeNull();
    expect(document.activeElement!.textContent).toBe("Keep it");
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(question()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    expect(sentVariables(environment)).toContain('"action":"CANCEL"');
  });

  it("offers Resume for a paused one", async () => {
    await renderAccount(subscription({ state: "PAUSED", actions: ["RESUME", "CANCEL"] }));
    expect(screen.getByRole("button", { name: "Resume" })).toBeTruthy();
  });

  it("shows a past-due one with why its payment failed and when it is tried again; only Cancel is offered", async () => {
    await renderAccount(
      subscription({
        state: "PAST_DUE",
        actions: ["CANCEL"],
        renewalFailure: { message: "Your card was declined.", retryAt: "2026-12-25T10:00:00.000Z" },
      }),
    );
    const row = screen.getByRole("listitem", { name: "Coffee Club" });
    expect(row.textContent).toContain("$20.00 every month · Past due · Next billing: Dec 24, 2026");
    expect(screen.getByRole("status").textContent).toBe("The last payment failed: Your card was declined. We will try again on Dec 25, 2026. Update card");
    // A full page load to the card page (checkout's Content-Security-Policy), not a client-side route.
    expect(screen.getByRole("link", { name: "Update card" }).getAttribute("href")).toBe("/checkout/subscription-card/s1");
    expect([...row.querySelectorAll("button")].map((button) => button.textContent)).toEqual(["Cancel subscription"]);
  });

  it("shows a cancelled one without a billing date or buttons", async () => {
    await renderAccount(subscription({ state: "CANCELLED", nextBillingAt: null, actions: [] }));
    const row = screen.getByRole("listitem", { name: "Coffee Club" });
    expect(row.textContent).toContain("Cancelled");
    expect(row.textContent).not.toContain("Next billing");
    expect(row.querySelectorAll("button")).toHaveLength(0);
  });
});
