// The admin's customers screens (issue 24 §5): the list (a row per address with member or guest, orders,
// total spent, last order and consent; empty and no-match states; search and sort in the URL; the
// export; the navigation entry only with customers.read) and a customer's page (orders linking to their
// pages, subscriptions, gift cards, saved addresses, form submissions hidden when null, not found).
import { fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import CustomersScreenQuery from "../../../../client/__generated__/CustomersScreenQuery.graphql.ts";
import CustomerScreenQuery from "../../../../client/__generated__/CustomerScreenQuery.graphql.ts";
import CustomersScreen from "../../../../client/admin/customers/CustomersScreen.tsx";
import CustomerScreen from "../../../../client/admin/customers/CustomerScreen.tsx";
import { customersSection } from "../../../../client/admin/customers/section.ts";
import { adminNavigation } from "../../../../client/admin/routes.ts";
import { renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

const customer = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  name: "Ada Lovelace",
  member: false,
  orderCount: 2,
  totalSpent: { formatted: "$49.20" },
  lastOrderAt: "2026-03-04T10:00:00.000Z",
  marketingConsent: false,
  ...overrides,
});

function renderList(customers: unknown[], search = "", hasNextPage = false) {
  const { environment, queryRef } = preload(
    CustomersScreenQuery,
    { search: null, sort: "LAST_ORDER" },
    {
      CustomerConnection: () => ({
        edges: customers.map((node) => ({ node, cursor: (node as { email: string }).email })),
        pageInfo: { hasNextPage, endCursor: "c" },
      }),
    },
  );
  return renderAdmin(<CustomersScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams(search) }} />, { environment });
}

