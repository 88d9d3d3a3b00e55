// What owners see of the back-in-stock waitlists over REST (spec storefront §7 the restock calls).
import { freshVariant, GROUPS, natural, owner, queue, RESTOCK, setStock, signUp, store, toteId, useRestockStore } from "./restock-setup.ts";

useRestockStore();

describe("what owners see", () => {
  // The groups count the natural tote's waiters: in a file of its own, someone has to wait first.
  beforeAll(async () => expect((await signUp({ siteVisitorEmail: "owners-see@example.com" })).status).toBe(200));

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
