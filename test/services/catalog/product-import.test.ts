// The product CSV import and export (services/catalog/product-import.ts, product-export.ts) on the demo
// store: the preview writes nothing, the import writes the products without a problem, a second
// import changes nothing, and an exported catalogue imported again is the same catalogue.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let store: DemoStoreServices;
beforeAll(async () => {
  store = await createDemoStoreServices();
});
afterAll(() => store.close());

const HEADER =
  "Handle,Title,Body (HTML),Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Collection";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n");
const FILE = csv(
  "wool-beanie,Wool Beanie,<p>Warm</p>,TRUE,Color,Grey,BEANIE-GREY,5,18.00,,https://cdn.example.com/beanie.jpg,",
  "wool-beanie,,,,,Navy,BEANIE-NAVY,,15.00,18.00,,",
  "canvas-apron,Canvas Apron,,FALSE,,,APRON,3,32.50,,,",
  "broken,Broken,,TRUE,,,BROKEN,1,free,,,",
);

const catalogue = () =>
  store.db.product.findMany({
    where: { websiteId: DEMO_WEBSITE_ID },
    orderBy: { slug: "asc" },
    select: {
      slug: true,
      name: true,
      description: true,
      visible: true,
      imageUrl: true,
      collectionId: true,
      sortPrice: true,
      variantOptionOrdering: true,
      variants: {
        orderBy: { sku: "asc" },
        select: { sku: true, attributes: true, price: true, salePrice: true, onSale: true, unlimited: true, qtyInStock: true },
      },
    },
  });

const exported = async () => {
  const { rows, columns } = await store.services.productExport.export();
  const lines = [columns];
  for await (const row of rows) lines.push(row);
  return lines;
};
const toCsv = (lines: string[][]) => lines.map((line) => line.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",")).join("\r\n");

it("previews what the import would do with every problem named, and writes nothing", async () => {
  const before = await catalogue();
  const preview = await store.services.productImport.preview(FILE);
  expect(preview).toMatchObject({ rows: 4, products: 3, create: 2, update: 0, unchanged: 0, skipped: 1 });
  expect(preview.errors.map((error) => error.text)).toEqual(["Row 5, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00."]);
  expect(await catalogue()).toEqual(before);
});

it("imports the products without a problem, then a second import changes nothing", async () => {
  const published: unknown[] = [];
  const events = store.bus.pubsub.subscribe("catalogChanged");
  const listening = (async () => {
    for await (const event of events) published.push(event);
  })();
  const progress: unknown[] = [];
  const result = await store.services.productImport.import(FILE, (step) => progress.push(step));
  expect(result).toMatchObject({ create: 2, update: 0, unchanged: 0, skipped: 1 });
  expect(progress).toEqual([
    { processed: 0, total: 2 },
    { processed: 2, total: 2 },
  ]);
  const rows = await catalogue();
  const beanie = rows.find((row) => row.slug === "wool-beanie")!;
  expect(beanie).toMatchObject({
    name: "Wool Beanie",
    description: "<p>Warm</p>",
    visible: true,
    imageUrl: "https://cdn.example.com/beanie.jpg",
    sortPrice: 1500,
  });
  expect(beanie.variants).toEqual([
    { sku: "BEANIE-GREY", attributes: '{"Color":"Grey"}', price: 1800, salePrice: 0, onSale: false, unlimited: false, qtyInStock: 5 },
    { sku: "BEANIE-NAVY", attributes: '{"Color":"Navy"}', price: 1800, salePrice: 1500, onSale: true, unlimited: true, qtyInStock: 0 },
  ]);
  expect(rows.find((row) => row.slug === "canvas-apron")).toMatchObject({ visible: false });
  expect(rows.some((row) => row.slug === "broken")).toBe(false);

  const again = await store.services.productImport.import(FILE);
  expect(again).toMatchObject({ create: 0, update: 0, unchanged: 2, skipped: 1 });
  expect(await catalogue()).toEqual(rows);
  await events.return?.();
  await listening;
  // Published once for the first import (both products), not at all for the one that changed nothing.
  expect(published).toHaveLength(1);
});

it("updates by handle and SKU: a changed price is written, a new SKU is added, the rest stays", async () => {
  const result = await store.services.productImport.import(
    csv("canvas-apron,Canvas Apron,,FALSE,Size,M,APRON,3,30.00,,,", "canvas-apron,,,,,XL,APRON-XL,2,34.00,,,"),
  );
  expect(result).toMatchObject({ create: 0, update: 1, unchanged: 0 });
  const apron = (await catalogue()).find((row) => row.slug === "canvas-apron")!;
  expect(apron.variants.map((variant) => [variant.sku, variant.price])).toEqual([
    ["APRON", 3000],
    ["APRON-XL", 3400],
  ]);
  expect(apron.sortPrice).toBe(3000);
});

