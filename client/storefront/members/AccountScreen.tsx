// The member's account page: their orders (each opens the order status page, type 211), their
// subscriptions (the subscription checkouts' orders), the way to their address book, and sign-out.
// Signed out, it offers sign-in.
import { graphql, usePreloadedQuery } from "react-relay";
import type { AccountScreenQuery } from "../../__generated__/AccountScreenQuery.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { SignOutButton } from "./AccountMenu.tsx";
import { MemberSubscriptions } from "./MemberSubscriptions.tsx";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";

export const accountScreenQuery = graphql`
  query AccountScreenQuery {
    viewer {
      signedIn
      email
      ...MemberSubscriptions_viewer
      orders {
        state
        subscription
        order {
          orderId
          orderNumber
          createdAt
          grandTotal {
            formatted
          }
          items {
            productName
            quantity
          }
        }
      }
    }
  }
`;

export const formatOrderDate = (iso: string) =>
  new Intl.DateTimeFormat(document.documentElement.lang || "en-US", { dateStyle: "medium" }).format(new Date(iso));

type Row = AccountScreenQuery["response"]["viewer"]["orders"][number];

function OrderList({ rows, empty, label }: { rows: readonly Row[]; empty: string; label: string }) {
  if (rows.length === 0) return <p className="member-empty">{empty}</p>;
  return (
    <ul className="member-orders" aria-label={label}>
      {rows.map(({ order, state }) => (
        <li key={order.orderId} className="member-order">
          <Link href={`/account/orders/${encodeURIComponent(order.orderId)}`} className="member-order-link">
            {memberMessages.orderNumber(order.orderNumber)}
          </Link>
          <span className="member-order-meta">
            {messages.orderPlacedOn(formatOrderDate(order.createdAt))} · {memberMessages.memberOrderStates[state] ?? state} · {order.grandTotal.formatted}
          </span>
          <span className="member-order-items">{order.items.map((item) => `${item.quantity} × ${item.productName}`).join(", ")}</span>
        </li>
      ))}
    </ul>
  );
}

export function SignInPrompt({ returnTo }: { returnTo: string }) {
  const query = `?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <p className="member-prompt">
      <Link className="button" href={`/account/sign-in${query}`}>
        {messages.signIn}
      </Link>{" "}
      {memberMessages.noAccountYet} <Link href={`/account/sign-up${query}`}>{memberMessages.createAccount}</Link>
    </p>
  );
}

export default function AccountScreen({ queryRef }: ScreenProps<AccountScreenQuery>) {
  const { viewer } = usePreloadedQuery<AccountScreenQuery>(accountScreenQuery, queryRef);
  if (!viewer.signedIn) {
    return (
      <section className="member-page" aria-labelledby="account-title">
        <h1 id="account-title">{messages.accountPageTitle}</h1>
        <SignInPrompt returnTo="/account" />
      </section>
    );
  }
  const orders = viewer.orders.filter((row) => !row.subscription);
  const subscriptions = viewer.orders.filter((row) => row.subscription);
  return (
    <section className="member-page account-page" aria-labelledby="account-title">
      <h1 id="account-title">{messages.accountPageTitle}</h1>
      <p className="member-signed-in">
        {memberMessages.signedInAs(viewer.email ?? "")} <SignOutButton withCartChoice />
      </p>
      <p>
        <Link href="/account/addresses">{messages.addressBookPageTitle}</Link>
      </p>
      <h2 id="orders-title">{memberMessages.yourOrders}</h2>
      <OrderList rows={orders} empty={memberMessages.noOrdersYet} label={memberMessages.yourOrders} />
      <h2 id="subscriptions-title">{memberMessages.yourSubscriptions}</h2>
      <MemberSubscriptions viewer={viewer} />
      <OrderList rows={subscriptions} empty={memberMessages.noSubscriptionsYet} label={memberMessages.yourSubscriptions} />
    </section>
  );
}
