// /checkout/subscription-card/:subscriptionId (issue 22): the member saves a new card for a
// subscription, the link of the "payment did not go through" email. Under /checkout so the page has
// checkout's Content-Security-Policy (Stripe's origins, nowhere else). The server starts a SetupIntent
// for the member's Customer; Stripe's Payment Element collects the card and `confirmSetup` saves it (no
// money moves here); then the server makes it the subscription's card and, for a past-due one, charges
// the failed cycle at once: the answer says whether that went through. Stripe's words for a refused
// card show in the form's problem area, and the member may try another.
import { useEffect, useMemo, useRef, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { checkoutMessages } from "../../../../server/domain/messages/checkout.ts";
import { messages } from "../../../../server/domain/messages/storefront.ts";
import { subscriptionCardMessages } from "../../../../server/domain/messages/subscription-renewals.ts";
import { describeFailure, errorMessage } from "../../../shared/relay/errors.ts";
import type { ScreenProps } from "../../../shared/router/Router.tsx";
import { FormProblem } from "../../../shared/ui/FormProblem.tsx";
import { stripeFor } from "./stripe.ts";
import { useProviderStep } from "./useProviderStep.ts";
import { useCompleteSubscriptionCardUpdateMutation } from "./CompleteSubscriptionCardUpdateMutation.ts";
import { useStartSubscriptionCardUpdateMutation } from "./StartSubscriptionCardUpdateMutation.ts";

interface Setup {
  clientSecret: string;
  publishableKey: string;
  productName: string;
  failure: string | null;
}

type Stage = { kind: "starting" } | { kind: "refused"; message: string } | { kind: "form"; setup: Setup } | { kind: "done"; message: string };

export default function SubscriptionCardScreen({ match }: ScreenProps) {
  const subscriptionId = match.params.subscriptionId;
  const [start] = useStartSubscriptionCardUpdateMutation();
  const [stage, setStage] = useState<Stage>({ kind: "starting" });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start({
      variables: { subscriptionId },
      onCompleted: ({ startSubscriptionCardUpdate: answer }) => {
        if (answer.__typename !== "StartSubscriptionCardUpdateSuccess" || !answer.subscription)
          return setStage({ kind: "refused", message: errorMessage(answer) });
        setStage({
          kind: "form",
          setup: {
            clientSecret: answer.clientSecret!,
            publishableKey: answer.publishableKey!,
            productName: answer.subscription.productName,
            failure: answer.subscription.renewalFailure?.message ?? null,
          },
        });
      },
      onError: (error) => setStage({ kind: "refused", message: describeFailure(error) }),
    });
  }, [start, subscriptionId]);

  return (
    <section className="checkout subscription-card" aria-labelledby="subscription-card-title">
      <h1 id="subscription-card-title">{subscriptionCardMessages.pageTitle}</h1>
      {stage.kind === "starting" ? <p role="status">{messages.loading}</p> : null}
      {stage.kind === "refused" ? <FormProblem text={stage.message} /> : null}
      {stage.kind === "form" ? (
        <CardForm subscriptionId={subscriptionId} setup={stage.setup} onDone={(message) => setStage({ kind: "done", message })} />
      ) : null}
      {stage.kind === "done" ? <p role="status">{stage.message}</p> : null}
      <p>
        <a href="/account">{subscriptionCardMessages.backToAccount}</a>
      </p>
    </section>
  );
}

function CardForm({ subscriptionId, setup, onDone }: { subscriptionId: string; setup: Setup; onDone(message: string): void }) {
  const stripe = useMemo(() => stripeFor(setup.publishableKey), [setup.publishableKey]);
  const options = useMemo(() => ({ clientSecret: setup.clientSecret }), [setup.clientSecret]);
  return (
    <>
      <p>{subscriptionCardMessages.intro(setup.productName)}</p>
      {setup.failure ? (
        <p className="field-description" role="note">
          {checkoutMessages.subscriptionPaymentFailed(setup.failure, null)}
        </p>
      ) : null}
      <Elements stripe={stripe} options={options}>
        <SaveCard subscriptionId={subscriptionId} wasPastDue={setup.failure !== null} onDone={onDone} />
      </Elements>
    </>
  );
}

function SaveCard({ subscriptionId, wasPastDue, onDone }: { subscriptionId: string; wasPastDue: boolean; onDone(message: string): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, completing] = useCompleteSubscriptionCardUpdateMutation();
  const [ready, setReady] = useState(false);
  const { busy, problem, setProblem, run } = useProviderStep(completing);

  const save = () => {
    if (!stripe || !elements) return;
    return run(
      () => stripe.confirmSetup({ elements, confirmParams: { return_url: window.location.href }, redirect: "if_required" }),
      (result) =>
        complete({
          variables: { subscriptionId, setupIntentId: result.setupIntent.id },
          onCompleted: ({ completeSubscriptionCardUpdate: answer }) => {
            if (answer.__typename !== "CompleteSubscriptionCardUpdateSuccess" || !answer.subscription) return setProblem(errorMessage(answer));
            const { state, renewalFailure } = answer.subscription;
            if (state === "PAST_DUE" && renewalFailure) onDone(subscriptionCardMessages.stillFailing(renewalFailure.message));
            else onDone(wasPastDue && state === "ACTIVE" ? subscriptionCardMessages.paidNow : subscriptionCardMessages.saved);
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
        void save();
      }}
    >
      <FormProblem text={problem} />
      <PaymentElement onReady={() => setReady(true)} />
      <button type="submit" className="button place-order" disabled={!ready || busy || !stripe || !elements}>
        {busy ? subscriptionCardMessages.saving : subscriptionCardMessages.save}
      </button>
    </form>
  );
}
