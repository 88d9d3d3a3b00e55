// Back-in-stock waitlists (spec storefront §3 restock payload, §5 Restock messages, §7 the restock
// calls; issue 4 §2: no duplicate sign-ups, the outbox, the fair queue with statuses and expiry).
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { CRUMB_FAIL, addEntry } from "./helpers.ts";

const RESTOCK = "/api/site-users/account/notifications/restock";
const GROUPS = `${RESTOCK}/groups`;
const SEND = `${RESTOCK}/send`;
const SEND_ALL = `${RESTOCK}/send/all`;
const DAY_MS = 24 * 60 * 60 * 1000;

let store: TestStore;
let owner: Caller;
let toteId: number;
let natural: number;
let sequence = 0;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "store manager", "manager@sitecart.test", "manager-password", 8);
  toteId = await store.itemId("canvas-tote");
  natural = (await store.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" } })).id;
});
afterAll(() => store.close());

async function signUp(body: Record<string, unknown>) {
  const visitor = await store.visitor().arrive();
  return visitor.request("POST", RESTOCK, { body: { productId: toteId, variantId: natural, isJoinMailingList: false, ...body } });
}

/** A fresh variant of the tote, sold out, so each queue test starts from nothing. */
async function freshVariant(): Promise<number> {
  const result = await owner.graphql(
    `mutation { createVariant(input: { productId: "${toteId}", sku: "TOTE-T${++sequence}", attributes: { Color: "Test ${sequence}" }, price: 2500, qtyInStock: 0 }) { __typename ... on CreateVariantSuccess { variant { variantId } } ... on Error { message } } }`,
  );
  expect(result.data.createVariant.__typename).toBe("CreateVariantSuccess");
  return result.data.createVariant.variant.variantId;
}

async function queue(variantId: number, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let index = 0; index < count; index++) {
    const email = `waiter${index + 1}.v${variantId}@example.com`;
    expect((await signUp({ variantId, siteVisitorEmail: email })).status).toBe(200);
    emails.push(email);
  }
  return emails;
}

const setStock = async (variantId: number, qtyInStock: number | null, unlimited?: boolean) => {
  const args = [`id: "${variantId}"`, qtyInStock === null ? "" : `qtyInStock: ${qtyInStock}`, unlimited === undefined ? "" : `unlimited: ${unlimited}`]
    .filter(Boolean)
    .join(", ");
  const result = await owner.graphql(
    `mutation { setVariantStock(input: { ${args} }) { __typename ... on SetVariantStockSuccess { notified variant { qtyInStock } } ... on Error { message } } }`,
  );
  expect(result.data.setVariantStock.__typename).toBe("SetVariantStockSuccess");
  return result.data.setVariantStock.notified as number;
};

