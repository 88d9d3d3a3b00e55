// The product CSV import (issue 23, part 4): a preview that writes nothing, then the import that
// writes. Both read the file the same way (domain/catalog/product-csv.ts), resolve store pages and
// uploaded images, and compare with what the store holds: a product is matched by handle (slug) and
// a variant by SKU, so importing a file twice changes nothing the second time. Products with a
// problem are left out; the others are written in batches, each batch one transaction, and the
// catalogue change is published once at the end. A raised stock notifies the waitlist as the editor's.
import { parse } from "csv-parse/sync";
import { InvalidInputError } from "../../domain/errors.ts";
import { formatRowError, MAX_IMPORT_ROWS, readProductCsv, type CsvProduct, type CsvRowError } from "../../domain/catalog/product-csv.ts";
import { fromPrice, ProductType, type VariantFacts } from "../../domain/catalog/product-state.ts";
import { mediaUrl } from "../../domain/catalog/product-images.ts";
import { adminCatalogImportMessages as say } from "../../domain/messages/admin-catalog-import.ts";
import type { Db, Tx } from "../../db/client.ts";
import { updateRows, type ColumnType } from "../../db/sql.ts";
import { lockVariants } from "../cart/stock-holds.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { ProductDefinitions } from "./product-definitions.ts";
import type { RestockService } from "../restock/restock.ts";

/** Products written per transaction: short transactions, few round trips. */
export const IMPORT_BATCH = 100;
/** Slugs and file names looked up per query (SQLite's bound-variable limit is far above). */
const LOOKUP_CHUNK = 500;

export interface ImportCounts {
  /** Data rows in the file. */
  rows: number;
  /** Products in the file. */
  products: number;
  create: number;
  update: number;
  unchanged: number;
  /** Products left out because a row of theirs has a problem. */
  skipped: number;
}

export interface ImportPreview extends ImportCounts {
  /** Every problem, by row then column; `text` is the sentence the screen and the CLI show. */
  errors: (CsvRowError & { text: string })[];
}

export interface ImportProgress {
  processed: number;
  total: number;
}

type Existing = Awaited<ReturnType<typeof loadExisting>>[number];
interface Planned {
  product: CsvProduct;
  collectionId: number | null;
  imageUrl: string | null;
  existing: Existing | null;
  action: "create" | "update" | "unchanged";
}

/** Up to `size` items at a time. */
function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

async function loadExisting(db: Db | Tx, websiteId: string, slugs: string[]) {
  const found = [];
  for (const part of chunks(slugs, LOOKUP_CHUNK)) {
    found.push(
      ...(await db.product.findMany({
        where: { websiteId, slug: { in: part } },
        select: {
          id: true,
          slug: true,
          name: true,
          description: true,
          visible: true,
          imageUrl: true,
          collectionId: true,
          productType: true,
          variantOptionOrdering: true,
          variants: { select: { id: true, sku: true, attributes: true, price: true, salePrice: true, onSale: true, unlimited: true, qtyInStock: true } },
        },
      })),
    );
  }
  return found;
}

const VARIANT_FIELDS = ["price", "salePrice", "onSale", "unlimited", "qtyInStock"] as const;

/** The variant's columns as stored (attributes as the JSON text the editor writes). */
const variantData = (variant: CsvProduct["variants"][number]) => ({
  sku: variant.sku,
  attributes: JSON.stringify(variant.attributes),
  price: variant.price,
  salePrice: variant.salePrice,
  onSale: variant.onSale,
  unlimited: variant.unlimited,
  qtyInStock: variant.qtyInStock,
});

