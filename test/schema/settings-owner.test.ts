// Owner operations over GraphQL (issue 4 §3): products and variants CRUD with stock, merchandising,
// forms CRUD, submissions and mailing lists as connections, commerce preferences with their
// subscription; owner answers never enter the shared catalogue cache.
import { startTestStore, type TestStore } from "../support/app.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";
import { Caller, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
});
afterAll(() => store.close());

/** Runs an owner operation that must not fail at the GraphQL level; returns its data. */
async function ok(query: string, variables?: Record<string, unknown>, caller: Caller = owner) {
  const result = await caller.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

const PUBLIC_PRODUCT = `query($slug: String!) { product(slug: $slug) { name onSale soldOut price { value } merchandising { customSoldOutText scarcityEnabled } variants { sku qtyInStock } } }`;
const publicProduct = async (slug: string) => (await store.visitor().graphql(PUBLIC_PRODUCT, { slug })).data.product;

describe("products and variants", () => {
  const CREATE = `mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename
    ... on CreateProductSuccess { product { itemId slug name visible productType variants { variantId sku qtyInStock } } }
    ... on Error { message code } } }`;

  it("creates a product with variants; the storefront sees it at once", async () => {
    const data = await ok(CREATE, {
      input: {
        name: "Wool Scarf",
        productType: "PHYSICAL",
        variants: [
          { sku: "SCARF-RED", attributes: { Color: "Red" }, price: 3000, qtyInStock: 2 },
          { sku: "SCARF-GREY", attributes: { Color: "Grey" }, price: 3200, qtyInStock: 0 },
        ],
      },
    });
    expect(data.createProduct).toMatchObject({
      __typename: "CreateProductSuccess",
      product: { slug: "wool-scarf", name: "Wool Scarf", visible: true, productType: "PHYSICAL" },
    });
    expect(data.createProduct.product.variants.map((variant: any) => [variant.sku, variant.qtyInStock])).toEqual([
      ["SCARF-RED", 2],
      ["SCARF-GREY", 0],
    ]);
    expect(await publicProduct("wool-scarf")).toMatchObject({ name: "Wool Scarf", price: { value: 3000 } });
  });

  it("gives a taken slug a numeric suffix", async () => {
    const data = await ok(CREATE, { input: { name: "Ceramic Mug", productType: "PHYSICAL", variants: [{ sku: "M2", price: 100 }] } });
    expect(data.createProduct.product.slug).toBe("ceramic-mug-1");
  });

  it.each([
    [
      "a negative price",
      { name: "X", productType: "PHYSICAL", variants: [{ sku: "X", price: -1 }] },
      "INVALID_INPUT",
      "Prices are whole numbers of minor units from 0 to 100000000.",
    ],
    [
      "a digital product without a price",
      { name: "X", productType: "DIGITAL" },
      "INVALID_INPUT",
      "Prices are whole numbers of minor units from 0 to 100000000.",
    ],
    [
      "stock over a million",
      { name: "X", productType: "PHYSICAL", variants: [{ sku: "X", price: 1, qtyInStock: 1_000_001 }] },
      "INVALID_INPUT",
      "Stock is a whole number from 0 to 1000000.",
    ],
    [
      "two variants with one SKU",
      {
        name: "X",
        productType: "PHYSICAL",
        variants: [
          { sku: "X", price: 1 },
          { sku: "X", price: 2 },
        ],
      },
      "CONFLICT",
      "Another variant of this product already uses that SKU.",
    ],
    ["an unknown collection", { name: "X", productType: "PHYSICAL", collectionId: 999_999 }, "NOT_FOUND", "That collection could not be found."],
  ])("refuses %s and creates nothing", async (_case, input, code, message) => {
    const before = await store.db.product.count();
    const data = await ok(CREATE, { input });
    expect(data.createProduct).toEqual({ __typename: expect.stringMatching(/Error$/), code, message });
    expect(await store.db.product.count()).toBe(before);
  });

  it("updates a product: the storefront's cached answer follows at once", async () => {
    expect((await publicProduct("ceramic-mug")).name).toBe("Ceramic Mug");
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(
      `mutation { updateProduct(input: { id: "${mugId}", name: "Stoneware Mug" }) { __typename ... on UpdateProductSuccess { product { name } } } }`,
    );
    expect(data.updateProduct).toEqual({ __typename: "UpdateProductSuccess", product: { name: "Stoneware Mug" } });
    expect((await publicProduct("ceramic-mug")).name).toBe("Stoneware Mug");
  });

  it("refuses a slug another product uses with ConflictError", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(`mutation { updateProduct(input: { id: "${mugId}", slug: "linen-shirt" }) { __typename ... on Error { message code } } }`);
    expect(data.updateProduct).toEqual({ __typename: "ConflictError", message: "Another product already uses that URL.", code: "CONFLICT" });
  });

  it("hides a product from the storefront; owners still list it", async () => {
    const posterId = await store.itemId("city-poster");
    await ok(`mutation { updateProduct(input: { id: "${posterId}", visible: false }) { __typename } }`);
    expect(await publicProduct("city-poster")).toBeNull();
    const listed = await ok("{ ownerProducts(first: 100) { edges { node { slug visible } } } }");
    expect(listed.ownerProducts.edges.map((edge: any) => edge.node)).toContainEqual({ slug: "city-poster", visible: false });
    await ok(`mutation { updateProduct(input: { id: "${posterId}", visible: true }) { __typename } }`);
  });

  it("changes a variant's price and stock; deletes a variant and a product", async () => {
    const data = await ok(CREATE, {
      input: {
        name: "Socks",
        productType: "PHYSICAL",
        variants: [
          { sku: "SOCK-1", price: 900, qtyInStock: 1 },
          { sku: "SOCK-2", price: 950 },
        ],
      },
    });
    const [first, second] = data.createProduct.product.variants;
    const changed = await ok(
      `mutation { updateVariant(input: { id: "${first.variantId}", price: 700, onSale: false }) { __typename ... on UpdateVariantSuccess { variant { price { value } } } } }`,
    );
    expect(changed.updateVariant.variant.price.value).toBe(700);
    expect((await publicProduct("socks")).price.value).toBe(700);
    const stock = await ok(
      `mutation { setVariantStock(input: { id: "${second.variantId}", qtyInStock: 5 }) { __typename ... on SetVariantStockSuccess { notified variant { qtyInStock } } } }`,
    );
    expect(stock.setVariantStock).toEqual({ __typename: "SetVariantStockSuccess", notified: 0, variant: { qtyInStock: 5 } });
    const negative = await ok(`mutation { setVariantStock(input: { id: "${second.variantId}", qtyInStock: -1 }) { __typename ... on Error { message } } }`);
    expect(negative.setVariantStock).toEqual({ __typename: "InvalidInputError", message: "Stock is a whole number from 0 to 1000000." });
    await ok(`mutation { deleteVariant(input: { id: "${first.variantId}" }) { __typename } }`);
    expect((await publicProduct("socks")).variants.map((variant: any) => variant.sku)).toEqual(["SOCK-2"]);
    const deleted = await ok(
      `mutation { deleteProduct(input: { id: "${data.createProduct.product.itemId}" }) { __typename ... on DeleteProductSuccess { deletedId } } }`,
    );
    expect(deleted.deleteProduct).toEqual({ __typename: "DeleteProductSuccess", deletedId: Number(data.createProduct.product.itemId) });
    expect(await publicProduct("socks")).toBeNull();
    const again = await ok(`mutation { deleteProduct(input: { id: "${data.createProduct.product.itemId}" }) { __typename ... on Error { message } } }`);
    expect(again.deleteProduct).toEqual({ __typename: "NotFoundError", message: "That product could not be found." });
  });

  it("edits merchandising; the storefront reads it", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(
      `mutation { updateMerchandising(input: { productId: "${mugId}", customSoldOutText: "Back in May", scarcityEnabled: true, restockNotificationsEnabled: true, mailingListSignUpEnabled: true }) { __typename ... on UpdateMerchandisingSuccess { product { merchandising { customSoldOutText restockNotificationsEnabled mailingListSignUpEnabled } } } } }`,
    );
    expect(data.updateMerchandising).toEqual({
      __typename: "UpdateMerchandisingSuccess",
      product: { merchandising: { customSoldOutText: "Back in May", restockNotificationsEnabled: true, mailingListSignUpEnabled: true } },
    });
    expect((await publicProduct("ceramic-mug")).merchandising).toEqual({ customSoldOutText: "Back in May", scarcityEnabled: true });
  });
});

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

