// /checkout/return: where Stripe sends the shopper back after a redirect (3-D Secure), with the
// PaymentIntent in the query (stripe.ts `returnedPayment`). The server checks the intent with Stripe
// and makes the order (completeCheckoutPayment, idempotent); then the confirmation page shows, as
// after a payment without a redirect. A failed payment leaves the cart intact: the link goes back
// to checkout (a full page load, for checkout's Content-Security-Policy). A payment still processing
// is said so: the order is made and emailed once it succeeds.
import { useEffect, useRef, useState } from "react";
import { paymentStepMessages } from "../../../../server/domain/messages/payment-step.ts";
import { describeFailure, errorMessage } from "../../../shared/relay/errors.ts";
import { useRouter, type ScreenProps } from "../../../shared/router/Router.tsx";
import { useCompleteCheckoutPaymentMutation } from "./CompleteCheckoutPaymentMutation.ts";
import { returnedPayment } from "./stripe.ts";

type Outcome = { kind: "working" } | { kind: "failed"; message: string } | { kind: "pending"; message: string };

export default function CheckoutReturnScreen({ match }: ScreenProps) {
  const { navigate } = useRouter();
  const [complete] = useCompleteCheckoutPaymentMutation();
  const returned = returnedPayment(match.search);
  const [outcome, setOutcome] = useState<Outcome>(() => (returned ? { kind: "working" } : { kind: "failed", message: paymentStepMessages.returnMissing }));
  const asked = useRef(false);
  const paymentIntentId = returned?.paymentIntentId;
  const clientSecret = returned?.clientSecret ?? null;

  useEffect(() => {
    if (!paymentIntentId || asked.current) return;
    asked.current = true;
    complete({
      variables: { paymentIntentId, clientSecret },
      onCompleted: ({ completeCheckoutPayment: result }) => {
        if (result.__typename === "CompleteCheckoutPaymentSuccess" && result.order) navigate(`/order-confirmed/${result.order.orderId}`, { replace: true });
        else if (result.__typename === "PaymentPendingError") setOutcome({ kind: "pending", message: errorMessage(result) });
        else setOutcome({ kind: "failed", message: errorMessage(result) });
      },
      onError: (error) => setOutcome({ kind: "failed", message: describeFailure(error) }),
    });
  }, [paymentIntentId, clientSecret, complete, navigate]);

  return (
    <section className="checkout checkout-return" aria-labelledby="checkout-return-title">
      <h1 id="checkout-return-title">{paymentStepMessages.returnTitle}</h1>
      {outcome.kind === "working" ? (
        <p role="status">{paymentStepMessages.returnWorking}</p>
      ) : outcome.kind === "pending" ? (
        <p role="status">{outcome.message}</p>
      ) : (
        <>
          <p className="form-problem" role="alert">
            {outcome.message}
          </p>
          <a className="button" href="/checkout">
            {paymentStepMessages.backToCheckout}
          </a>
        </>
      )}
    </section>
  );
}