export class ProductImportService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly definitions: ProductDefinitions,
    private readonly restock: RestockService,
  ) {}

  /** What importing the file would do, and every problem in it. Writes nothing. */
  async preview(file: string | Buffer): Promise<ImportPreview> {
    const { counts, errors } = await this.#plan(file);
    return { ...counts, errors };
  }

  /**
   * Imports the file's products without a problem (the preview names the others), `onProgress`
   * called after each batch. Answers the counts of what was planned (created, updated, unchanged).
   */
  async import(file: string | Buffer, onProgress: (progress: ImportProgress) => void = () => {}): Promise<ImportPreview> {
    const { counts, errors, planned, currency } = await this.#plan(file);
    const work = planned.filter((entry) => entry.action !== "unchanged");
    const changed: number[] = [];
    let notified = 0;
    let processed = 0;
    onProgress({ processed, total: work.length });
    try {
      for (const batch of chunks(work, IMPORT_BATCH)) {
        await this.db.$transaction(
          async (tx) => {
            changed.push(
              ...(await this.#createAll(
                tx,
                batch.filter((entry) => !entry.existing),
                currency,
              )),
            );
            const updated = await this.#updateAll(
              tx,
              batch.filter((entry) => entry.existing),
              currency,
            );
            changed.push(...updated.ids);
            notified += updated.notified;
          },
          { maxWait: 10_000, timeout: 120_000 },
        );
        processed += batch.length;
        onProgress({ processed, total: work.length });
      }
    } finally {
      // What was written is kept (each batch committed whole): caches learn of it even when a later batch failed.
      if (changed.length) {
        this.definitions.invalidate(changed);
        this.pubsub.publish("catalogChanged", { productIds: changed });
        this.pubsub.publish("stockChanged", { websiteId: this.websiteId, productIds: changed });
      }
      if (notified > 0) this.restock.afterCommit();
    }
    return { ...counts, errors };
  }

  async #plan(file: string | Buffer) {
    const table = readTable(file);
    const website = await this.db.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { currency: true } });
    const reading = readProductCsv(table, website.currency);
    const errors: CsvRowError[] = [...reading.errors];
    let skipped = reading.invalidProducts;
    const collections = await this.#collections();
    const images = await this.#uploadedImages(reading.products.flatMap((product) => (product.image && isFileName(product.image) ? [product.image] : [])));
    const existing = new Map(
      (
        await loadExisting(
          this.db,
          this.websiteId,
          reading.products.map((product) => product.slug),
        )
      ).map((row) => [row.slug, row]),
    );
    const planned: Planned[] = [];
    for (const product of reading.products) {
      const problems: CsvRowError[] = [];
      const collectionId = product.collection === null ? null : (collections(product.collection) ?? null);
      if (product.collection !== null && collectionId === null)
        problems.push({ row: product.row, column: "Collection", message: say.csvCollectionNotFound(product.collection), handle: product.slug });
      const imageUrl = product.image === null ? null : isFileName(product.image) ? (images.get(product.image) ?? null) : product.image;
      if (product.image !== null && imageUrl === null)
        problems.push({ row: product.row, column: "Image Src", message: say.csvImageNotFound(product.image), handle: product.slug });
      const current = existing.get(product.slug) ?? null;
      if (current && current.productType !== ProductType.PHYSICAL && current.productType !== ProductType.SERVICE)
        problems.push({ row: product.row, column: "Handle", message: say.csvHandleNotVariable, handle: product.slug });
      if (problems.length) {
        errors.push(...problems);
        skipped++;
        continue;
      }
      const entry: Planned = { product, collectionId, imageUrl, existing: current, action: "create" };
      entry.action = current ? (isUnchanged(entry, current) ? "unchanged" : "update") : "create";
      planned.push(entry);
    }
    errors.sort((a, b) => a.row - b.row);
    const count = (action: Planned["action"]) => planned.filter((entry) => entry.action === action).length;
    const counts: ImportCounts = {
      rows: reading.rows,
      products: planned.length + skipped,
      create: count("create"),
      update: count("update"),
      unchanged: count("unchanged"),
      skipped,
    };
    return { counts, planned, currency: website.currency, errors: errors.map((error) => ({ ...error, text: formatRowError(error) })) };
  }

  /** The store page a Collection cell names: its URL id, else its title (any case); undefined when none. */
  async #collections(): Promise<(name: string) => number | undefined> {
    const rows = await this.db.collection.findMany({
      where: { websiteId: this.websiteId },
      select: { id: true, title: true, urlId: true },
      orderBy: { id: "asc" },
    });
    const byUrlId = new Map(rows.map((row) => [row.urlId, row.id]));
    const byTitle = new Map<string, number>();
    for (const row of rows) if (!byTitle.has(row.title.toLowerCase())) byTitle.set(row.title.toLowerCase(), row.id);
    return (name) => byUrlId.get(name) ?? byTitle.get(name.toLowerCase());
  }

  /** The URL of each named uploaded image of the site (the first upload of a name wins). */
  async #uploadedImages(names: string[]): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    for (const part of chunks([...new Set(names)], LOOKUP_CHUNK)) {
      const rows = await this.db.productImage.findMany({
        where: { websiteId: this.websiteId, filename: { in: part } },
        select: { key: true, filename: true },
        orderBy: { id: "asc" },
      });
      for (const row of rows) if (!urls.has(row.filename)) urls.set(row.filename, mediaUrl(row.key, row.filename));
    }
    return urls;
  }

  /** Creates the products, then their variants: two statements for a batch, whatever its size. */
  async #createAll(tx: Tx, entries: Planned[], currency: string): Promise<number[]> {
    if (!entries.length) return [];
    const created = await tx.product.createManyAndReturn({
      data: entries.map(({ product, collectionId, imageUrl }) => ({
        websiteId: this.websiteId,
        slug: product.slug,
        name: product.name,
        description: product.description,
        visible: product.visible,
        imageUrl,
        collectionId,
        productType: ProductType.PHYSICAL,
        currency,
        variantOptionOrdering: JSON.stringify(product.optionNames),
        sortPrice: fromPrice({ productType: ProductType.PHYSICAL, currency, variants: product.variants }).value,
      })),
      select: { id: true, slug: true },
    });
    const ids = new Map(created.map((row) => [row.slug, row.id]));
    await tx.variant.createMany({
      data: entries.flatMap(({ product }) =>
        product.variants.map((variant, position) => ({ ...variantData(variant), productId: ids.get(product.slug)!, currency, position })),
      ),
    });
    return created.map((row) => row.id);
  }

  /**
   * Updates the products and their variants: one statement for the products, one for the variants
   * (a new SKU is created), whatever the batch's size. Variants whose stock changes are locked first
   * and their stock read as it is now (checkouts queue behind, as for the editor), so a raised stock
   * notifies the waitlist by what really arrived.
   */
  async #updateAll(tx: Tx, entries: Planned[], currency: string): Promise<{ ids: number[]; notified: number }> {
    const products: Record<string, unknown>[] = [];
    const variants: Record<string, unknown>[] = [];
    const created: (ReturnType<typeof variantData> & { productId: number; currency: string; position: number })[] = [];
    const stockChanges: { id: number; after: VariantFacts }[] = [];
    for (const { product, collectionId, imageUrl, existing } of entries) {
      const current = existing!;
      let position = current.variants.length;
      const bySku = new Map(current.variants.map((variant) => [variant.sku, variant]));
      const after = new Map(current.variants.map((variant) => [variant.sku, variant as VariantFacts]));
      for (const variant of product.variants) {
        after.set(variant.sku, variant);
        const stored = bySku.get(variant.sku);
        if (!stored) created.push({ ...variantData(variant), productId: current.id, currency, position: position++ });
        else if (!sameVariant(stored, variant)) variants.push({ id: stored.id, ...variantData(variant) });
        if (stored && (stored.unlimited !== variant.unlimited || stored.qtyInStock !== variant.qtyInStock))
          stockChanges.push({ id: stored.id, after: variant });
      }
      products.push({
        id: current.id,
        name: product.name,
        description: product.description,
        visible: product.visible,
        imageUrl,
        collectionId,
        variantOptionOrdering: JSON.stringify(product.optionNames),
        // The variants it keeps and the file's: the from price sorting by price uses (catalog.ts refreshSortPrice's rule).
        sortPrice: fromPrice({ productType: current.productType, currency, variants: [...after.values()] }).value,
      });
    }
    const stockBefore = await this.#lockedStock(
      tx,
      stockChanges.map((change) => change.id),
    );
    await updateRows(tx, "Variant", VARIANT_COLUMNS, variants);
    if (created.length) await tx.variant.createMany({ data: created });
    await updateRows(tx, "Product", PRODUCT_COLUMNS, products, { updatedAt: new Date() });
    const notified = await this.restock.stocksChanged(
      tx,
      stockChanges.map(({ id, after }) => ({ variantId: id, before: stockBefore.get(id)!, after })),
    );
    return { ids: products.map((row) => row.id as number), notified };
  }

  /** Locks the variants' rows and reads their stock as it is now, not as the plan read it. */
  async #lockedStock(tx: Tx, ids: number[]): Promise<Map<number, { unlimited: boolean; qtyInStock: number }>> {
    if (!ids.length) return new Map();
    await lockVariants(tx, ids);
    const rows = await tx.variant.findMany({ where: { id: { in: ids } }, select: { id: true, unlimited: true, qtyInStock: true } });
    return new Map(rows.map(({ id, ...stock }) => [id, stock]));
  }
}

