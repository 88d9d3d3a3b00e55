// npm run seed's refusal (issue 23): a site with any order, or a contributor who is not one of the
// demo's own accounts, is not replaced without --force; the demo store as seeded is.
import { seedDemoStore, seedRefusal } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { newId, newSecret } from "../../server/services/support/ids.ts";
import { createTestDb } from "../support/db.ts";

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
});
afterEach(() => close());

it("lets the demo store as seeded be replaced (its own accounts, no order)", async () => {
  expect(await seedRefusal(db, DEMO_WEBSITE_ID)).toBeNull();
  expect(await seedRefusal(db, "no-such-site")).toBeNull();
});

it("refuses a site with an order, naming --force", async () => {
  const cartId = newId();
  await db.cart.create({ data: { id: cartId, token: newSecret(), websiteId: DEMO_WEBSITE_ID, currency: "USD", isPurchased: true } });
  await db.order.create({
    data: {
      id: newId(),
      orderNumber: 1,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: cartId,
      currency: "USD",
      subtotal: 0,
      discountTotal: 0,
      taxTotal: 0,
      shippingTotal: 0,
      grandTotal: 0,
    },
  });
  expect(await seedRefusal(db, DEMO_WEBSITE_ID)).toBe(
    "Refusing to reset sitecart-demo: it has 1 order. Run npm run seed -- --force to replace it with the demo store anyway.",
  );
});

it("refuses a site with contributors of its own, not for site members", async () => {
  await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "shopper@example.com", passwordHash: "x", role: null } });
  expect(await seedRefusal(db, DEMO_WEBSITE_ID)).toBeNull();
  await db.account.createMany({
    data: [
      { websiteId: DEMO_WEBSITE_ID, email: "jane@example.com", passwordHash: "x", role: 1 },
      { websiteId: DEMO_WEBSITE_ID, email: "sam@example.com", passwordHash: "x", role: 4 },
    ],
  });
  expect(await seedRefusal(db, DEMO_WEBSITE_ID)).toBe(
    "Refusing to reset sitecart-demo: it has 2 contributors who are not demo accounts. Run npm run seed -- --force to replace it with the demo store anyway.",
  );
});

it("gives the demo's sign-ins passwords nobody knows when asked (the demo in production)", async () => {
  const { verifyPassword } = await import("../../server/services/members/passwords.ts");
  await seedDemoStore(db, DEMO_WEBSITE_ID, { knownPasswords: false });
  const owner = await db.account.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, email: "owner@sitecart.test" } });
  expect(await verifyPassword("owner-password", owner.passwordHash)).toBe(false);
});
