// The checkout screen with payment (issue 22): what it says about money by the store's payment mode,
// and the payment step when the server asks for payment: the details collapse to a summary, and
// editing them starts a new attempt with a new idempotency key. A digital cart (no address) keeps the
// form to the email. The Payment Element itself: payment-step.test.tsx.
import { act, fireEvent, screen } from "@testing-library/react";
import CheckoutScreenQuery from "../../../../client/__generated__/CheckoutScreenQuery.graphql.ts";
import CheckoutScreen from "../../../../client/storefront/checkout/CheckoutScreen.tsx";
import { answerLatest, preload, renderWithRelay } from "../../support/render.tsx";

// The payment step's provider is not under test here: Stripe.js never loads.
jest.mock("../../../../client/storefront/checkout/payments/stripe.ts", () => ({
  ...jest.requireActual("../../../../client/storefront/checkout/payments/stripe.ts"),
  stripeFor: () => new Promise(() => {}),
}));

async function renderCheckout(mode: "NONE" | "TEST" | "LIVE") {
  const { environment, queryRef } = preload(
    CheckoutScreenQuery,
    { token: null },
    {
      Store: () => ({ country: "US", payments: { mode, publishableKey: mode === "NONE" ? null : "pk_test_x" } }),
      Viewer: () => ({ signedIn: false, email: null }),
      Query: () => ({ savedAddresses: [] }),
      Cart: () => ({
        requiresShipping: false,
        shippingLocation: null,
        shippingOptions: [],
        entries: [{ id: "e1", title: "E-book", quantity: 1, subtotal: { formatted: "$12.00" } }],
      }),
    },
  );
  const utils = renderWithRelay(<CheckoutScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, environment);
  await act(async () => {});
  return utils;
}

it.each([
  ["NONE", "Test mode: no payment is taken."],
  ["TEST", "Test payments only: pay with Stripe's test cards, such as 4242 4242 4242 4242. No real money is taken."],
] as const)("with payment mode %s says: %s", async (mode, notice) => {
  await renderCheckout(mode);
  expect(document.querySelector(".test-mode")?.textContent).toBe(notice);
});

it("with live keys says nothing about test mode", async () => {
  await renderCheckout("LIVE");
  expect(document.querySelector(".test-mode")).toBeNull();
  expect(screen.queryByText(/test/i)).toBeNull();
});

it("shows the payment step when payment is required; Edit details goes back and the next attempt has a new key", async () => {
  const { environment } = await renderCheckout("TEST");
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Place order" })));
  const first = environment.mock.getMostRecentOperation().request.variables.input;
  expect(first).toMatchObject({ email: "ada@example.com", shippingAddress: null });
  await answerLatest(environment, {
    checkout: {
      __typename: "CheckoutPaymentRequired",
      paymentId: "UGF5bWVudDox",
      publishableKey: "pk_test_x",
      clientSecret: "pi_1_secret_a",
      paymentIntentId: "pi_1",
      returnUrl: "https://shop.example/checkout/return",
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      amount: { formatted: "$12.00" },
    },
  });
  expect(screen.getByRole("heading", { name: "Payment" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Your details" })).toBeTruthy();
  expect(screen.getByText("ada@example.com")).toBeTruthy();
  expect((screen.getByRole("button", { name: "Pay $12.00" }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByRole("button", { name: "Place order" })).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "Edit details" }));
  expect(screen.queryByRole("heading", { name: "Payment" })).toBeNull();
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Place order" })));
  const second = environment.mock.getMostRecentOperation().request.variables.input;
  expect(second.idempotencyKey).toEqual(expect.any(String));
  expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
});
