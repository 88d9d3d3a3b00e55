// The checkout's payment step (issue 22): the server answered `CheckoutPaymentRequired`, so the order
// is made once the payment succeeds. Stripe's Payment Element collects the card (its fields live in
// Stripe's frames, never in our page's data); "Pay {amount}" confirms the PaymentIntent with
// `redirect: "if_required"`: a card that needs 3-D Secure leaves for the bank's page and comes back to
// /checkout/return (CheckoutReturnScreen); otherwise the order is made here and the shopper goes to
// the confirmation, as the test-mode checkout does. The provider's words ("Your card was declined.")
// show in the form's problem area and the cart stays as it was: the shopper may pay again.
import { useEffect, useMemo, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { paymentStepMessages } from "../../../../server/domain/messages/payment-step.ts";
import { describeFailure, errorMessage } from "../../../shared/relay/errors.ts";
import { FormProblem } from "../../../shared/ui/FormProblem.tsx";
import { useCompleteCheckoutPaymentMutation } from "./CompleteCheckoutPaymentMutation.ts";
import { returnUrlHere, stripeFor } from "./stripe.ts";
import { useProviderStep } from "./useProviderStep.ts";

/** The server's CheckoutPaymentRequired, as the checkout mutation reads it. */
export interface PaymentRequest {
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly returnUrl: string;
  readonly holdExpiresAt: string;
  readonly amount: { readonly formatted: string };
}

/** The payment asked for in a checkout answer (Relay flattens the union: each field is optional). */
export function paymentRequestOf(
  answer: { readonly __typename: string } & { readonly [K in keyof PaymentRequest]?: PaymentRequest[K] },
): PaymentRequest | null {
  const { publishableKey, clientSecret, paymentIntentId, returnUrl, holdExpiresAt, amount } = answer;
  if (answer.__typename !== "CheckoutPaymentRequired" || !publishableKey || !clientSecret || !paymentIntentId || !returnUrl || !holdExpiresAt || !amount)
    return null;
  return { publishableKey, clientSecret, paymentIntentId, returnUrl, holdExpiresAt, amount };
}

interface PaymentStepProps {
  payment: PaymentRequest;
  /** The order was made: its id, for the confirmation page. */
  onPaid(orderId: string): void;
  /** The page's language, for the hold's time. */
  locale: string;
}

/** The longest delay setTimeout takes (about 24.8 days); a later hold is re-checked then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** True once `holdExpiresAt` has passed (checked when it passes, not by polling). */
function useHoldExpired(holdExpiresAt: string): boolean {
  const [expired, setExpired] = useState(() => Date.parse(holdExpiresAt) <= Date.now());
  useEffect(() => {
    const remainingMs = Date.parse(holdExpiresAt) - Date.now();
    setExpired(remainingMs <= 0);
    if (remainingMs <= 0) return;
    const timer = setTimeout(() => setExpired(Date.parse(holdExpiresAt) <= Date.now()), Math.min(remainingMs, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [holdExpiresAt]);
  return expired;
}

export function PaymentStep({ payment, onPaid, locale }: PaymentStepProps) {
  const stripe = useMemo(() => stripeFor(payment.publishableKey), [payment.publishableKey]);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loaded) => current && setUnavailable(!loaded),
      () => current && setUnavailable(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  // A new payment (details edited, checkout submitted again) is a new PaymentIntent: Elements takes
  // its client secret only when created, hence the key.
  const options = useMemo(() => ({ clientSecret: payment.clientSecret }), [payment.clientSecret]);
  return (
    <section className="payment-step" aria-labelledby="payment-step-title">
      <h2 id="payment-step-title">{paymentStepMessages.paymentTitle}</h2>
      {unavailable ? (
        <FormProblem text={paymentStepMessages.providerUnavailable} />
      ) : (
        <Elements key={payment.clientSecret} stripe={stripe} options={options}>
          <PaymentForm payment={payment} onPaid={onPaid} locale={locale} />
        </Elements>
      )}
    </section>
  );
}

function PaymentForm({ payment, onPaid, locale }: PaymentStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, completing] = useCompleteCheckoutPaymentMutation();
  const [ready, setReady] = useState(false);
  const { busy, problem, setProblem, run } = useProviderStep(completing);
  const expired = useHoldExpired(payment.holdExpiresAt);
  const heldUntil = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(payment.holdExpiresAt));

  const pay = () => {
    if (!stripe || !elements || expired) return;
    return run(
      () => stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrlHere() }, redirect: "if_required" }),
      (result) =>
        complete({
          variables: { paymentIntentId: result.paymentIntent.id, clientSecret: payment.clientSecret },
          onCompleted: ({ completeCheckoutPayment: answer }) => {
            if (answer.__typename === "CompleteCheckoutPaymentSuccess" && answer.order) onPaid(answer.order.orderId);
            else setProblem(errorMessage(answer));
          },
          onError: (error) => setProblem(describeFailure(error)),
        }),
    );
  };

  return (
    <form
      className="payment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <FormProblem text={problem} />
      <p className="payment-amount">
        {paymentStepMessages.amountDue} <strong>{payment.amount.formatted}</strong>
      </p>
      {expired ? (
        <p className="form-problem" role="alert">
          {paymentStepMessages.holdExpired}
        </p>
      ) : (
        <p className="field-description">{paymentStepMessages.heldUntil(heldUntil)}</p>
      )}
      <PaymentElement onReady={() => setReady(true)} />
      <button type="submit" className="button place-order" disabled={!ready || busy || expired || !stripe || !elements}>
        {busy ? paymentStepMessages.paying : paymentStepMessages.pay(payment.amount.formatted)}
      </button>
    </form>
  );
}
