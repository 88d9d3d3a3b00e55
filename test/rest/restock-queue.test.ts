// The fair queue of a back-in-stock waitlist (issue 4 §2: the outbox, statuses and expiry).
import { addEntry } from "./helpers.ts";
import { freshVariant, outboxTo, owner, queue, RESTOCK, SEND, SEND_ALL, setStock, signUp, statuses, store, toteId, useRestockStore } from "./restock-setup.ts";

useRestockStore();

describe("the fair queue", () => {
  it("notifies at most as many waiters as units arrived, in sign-up order, each with an email in the outbox", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 5);
    expect(await setStock(variantId, 2)).toBe(2);
    expect(await statuses(variantId)).toEqual([
      [emails[0], "NOTIFIED"],
      [emails[1], "NOTIFIED"],
      [emails[2], "RECEIVED"],
      [emails[3], "RECEIVED"],
      [emails[4], "RECEIVED"],
    ]);
    const sent = await outboxTo(emails);
    expect(sent.map((email) => email.toEmail).sort()).toEqual([emails[0], emails[1]].sort());
    expect(sent[0]).toMatchObject({ subject: "Canvas Tote is back in stock", status: "RECORDED" });
    expect(sent[0].textBody).toContain("/shop/p/canvas-tote");
    // One more unit: one more waiter, the next in line.
    expect(await setStock(variantId, 3)).toBe(1);
    expect((await statuses(variantId))[2]).toEqual([emails[2], "NOTIFIED"]);
    // A decrease brings nobody; a unit back after selling out brings the next.
    expect(await setStock(variantId, 0)).toBe(0);
    expect(await setStock(variantId, 1)).toBe(1);
    expect((await statuses(variantId)).map(([, status]) => status)).toEqual(["NOTIFIED", "NOTIFIED", "NOTIFIED", "NOTIFIED", "RECEIVED"]);
  });

  it("notifies everyone waiting when the variant becomes unlimited", async () => {
    const variantId = await freshVariant();
    await queue(variantId, 3);
    expect(await setStock(variantId, null, true)).toBe(3);
  });

  it("send notifies one waiter per unit in stock not held for an earlier notification; sending twice notifies nobody twice", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 4);
    await store.db.variant.update({ where: { id: variantId }, data: { qtyInStock: 2 } }); // stock that came in without the queue
    const first = await owner.request("POST", SEND, { body: { productId: toteId, variantId } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ productId: toteId, variantId, notified: 2, waiting: 2 });
    const second = await owner.request("POST", SEND, { body: { productId: toteId, variantId } });
    expect(second.body).toEqual({ productId: toteId, variantId, notified: 0, waiting: 2 });
    expect(await outboxTo(emails)).toHaveLength(2);
    // After the 48-hour hold, units nobody bought go to the next in line.
    await store.db.restockSignUp.updateMany({ where: { variantId, status: "NOTIFIED" }, data: { notifiedAt: new Date(Date.now() - 49 * 60 * 60 * 1000) } });
    const later = await owner.request("POST", SEND, { body: { productId: String(toteId), variantId: String(variantId) } });
    expect(later.body).toMatchObject({ notified: 2, waiting: 0 });
    expect(await outboxTo(emails)).toHaveLength(4);
  });

  it("notifies nobody twice when sends run at the same moment", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 6);
    await store.db.variant.update({ where: { id: variantId }, data: { qtyInStock: 3 } });
    const responses = await Promise.all([1, 2, 3, 4].map(() => owner.request("POST", SEND, { body: { productId: toteId, variantId } })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(responses.reduce((sum, response) => sum + response.body.notified, 0)).toBe(3);
    expect(await outboxTo(emails)).toHaveLength(3);
    expect((await statuses(variantId)).filter(([, status]) => status === "NOTIFIED")).toHaveLength(3);
  });

  it("send/all runs each request", async () => {
    const a = await freshVariant();
    const b = await freshVariant();
    await queue(a, 2);
    await queue(b, 2);
    await store.db.variant.update({ where: { id: a }, data: { qtyInStock: 1 } });
    await store.db.variant.update({ where: { id: b }, data: { unlimited: true } });
    const response = await owner.request("POST", SEND_ALL, {
      body: {
        sendRequests: [
          { productId: toteId, variantId: a },
          { productId: toteId, variantId: b },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        { productId: toteId, variantId: a, notified: 1, waiting: 1 },
        { productId: toteId, variantId: b, notified: 2, waiting: 0 },
      ],
    });
  });

  it.each([
    ["no list", {}, 400],
    ["an empty list", { sendRequests: [] }, 400],
    ["a request without a variant", { sendRequests: [{ productId: 1 }] }, 400],
    ["more than 100 requests", { sendRequests: Array.from({ length: 101 }, () => ({ productId: 1, variantId: 1 })) }, 400],
  ])("send/all refuses %s with 400 and sends nothing", async (_case, body, status) => {
    const before = await store.db.outboxEmail.count();
    const response = await owner.request("POST", SEND_ALL, { body });
    expect(response.status).toBe(status);
    expect(await store.db.outboxEmail.count()).toBe(before);
  });

  it("send refuses an unknown variant with 404", async () => {
    const response = await owner.request("POST", SEND, { body: { productId: toteId, variantId: 999_999 } });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("That product variant could not be found.");
  });

  it("lets places lapse 90 days after signing up: EXPIRED, never notified", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 2);
    await store.db.restockSignUp.updateMany({ where: { email: emails[0] }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await setStock(variantId, 5)).toBe(1);
    expect(await statuses(variantId)).toEqual([
      [emails[0], "EXPIRED"],
      [emails[1], "NOTIFIED"],
    ]);
  });

  it("marks a notified waiter who buys the variant PURCHASED", async () => {
    const variantId = await freshVariant();
    const [email] = await queue(variantId, 1);
    await setStock(variantId, 1);
    const sku = (await store.db.variant.findUniqueOrThrow({ where: { id: variantId } })).sku;
    const shopper = await store.visitor().arrive();
    expect((await addEntry(shopper, { itemId: toteId, sku, quantity: 1 })).status).toBe(200);
    const checkout = await shopper.graphql(
      `mutation { checkout(input: { email: "${email.toUpperCase()}", shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10118", country: "US" } }) { __typename ... on Error { message } } }`,
    );
    expect(checkout.data.checkout.__typename).toBe("CheckoutSuccess");
    const page = await owner.request("GET", `${RESTOCK}?productId=${toteId}&variantId=${variantId}`);
    expect(page.body.signUps).toEqual([expect.objectContaining({ email, status: "PURCHASED", purchasedAt: expect.any(String) })]);
  });

  it("puts a waiter who signs up again after being notified at the back of the queue", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 2);
    await setStock(variantId, 1);
    await setStock(variantId, 0);
    expect((await signUp({ variantId, siteVisitorEmail: emails[0] })).status).toBe(200);
    expect(await statuses(variantId)).toEqual([
      [emails[1], "RECEIVED"],
      [emails[0], "RECEIVED"],
    ]);
  });
});
