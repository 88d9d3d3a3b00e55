// /config/customers/<email> (issue 24 §5): one customer (an email address): what the list shows, then
// their orders (each opening the order's page), subscriptions, gift cards bought and received, saved
// addresses and form submissions (null, and left out, without submissions.read).
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { CustomerScreenQuery } from "../../__generated__/CustomerScreenQuery.graphql.ts";
import type { CustomerScreen_customer$data, CustomerScreen_customer$key } from "../../__generated__/CustomerScreen_customer.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { DataTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import type { ReactNode } from "react";
import "./customers.css";

const text = adminMessages.customer;
const listText = adminMessages.customers;
const orderText = adminMessages.order;

export const customerScreenQuery = graphql`
  query CustomerScreenQuery($email: String!) {
    customer(email: $email) {
      __typename
      ... on Customer {
        ...CustomerScreen_customer @alias(as: "detail")
      }
      ... on Error {
        message
      }
    }
  }
`;

const customerFragment = graphql`
  fragment CustomerScreen_customer on Customer {
    email
    name
    member
    orderCount
    totalSpent {
      formatted
    }
    lastOrderAt
    marketingConsent
    orders {
      id
      orderId
      orderNumber
      state
      createdAt
      grandTotal {
        formatted
      }
    }
    subscriptions {
      id
      productName
      planText
      state
      nextBillingAt
    }
    giftCardsBought {
      maskedCode
      recipientEmail
      initialBalance {
        formatted
      }
      balance {
        formatted
      }
    }
    giftCardsReceived {
      maskedCode
      recipientEmail
      initialBalance {
        formatted
      }
      balance {
        formatted
      }
    }
    addresses {
      id
      address {
        lines
        formattedPhone
      }
    }
    formSubmissions {
      id
      formName
      pageTitle
      pagePath
      createdAt
    }
  }
`;

type Customer = CustomerScreen_customer$data;

export default function CustomerScreen({ queryRef }: ScreenProps<CustomerScreenQuery>) {
  const { customer } = usePreloadedQuery<CustomerScreenQuery>(customerScreenQuery, queryRef);
  return (
    <div className="admin-page customer-page">
      <p className="customer-back">
        <Link href="/config/customers">{text.back}</Link>
      </p>
      {customer.__typename === "Customer" && customer.detail ? (
        <CustomerDetail customer={customer.detail} />
      ) : (
        <>
          <h1>{text.pageTitle}</h1>
          <p className="notice error" role="alert">
            {customer.__typename === "%other" ? ownerMessages.customerNotFound : (customer.message ?? ownerMessages.customerNotFound)}
          </p>
        </>
      )}
    </div>
  );
}

