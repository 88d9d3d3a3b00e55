// The storefront's catalogue reads without a Prisma model operation answer exactly what Prisma answers
// for the same selection (columns, relations, order, paging), and leave to Prisma what they do not read.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Prisma } from "../../../server/db/client.ts";
import { readProducts } from "../../../server/services/catalog/product-reads.ts";
import { searchProductIds } from "../../../server/services/catalog/product-search.ts";
import { PRODUCT_SORTS, type ProductSort } from "../../../server/services/catalog/catalog.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let store: DemoStoreServices;
beforeAll(async () => {
  store = await createDemoStoreServices();
  await store.db.productTranslation.create({ data: { productId: await productId("linen-shirt"), locale: "fr", name: "Chemise en lin", description: "Lin." } });
});
afterAll(() => store.close());

const productId = async (slug: string) => (await store.db.product.findFirstOrThrow({ where: { slug }, select: { id: true } })).id;

const everything = {
  id: true,
  slug: true,
  name: true,
  description: true,
  imageUrl: true,
  productType: true,
  isSubscribable: true,
  price: true,
  salePrice: true,
  currency: true,
  onSale: true,
  useCustomAddButtonText: true,
  customAddButtonText: true,
  variantOptionOrdering: true,
  sortPrice: true,
  visible: true,
  createdAt: true,
  variants: {
    orderBy: { position: "asc" },
    select: { id: true, sku: true, attributes: true, price: true, salePrice: true, currency: true, onSale: true, unlimited: true, qtyInStock: true },
  },
  giftCardDenominations: { orderBy: { position: "asc" }, select: { amount: true, sku: true } },
  translations: { where: { locale: "fr" }, take: 1, select: { name: true, description: true } },
  subscriptionPlan: { select: { billingPeriodValue: true, billingPeriodUnit: true, numBillingCycles: true } },
  merchandising: { select: { productId: true, scarcityEnabled: true, scarcityText: true, customSoldOutText: true, restockNotificationViews: true } },
  additionalFieldsForm: { select: { id: true, fields: true } },
} as const satisfies Prisma.ProductSelect;

const where = { websiteId: DEMO_WEBSITE_ID, visible: true };

describe("readProducts", () => {
  it.each(Object.keys(PRODUCT_SORTS) as ProductSort[])("answers as Prisma does: every column and relation, sorted %s", async (sort) => {
    const orderBy = [...PRODUCT_SORTS[sort]];
    const query = { select: everything, take: 50 };
    const fast = await readProducts(store.db, { where, orderBy, query });
    expect(fast).toEqual(await store.db.product.findMany({ ...query, where, orderBy }));
    expect(fast!.length).toBeGreaterThan(5);
  });

  it("pages as Prisma does: take, skip and a cursor", async () => {
    for (const sort of Object.keys(PRODUCT_SORTS) as ProductSort[]) {
      const orderBy = [...PRODUCT_SORTS[sort]];
      const all = await store.db.product.findMany({ where, orderBy, select: { id: true } });
      for (const cursor of [all[0].id, all[3].id, all.at(-1)!.id]) {
        const query = { select: { id: true, name: true }, take: 3, skip: 1, cursor: { id: cursor } };
        expect(await readProducts(store.db, { where, orderBy, query })).toEqual(await store.db.product.findMany({ ...query, where, orderBy }));
      }
      const query = { select: { slug: true }, take: 2, skip: 2 };
      expect(await readProducts(store.db, { where, orderBy, query })).toEqual(await store.db.product.findMany({ ...query, where, orderBy }));
    }
  });

  it("reads one product by slug, and none for a hidden or unknown one", async () => {
    const query = { select: everything, take: 1 };
    for (const slug of ["linen-shirt", "gift-card", "coffee-club", "engraved-pen"]) {
      const found = await readProducts(store.db, { where: { ...where, slug }, query });
      expect(found).toEqual([await store.db.product.findFirst({ select: everything, where: { ...where, slug } })]);
    }
    expect(await readProducts(store.db, { where: { ...where, slug: "nothing" }, query })).toEqual([]);
    await store.db.product.update({ where: { id: await productId("canvas-tote") }, data: { visible: false } });
    expect(await readProducts(store.db, { where: { ...where, slug: "canvas-tote" }, query })).toEqual([]);
  });

  it("filters by ids, and an empty id list finds nothing", async () => {
    const ids = [await productId("ceramic-mug"), await productId("city-poster")];
    const query = { select: { slug: true } };
    expect(await readProducts(store.db, { where: { ...where, id: { in: ids } }, orderBy: [{ name: "asc" }, { id: "asc" }], query })).toEqual([
      { slug: "ceramic-mug" },
      { slug: "city-poster" },
    ]);
    expect(await readProducts(store.db, { where: { ...where, id: { in: [] } }, query })).toEqual([]);
  });

  it("searches in the same statement exactly as the search index does, a blank text being no search in both", async () => {
    const orderBy = [...PRODUCT_SORTS.NAME_ASC];
    for (const text of ["shirt", "LINEN SH", "c", "Mu", "cip", '"', "%", "zebra", "  ceramic ", "   "]) {
      const ids = await searchProductIds(store.db, DEMO_WEBSITE_ID, text);
      const expected = await store.db.product.findMany({ where: { ...where, ...(ids === null ? {} : { id: { in: ids } }) }, orderBy, select: { slug: true } });
      expect(await readProducts(store.db, { where, orderBy, query: { select: { slug: true } }, search: text })).toEqual(expected);
    }
  });

  it("leaves to Prisma what it does not read", async () => {
    const unsupported: Record<string, unknown>[] = [
      { include: { variants: true } },
      { select: { id: true, _count: true } },
      { select: { id: true, restockSignUps: { select: { id: true } } } },
      { select: { id: true, variants: { select: { id: true }, orderBy: { price: "desc" } } } },
      { select: { id: true, variants: { select: { id: true, product: { select: { id: true } } } } } },
      { select: { id: true }, take: -20 },
      { select: { id: true, nope: true } },
    ];
    for (const query of unsupported) expect(await readProducts(store.db, { where, query })).toBeNull();
  });
});
