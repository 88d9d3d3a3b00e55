// The owner's customers (services/customers/customers.ts): members and guest orders merged by email,
// what they spent, consent, search, sorting, paging, one customer's page, and never another site's.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { InvalidInputError } from "../../../server/domain/errors.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { createServices, type Services } from "../../../server/services/index.ts";
import { createTestDb } from "../../support/db.ts";

const OTHER_SITE = "customers-test-other-site";
let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let services: Services;
let orderNumber = 5000;

async function placeOrder(
  email: string,
  grandTotal: number,
  placedAt: string,
  extra: { state?: string; refundedAmount?: number; websiteId?: string; fullName?: string } = {},
) {
  const id = `customer-order-${++orderNumber}`;
  await db.order.create({
    data: {
      id,
      orderNumber,
      websiteId: extra.websiteId ?? DEMO_WEBSITE_ID,
      purchasedCartId: `customer-cart-${orderNumber}`,
      customerEmail: email,
      currency: "USD",
      subtotal: grandTotal,
      discountTotal: 0,
      taxTotal: 0,
      shippingTotal: 0,
      grandTotal,
      state: extra.state ?? "PLACED",
      refundedAmount: extra.refundedAmount ?? 0,
      createdAt: new Date(placedAt),
      ...(extra.fullName
        ? { addresses: { create: [{ kind: "SHIPPING", fullName: extra.fullName, line1: "1 Main St", city: "Springfield", country: "US" }] } }
        : {}),
    },
  });
  return id;
}

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  // Only these tests' customers: the demo store's own orders and members are cleared.
  await db.order.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID } });
  await db.account.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID, role: null } });
  await db.mailingListSignUp.deleteMany({ where: { mailingList: { websiteId: DEMO_WEBSITE_ID } } });
  await db.website.create({ data: { id: OTHER_SITE, title: "Another store" } });
  bus = createRealtimeBus(null);
  services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID });

  const member = await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "ada@example.com", passwordHash: "x", displayName: "Ada Lovelace" } });
  await db.memberAddress.create({ data: { accountId: member.id, fullName: "Ada Lovelace", line1: "12 St James's Sq", city: "London", country: "GB" } });
  await placeOrder("ada@example.com", 5000, "2030-01-01T10:00:00Z");
  // A partial refund of 1,000 counts off; a cancelled order brought nothing.
  await placeOrder("ada@example.com", 3000, "2030-02-01T10:00:00Z", { state: "FULFILLED", refundedAmount: 1000 });
  await placeOrder("ada@example.com", 9999, "2030-02-15T10:00:00Z", { state: "CANCELLED" });
  // The same person as a guest, typed with capitals and spaces: the same customer.
  await placeOrder("  ADA@Example.com ", 2000, "2030-03-01T10:00:00Z");
  await placeOrder("grace@example.com", 40000, "2030-01-15T10:00:00Z", { fullName: "Grace Hopper" });
  await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "newbie@example.com", passwordHash: "x", displayName: "" } });
  // A contributor is not a customer.
  await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "editor@example.com", passwordHash: "x", role: 4 } });
  const list = await db.mailingList.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID } });
  await db.mailingListSignUp.create({ data: { mailingListId: list.id, email: "grace@example.com", status: "CONFIRMED", confirmedAt: new Date() } });
  await db.mailingListSignUp.create({ data: { mailingListId: list.id, email: "newbie@example.com", status: "PENDING" } });
  // Another store's buyer with the same address as ours, and one of its own.
  await placeOrder("ada@example.com", 77700, "2030-04-01T10:00:00Z", { websiteId: OTHER_SITE });
  await placeOrder("stranger@example.com", 100, "2030-04-01T10:00:00Z", { websiteId: OTHER_SITE });
}, 30_000);

afterAll(async () => {
  services.stop();
  await bus.close();
  await close();
});

it("merges a member's orders and their guest orders by email, and keeps other guests apart", async () => {
  const { items } = await services.customers.list({});
  expect(items.map(({ cursor: _cursor, ...customer }) => customer)).toEqual([
    {
      email: "ada@example.com",
      accountId: expect.any(Number),
      name: "Ada Lovelace",
      orderCount: 4,
      totalSpent: 5000 + 2000 + 2000,
      currency: "USD",
      lastOrderAt: new Date("2030-03-01T10:00:00Z"),
      marketingConsent: false,
    },
    {
      email: "grace@example.com",
      accountId: null,
      name: "Grace Hopper",
      orderCount: 1,
      totalSpent: 40000,
      currency: "USD",
      lastOrderAt: new Date("2030-01-15T10:00:00Z"),
      marketingConsent: true,
    },
    {
      email: "newbie@example.com",
      accountId: expect.any(Number),
      name: "",
      orderCount: 0,
      totalSpent: 0,
      currency: "USD",
      lastOrderAt: null,
      marketingConsent: false,
    },
  ]);
});

it("never shows another site's customers or orders", async () => {
  const emails = (await services.customers.list({ first: 100 })).items.map((customer) => customer.email);
  expect(emails).not.toContain("stranger@example.com");
  const ada = await services.customers.get("ada@example.com");
  expect(ada?.orders.map((order) => order.grandTotal).sort((a, b) => a - b)).toEqual([2000, 3000, 5000, 9999]);
  expect(await services.customers.get("stranger@example.com")).toBeNull();
});

it.each([
  ["TOTAL_SPENT", ["grace@example.com", "ada@example.com", "newbie@example.com"]],
  ["NAME", ["ada@example.com", "grace@example.com", "newbie@example.com"]],
  ["LAST_ORDER", ["ada@example.com", "grace@example.com", "newbie@example.com"]],
] as const)("sorts by %s", async (sort, emails) => {
  expect((await services.customers.list({ sort })).items.map((customer) => customer.email)).toEqual(emails);
});

it("searches by part of the email or of the name, in any case", async () => {
  expect((await services.customers.list({ search: "HOPPER" })).items.map((customer) => customer.email)).toEqual(["grace@example.com"]);
  expect((await services.customers.list({ search: "newbie@" })).items.map((customer) => customer.email)).toEqual(["newbie@example.com"]);
  expect((await services.customers.list({ search: "100%" })).items).toEqual([]);
});

it("pages forward without repeating or skipping, and refuses a cursor of another ordering", async () => {
  const first = await services.customers.list({ sort: "NAME", first: 2 });
  expect(first.hasNextPage).toBe(true);
  const second = await services.customers.list({ sort: "NAME", first: 2, after: first.items[1].cursor });
  expect([...first.items, ...second.items].map((customer) => customer.email)).toEqual(["ada@example.com", "grace@example.com", "newbie@example.com"]);
  expect(second.hasNextPage).toBe(false);
  await expect(services.customers.list({ sort: "TOTAL_SPENT", after: first.items[1].cursor })).rejects.toThrow(InvalidInputError);
});

it("shows a member's page with their orders, saved addresses and the same figures as the list", async () => {
  const ada = await services.customers.get("  Ada@EXAMPLE.com");
  expect(ada).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", orderCount: 4, totalSpent: 9000 });
  expect(ada?.orders[0].customerEmail?.trim().toLowerCase()).toBe("ada@example.com");
  expect(ada?.addresses.map((address) => address.city)).toEqual(["London"]);
  const grace = await services.customers.get("grace@example.com");
  expect(grace?.addresses).toEqual([]);
});
