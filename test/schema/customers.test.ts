// The owner's customers over GraphQL and the CSV export (issue 24 §5): the list and one customer's
// page for customers.read, form submissions only with submissions.read too, refusals for the others,
// and a formula-safe CSV download.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { store, useFormsStore } from "../rest/forms-setup.ts";

useFormsStore();

let owner: Caller;
let manager: Caller;
let member: Caller;
beforeAll(async () => {
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  manager = await signedIn(store, "store manager", "manager@sitecart.test", "manager-password", 8);
  member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
  const base = { websiteId: DEMO_WEBSITE_ID, currency: "USD", subtotal: 2500, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 2500 };
  // A guest whose name a spreadsheet would run as a formula.
  await store.db.order.create({
    data: {
      ...base,
      id: "customers-gql-1",
      orderNumber: 90001,
      purchasedCartId: "customers-gql-cart-1",
      customerEmail: "formula@example.com",
      addresses: { create: [{ kind: "SHIPPING", fullName: "=HYPERLINK(1)", line1: "1 Main St", city: "Springfield", country: "US" }] },
    },
  });
  await store.db.formSubmission.create({
    data: { id: "customers-gql-sub", websiteId: DEMO_WEBSITE_ID, formName: "Contact", answers: "{}", answersHash: "h", email: "formula@example.com" },
  });
});

const PAGE_QUERY = `query ($email: String!) {
  customer(email: $email) {
    __typename
    ... on Customer { email name member orderCount totalSpent { value currency } orders { orderNumber } formSubmissions { formName } }
    ... on Error { message }
  }
}`;

it("lists the customers, searched, for an owner", async () => {
  const answer = await owner.graphql(
    '{ customers(first: 5, search: "FORMULA@") { edges { node { email name member orderCount totalSpent { value currency } } } } }',
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data.customers.edges).toEqual([
    { node: { email: "formula@example.com", name: "=HYPERLINK(1)", member: false, orderCount: 1, totalSpent: { value: 2500, currency: "USD" } } },
  ]);
});

it("shows a customer's page with their orders, and their form submissions to a holder of submissions.read only", async () => {
  const asOwner = await owner.graphql(PAGE_QUERY, { email: " Formula@Example.com" });
  expect(asOwner.data.customer).toMatchObject({ email: "formula@example.com", orders: [{ orderNumber: 90001 }], formSubmissions: [{ formName: "Contact" }] });
  const asManager = await manager.graphql(PAGE_QUERY, { email: "formula@example.com" });
  expect(asManager.data.customer).toMatchObject({ orders: [{ orderNumber: 90001 }], formSubmissions: null });
});

it("answers a customer that does not exist with its message", async () => {
  const answer = await owner.graphql(PAGE_QUERY, { email: "nobody@example.com" });
  expect(answer.data.customer).toEqual({ __typename: "NotFoundError", message: "That customer could not be found." });
});

it("refuses the customers to a site member and to an anonymous visitor", async () => {
  const asMember = await member.graphql("{ customers(first: 1) { edges { node { email } } } }");
  expect(asMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  const anonymous = await store.visitor().arrive();
  const asAnonymous = await anonymous.graphql("{ customers(first: 1) { edges { node { email } } } }");
  expect(asAnonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
});

it("exports the customers as CSV with formulas escaped, for customers.read only", async () => {
  const answer = await owner.request<string>("GET", "/api/owner/customers.csv");
  expect(answer.status).toBe(200);
  const text = String(answer.body);
  expect(text).toContain("Email,Name,Member,Orders,Currency,Total Spent,Last Order At,Accepts Email Marketing");
  expect(text).toContain("formula@example.com,'=HYPERLINK(1),no,1,USD,25.00,");
  expect((await member.request("GET", "/api/owner/customers.csv")).status).toBe(403);
});
