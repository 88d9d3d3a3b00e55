// Owner operations over GraphQL (issue 4 §3): forms CRUD, submissions and mailing lists as connections.
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("forms", () => {
  const CREATE = `mutation($input: CreateFormInput!) { createForm(input: $input) { __typename
    ... on CreateFormSuccess { form { formId key kind fields { fieldId type required options } submissionMessage successRedirect } }
    ... on Error { message code } } }`;

  it("creates a form with fields of several kinds; properties a kind does not have are dropped", async () => {
    const data = await ok(CREATE, {
      input: {
        key: "rsvp",
        name: "RSVP",
        fields: [
          { id: "guest", type: "name", title: "Guest", required: true, options: ["ignored"] },
          { id: "meal", type: "radio", title: "Meal", options: ["Fish", "Veg"], required: true },
          { id: "rating", type: "likert", title: "Rate", questions: ["Venue"], required: true },
        ],
        submissionMessage: "See you there",
        successRedirect: "/thanks",
      },
    });
    expect(data.createForm).toEqual({
      __typename: "CreateFormSuccess",
      form: {
        formId: expect.any(Number),
        key: "rsvp",
        kind: "FORM",
        fields: [
          { fieldId: "guest", type: "name", required: true, options: [] },
          { fieldId: "meal", type: "radio", required: true, options: ["Fish", "Veg"] },
          { fieldId: "rating", type: "likert", required: false, options: [] },
        ],
        submissionMessage: "See you there",
        successRedirect: "/thanks",
      },
    });
  });

  it.each([
    ["a duplicate key", { key: "contact", name: "X", fields: [] }, "ConflictError", "Another form already uses that key."],
    [
      "an unknown field kind",
      { key: "f1", name: "X", fields: [{ id: "a", type: "slider", title: "A" }] },
      "InvalidInputError",
      "The form is not valid: field a has an unknown kind",
    ],
    [
      "two fields with one id",
      {
        key: "f2",
        name: "X",
        fields: [
          { id: "a", type: "text", title: "A" },
          { id: "a", type: "email", title: "B" },
        ],
      },
      "InvalidInputError",
      "The form is not valid: two fields have the id a",
    ],
    [
      "a radio without options",
      { key: "f3", name: "X", fields: [{ id: "a", type: "radio", title: "A" }] },
      "InvalidInputError",
      "The form is not valid: field a needs options",
    ],
    [
      "the honeypot's id",
      { key: "f4", name: "X", fields: [{ id: "sc-website-url", type: "text", title: "A" }] },
      "InvalidInputError",
      "The form is not valid: the field id sc-website-url is reserved",
    ],
    [
      "a redirect that is not a page URL",
      { key: "f5", name: "X", fields: [], successRedirect: "ftp://x" },
      "InvalidInputError",
      "The form is not valid: ftp://x is not a valid page URL",
    ],
    [
      "a newsletter without a list",
      { key: "f6", name: "X", kind: "NEWSLETTER", fields: [{ id: "e", type: "email", title: "E" }] },
      "InvalidInputError",
      "The form is not valid: A List must be selected",
    ],
    [
      "a newsletter with an unknown list",
      { key: "f7", name: "X", kind: "NEWSLETTER", mailingListId: 999_999, fields: [{ id: "e", type: "email", title: "E" }] },
      "InvalidInputError",
      "The form is not valid: A List must be selected",
    ],
  ])("refuses %s", async (_case, input, typename, message) => {
    const before = await store.db.form.count();
    const data = await ok(CREATE, { input });
    expect(data.createForm).toMatchObject({ __typename: typename, message });
    expect(await store.db.form.count()).toBe(before);
  });

  it("refuses a newsletter form when the site has no mailing lists: 'You don't have any mailing lists. Please create one before continuing'", async () => {
    const lists = await store.db.mailingList.findMany();
    const forms = await store.db.form.findMany({ where: { mailingListId: { not: null } } });
    await store.db.mailingList.deleteMany({});
    try {
      const data = await ok(CREATE, {
        input: { key: "news2", name: "News", kind: "NEWSLETTER", mailingListId: 1, fields: [{ id: "e", type: "email", title: "E" }] },
      });
      expect(data.createForm).toMatchObject({
        __typename: "InvalidInputError",
        message: "The form is not valid: You don't have any mailing lists. Please create one before continuing",
      });
    } finally {
      for (const list of lists) await store.db.mailingList.create({ data: list });
      for (const form of forms) await store.db.form.update({ where: { id: form.id }, data: { mailingListId: form.mailingListId } });
    }
  });

  it("updates and deletes a form; its submissions stay, naming the form", async () => {
    const created = await ok(CREATE, {
      input: { key: "feedback", name: "Feedback", fields: [{ id: "note", type: "textarea", title: "Note", maxLength: 50 }] },
    });
    const formId = created.createForm.form.formId;
    const updated = await ok(
      `mutation { updateForm(input: { id: "${formId}", name: "Feedback form", submissionMessage: "Thanks" }) { __typename ... on UpdateFormSuccess { form { name submissionMessage fields { fieldId maxLength } } } } }`,
    );
    expect(updated.updateForm).toEqual({
      __typename: "UpdateFormSuccess",
      form: { name: "Feedback form", submissionMessage: "Thanks", fields: [{ fieldId: "note", maxLength: 50 }] },
    });
    const visitor = await store.visitor().arrive();
    const key = (await visitor.request("POST", "/api/form/FormSubmissionKey")).body.data.key;
    const saved = await visitor.request("POST", "/api/form/SaveFormSubmission", { body: { key, formId, form: JSON.stringify({ note: "Great" }) } });
    expect(saved.status).toBe(200);
    const deleted = await ok(`mutation { deleteForm(input: { id: "${formId}" }) { __typename ... on DeleteFormSuccess { deletedId } } }`);
    expect(deleted.deleteForm).toEqual({ __typename: "DeleteFormSuccess", deletedId: formId });
    expect((await store.visitor().graphql('{ form(key: "feedback") { key } }')).data.form).toBeNull();
    const submission = await store.db.formSubmission.findUniqueOrThrow({ where: { id: saved.body.submissionId } });
    expect(submission).toMatchObject({ formId: null, formName: "Feedback form" });
  });

  it("lists submissions newest first as a connection, spam apart", async () => {
    const contact = await store.db.form.findFirstOrThrow({ where: { key: "contact" } });
    const visitor = await store.visitor().arrive();
    const send = async (form: Record<string, unknown>) => {
      const key = (await visitor.request("POST", "/api/form/FormSubmissionKey")).body.data.key;
      return (
        await visitor.request("POST", "/api/form/SaveFormSubmission", { body: { key, formId: contact.id, form: JSON.stringify(form), pagePath: "/contact" } })
      ).body.submissionId;
    };
    const first = await send({ name: ["A", "One"], email: "one@example.com" });
    const second = await send({ name: ["B", "Two"], email: "two@example.com" });
    const spam = await send({ name: ["C", "Three"], email: "three@example.com", "sc-website-url": "x" });
    const query = `query($formId: ID, $spam: Boolean) { formSubmissions(formId: $formId, spam: $spam, first: 10) { edges { node { id formName email pagePath spam answers form { key } } } } }`;
    const real = await ok(query, { formId: String(contact.id) });
    expect(real.formSubmissions.edges.map((edge: any) => edge.node.id)).toEqual([second, first]);
    expect(real.formSubmissions.edges[1].node).toMatchObject({
      formName: "Contact",
      email: "one@example.com",
      pagePath: "/contact",
      spam: false,
      form: { key: "contact" },
    });
    expect(real.formSubmissions.edges[1].node.answers).toMatchObject({ name: ["A", "One"], email: "one@example.com", utm_source: "direct" });
    const spamOnly = await ok(query, { formId: String(contact.id), spam: true });
    expect(spamOnly.formSubmissions.edges.map((edge: any) => edge.node.id)).toEqual([spam]);
  });

  it("lists mailing-list sign-ups with their consent records", async () => {
    const newsletter = await store.db.form.findFirstOrThrow({ where: { key: "newsletter" } });
    const visitor = await store.visitor().arrive();
    const key = (await visitor.request("POST", "/api/form/FormSubmissionKey")).body.data.key;
    await visitor.request("POST", "/api/form/SaveFormSubmission", {
      body: { key, formId: newsletter.id, form: JSON.stringify({ email: "list@example.com" }), pagePath: "/" },
    });
    const data = await ok(
      "{ mailingLists { name } mailingListSignUps(first: 5) { edges { node { email status mailingList { name } consents { level source pagePath } } } } }",
    );
    expect(data.mailingLists).toEqual([{ name: "Newsletter" }]);
    expect(data.mailingListSignUps.edges[0].node).toEqual({
      email: "list@example.com",
      status: "PENDING",
      mailingList: { name: "Newsletter" },
      consents: [{ level: "SINGLE", source: "FORM", pagePath: "/" }],
    });
  });
});
