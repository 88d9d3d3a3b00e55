// The member's subscriptions on their account page (issue 12): the plan in the spec's wording, the
// state and the next billing date, and the moves the state allows (skip next, pause, resume, cancel).
// A past-due one (issue 22) says why its renewal payment failed and when it is tried again.
// A refused move is told next to its subscription's buttons.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { subscriptionCardMessages } from "../../../server/domain/messages/subscription-renewals.ts";
import { subscriptionCardPath } from "../../../server/domain/payments/renewal-retries.ts";
import type { MemberSubscriptions_subscription$key, SubscriptionAction, SubscriptionState } from "../../__generated__/MemberSubscriptions_subscription.graphql";
import type { MemberSubscriptions_viewer$key } from "../../__generated__/MemberSubscriptions_viewer.graphql";
import { useChangeSubscriptionMutation } from "./ChangeSubscriptionMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";

const STATE_TEXT: Record<string, string> = {
  ACTIVE: checkoutMessages.subscriptionStateActive,
  PAUSED: checkoutMessages.subscriptionStatePaused,
  PAST_DUE: checkoutMessages.subscriptionStatePastDue,
  CANCELLED: checkoutMessages.subscriptionStateCancelled,
  COMPLETED: checkoutMessages.subscriptionStateCompleted,
};

const ACTION_TEXT: Record<string, string> = {
  SKIP_NEXT: checkoutMessages.subscriptionSkipNext,
  PAUSE: checkoutMessages.subscriptionPause,
  RESUME: checkoutMessages.subscriptionResume,
  CANCEL: checkoutMessages.subscriptionCancel,
};

const formatDate = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

function SubscriptionRow(props: { subscription: MemberSubscriptions_subscription$key }) {
  const sub = useFragment(
    graphql`
      fragment MemberSubscriptions_subscription on MemberSubscription {
        id
        productName
        planText
        state
        nextBillingAt
        skipNext
        actions
        renewalFailure {
          message
          retryAt
        }
      }
    `,
    props.subscription,
  );
  const [change, changing] = useChangeSubscriptionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // Cancelling is final: it asks first, in place.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const act = (action: SubscriptionAction) => {
    if (action === "CANCEL" && !confirmingCancel) return setConfirmingCancel(true);
    setConfirmingCancel(false);
    change({
      variables: { subscriptionId: sub.id, action },
      onCompleted: ({ changeSubscription: result }) => setProblem(result.__typename === "ChangeSubscriptionSuccess" ? null : errorMessage(result)),
      onError: (error) => setProblem(describeFailure(error)),
    });
  };
  const state = sub.state as SubscriptionState;
  return (
    <li className="member-order member-subscription" aria-label={sub.productName}>
      <span className="member-order-link">{sub.productName}</span>
      <span className="member-order-meta">
        {sub.planText} · <span className="subscription-state">{STATE_TEXT[state] ?? state}</span>
        {sub.nextBillingAt ? ` · ${checkoutMessages.subscriptionNextBilling(formatDate(sub.nextBillingAt))}` : ""}
      </span>
      {sub.skipNext ? <span className="member-order-items">{checkoutMessages.subscriptionNextSkipped}</span> : null}
      {sub.renewalFailure ? (
        <span className="member-order-items subscription-payment-failed" role="status">
          {checkoutMessages.subscriptionPaymentFailed(sub.renewalFailure.message, sub.renewalFailure.retryAt ? formatDate(sub.renewalFailure.retryAt) : null)}{" "}
          {/* A full page load: the card page has checkout's Content-Security-Policy. */}
          <a href={subscriptionCardPath(sub.id)}>{subscriptionCardMessages.updateCard}</a>
        </span>
      ) : null}
      {confirmingCancel ? (
        <span className="subscription-actions" role="group" aria-label={checkoutMessages.subscriptionCancelQuestion}>
          <span>{checkoutMessages.subscriptionCancelQuestion}</span>
          <button type="button" disabled={changing} onClick={() => act("CANCEL")}>
            {checkoutMessages.subscriptionCancel}
          </button>
          <button type="button" autoFocus onClick={() => setConfirmingCancel(false)}>
            {checkoutMessages.subscriptionKeep}
          </button>
        </span>
      ) : sub.actions.length > 0 ? (
        <span className="subscription-actions">
          {sub.actions.map((action) => (
            <button key={action} type="button" disabled={changing} onClick={() => act(action)}>
              {ACTION_TEXT[action] ?? action}
            </button>
          ))}
        </span>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

export function MemberSubscriptions(props: { viewer: MemberSubscriptions_viewer$key }) {
  const viewer = useFragment(
    graphql`
      fragment MemberSubscriptions_viewer on Viewer {
        subscriptions {
          id
          ...MemberSubscriptions_subscription
        }
      }
    `,
    props.viewer,
  );
  if (viewer.subscriptions.length === 0) return null;
  return (
    <ul className="member-orders member-subscriptions" aria-label={checkoutMessages.subscriptionsTitle}>
      {viewer.subscriptions.map((sub) => (
        <SubscriptionRow key={sub.id} subscription={sub} />
      ))}
    </ul>
  );
}