describe("commerce preferences", () => {
  it("reads and saves over GraphQL; an unchanged save reports changed false", async () => {
    const saved = await ok(
      'mutation { updateCommercePreferences(input: { namespace: "shipping", preferences: { freeOver: 5000, websiteId: "x", note: "" } }) { __typename ... on UpdateCommercePreferencesSuccess { commercePreferences { preferences version changed } } } }',
    );
    expect(saved.updateCommercePreferences).toEqual({
      __typename: "UpdateCommercePreferencesSuccess",
      commercePreferences: { preferences: { freeOver: 5000 }, version: 1, changed: true },
    });
    const again = await ok(
      'mutation { updateCommercePreferences(input: { namespace: "shipping", preferences: { freeOver: 5000 } }) { ... on UpdateCommercePreferencesSuccess { commercePreferences { version changed } } } }',
    );
    expect(again.updateCommercePreferences).toEqual({ commercePreferences: { version: 1, changed: false } });
    const read = await ok('{ commercePreferences(namespace: "shipping") { ... on CommercePreferences { preferences version } } }');
    expect(read.commercePreferences).toEqual({ preferences: { freeOver: 5000 }, version: 1 });
  });

  it("streams every save to subscribers of the namespace over graphql-ws", async () => {
    const client = wsClientFor(store.baseUrl, owner.visitor, { xsrfToken: owner.xsrfToken });
    const listening = store.listening("commercePreferencesChanged");
    const subscription = subscribe(client, 'subscription { commercePreferencesChanged(namespace: "tax") { preferences version } }');
    try {
      let version = 0;
      const next = subscription.next((value: any) => value.commercePreferencesChanged.preferences.rate === 8);
      await listening;
      await ok(`mutation { updateCommercePreferences(input: { namespace: "tax", preferences: { rate: 7, n: ${++version} } }) { __typename } }`);
      await subscription.next();
      await ok('mutation { updateCommercePreferences(input: { namespace: "other", preferences: { rate: 8 } }) { __typename } }');
      await ok(`mutation { updateCommercePreferences(input: { namespace: "tax", preferences: { rate: 8, n: ${++version} } }) { __typename } }`);
      const event: any = await next;
      expect(event.commercePreferencesChanged.preferences.rate).toBe(8);
      expect(
        subscription.values.every(
          (value: any) => "rate" in value.commercePreferencesChanged.preferences && "n" in value.commercePreferencesChanged.preferences,
        ),
      ).toBe(true);
    } finally {
      subscription.dispose();
      await client.dispose();
    }
  });

  it("refuses the subscription to a visitor without the permission", async () => {
    const client = wsClientFor(store.baseUrl);
    const subscription = subscribe(client, 'subscription { commercePreferencesChanged(namespace: "tax") { version } }');
    try {
      const errors: any = await subscription.error;
      expect(errors[0]).toMatchObject({ message: "Please sign in to continue.", extensions: { code: "UNAUTHENTICATED" } });
    } finally {
      subscription.dispose();
      await client.dispose();
    }
  });
});

