// What the admin's restock screens read beyond the spec's calls (issue 9, screens 5-7): one variant's
// restock group with its counts by status.
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("restockSignUpGroup", () => {
  const GROUP = `query($p: ID!, $v: ID!) { restockSignUpGroup(productId: $p, variantId: $v) { productName sku attributes qtyInStock received notified total } }`;

  it("answers one variant's waitlist with its counts by status", async () => {
    const toteId = await store.itemId("canvas-tote");
    const natural = (await store.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" } })).id;
    for (const email of ["group-1@example.com", "group-2@example.com"]) {
      const visitor = await store.visitor().arrive();
      const response = await visitor.request("POST", "/api/site-users/account/notifications/restock", {
        body: { productId: toteId, variantId: natural, siteVisitorEmail: email },
      });
      expect(response.status).toBe(200);
    }
    const data = await ok(GROUP, { p: String(toteId), v: String(natural) });
    expect(data.restockSignUpGroup).toEqual({
      productName: "Canvas Tote",
      sku: "TOTE-NATURAL",
      attributes: { Color: "Natural" },
      qtyInStock: 0,
      received: await store.db.restockSignUp.count({ where: { variantId: natural, status: "RECEIVED" } }),
      notified: 0,
      total: await store.db.restockSignUp.count({ where: { variantId: natural } }),
    });
    expect(data.restockSignUpGroup.received).toBeGreaterThanOrEqual(2);
  });

  it("answers null for a variant nobody waits for, or ids that name nothing", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const mugVariant = (await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" } })).id;
    expect((await ok(GROUP, { p: String(mugId), v: String(mugVariant) })).restockSignUpGroup).toBeNull();
    expect((await ok(GROUP, { p: "x", v: "0" })).restockSignUpGroup).toBeNull();
  });
});
