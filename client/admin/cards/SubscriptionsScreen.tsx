// /config/subscriptions (issue 24 §6): every member subscription of the store, newest first, paged and
// filtered by state (in the URL); the owner pauses, resumes, skips the next cycle, cancels, or moves the
// next billing date. The buttons are the ones the server offers (ownerActions: the member's table).
import { useState, type FormEvent } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { SUBSCRIPTION_STATES } from "../../../server/domain/checkout/subscription-states.ts";
import type { SubscriptionsScreenQuery as Query } from "../../__generated__/SubscriptionsScreenQuery.graphql.ts";
import type {
  SubscriptionsScreen_subscriptions$data,
  SubscriptionsScreen_subscriptions$key,
} from "../../__generated__/SubscriptionsScreen_subscriptions.graphql.ts";
import type { OwnerSubscriptionAction, SubscriptionsScreenChangeMutation } from "../../__generated__/SubscriptionsScreenChangeMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { Pager } from "../../shared/ui/Pager.tsx";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.subscriptionsAdmin;
const stateNames = adminMessages.order.subscriptionStates;
/** The member's words for the actions they share (checkout.ts), so the owner's buttons read the same. */
const actionLabels: Record<Exclude<OwnerSubscriptionAction, "%future added value">, string> = {
  SKIP_NEXT: checkoutMessages.subscriptionSkipNext,
  PAUSE: checkoutMessages.subscriptionPause,
  RESUME: checkoutMessages.subscriptionResume,
  CANCEL: checkoutMessages.subscriptionCancel,
  CHANGE_BILLING_DATE: text.changeDate,
};

export const subscriptionsScreenQuery = graphql`
  query SubscriptionsScreenQuery($state: SubscriptionState) {
    ...SubscriptionsScreen_subscriptions @arguments(state: $state)
  }
`;

type Notice = { error: boolean; text: string } | null;
type Row = SubscriptionsScreen_subscriptions$data["ownerSubscriptions"]["edges"][number]["node"];

export default function SubscriptionsScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(subscriptionsScreenQuery, queryRef);
  const { navigate } = useRouter();
  const canWrite = useCan("orders.write");
  const [notice, setNotice] = useState<Notice>(null);
  const state = match.search.get("state") ?? "";
  return (
    <section className="admin-page subscriptions-page">
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <div className="toolbar">
        <div className="field">
          <label htmlFor="subscription-state">{adminMessages.orders.stateLabel}</label>
          <select
            id="subscription-state"
            value={state}
            onChange={(event) => navigate(`/config/subscriptions${event.target.value ? `?state=${event.target.value}` : ""}`, { replace: true })}
          >
            <option value="">{adminMessages.orders.anyState}</option>
            {SUBSCRIPTION_STATES.map((value) => (
              <option key={value} value={value}>
                {stateNames[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Subscriptions subscriptions={data} canWrite={canWrite} onNotice={setNotice} />
    </section>
  );
}

function Subscriptions({
  subscriptions,
  canWrite,
  onNotice,
}: {
  subscriptions: SubscriptionsScreen_subscriptions$key;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment SubscriptionsScreen_subscriptions on Query
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }, state: { type: "SubscriptionState" })
      @refetchable(queryName: "SubscriptionsScreenPaginationQuery") {
        ownerSubscriptions(first: $first, after: $after, state: $state) @connection(key: "SubscriptionsScreen_ownerSubscriptions") {
          edges {
            node {
              subscriptionId
              customerEmail
              ownerActions
              subscription {
                id
                productName
                planText
                state
                nextBillingAt
                skipNext
              }
            }
          }
        }
      }
    `,
    subscriptions,
  );
  const rows = data.ownerSubscriptions.edges.map((edge) => edge.node);
  if (rows.length === 0) return <p className="empty-state">{text.empty}</p>;
  return (
    <>
      <table className="data-table subscriptions-table">
        <thead>
          <tr>
            <th scope="col">{adminMessages.orders.columns.customer}</th>
            <th scope="col">{text.product}</th>
            <th scope="col">{adminMessages.orders.stateLabel}</th>
            <th scope="col">{adminMessages.order.subscriptionNextBilling}</th>
            {canWrite ? <th scope="col">{adminMessages.site.actionsColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <SubscriptionRow key={row.subscriptionId} row={row} canWrite={canWrite} onNotice={onNotice} />
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}

function SubscriptionRow({ row, canWrite, onNotice }: { row: Row; canWrite: boolean; onNotice: (notice: Notice) => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [change, changing] = useInputMutation<SubscriptionsScreenChangeMutation>(graphql`
    mutation SubscriptionsScreenChangeMutation($input: ChangeOwnerSubscriptionInput!) {
      changeOwnerSubscription(input: $input) {
        __typename
        ... on ChangeOwnerSubscriptionSuccess {
          subscription {
            subscriptionId
            customerEmail
            ownerActions
            subscription {
              id
              productName
              planText
              state
              nextBillingAt
              skipNext
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const { subscription } = row;
  const run = (action: OwnerSubscriptionAction, nextBillingAt: string | null = null) =>
    change({
      variables: { subscriptionId: row.subscriptionId, action, nextBillingAt },
      onCompleted: ({ changeOwnerSubscription: result }) => {
        const ok = result.__typename === "ChangeOwnerSubscriptionSuccess";
        onNotice(ok ? { error: false, text: text.changed } : { error: true, text: errorMessage(result as { message?: string }) });
        if (ok) setDate(null);
      },
      onError: (error) => onNotice({ error: true, text: describeFailure(error) }),
    });
  const submitDate = (event: FormEvent) => {
    event.preventDefault();
    // A calendar day: billed at noon UTC, so the day is the same in every time zone.
    run("CHANGE_BILLING_DATE", date ? `${date}T12:00:00.000Z` : null);
  };
  const dateId = `billing-date-${row.subscriptionId}`;
  return (
    <tr>
      <td data-label={adminMessages.orders.columns.customer}>{row.customerEmail}</td>
      <td data-label={text.product}>
        {subscription.productName}
        <p className="field-hint">{subscription.planText}</p>
      </td>
      <td data-label={adminMessages.orders.stateLabel}>
        <span className={`badge ${subscription.state.toLowerCase()}`}>{stateNames[subscription.state] ?? subscription.state}</span>
        {subscription.skipNext ? <p className="field-hint">{text.skipped}</p> : null}
      </td>
      <td data-label={adminMessages.order.subscriptionNextBilling}>
        {subscription.nextBillingAt ? formatDateTime(String(subscription.nextBillingAt)) : adminMessages.order.subscriptionNoNextBilling}
      </td>
      {canWrite ? (
        <td data-label={adminMessages.site.actionsColumn}>
          {date !== null ? (
            <form onSubmit={submitDate}>
              <label htmlFor={dateId}>{text.newDateLabel(subscription.productName)}</label>
              <input id={dateId} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
              <button type="submit" className="button primary" disabled={changing}>
                {text.saveDate}
              </button>
              <button type="button" className="button" onClick={() => setDate(null)}>
                {adminMessages.cancel}
              </button>
            </form>
          ) : (
            <div className="row-actions">
              {row.ownerActions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={action === "CANCEL" ? "button danger" : "button"}
                  disabled={changing}
                  onClick={() => (action === "CHANGE_BILLING_DATE" ? setDate("") : run(action))}
                >
                  {actionLabels[action as keyof typeof actionLabels] ?? action}
                </button>
              ))}
            </div>
          )}
        </td>
      ) : null}
    </tr>
  );
}
