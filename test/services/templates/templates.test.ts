// TemplateService (server/services/templates/templates.ts): the site's templates, their versions, refusal of
// templates that do not compile, rollback and preview. Against a real database.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { InvalidInputError, NotFoundError } from "../../../server/domain/errors.ts";
import type { RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { createServices, type Services } from "../../../server/services/index.ts";
import { DEFAULT_TEMPLATES, PAGE_TEMPLATES } from "../../../server/template/defaults/index.ts";
import { renderDocument } from "../../../server/template/document.ts";
import { compileTemplate } from "../../../server/template/index.ts";
import { createDemoStoreServices } from "../../support/services.ts";

let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let services: Services;

beforeAll(async () => {
  ({ db, bus, services, close } = await createDemoStoreServices());
});
beforeEach(async () => {
  await db.template.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID } }); // versions go with them
  services.templates.invalidate();
});
afterAll(() => close());

const BASE_URL = "http://shop.test";
const page = (path: string) => services.storefront.page(new URL(path, BASE_URL), BASE_URL);

async function renderPath(path: string, templates = services.templates) {
  const built = await page(path);
  return renderDocument(await templates.current(), built.template, built.context);
}

describe("defaults", () => {
  it("lists every shipped template, each on its default until saved", async () => {
    const list = await services.templates.list();
    expect(list.map((template) => template.name)).toEqual(Object.keys(DEFAULT_TEMPLATES).sort());
    expect(list.every((template) => template.currentVersion === null && template.hasDefault)).toBe(true);
    for (const name of ["site", ...PAGE_TEMPLATES, "product-card"]) expect(list.map((template) => template.name)).toContain(name);
  });

  it("ships templates that compile without errors (the check every save passes)", () => {
    for (const [name, source] of Object.entries(DEFAULT_TEMPLATES)) expect({ name, errors: compileTemplate(source).errors }).toEqual({ name, errors: [] });
  });

  it("reads a default with no versions", async () => {
    const product = await services.templates.read("product");
    expect(product).toMatchObject({ name: "product", source: DEFAULT_TEMPLATES.product, currentVersion: null, hasDefault: true, versions: [] });
  });

  it("has no template of an unknown name", async () => {
    await expect(services.templates.read("nope")).rejects.toThrow(new NotFoundError('There is no template named "nope".'));
  });
});

describe("saving", () => {
  it("saves a new version that pages then render", async () => {
    const source = DEFAULT_TEMPLATES.product.replace('<h1 class="sc-product-title">', '<h1 class="sc-product-title">New: ');
    expect(await services.templates.save("product", source, { authorId: 1 })).toEqual({ ok: true, version: 1 });
    const detail = await services.templates.read("product");
    expect(detail).toMatchObject({ source, currentVersion: 1, versions: [{ version: 1, authorId: 1 }] });
    expect((await renderPath("/shop/p/ceramic-mug")).html).toContain('<h1 class="sc-product-title">New: Ceramic Mug</h1>');
  });

  it("numbers versions and keeps every one", async () => {
    for (const text of ["one", "two", "three"]) await services.templates.save("cart", `<h1>${text}</h1>`);
    const detail = await services.templates.read("cart");
    expect(detail.currentVersion).toBe(3);
    expect(detail.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(detail.source).toBe("<h1>three</h1>");
  });

  it("refuses a template that does not compile, with its errors, and keeps the working version", async () => {
    await services.templates.save("product", DEFAULT_TEMPLATES.product);
    const broken = "{.section item}<h1>{title|shout}</h1>";
    const result = await services.templates.save("product", broken);
    expect(result).toEqual({
      ok: false,
      errors: [
        { kind: "parser", message: "Formatter 'shout' is unknown", line: 1, column: 20 },
        { kind: "assembler", message: "Reached EOF in the middle of SECTION", line: 1, column: 1 },
      ],
    });
    const detail = await services.templates.read("product");
    expect(detail.currentVersion).toBe(1);
    expect(detail.versions).toHaveLength(1);
    expect(await db.templateVersion.count({ where: { source: broken } })).toBe(0);
    expect((await renderPath("/shop/p/ceramic-mug")).html).toContain('<h1 class="sc-product-title">Ceramic Mug</h1>');
  });

  it("saves an owner's own partial, which templates can then apply", async () => {
    expect(await services.templates.save("badge", '<span class="badge">{title|html}</span>')).toEqual({ ok: true, version: 1 });
    await services.templates.save("product", DEFAULT_TEMPLATES.product.replace("{@|product-status}", "{@|apply badge}{@|product-status}"));
    expect((await renderPath("/shop/p/ceramic-mug")).html).toContain('<span class="badge">Ceramic Mug</span>');
    expect((await services.templates.list()).find((template) => template.name === "badge")).toMatchObject({ currentVersion: 1, hasDefault: false });
  });

  it("refuses names that are not lower-case words joined by dashes", async () => {
    for (const name of ["", "Product", "../site", "a b", "x".repeat(65), "-x"]) {
      await expect(services.templates.save(name, "x")).rejects.toThrow(
        new InvalidInputError("A template name is 1 to 64 lower-case letters, digits and dashes, starting with a letter."),
      );
    }
  });

  it("refuses a source longer than 100000 characters", async () => {
    await expect(services.templates.save("cart", "x".repeat(100_001))).rejects.toThrow(new InvalidInputError("A template is at most 100000 characters."));
  });

  it("gives two saves at once the next two versions", async () => {
    const results = await Promise.all([services.templates.save("cart", "<p>a</p>"), services.templates.save("cart", "<p>b</p>")]);
    expect(results.map((result) => (result.ok ? result.version : 0)).sort()).toEqual([1, 2]);
  });

  it("is seen by another server process on the same event bus", async () => {
    const other = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID });
    try {
      expect((await other.templates.current()).sources.cart).toBe(DEFAULT_TEMPLATES.cart);
      const delivered = other.templates.nextInvalidation(); // the event arrives asynchronously
      await services.templates.save("cart", "<p>changed</p>");
      await delivered;
      expect((await other.templates.current()).sources.cart).toBe("<p>changed</p>");
    } finally {
      other.stop();
    }
  });
});

