// The checkout's payment step and the return page (issue 22) with the Stripe.js stand-in
// (test/support/stripe/stripe-js-stand-in.ts, NOT Stripe.js) in jsdom: its Payment Element is one
// plain input; `confirmPayment` is replaced per test by what Stripe.js would answer. The order is made
// by completeCheckoutPayment (Relay's mock environment answers it).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { Stripe } from "@stripe/stripe-js";
import { createMockEnvironment } from "relay-test-utils";
import { PaymentStep } from "../../../../client/storefront/checkout/payments/PaymentStep.tsx";
import CheckoutReturnScreen from "../../../../client/storefront/checkout/payments/CheckoutReturnScreen.tsx";
import { STRIPE_JS_STAND_IN } from "../../../support/stripe/stripe-js-stand-in.ts";
import { answerLatest, renderWithRelay } from "../../support/render.tsx";

let stripe: Stripe & { confirmPayment: jest.Mock };
jest.mock("../../../../client/storefront/checkout/payments/stripe.ts", () => ({
  ...jest.requireActual("../../../../client/storefront/checkout/payments/stripe.ts"),
  stripeFor: () => Promise.resolve(stripe),
}));

beforeAll(() => {
  new Function(STRIPE_JS_STAND_IN)();
});
beforeEach(() => {
  stripe = (window as unknown as { Stripe(key: string): typeof stripe }).Stripe("pk_test_standInStep");
  stripe.confirmPayment = jest.fn();
});
afterEach(() => jest.useRealTimers());

const payment = (holdExpiresAt = new Date(Date.now() + 15 * 60_000).toISOString()) => ({
  publishableKey: "pk_test_standInStep",
  clientSecret: "pi_123_secret_abc",
  paymentIntentId: "pi_123",
  returnUrl: "https://shop.example/checkout/return",
  holdExpiresAt,
  amount: { formatted: "$24.60" },
});

function renderStep(holdExpiresAt?: string) {
  const onPaid = jest.fn();
  const utils = renderWithRelay(<PaymentStep payment={payment(holdExpiresAt)} onPaid={onPaid} locale="en-US" />);
  return { ...utils, onPaid };
}

const payButton = () => screen.getByRole("button", { name: "Pay $24.60" });

it("enables 'Pay $24.60' once the Payment Element is ready, confirms without a redirect, makes the order and reports it", async () => {
  const { environment, onPaid } = renderStep();
  await screen.findByLabelText("Card number (stand-in)");
  expect(screen.getByText("$24.60")).toBeTruthy();
  await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));

  let resolveConfirm!: (value: unknown) => void;
  stripe.confirmPayment.mockReturnValue(new Promise((resolve) => (resolveConfirm = resolve)));
  fireEvent.change(screen.getByLabelText("Card number (stand-in)"), { target: { value: "4242424242424242" } });
  fireEvent.click(payButton());
  const paying = await screen.findByRole("button", { name: "Paying…" });
  expect((paying as HTMLButtonElement).disabled).toBe(true);
  expect(stripe.confirmPayment).toHaveBeenCalledWith({
    elements: expect.anything(),
    // Stripe sends the shopper back to the site they are on (jsdom's page is http://localhost/).
    confirmParams: { return_url: "http://localhost/checkout/return" },
    redirect: "if_required",
  });

  await act(async () => resolveConfirm({ paymentIntent: { id: "pi_123", status: "succeeded" } }));
  expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { paymentIntentId: "pi_123", clientSecret: "pi_123_secret_abc" } });
  await answerLatest(environment, {
    completeCheckoutPayment: { __typename: "CompleteCheckoutPaymentSuccess", order: { orderId: "order-1", id: "T3JkZXI6MQ==" } },
  });
  expect(onPaid).toHaveBeenCalledWith("order-1");
});

it("shows the provider's words in the form's problem area and lets the shopper pay again", async () => {
  const { environment } = renderStep();
  await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
  stripe.confirmPayment.mockResolvedValue({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
  fireEvent.click(payButton());
  expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
  expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  expect(() => environment.mock.getMostRecentOperation()).toThrow();
});

it("says when the stock hold runs out, and Pay stops working", async () => {
  jest.useFakeTimers({ now: new Date("2026-11-28T03:00:00Z") });
  renderStep("2026-11-28T03:10:00Z");
  await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
  expect(screen.getByText(/^Your items are held until/)).toBeTruthy();

  await act(async () => jest.advanceTimersByTime(10 * 60_000));
  expect(screen.getByRole("alert").textContent).toBe("Your items are no longer held for this payment. Edit your details to check out again.");
  expect((payButton() as HTMLButtonElement).disabled).toBe(true);
});

describe("the return page (/checkout/return)", () => {
  const match = (query: string) => ({ params: {}, search: new URLSearchParams(query) });
  const returned = "payment_intent=pi_3ds&payment_intent_client_secret=pi_3ds_secret_x&redirect_status=succeeded";

  it("makes the order from Stripe's query and goes to the confirmation", async () => {
    const environment = createMockEnvironment();
    const { navigate } = renderWithRelay(<CheckoutReturnScreen queryRef={null} match={match(returned)} />, environment);
    expect(screen.getByRole("status").textContent).toBe("Confirming your payment…");
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { paymentIntentId: "pi_3ds", clientSecret: "pi_3ds_secret_x" } });
    await answerLatest(environment, {
      completeCheckoutPayment: { __typename: "CompleteCheckoutPaymentSuccess", order: { orderId: "order-3ds", id: "T3JkZXI6Mw==" } },
    });
    expect(navigate).toHaveBeenCalledWith("/order-confirmed/order-3ds", { replace: true });
  });

  it("shows a failed payment in the provider's words, with the way back to checkout (a full page load)", async () => {
    const environment = createMockEnvironment();
    renderWithRelay(<CheckoutReturnScreen queryRef={null} match={match(returned.replace("succeeded", "failed"))} />, environment);
    await answerLatest(environment, {
      completeCheckoutPayment: {
        __typename: "PaymentFailedError",
        __isError: "PaymentFailedError",
        message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        code: "PAYMENT_FAILED",
      },
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    );
    expect(screen.getByRole("link", { name: "Back to checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("says a payment still processing is processing", async () => {
    const environment = createMockEnvironment();
    renderWithRelay(<CheckoutReturnScreen queryRef={null} match={match(returned)} />, environment);
    const processing = "Your payment is processing. We will email your order confirmation once it succeeds.";
    await answerLatest(environment, {
      completeCheckoutPayment: { __typename: "PaymentPendingError", __isError: "PaymentPendingError", message: processing, code: "PAYMENT_PENDING" },
    });
    expect(screen.getByRole("status").textContent).toBe(processing);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("without a payment in the query says so and asks nothing", async () => {
    const environment = createMockEnvironment();
    renderWithRelay(<CheckoutReturnScreen queryRef={null} match={match("")} />, environment);
    expect(screen.getByRole("alert").textContent).toBe("This page finishes a card payment, but no payment was given.");
    expect(() => environment.mock.getMostRecentOperation()).toThrow();
  });
});