describe("owner answers and the catalogue cache", () => {
  it("never serves an owner's answer to anyone else", async () => {
    const query = "{ ownerProducts(first: 3) { edges { node { slug visible } } } }";
    expect((await owner.graphql(query)).data.ownerProducts.edges).toHaveLength(3);
    expect((await owner.graphql(query)).data.ownerProducts.edges).toHaveLength(3);
    const anonymous = await store.visitor().graphql(query);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors).toEqual([
      expect.objectContaining({ message: "Please sign in to continue.", extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }) }),
    ]);
  });
});

describe("queries over graphql-ws", () => {
  it("answer owners and anonymous visitors (the catalogue cache stays out of them)", async () => {
    const query = "{ ownerProducts(first: 1) { edges { node { slug } } } }";
    const ownerClient = wsClientFor(store.baseUrl, owner.visitor, { xsrfToken: owner.xsrfToken });
    const anonymousClient = wsClientFor(store.baseUrl);
    const once = (client: ReturnType<typeof wsClientFor>, document: string) =>
      new Promise<any>((resolve, reject) => {
        let result: unknown;
        client.subscribe({ query: document }, { next: (value) => (result = value), error: reject, complete: () => resolve(result) });
      });
    try {
      expect((await once(ownerClient, query)).data.ownerProducts.edges).toHaveLength(1);
      expect((await once(anonymousClient, '{ product(slug: "ceramic-mug") { slug } }')).data.product).toEqual({ slug: "ceramic-mug" });
      const refused = await once(anonymousClient, query);
      expect(refused.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    } finally {
      await ownerClient.dispose();
      await anonymousClient.dispose();
    }
  });
});
