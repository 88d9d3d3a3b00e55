// Who the store's customers are (domain/customers/customers.ts): one per email address, members and
// guest orders merged; what "total spent" counts; the list's orders; the CSV row.
import { amountSpent, customerEmailKey, mergeCustomers, type CustomerOrderFacts } from "../../../server/domain/customers/customers.ts";
import { customerCsvRow } from "../../../server/domain/customers/customer-csv.ts";

const order = (customerEmail: string | null, grandTotal: number, createdAt: string, extra: Partial<CustomerOrderFacts> = {}): CustomerOrderFacts => ({
  customerEmail,
  state: "PLACED",
  currency: "USD",
  grandTotal,
  refundedAmount: 0,
  createdAt: new Date(createdAt),
  ...extra,
});

it("keys a customer by the address trimmed and lower-cased", () => {
  expect(customerEmailKey("  Ada@Example.COM ")).toBe("ada@example.com");
});

it.each([
  ["a placed order counts in full", { state: "PLACED" }, 5000],
  ["a fulfilled order counts less its partial refunds", { state: "FULFILLED", refundedAmount: 1500 }, 3500],
  ["a cancelled order brought nothing", { state: "CANCELLED" }, 0],
  ["a refunded order brought nothing", { state: "REFUNDED", refundedAmount: 5000 }, 0],
  ["an order in another currency is left out", { currency: "EUR" }, 0],
] as const)("total spent: %s", (_rule, extra, spent) => {
  expect(amountSpent(order("a@example.com", 5000, "2030-01-01T00:00:00Z", extra), "USD")).toBe(spent);
});

it("merges a member and the guest orders of the same address into one customer, and keeps other addresses apart", () => {
  const customers = mergeCustomers(
    [{ id: 7, email: "Ada@example.com", displayName: "Ada Lovelace" }],
    [
      order("ada@example.com", 5000, "2030-01-01T00:00:00Z"),
      order(" ADA@EXAMPLE.COM", 2000, "2030-03-01T00:00:00Z", { state: "CANCELLED" }),
      order("grace@example.com", 40000, "2030-02-01T00:00:00Z"),
      order(null, 100, "2030-02-01T00:00:00Z"),
    ],
    "USD",
    "LAST_ORDER",
    new Map([["grace@example.com", "Grace Hopper"]]),
  );
  expect(customers).toEqual([
    { email: "ada@example.com", accountId: 7, name: "Ada Lovelace", orderCount: 2, totalSpent: 5000, lastOrderAt: new Date("2030-03-01T00:00:00Z") },
    { email: "grace@example.com", accountId: null, name: "Grace Hopper", orderCount: 1, totalSpent: 40000, lastOrderAt: new Date("2030-02-01T00:00:00Z") },
  ]);
});

it.each([
  ["LAST_ORDER", ["b@example.com", "a@example.com", "c@example.com"]],
  ["TOTAL_SPENT", ["a@example.com", "b@example.com", "c@example.com"]],
  ["NAME", ["b@example.com", "a@example.com", "c@example.com"]],
] as const)("sorts by %s, customers without an order or a name last", (sort, emails) => {
  const customers = mergeCustomers(
    [
      { id: 1, email: "a@example.com", displayName: "Zoe" },
      { id: 2, email: "b@example.com", displayName: "amy" },
      { id: 3, email: "c@example.com", displayName: "" },
    ],
    [order("a@example.com", 9000, "2030-01-01T00:00:00Z"), order("b@example.com", 100, "2030-02-01T00:00:00Z")],
    "USD",
    sort,
  );
  expect(customers.map((customer) => customer.email)).toEqual(emails);
});

it("writes a customer as a CSV row with a decimal total", () => {
  expect(
    customerCsvRow({
      email: "ada@example.com",
      name: "Ada",
      accountId: null,
      orderCount: 3,
      totalSpent: 12345,
      currency: "USD",
      lastOrderAt: new Date("2030-03-01T10:00:00Z"),
      marketingConsent: true,
    }),
  ).toEqual(["ada@example.com", "Ada", "no", "3", "USD", "123.45", "2030-03-01T10:00:00.000Z", "yes"]);
});
