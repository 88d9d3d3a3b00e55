// Owners' templates over GraphQL (issue 3 §2): list, read with versions, save (a source that does not
// compile is answered with its errors and never saved over a working one), roll back, preview. As a
// signed-in admin; who else may do what is test/authz/owner-operations.test.ts.
import { Caller, signedIn } from "../authz/principals.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { DEFAULT_TEMPLATES } from "../../server/template/defaults/index.ts";
import { startAnotherInstance, startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
let owner: Caller;
let ownerAccountId: number;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  ownerAccountId = (await store.db.account.findFirstOrThrow({ where: { email: "owner@sitecart.test" }, select: { id: true } })).id;
}, 60_000);
beforeEach(async () => {
  await store.db.template.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID } }); // versions go with them
  store.app.services.templates.invalidate();
});
afterAll(() => store.close());

/** Runs an owner operation that must not fail at the GraphQL level; returns its data. */
async function ok(query: string, variables?: Record<string, unknown>) {
  const result = await owner.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

/** The storefront page's HTML, as any visitor gets it. */
async function pageHtml(path: string, baseUrl = store.baseUrl): Promise<string> {
  const response = await fetch(baseUrl + path);
  expect(response.status).toBe(200);
  return response.text();
}

const LIST = "{ templates { name currentVersion usesDefault hasDefault updatedAt } }";
const READ = `query($name: String!) { template(name: $name) { __typename
  ... on Template { name currentVersion usesDefault hasDefault source versions { version authorId authorName createdAt source } }
  ... on Error { message code } } }`;
const SAVE = `mutation($name: String!, $source: String!) { saveTemplate(input: { name: $name, source: $source }) { __typename
  ... on SaveTemplateSuccess { saved errors { kind message line column partial } template { currentVersion usesDefault source versions { version source } } }
  ... on Error { message code } } }`;
const ROLLBACK = `mutation($name: String!, $version: Int) { rollbackTemplate(input: { name: $name, version: $version }) { __typename
  ... on RollbackTemplateSuccess { template { currentVersion usesDefault source versions { version } } }
  ... on Error { message code } } }`;
const PREVIEW = `query($name: String!, $source: String!, $path: String!) { previewTemplate(name: $name, source: $source, path: $path) { __typename
  ... on TemplatePreview { html pageTemplate status errors { template kind message line column partial } }
  ... on Error { message code } } }`;

const save = async (name: string, source: string) => (await ok(SAVE, { name, source })).saveTemplate;
const read = async (name: string) => (await ok(READ, { name })).template;
const rollback = async (name: string, version?: number | null) => (await ok(ROLLBACK, { name, version })).rollbackTemplate;
const preview = async (name: string, source: string, path: string) => (await ok(PREVIEW, { name, source, path })).previewTemplate;

const TITLE = '<h1 class="sc-product-title">{title|html}</h1>';
/** The shipped product template with the title prefixed by `label`. */
const productWith = (label: string) => DEFAULT_TEMPLATES.product.replace(TITLE, `<h1 class="sc-product-title">${label}{title|html}</h1>`);
const BROKEN = "{.section item}<h1>{title|shout}</h1>";

describe("templates", () => {
  it("lists every template of the site by name, each on its shipped default until saved", async () => {
    const { templates } = await ok(LIST);
    expect(templates.map((template: { name: string }) => template.name)).toEqual([
      "access-denied",
      "account",
      "cart",
      "checkout",
      "collection",
      "contact",
      "lock-screen",
      "newsletter-unsubscribe",
      "not-found",
      "order-confirmed",
      "order-status",
      "product",
      "product-card",
      "protected-content",
      "search",
      "site",
    ]);
    for (const template of templates)
      expect(template).toEqual({ name: template.name, currentVersion: null, usesDefault: true, hasDefault: true, updatedAt: null });
  });

  it("lists a saved template with its current version, and an owner's own partial as not shipped", async () => {
    await save("product", productWith("New: "));
    await save("badge", '<span class="badge">{title|html}</span>');
    const { templates } = await ok(LIST);
    const byName = Object.fromEntries(templates.map((template: { name: string }) => [template.name, template]));
    expect(byName.product).toMatchObject({ currentVersion: 1, usesDefault: false, hasDefault: true });
    expect(Number.isNaN(Date.parse(byName.product.updatedAt))).toBe(false);
    expect(byName.badge).toMatchObject({ currentVersion: 1, usesDefault: false, hasDefault: false });
    expect(templates.map((template: { name: string }) => template.name).slice(0, 3)).toEqual(["access-denied", "account", "badge"]);
  });
});

describe("template", () => {
  it("reads a shipped template: its default source and no versions", async () => {
    expect(await read("cart")).toEqual({
      __typename: "Template",
      name: "cart",
      currentVersion: null,
      usesDefault: true,
      hasDefault: true,
      source: DEFAULT_TEMPLATES.cart,
      versions: [],
    });
  });

  it("reads every saved version, newest first, with its number, author, time and source", async () => {
    const before = Date.now();
    await save("cart", "<h1>one</h1>");
    await save("cart", "<h1>two</h1>");
    const template = await read("cart");
    expect(template).toMatchObject({ currentVersion: 2, usesDefault: false, source: "<h1>two</h1>" });
    expect(template.versions.map(({ createdAt: _createdAt, ...version }: { createdAt: string }) => version)).toEqual([
      { version: 2, authorId: ownerAccountId, authorName: "owner (admin)", source: "<h1>two</h1>" },
      { version: 1, authorId: ownerAccountId, authorName: "owner (admin)", source: "<h1>one</h1>" },
    ]);
    for (const { createdAt } of template.versions) expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("answers NotFoundError for a template the site does not have", async () => {
    expect(await read("nope")).toEqual({ __typename: "NotFoundError", code: "NOT_FOUND", message: 'There is no template named "nope".' });
  });
});

describe("saveTemplate", () => {
  it("saves a new version that becomes current, and the page renders it at once", async () => {
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Linen Shirt</h1>');
    const source = productWith("New: ");
    expect(await save("product", source)).toEqual({
      __typename: "SaveTemplateSuccess",
      saved: true,
      errors: [],
      template: { currentVersion: 1, usesDefault: false, source, versions: [{ version: 1, source }] },
    });
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">New: Linen Shirt</h1>');
  });

  it("numbers the versions 1, 2, 3 and keeps every one", async () => {
    for (const text of ["one", "two", "three"]) await save("cart", `<h1>${text}</h1>`);
    expect((await read("cart")).versions.map((version: { version: number; source: string }) => [version.version, version.source])).toEqual([
      [3, "<h1>three</h1>"],
      [2, "<h1>two</h1>"],
      [1, "<h1>one</h1>"],
    ]);
  });

  it("refuses a source that does not compile: answers the template with the errors, saves nothing, and the page still renders the working version", async () => {
    const working = productWith("Working: ");
    await save("product", working);
    expect(await save("product", BROKEN)).toEqual({
      __typename: "SaveTemplateSuccess",
      saved: false,
      errors: [
        { kind: "PARSER", message: "Formatter 'shout' is unknown", line: 1, column: 20, partial: null },
        { kind: "ASSEMBLER", message: "Reached EOF in the middle of SECTION", line: 1, column: 1, partial: null },
      ],
      template: { currentVersion: 1, usesDefault: false, source: working, versions: [{ version: 1, source: working }] },
    });
    expect(await store.db.templateVersion.count({ where: { source: BROKEN } })).toBe(0);
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Working: Linen Shirt</h1>');
  });

  it("refuses a broken source of a shipped template still on its default: the default stays", async () => {
    const answer = await save("product", BROKEN);
    expect(answer).toMatchObject({ saved: false, template: { currentVersion: null, usesDefault: true, source: DEFAULT_TEMPLATES.product, versions: [] } });
    expect(answer.errors).toHaveLength(2);
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Linen Shirt</h1>');
  });

  it("refuses a broken first save of an owner's own partial: no template is answered and none is made", async () => {
    expect(await save("badge", "{.section title}")).toEqual({
      __typename: "SaveTemplateSuccess",
      saved: false,
      errors: [{ kind: "ASSEMBLER", message: "Reached EOF in the middle of SECTION", line: 1, column: 1, partial: null }],
      template: null,
    });
    expect(await store.db.template.count({ where: { name: "badge" } })).toBe(0);
  });

  it.each([
    [
      "a name that is not lower-case words joined by dashes",
      "Product",
      "<p>x</p>",
      "A template name is 1 to 64 lower-case letters, digits and dashes, starting with a letter.",
    ],
    ["a name of 65 characters", "x".repeat(65), "<p>x</p>", "A template name is 1 to 64 lower-case letters, digits and dashes, starting with a letter."],
    ["a source longer than 100000 characters", "cart", "x".repeat(100_001), "A template is at most 100000 characters."],
  ])("refuses %s with InvalidInputError and saves nothing", async (_case, name, source, message) => {
    expect(await save(name, source)).toEqual({ __typename: "InvalidInputError", code: "INVALID_INPUT", message });
    expect(await store.db.template.count()).toBe(0);
  });

  it("is rendered at once by another server process on the same event bus", async () => {
    const other = await startAnotherInstance(store);
    try {
      expect(await pageHtml("/shop/p/linen-shirt", other.baseUrl)).toContain('<h1 class="sc-product-title">Linen Shirt</h1>'); // its sources are now cached
      await save("product", productWith("Elsewhere: "));
      expect(await pageHtml("/shop/p/linen-shirt", other.baseUrl)).toContain('<h1 class="sc-product-title">Elsewhere: Linen Shirt</h1>');
      await rollback("product", null);
      expect(await pageHtml("/shop/p/linen-shirt", other.baseUrl)).toContain('<h1 class="sc-product-title">Linen Shirt</h1>');
    } finally {
      await other.close();
    }
  });
});

describe("rollbackTemplate", () => {
  it("makes an earlier version current again: the page renders it, and no version is made or lost", async () => {
    await save("product", productWith("Good: "));
    await save("product", productWith("Bad: "));
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Bad: Linen Shirt</h1>');
    expect(await rollback("product", 1)).toEqual({
      __typename: "RollbackTemplateSuccess",
      template: { currentVersion: 1, usesDefault: false, source: productWith("Good: "), versions: [{ version: 2 }, { version: 1 }] },
    });
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Good: Linen Shirt</h1>');
    expect(await rollback("product", 2)).toMatchObject({ template: { currentVersion: 2 } });
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Bad: Linen Shirt</h1>');
  });

  it("goes back to the shipped default without a version, keeping the saved ones", async () => {
    await save("product", productWith("Mine: "));
    expect(await rollback("product")).toEqual({
      __typename: "RollbackTemplateSuccess",
      template: { currentVersion: null, usesDefault: true, source: DEFAULT_TEMPLATES.product, versions: [{ version: 1 }] },
    });
    expect(await pageHtml("/shop/p/linen-shirt")).toContain('<h1 class="sc-product-title">Linen Shirt</h1>');
  });

  it("numbers the next save after the newest version, never reusing a number", async () => {
    await save("cart", "<p>one</p>");
    await save("cart", "<p>two</p>");
    await rollback("cart", 1);
    expect((await save("cart", "<p>three</p>")).template).toMatchObject({ currentVersion: 3, versions: [{ version: 3 }, { version: 2 }, { version: 1 }] });
  });

  it.each([
    ["a version the template does not have", "cart", 5, 'Template "cart" has no version 5.'],
    ["a version of a template never saved", "badge", 1, 'Template "badge" has no version 1.'],
    ["the default of the owner's own partial, which has none", "badge", null, 'There is no template named "badge".'],
  ])("answers NotFoundError for %s and changes nothing", async (_case, name, version, message) => {
    await save("cart", "<p>one</p>");
    expect(await rollback(name, version)).toEqual({ __typename: "NotFoundError", code: "NOT_FOUND", message });
    expect(await read("cart")).toMatchObject({ currentVersion: 1, source: "<p>one</p>" });
  });
});

describe("previewTemplate", () => {
  it("renders the page at a path with the unsaved source, inside the site layout, and changes nothing", async () => {
    await save("product", productWith("Saved: "));
    const versionsBefore = await store.db.templateVersion.count();
    const answer = await preview("product", "<h1>Preview of {item.title|html}</h1>", "/shop/p/linen-shirt");
    expect(answer).toMatchObject({ __typename: "TemplatePreview", pageTemplate: "product", status: 200, errors: [] });
    expect(answer.html).toContain("<h1>Preview of Linen Shirt</h1>");
    expect(answer.html).toContain("<title>Linen Shirt</title>");
    expect(answer.html).toContain(`<link rel="canonical" href="${store.baseUrl}/shop/p/linen-shirt">`); // links as the live page's
    expect(answer.html).not.toContain("Saved: ");
    expect(await read("product")).toMatchObject({ currentVersion: 1, source: productWith("Saved: ") });
    expect(await store.db.templateVersion.count()).toBe(versionsBefore);
    const page = await pageHtml("/shop/p/linen-shirt");
    expect(page).toContain('<h1 class="sc-product-title">Saved: Linen Shirt</h1>');
    expect(page).not.toContain("Preview of");
  });

  it("returns the errors of a broken source with the template they are in, and renders what it can", async () => {
    const answer = await preview("product", "<h1>{item.title|shout}</h1>{.section item}", "/shop/p/linen-shirt");
    expect(answer.errors).toEqual([
      { template: "product", kind: "PARSER", message: "Formatter 'shout' is unknown", line: 1, column: 5, partial: null },
      { template: "product", kind: "ASSEMBLER", message: "Reached EOF in the middle of SECTION", line: 1, column: 28, partial: null },
    ]);
    expect(answer.html).toContain("<h1>{item.title|shout}</h1>");
    expect(await store.db.template.count()).toBe(0);
  });

  it("previews the layout around the page a path shows", async () => {
    const answer = await preview("site", "<body>[{pageTitle}]{mainContent}</body>", "/cart");
    expect(answer.pageTemplate).toBe("cart");
    expect(answer.html).toMatch(/^<body>\[Cart\]\n<section/);
  });

  it("previews a partial through the page that applies it", async () => {
    const answer = await preview("product-card", '<b class="preview-card">{title|html}</b>', "/");
    expect(answer.pageTemplate).toBe("collection");
    expect(answer.html).toContain('<li><b class="preview-card">Linen Shirt</b></li>');
    expect(answer.html).not.toContain('<span class="sc-card-title">');
  });

  it("lists a broken partial's own errors first, then the page's error where it applies it", async () => {
    const answer = await preview("product-card", "<b>{title|shout}</b>", "/");
    expect(answer.errors).toEqual([
      { template: "product-card", kind: "PARSER", message: "Formatter 'shout' is unknown", line: 1, column: 4, partial: null },
      {
        template: "collection",
        kind: "ENGINE",
        message: "Parse of partial \"product-card\" failed: SyntaxError: Formatter 'shout' is unknown",
        line: 13, // where collection.html applies the partial
        column: 26,
        partial: null,
      },
    ]);
  });

  it("lists the errors of a partial the page does not apply", async () => {
    const answer = await preview("badge", "{.section title}", "/cart");
    expect(answer.errors).toEqual([
      { template: "badge", kind: "ASSEMBLER", message: "Reached EOF in the middle of SECTION", line: 1, column: 1, partial: null },
    ]);
    expect(answer.html).toContain('<h1 id="sc-cart-title" class="sc-page-title">Cart</h1>');
  });

  it("previews the not-found page of an address with no page, with status 404", async () => {
    const answer = await preview("not-found", "<h1>Lost</h1>", "/shop/p/no-such-product");
    expect(answer).toMatchObject({ pageTemplate: "not-found", status: 404, errors: [] });
    expect(answer.html).toContain("<title>Page not found</title>");
    expect(answer.html).toContain("<h1>Lost</h1>");
  });

  it("previews a search with its query", async () => {
    const answer = await preview("search", "<p>{search.query|html}: {search.resultCount}</p>", "/search?q=mug");
    expect(answer.html).toContain("<p>mug: 1</p>");
  });

  it.each([
    ["a path without its leading /", "shop/p/linen-shirt"],
    ["another origin's address", "https://evil.example/shop/p/linen-shirt"],
    ["a protocol-relative address", "//evil.example/shop/p/linen-shirt"],
    ["a backslash address browsers read as another origin", "/\\evil.example/shop/p/linen-shirt"],
    ["a path over 2048 characters", `/${"a".repeat(2048)}`],
  ])("refuses %s with InvalidInputError", async (_case, path) => {
    expect(await preview("product", "<p>x</p>", path)).toEqual({
      __typename: "InvalidInputError",
      code: "INVALID_INPUT",
      message: "A storefront path starts with a single / and is at most 2048 characters (e.g. /shop/p/linen-shirt).",
    });
  });

  it("takes a path of 2048 characters", async () => {
    expect(await preview("not-found", "<p>x</p>", `/${"a".repeat(2047)}`)).toMatchObject({ status: 404, pageTemplate: "not-found" });
  });

  it.each([
    ["an invalid template name", "Product", "<p>x</p>", "A template name is 1 to 64 lower-case letters, digits and dashes, starting with a letter."],
    ["a source longer than 100000 characters", "product", "x".repeat(100_001), "A template is at most 100000 characters."],
  ])("refuses %s with InvalidInputError", async (_case, name, source, message) => {
    expect(await preview(name, source, "/shop/p/linen-shirt")).toEqual({ __typename: "InvalidInputError", code: "INVALID_INPUT", message });
  });
});