const VARIANT_COLUMNS = {
  id: "integer",
  sku: "text",
  attributes: "text",
  price: "integer",
  salePrice: "integer",
  onSale: "boolean",
  unlimited: "boolean",
  qtyInStock: "integer",
} as const satisfies Record<"id" | keyof ReturnType<typeof variantData>, ColumnType>;

const PRODUCT_COLUMNS = {
  id: "integer",
  name: "text",
  description: "text",
  visible: "boolean",
  imageUrl: "text",
  collectionId: "integer",
  variantOptionOrdering: "text",
  sortPrice: "integer",
} as const satisfies Record<string, ColumnType>;

/** The file's cells: a UTF-8 CSV (a byte-order mark is dropped), rows of any length. */
function readTable(file: string | Buffer): string[][] {
  let table: string[][];
  try {
    table = parse(file, { bom: true, relax_column_count: true, skip_empty_lines: false, to: MAX_IMPORT_ROWS + 2 });
  } catch {
    throw new InvalidInputError(say.csvFileUnreadable);
  }
  if (table.length > MAX_IMPORT_ROWS + 1) throw new InvalidInputError(say.csvFileTooLarge(MAX_IMPORT_ROWS));
  if (table.length < 2) throw new InvalidInputError(say.csvFileEmpty);
  return table;
}

/** An Image Src without a scheme or a path is the name of an image uploaded to the store. */
const isFileName = (value: string) => !value.includes("/") && !value.includes(":");

const sameVariant = (stored: Existing["variants"][number], variant: CsvProduct["variants"][number]) =>
  stored.attributes === JSON.stringify(variant.attributes) && VARIANT_FIELDS.every((field) => stored[field] === variant[field]);

function isUnchanged({ product, collectionId, imageUrl }: Planned, current: Existing): boolean {
  if (
    current.name !== product.name ||
    current.description !== product.description ||
    current.visible !== product.visible ||
    current.imageUrl !== imageUrl ||
    current.collectionId !== collectionId ||
    current.variantOptionOrdering !== JSON.stringify(product.optionNames)
  ) {
    return false;
  }
  const bySku = new Map(current.variants.map((variant) => [variant.sku, variant]));
  return product.variants.every((variant) => {
    const stored = bySku.get(variant.sku);
    return stored !== undefined && sameVariant(stored, variant);
  });
}