it("finds the store page by URL id or title and an uploaded image by its file name", async () => {
  const collection = await store.db.collection.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID } });
  const product = await store.db.product.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID } });
  await store.db.productImage.create({
    data: {
      websiteId: DEMO_WEBSITE_ID,
      productId: product.id,
      key: "k123",
      filename: "scarf.jpg",
      position: 0,
      width: 10,
      height: 10,
      contentType: "image/jpeg",
      byteSize: 1,
    },
  });
  const preview = await store.services.productImport.preview(
    csv(
      `scarf,Scarf,,TRUE,,,SCARF,1,10,,scarf.jpg,${collection.title.toUpperCase()}`,
      `hat,Hat,,TRUE,,,HAT,1,10,,,${collection.urlId}`,
      "glove,Glove,,TRUE,,,GLOVE,1,10,,glove.jpg,",
      "sock,Sock,,TRUE,,,SOCK,1,10,,,Nowhere",
    ),
  );
  expect(preview.errors.map((error) => error.text)).toEqual([
    'Row 4, Image Src: No uploaded image is named "glove.jpg": upload it first, or give its full URL.',
    'Row 5, Collection: No store page is called "Nowhere".',
  ]);
  await store.services.productImport.import(
    csv(`scarf,Scarf,,TRUE,,,SCARF,1,10,,scarf.jpg,${collection.title}`, `hat,Hat,,TRUE,,,HAT,1,10,,,${collection.urlId}`),
  );
  const rows = await catalogue();
  expect(rows.find((row) => row.slug === "scarf")).toMatchObject({ imageUrl: "/media/k123/scarf.jpg", collectionId: collection.id });
  expect(rows.find((row) => row.slug === "hat")).toMatchObject({ collectionId: collection.id });
});

it("refuses a file that is no CSV, or holds no rows, with the reason", async () => {
  await expect(store.services.productImport.preview('Handle,Title\n"unclosed')).rejects.toThrow(
    "The file could not be read as CSV. Save it as CSV (UTF-8) and try again.",
  );
  await expect(store.services.productImport.preview(HEADER)).rejects.toThrow("The file has no product rows.");
});

it("exports the catalogue in the columns the import reads: imported again, nothing changes", async () => {
  const before = await catalogue();
  const lines = await exported();
  expect(lines[0].slice(0, 3)).toEqual(["Handle", "Title", "Body (HTML)"]);
  const preview = await store.services.productImport.preview(toCsv(lines));
  expect(preview.errors).toEqual([]);
  expect(preview).toMatchObject({ create: 0, update: 0, skipped: 0 });
  await store.services.productImport.import(toCsv(lines));
  expect(await catalogue()).toEqual(before);
});

it("a stock raised by the import notifies the waitlist by the units that arrived, as the editor does", async () => {
  await store.services.productImport.import(csv("rain-hat,Rain Hat,,TRUE,Size,S,RAIN-S,0,20.00,,,", "rain-hat,,,,,M,RAIN-M,4,20.00,,,"));
  const small = await store.db.variant.findFirstOrThrow({ where: { sku: "RAIN-S", product: { websiteId: DEMO_WEBSITE_ID } } });
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (const email of ["first@example.com", "second@example.com", "third@example.com"])
    await store.db.restockSignUp.create({ data: { websiteId: DEMO_WEBSITE_ID, productId: small.productId, variantId: small.id, email, expiresAt } });

  const result = await store.services.productImport.import(csv("rain-hat,Rain Hat,,TRUE,Size,S,RAIN-S,2,20.00,,,", "rain-hat,,,,,M,RAIN-M,4,22.00,,,"));
  expect(result).toMatchObject({ update: 1 });
  const waiting = await store.db.restockSignUp.findMany({ where: { variantId: small.id }, orderBy: { id: "asc" }, select: { status: true } });
  expect(waiting.map((row) => row.status)).toEqual(["NOTIFIED", "NOTIFIED", "RECEIVED"]);
  const variants = await store.db.variant.findMany({
    where: { productId: small.productId },
    orderBy: { sku: "asc" },
    select: { sku: true, qtyInStock: true, price: true },
  });
  expect(variants).toEqual([
    { sku: "RAIN-M", qtyInStock: 4, price: 2200 },
    { sku: "RAIN-S", qtyInStock: 2, price: 2000 },
  ]);
});