describe("rollback", () => {
  it("makes an earlier version current again without a new version", async () => {
    await services.templates.save("cart", "<p>good</p>");
    await services.templates.save("cart", "<p>bad</p>");
    const detail = await services.templates.rollback("cart", 1);
    expect(detail).toMatchObject({ currentVersion: 1, source: "<p>good</p>" });
    expect(detail.versions).toHaveLength(2);
    expect((await renderPath("/cart")).html).toContain("<p>good</p>");
  });

  it("goes back to the shipped default", async () => {
    await services.templates.save("cart", "<p>mine</p>");
    const detail = await services.templates.rollback("cart", null);
    expect(detail).toMatchObject({ currentVersion: null, source: DEFAULT_TEMPLATES.cart });
    expect((await renderPath("/cart")).html).toContain('<h1 id="sc-cart-title" class="sc-page-title">Cart</h1>');
  });

  it("refuses a version that does not exist", async () => {
    await services.templates.save("cart", "<p>one</p>");
    await expect(services.templates.rollback("cart", 5)).rejects.toThrow(new NotFoundError('Template "cart" has no version 5.'));
    await expect(services.templates.rollback("badge", 1)).rejects.toThrow(new NotFoundError('Template "badge" has no version 1.'));
  });
});

describe("preview", () => {
  it("renders a page with the given source without saving it", async () => {
    const built = await page("/shop/p/linen-shirt");
    const preview = await services.templates.preview("product", "<h1>Preview of {item.title|html}</h1>", built.template, built.context);
    expect(preview.errors).toEqual([]);
    expect(preview.html).toContain("<h1>Preview of Linen Shirt</h1>");
    expect(preview.html).toContain("<title>Linen Shirt</title>"); // inside the site layout
    expect((await services.templates.read("product")).currentVersion).toBeNull();
    expect((await renderPath("/shop/p/linen-shirt")).html).not.toContain("Preview of");
  });

  it("previews the layout too", async () => {
    const built = await page("/cart");
    const preview = await services.templates.preview("site", "<body>[{pageTitle}]{mainContent}</body>", built.template, built.context);
    expect(preview.html).toMatch(/^<body>\[Cart\]\n<section/);
  });

  it("returns the errors of a broken source with the template they are in, and renders what it can", async () => {
    const built = await page("/shop/p/linen-shirt");
    const preview = await services.templates.preview("product", "<h1>{item.title|shout}</h1>{.section item}", built.template, built.context);
    expect(preview.errors).toEqual([
      { kind: "parser", message: "Formatter 'shout' is unknown", line: 1, column: 5, template: "product" },
      { kind: "assembler", message: "Reached EOF in the middle of SECTION", line: 1, column: 28, template: "product" },
    ]);
    expect(preview.html).toContain("<h1>{item.title|shout}</h1>");
  });
});
