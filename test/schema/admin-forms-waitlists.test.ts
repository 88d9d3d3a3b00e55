// What the admin screens read beyond the spec's calls (issue 9, screens 5-7): a form's submission
// counts and saved field definitions, a mailing list's counts, one variant's waitlist group.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("forms for the admin", () => {
  it("counts a form's submissions apart from spam, and answers its fields as saved", async () => {
    const form = await store.db.form.findFirstOrThrow({ where: { key: "engraving" } });
    const submission = (i: number, spam: boolean) => ({
      id: `count-${i}`,
      websiteId: DEMO_WEBSITE_ID,
      formId: form.id,
      formName: form.name,
      answers: "{}",
      answersHash: `count-${i}`,
      spam,
    });
    await store.db.formSubmission.createMany({ data: [submission(1, false), submission(2, false), submission(3, true)] });
    const data = await ok(`{ forms(first: 10) { edges { node { key submissionCount fieldDefinitions updatedAt } } } }`);
    const engraving = data.forms.edges.map((edge: any) => edge.node).find((node: any) => node.key === "engraving");
    expect(engraving).toEqual({
      key: "engraving",
      submissionCount: 2,
      fieldDefinitions: [{ id: "engraving", type: "text", title: "Engraving", required: true, maxLength: 20, placeholder: "Up to 20 characters" }],
      updatedAt: expect.any(String),
    });
  });

  it("answers null for the count to a role that reads forms but not submissions (editor)", async () => {
    await createRoleAccounts(store);
    const editor = await signedIn(store, "editor", roleEmail(4), PASSWORD, 4);
    const result = await editor.graphql(`{ forms(first: 100) { edges { node { key submissionCount fieldDefinitions } } } }`);
    expect(result.errors).toBeUndefined();
    const engraving = result.data.forms.edges.find((edge: any) => edge.node.key === "engraving").node;
    expect(engraving).toMatchObject({ submissionCount: null, fieldDefinitions: [expect.objectContaining({ id: "engraving" })] });
  });
});

describe("mailing lists for the admin", () => {
  it("counts the addresses on a list", async () => {
    const list = await store.db.mailingList.findFirstOrThrow({ where: { name: "Newsletter" } });
    await store.db.mailingListSignUp.createMany({
      data: [
        { mailingListId: list.id, email: "count-a@example.com", status: "PENDING" },
        { mailingListId: list.id, email: "count-b@example.com", status: "CONFIRMED" },
      ],
    });
    const data = await ok(`{ mailingLists { name signUpCount } }`);
    const expected = await store.db.mailingListSignUp.count({ where: { mailingListId: list.id } });
    expect(data.mailingLists).toContainEqual({ name: "Newsletter", signUpCount: expected });
    expect(expected).toBeGreaterThanOrEqual(2);
  });
});

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