describe("the customer list", () => {
  it("shows a row per customer, each opening the customer's page by its encoded address, with a next page when there is one", () => {
    renderList(
      [
        customer("ada+shop@example.com"),
        customer("grace@example.com", { name: "", member: true, orderCount: 0, totalSpent: { formatted: "$0.00" }, lastOrderAt: null, marketingConsent: true }),
      ],
      "",
      true,
    );
    expect(screen.getByRole("heading", { name: "Customers", level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "ada+shop@example.com" }).getAttribute("href")).toBe("/config/customers/ada%2Bshop%40example.com");
    const [ada, grace] = screen.getAllByRole("row").slice(1);
    for (const cell of ["Ada Lovelace", "Guest", "2", "$49.20", "Not subscribed"]) expect(within(ada).getByText(cell)).toBeTruthy();
    for (const cell of ["No name", "Member", "0", "$0.00", "Never", "Subscribed"]) expect(within(grace).getByText(cell)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export customers" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("says so when there are no customers, and when none matches the search", () => {
    const { unmount } = renderList([]);
    expect(screen.getByText("No customers yet. Shoppers appear here when they place an order or sign up as members.")).toBeTruthy();
    unmount();
    renderList([], "search=nobody&sort=NAME");
    expect(screen.getByText("No customer matches this search.")).toBeTruthy();
    expect((screen.getByLabelText("Search by email or name") as HTMLInputElement).value).toBe("nobody");
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("NAME");
  });

  it("puts the search and the sort in the URL, leaving out the default sort", () => {
    const { navigate } = renderList([customer("ada@example.com")], "sort=TOTAL_SPENT");
    fireEvent.change(screen.getByLabelText("Search by email or name"), { target: { value: " Ada@Example " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(navigate).toHaveBeenLastCalledWith("/config/customers?search=Ada%40Example&sort=TOTAL_SPENT", { replace: true });
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "LAST_ORDER" } });
    expect(navigate).toHaveBeenLastCalledWith("/config/customers", { replace: true });
  });

  it("reads the list's variables from the URL, an unknown sort falling back to the last order", () => {
    const [list, page] = customersSection.routes as unknown as { variables: (match: { params: Record<string, string>; search: URLSearchParams }) => unknown }[];
    expect(list.variables({ params: {}, search: new URLSearchParams("search=ada&sort=NAME") })).toEqual({ search: "ada", sort: "NAME" });
    expect(list.variables({ params: {}, search: new URLSearchParams("sort=BIGGEST") })).toEqual({ search: null, sort: "LAST_ORDER" });
    expect(page.variables({ params: { email: "ada+shop@example.com" }, search: new URLSearchParams() })).toEqual({ email: "ada+shop@example.com" });
  });

  it("lists Customers in the navigation only for a role with customers.read", () => {
    expect(adminNavigation(["orders.read", "customers.read"]).map((item) => item.label)).toContain("Customers");
    expect(adminNavigation(["orders.read"]).map((item) => item.label)).not.toContain("Customers");
  });
});

describe("the customer page", () => {
  const detail = (overrides: Record<string, unknown> = {}) => ({
    __typename: "Customer",
    ...customer("ada@example.com", { member: true, marketingConsent: true }),
    orders: [
      { id: "order-7", orderId: "raw-7", orderNumber: 7, state: "FULFILLED", createdAt: "2026-03-04T10:00:00.000Z", grandTotal: { formatted: "$24.60" } },
    ],
    subscriptions: [{ id: "sub-1", productName: "Coffee Club", planText: "$9.00 every month", state: "ACTIVE", nextBillingAt: "2026-04-04T10:00:00.000Z" }],
    giftCardsBought: [
      { maskedCode: "****-WXYZ", recipientEmail: "grace@example.com", initialBalance: { formatted: "$50.00" }, balance: { formatted: "$20.00" } },
    ],
    giftCardsReceived: [],
    addresses: [{ id: "address-1", address: { lines: ["Ada Lovelace", "350 5th Ave", "New York, NY 10118", "United States"], formattedPhone: null } }],
    formSubmissions: [{ id: "submission-1", formName: "Contact", pageTitle: "Contact us", pagePath: "/contact", createdAt: "2026-03-01T10:00:00.000Z" }],
    ...overrides,
  });

  function renderCustomer(answer: Record<string, unknown>) {
    let environment: ReturnType<typeof createMockEnvironment>;
    let queryRef: unknown;
    if (answer.__typename === "Customer") ({ environment, queryRef } = preload(CustomerScreenQuery, { email: "ada@example.com" }, { Customer: () => answer }));
    else {
      // An error answer as the server sends it (the union member, and the interface it refines to).
      environment = createMockEnvironment();
      queryRef = loadQuery(environment, CustomerScreenQuery, { email: "nobody@example.com" });
      environment.mock.resolveMostRecentOperation({ data: { customer: { ...answer, __isError: answer.__typename } } } as never);
    }
    return renderAdmin(<CustomerScreen queryRef={queryRef as never} match={{ params: { email: "ada@example.com" }, search: new URLSearchParams() }} />, {
      environment,
    });
  }

  it("shows the customer's summary, orders linking to their pages, subscriptions, gift cards, addresses and form submissions", () => {
    renderCustomer(detail());
    expect(screen.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Summary" });
    for (const fact of ["ada@example.com", "Member", "$49.20", "Subscribed"]) expect(within(summary).getByText(fact)).toBeTruthy();
    const orders = screen.getByRole("region", { name: "Orders" });
    expect(within(orders).getByRole("link", { name: "#7" }).getAttribute("href")).toBe("/config/orders/raw-7");
    expect(within(orders).getByText("Fulfilled")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Subscriptions" })).getByText("$9.00 every month")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Gift cards bought" })).getByText("****-WXYZ")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Gift cards received" })).getByText("None.")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Saved addresses" })).getByText("350 5th Ave")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Form submissions" })).getByText("Contact us")).toBeTruthy();
  });

  it("leaves out the form submissions without submissions.read (null), and says what a guest has none of", () => {
    renderCustomer(detail({ name: "", member: false, orders: [], subscriptions: [], giftCardsBought: [], addresses: [], formSubmissions: null }));
    expect(screen.getByRole("heading", { name: "ada@example.com", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Form submissions" })).toBeNull();
    expect(screen.getByText("No orders placed with this address.")).toBeTruthy();
    expect(screen.getByText("No subscriptions.")).toBeTruthy();
    expect(screen.getByText("No saved address.")).toBeTruthy();
  });

  it("shows the server's message when the customer does not exist", () => {
    renderCustomer({ __typename: "NotFoundError", message: "That customer could not be found." });
    expect(screen.getByRole("alert").textContent).toBe("That customer could not be found.");
    expect(screen.getByRole("link", { name: "All customers" }).getAttribute("href")).toBe("/config/customers");
  });
});
