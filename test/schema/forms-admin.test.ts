// What the admin's forms screens read beyond the spec's calls (issue 9, screens 5-7): a form's
// submission counts and saved field definitions, a mailing list's counts. (One variant's restock
// group: restock-admin.test.ts.)
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