const statuses = async (variantId: number) =>
  (await store.db.restockSignUp.findMany({ where: { variantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((row) => [row.email, row.status]);

const outboxTo = (emails: string[]) => store.db.outboxEmail.findMany({ where: { kind: "RESTOCK", toEmail: { in: emails } }, orderBy: { createdAt: "asc" } });

describe("POST /api/site-users/account/notifications/restock", () => {
  it("takes a sign-up: RECEIVED, expiring 90 days later", async () => {
    const response = await signUp({ siteVisitorEmail: "first@example.com" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const row = await store.db.restockSignUp.findFirstOrThrow({ where: { email: "first@example.com" } });
    expect(row).toMatchObject({ productId: toteId, variantId: natural, status: "RECEIVED", isJoinMailingList: false, language: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(90 * DAY_MS);
  });

  it.each([
    ["an empty email", ""],
    ["a blank email", "   "],
    ["no email", undefined],
  ])("refuses %s with 400 'Email cannot be blank'", async (_case, siteVisitorEmail) => {
    const response = await signUp({ siteVisitorEmail });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Email cannot be blank");
  });

  it.each(["user@", "user@domain", "no-at-sign.com", "two@@example.com"])("refuses %j with 400 'Email is invalid'", async (siteVisitorEmail) => {
    const response = await signUp({ siteVisitorEmail });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Email is invalid");
  });

  it("does not duplicate a repeated sign-up (the address in any case)", async () => {
    await signUp({ siteVisitorEmail: "repeat@example.com" });
    const again = await signUp({ siteVisitorEmail: "Repeat@Example.com" });
    expect(again.status).toBe(200);
    expect(await store.db.restockSignUp.count({ where: { email: "repeat@example.com" } })).toBe(1);
  });

  it("keeps one place when the same address signs up twice at the same moment", async () => {
    const responses = await Promise.all([1, 2, 3].map(() => signUp({ siteVisitorEmail: "racer@example.com" })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await store.db.restockSignUp.count({ where: { email: "racer@example.com" } })).toBe(1);
  });

  it.each([
    [404, "an unknown product", { productId: 999_999 }, "That product variant could not be found."],
    [404, "a variant of another product", { productId: 1, variantId: natural }, "That product variant could not be found."],
    [404, "a product id that is not a number", { productId: "tote" }, "That product could not be found."],
    [404, "no variant", { variantId: null }, "That product variant could not be found."],
  ])("answers %i to %s", async (status, _case, body, error) => {
    const response = await signUp({ siteVisitorEmail: "x@example.com", ...body });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
  });

  it("refuses a product without back-in-stock notifications, and a variant in stock, with 409", async () => {
    const linen = await store.db.variant.findFirstOrThrow({ where: { sku: "LINEN-L-WHITE" } });
    const off = await signUp({ productId: linen.productId, variantId: linen.id, siteVisitorEmail: "x@example.com" });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe("Back-in-stock notifications are not offered for this product.");
    const variantId = await freshVariant();
    await setStock(variantId, 4);
    const inStock = await signUp({ variantId, siteVisitorEmail: "x@example.com" });
    expect(inStock.status).toBe(409);
    expect(inStock.body.error).toBe("This item is in stock: you can add it to your cart now.");
  });

  it("needs the crumb", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", RESTOCK, {
      body: { productId: toteId, variantId: natural, siteVisitorEmail: "c@example.com" },
      crumb: false,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
  });

  it("with isJoinMailingList puts the address on the mailing list (double opt-in, consent from the restock widget)", async () => {
    const response = await signUp({ siteVisitorEmail: "joiner@example.com", isJoinMailingList: true });
    expect(response.status).toBe(200);
    const listed = await store.db.mailingListSignUp.findFirstOrThrow({ where: { email: "joiner@example.com" }, include: { consents: true } });
    expect(listed.status).toBe("PENDING");
    expect(listed.consents).toEqual([expect.objectContaining({ level: "SINGLE", source: "RESTOCK", consentText: "Also sign up for news and updates" })]);
    await signUp({ siteVisitorEmail: "nolist@example.com", isJoinMailingList: false });
    expect(await store.db.mailingListSignUp.count({ where: { email: "nolist@example.com" } })).toBe(0);
  });

  it("refuses an isJoinMailingList that is not true or false", async () => {
    expect((await signUp({ siteVisitorEmail: "x@example.com", isJoinMailingList: "yes" })).status).toBe(400);
  });

  it("keeps the language only with multilingual transactional emails on and a translation plugin connected", async () => {
    await signUp({ siteVisitorEmail: "lang-off@example.com", language: "fr-FR" });
    expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-off@example.com" } })).language).toBeNull();
    const admin = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    await admin.graphql('mutation { updateLanguages(input: { languages: ["en-US", "fr-FR"] }) { __typename } }');
    await admin.graphql("mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: true }) { __typename } }");
    try {
      await signUp({ siteVisitorEmail: "lang-on@example.com", language: "fr-fr" });
      expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-on@example.com" } })).language).toBe("fr-FR");
    } finally {
      await admin.graphql("mutation { disconnectMultilingual { __typename } }");
    }
    await signUp({ siteVisitorEmail: "lang-after@example.com", language: "fr-FR" });
    expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-after@example.com" } })).language).toBeNull();
  });
});

describe("captcha on the restock widget", () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    await admin.graphql('mutation { updateCaptchaSettings(input: { siteKey: "site-key", secretKey: "secret" }) { __typename } }');
  });
  afterAll(() => admin.graphql("mutation { updateCaptchaSettings(input: { siteKey: null }) { __typename } }"));

  it("asks for it where the site has a site key: 'Complete CAPTCHA before submitting.'", async () => {
    const response = await signUp({ siteVisitorEmail: "captcha@example.com" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Complete CAPTCHA before submitting.", code: "CAPTCHA_REQUIRED" });
  });

  it("refuses a failed token with 'reCAPTCHA failed. Refresh this page and try again.', an enterprise one with 'Unable to submit form. Please try again later.'", async () => {
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", captchaToken: "fail" })).body.error).toBe(
      "reCAPTCHA failed. Refresh this page and try again.",
    );
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", recaptchaEnterpriseV3Token: "fail" })).body.error).toBe(
      "Unable to submit form. Please try again later.",
    );
  });

  it("accepts a verified token once", async () => {
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", captchaToken: "pass-restock" })).status).toBe(200);
    expect((await signUp({ siteVisitorEmail: "captcha2@example.com", captchaToken: "pass-restock" })).status).toBe(400);
    expect((await signUp({ siteVisitorEmail: "captcha2@example.com", recaptchaEnterpriseV3Token: "pass-enterprise" })).status).toBe(200);
  });
});

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
      `mutation { checkout(input: { email: "${email.toUpperCase()}", shippingLocation: { country: "US", region: "NY" } }) { __typename ... on Error { message } } }`,
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

describe("what owners see", () => {
  it("GET lists a variant's sign-ups in queue order with status and queue position, a page at a time", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 23);
    await setStock(variantId, 1);
    const first = await owner.request("GET", `${RESTOCK}?productId=${toteId}&variantId=${variantId}`);
    expect(first.status).toBe(200);
    expect(first.body.signUps).toHaveLength(20);
    expect(first.body.hasNextPage).toBe(true);
    expect(first.body.nextPageCursor).toEqual(expect.any(String));
    expect(first.body.signUps[0]).toMatchObject({ email: emails[0], status: "NOTIFIED", queuePosition: null, productId: toteId, variantId });
    expect(first.body.signUps[1]).toMatchObject({ email: emails[1], status: "RECEIVED", queuePosition: 1 });
    const second = await owner.request("GET", `${RESTOCK}?productId=${toteId}&variantId=${variantId}&cursor=${first.body.nextPageCursor}`);
    expect(second.body.signUps.map((row: any) => row.email)).toEqual(emails.slice(20));
    expect(second.body.signUps[2]).toMatchObject({ queuePosition: 22 });
    expect(second.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
  });

  it("refuses a cursor it did not make with 400", async () => {
    const response = await owner.request("GET", `${RESTOCK}?cursor=bm90LWEtY3Vyc29y`);
    expect(response.status).toBe(400);
  });

  it("GET groups: one per variant with counts by status, paged", async () => {
    const response = await owner.request("GET", GROUPS);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      signUpGroups: expect.any(Array),
      hasNextPage: expect.any(Boolean),
      nextPageCursor: response.body.hasNextPage ? expect.any(String) : null,
    });
    const all: any[] = [...response.body.signUpGroups];
    let cursor = response.body.nextPageCursor;
    while (cursor) {
      const next = await owner.request("GET", `${GROUPS}?cursor=${cursor}`);
      all.push(...next.body.signUpGroups);
      cursor = next.body.nextPageCursor;
    }
    const naturalGroup = all.find((group) => group.variantId === natural);
    expect(naturalGroup).toMatchObject({
      productId: toteId,
      productName: "Canvas Tote",
      sku: "TOTE-NATURAL",
      attributes: { Color: "Natural" },
      unlimited: false,
      qtyInStock: 0,
    });
    expect(naturalGroup.total).toBe(naturalGroup.received + naturalGroup.notified + naturalGroup.purchased + naturalGroup.expired);
    expect(naturalGroup.received).toBe(await store.db.restockSignUp.count({ where: { variantId: natural, status: "RECEIVED" } }));
    expect(new Set(all.map((group) => group.variantId)).size).toBe(all.length);
  });

  it("signUpForRestock over GraphQL, with the spec's messages as typed errors", async () => {
    const visitor = await store.visitor().arrive();
    const mutation = `mutation($input: SignUpForRestockInput!) { signUpForRestock(input: $input) { __typename ... on SignUpForRestockSuccess { success } ... on Error { message code } } }`;
    const input = { productId: String(toteId), variantId: String(natural), isJoinMailingList: false };
    expect((await visitor.graphql(mutation, { input: { ...input, siteVisitorEmail: "graphql@example.com" } })).data.signUpForRestock).toEqual({
      __typename: "SignUpForRestockSuccess",
      success: true,
    });
    expect((await visitor.graphql(mutation, { input: { ...input, siteVisitorEmail: "" } })).data.signUpForRestock).toEqual({
      __typename: "InvalidInputError",
      message: "Email cannot be blank",
      code: "INVALID_INPUT",
    });
    expect((await visitor.graphql(mutation, { input: { ...input, siteVisitorEmail: "nope@" } })).data.signUpForRestock).toMatchObject({
      message: "Email is invalid",
    });
  });

  it("groups over GraphQL, a page at a time", async () => {
    const first = await owner.graphql("{ restockSignUpGroups(first: 1) { edges { node { variantId total } } pageInfo { hasNextPage endCursor } } }");
    expect(first.data.restockSignUpGroups.edges).toHaveLength(1);
    expect(first.data.restockSignUpGroups.pageInfo.hasNextPage).toBe(true);
    const second = await owner.graphql(
      `{ restockSignUpGroups(first: 1, after: "${first.data.restockSignUpGroups.pageInfo.endCursor}") { edges { node { variantId } } } }`,
    );
    expect(second.data.restockSignUpGroups.edges[0].node.variantId).toBeGreaterThan(first.data.restockSignUpGroups.edges[0].node.variantId);
  });

  it("the same queue over GraphQL as a connection", async () => {
    const variantId = await freshVariant();
    const emails = await queue(variantId, 3);
    const result = await owner.graphql(`{ restockSignUps(productId: "${toteId}", variantId: "${variantId}", first: 2) {
      edges { node { email status queuePosition } } pageInfo { hasNextPage endCursor } } }`);
    expect(result.data.restockSignUps.edges.map((edge: any) => edge.node)).toEqual([
      { email: emails[0], status: "RECEIVED", queuePosition: 1 },
      { email: emails[1], status: "RECEIVED", queuePosition: 2 },
    ]);
    const next =
      await owner.graphql(`{ restockSignUps(productId: "${toteId}", variantId: "${variantId}", first: 2, after: "${result.data.restockSignUps.pageInfo.endCursor}") {
      edges { node { email } } pageInfo { hasNextPage } } }`);
    expect(next.data.restockSignUps).toEqual({ edges: [{ node: { email: emails[2] } }], pageInfo: { hasNextPage: false } });
  });
});
