// /config/customers (issue 24 §5): members and guest buyers, one row per email address, searched by
// email or name and sorted by last order, total spent or name (both kept in the URL,
// customer-filters.ts), a page at a time; each row opens the customer's page. The whole list can be
// exported as CSV.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { CUSTOMER_SORTS } from "../../../server/domain/customers/customers.ts";
import type { CustomersScreenQuery as Query } from "../../__generated__/CustomersScreenQuery.graphql.ts";
import type { CustomersScreen_customers$data, CustomersScreen_customers$key } from "../../__generated__/CustomersScreen_customers.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { ListTable, SearchForm, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { customerFiltersHref, customerHref, readCustomerFilters, type CustomerFilters } from "./customer-filters.ts";
import "./customers.css";

const text = adminMessages.customers;

export default function CustomersScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query CustomersScreenQuery($search: String, $sort: CustomerSort) {
        ...CustomersScreen_customers @arguments(search: $search, sort: $sort)
      }
    `,
    queryRef,
  );
  const filters = readCustomerFilters(match.search);
  return (
    <section className="admin-page customers-page">
      <header>
        <h1>{text.title}</h1>
        <ExportButton path="/api/owner/customers.csv" fileName="customers.csv" label={text.exportLink} />
      </header>
      <p>{text.intro}</p>
      <CustomerFiltersForm filters={filters} />
      <CustomerTable customers={data} filtered={Boolean(filters.search)} />
    </section>
  );
}

function CustomerFiltersForm({ filters }: { filters: CustomerFilters }) {
  const { navigate } = useRouter();
  const go = (changes: Partial<CustomerFilters>) => navigate(customerFiltersHref({ ...filters, ...changes }), { replace: true });
  return (
    <SearchForm inputId="customers-search" label={text.searchLabel} initialText={filters.search} onSearch={(search) => go({ search })}>
      <div className="field">
        <label htmlFor="customers-sort">{text.sortLabel}</label>
        <select id="customers-sort" value={filters.sort} onChange={(event) => go({ sort: event.target.value as CustomerFilters["sort"] })}>
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {text.sortNames[sort]}
            </option>
          ))}
        </select>
      </div>
    </SearchForm>
  );
}

function CustomerTable({ customers, filtered }: { customers: CustomersScreen_customers$key; filtered: boolean }) {
  const { data, ...paging } = usePaginationFragment(
    graphql`
      fragment CustomersScreen_customers on Query
      @argumentDefinitions(
        search: { type: "String" }
        sort: { type: "CustomerSort", defaultValue: LAST_ORDER }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      )
      @refetchable(queryName: "CustomersScreenPaginationQuery") {
        customers(search: $search, sort: $sort, first: $first, after: $after) @connection(key: "CustomersScreen_customers", filters: ["search", "sort"]) {
          edges {
            node {
              email
              name
              member
              orderCount
              totalSpent {
                formatted
              }
              lastOrderAt
              marketingConsent
            }
          }
        }
      }
    `,
    customers,
  );
  const rows = data.customers.edges.map((edge) => edge.node);
  return (
    <ListTable
      rows={rows}
      rowKey={(customer) => customer.email}
      columns={customerColumns}
      className="data-table customers-table"
      empty={filtered ? text.noMatch : text.empty}
      paging={paging}
    />
  );
}

type CustomerRow = CustomersScreen_customers$data["customers"]["edges"][number]["node"];

const customerColumns: ListColumn<CustomerRow>[] = [
  {
    header: text.columns.customer,
    cell: (customer) => (
      <>
        <Link href={customerHref(customer.email)}>{customer.email}</Link>
        <span className="customer-name">{customer.name || text.unnamed}</span>
      </>
    ),
  },
  {
    header: text.columns.kind,
    cell: (customer) => <span className={`badge ${customer.member ? "member" : "guest"}`}>{customer.member ? text.member : text.guest}</span>,
  },
  { header: text.columns.orders, numeric: true, cell: (customer) => customer.orderCount },
  { header: text.columns.totalSpent, numeric: true, cell: (customer) => customer.totalSpent.formatted },
  { header: text.columns.lastOrder, cell: (customer) => (customer.lastOrderAt ? formatDateTime(customer.lastOrderAt as string) : text.noOrder) },
  { header: text.columns.consent, cell: (customer) => (customer.marketingConsent ? text.consented : text.notConsented) },
];