function CustomerDetail(props: { customer: CustomerScreen_customer$key }) {
  const customer = useFragment(customerFragment, props.customer);
  return (
    <>
      <h1>{customer.name || customer.email}</h1>
      <Section id="customer-summary" heading={text.summary}>
        <dl className="customer-facts">
          <dt>{adminMessages.emailLabel}</dt>
          <dd>{customer.email}</dd>
          <dt>{listText.columns.kind}</dt>
          <dd>{customer.member ? listText.member : listText.guest}</dd>
          <dt>{listText.columns.orders}</dt>
          <dd>{customer.orderCount}</dd>
          <dt>{listText.columns.totalSpent}</dt>
          <dd>{customer.totalSpent.formatted}</dd>
          <dt>{listText.columns.lastOrder}</dt>
          <dd>{customer.lastOrderAt ? formatDateTime(customer.lastOrderAt as string) : listText.noOrder}</dd>
          <dt>{listText.columns.consent}</dt>
          <dd>{customer.marketingConsent ? listText.consented : listText.notConsented}</dd>
        </dl>
      </Section>
      <Section id="customer-orders" heading={text.orders}>
        {customer.orders.length ? <DataTable rows={customer.orders} rowKey={(order) => order.id} columns={orderColumns} /> : <p>{text.noOrders}</p>}
      </Section>
      <Section id="customer-subscriptions" heading={text.subscriptions}>
        {customer.subscriptions.length ? (
          <DataTable rows={customer.subscriptions} rowKey={(subscription) => subscription.id} columns={subscriptionColumns} />
        ) : (
          <p>{text.noSubscriptions}</p>
        )}
      </Section>
      <Section id="customer-gift-cards-bought" heading={text.giftCardsBought}>
        <GiftCards cards={customer.giftCardsBought} />
      </Section>
      <Section id="customer-gift-cards-received" heading={text.giftCardsReceived}>
        <GiftCards cards={customer.giftCardsReceived} />
      </Section>
      <Section id="customer-addresses" heading={text.addresses}>
        {customer.addresses.length ? (
          <ul className="customer-addresses">
            {customer.addresses.map(({ id, address }) => (
              <li key={id}>
                <address>
                  {[...address.lines, ...(address.formattedPhone ? [address.formattedPhone] : [])].map((line, index) => (
                    <span key={index} className="address-line">
                      {line}
                      <br />
                    </span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        ) : (
          <p>{text.noAddresses}</p>
        )}
      </Section>
      {customer.formSubmissions ? (
        <Section id="customer-form-submissions" heading={text.formSubmissions}>
          {customer.formSubmissions.length ? (
            <DataTable rows={customer.formSubmissions} rowKey={(submission) => submission.id} columns={submissionColumns} />
          ) : (
            <p>{text.noFormSubmissions}</p>
          )}
        </Section>
      ) : null}
    </>
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

function GiftCards({ cards }: { cards: Customer["giftCardsBought"] }) {
  if (!cards.length) return <p>{text.noGiftCards}</p>;
  return (
    <>
      <p className="field-hint">{orderText.giftCardCodeHint}</p>
      <DataTable rows={cards} rowKey={(card) => card.maskedCode} columns={giftCardColumns} />
    </>
  );
}

const orderColumns: ListColumn<Customer["orders"][number]>[] = [
  {
    header: adminMessages.orders.columns.order,
    cell: (order) => <Link href={`/config/orders/${encodeURIComponent(order.orderId)}`}>{adminMessages.orders.orderNumber(order.orderNumber)}</Link>,
  },
  { header: adminMessages.orders.columns.placed, cell: (order) => formatDateTime(order.createdAt as string) },
  {
    header: adminMessages.orders.columns.state,
    cell: (order) => <span className={`badge ${(order.state ?? "").toLowerCase()}`}>{adminMessages.orders.stateNames[order.state ?? ""] ?? order.state}</span>,
  },
  { header: adminMessages.orders.columns.total, numeric: true, cell: (order) => order.grandTotal.formatted },
];

const subscriptionColumns: ListColumn<Customer["subscriptions"][number]>[] = [
  { header: text.subscriptionColumns.product, cell: (subscription) => subscription.productName },
  { header: text.subscriptionColumns.plan, cell: (subscription) => subscription.planText },
  { header: text.subscriptionColumns.state, cell: (subscription) => orderText.subscriptionStates[subscription.state] ?? subscription.state },
  {
    header: text.subscriptionColumns.nextBilling,
    cell: (subscription) => (subscription.nextBillingAt ? formatDateTime(subscription.nextBillingAt as string) : orderText.subscriptionNoNextBilling),
  },
];

const giftCardColumns: ListColumn<Customer["giftCardsBought"][number]>[] = [
  { header: orderText.giftCardColumns.code, cell: (card) => <code>{card.maskedCode}</code> },
  { header: orderText.giftCardColumns.recipient, cell: (card) => card.recipientEmail },
  { header: orderText.giftCardColumns.value, numeric: true, cell: (card) => card.initialBalance.formatted },
  { header: orderText.giftCardColumns.balance, numeric: true, cell: (card) => card.balance.formatted },
];

const submissionColumns: ListColumn<NonNullable<Customer["formSubmissions"]>[number]>[] = [
  { header: text.submissionColumns.form, cell: (submission) => submission.formName },
  { header: text.submissionColumns.page, cell: (submission) => submission.pageTitle ?? submission.pagePath ?? "" },
  { header: text.submissionColumns.submitted, cell: (submission) => formatDateTime(submission.createdAt as string) },
];
