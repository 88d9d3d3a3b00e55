// The product CSV (issue 23, part 4): Shopify's product columns, one row per variant, the first row of
// a handle carrying the product. Pure: rows of cells in, products and per-row errors out (the import
// service resolves store pages and uploaded images, then writes); a product back to rows for the export,
// so export -> import round-trips. Every field passes the product editor's own rule (inputs.ts).
import type { z } from "zod";
import { slugify } from "../store/store-creation.ts";
import { fromDecimalValue, toDecimalValue } from "../money.ts";
import { MAX_PRICE, priceInput, productFieldRules, stockInput, textInput, variantFieldRules } from "./inputs.ts";
import { adminCatalogImportMessages as say } from "../messages/admin-catalog-import.ts";
import { adminCatalogMessages as catalogSay } from "../messages/admin-catalog.ts";

/** The columns we write, in Shopify's order; Vendor, Type, Tags and Variant Grams are read past (we have no such fields). */
export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Collection",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns a file must have (the others may be left out). */
export const REQUIRED_COLUMNS: readonly ProductCsvColumn[] = ["Handle", "Title", "Variant Price"];
/** The most product rows one file may hold (a bigger catalogue comes in several files). */
export const MAX_IMPORT_ROWS = 50_000;
/** Shopify's three option columns. */
const OPTION_SLOTS = [1, 2, 3] as const;
/** Shopify's placeholder for a product without options (Option1 Name "Title", value "Default Title"). */
const DEFAULT_OPTION = { name: "Title", value: "Default Title" };
const MAX_VARIANTS = 250;

export interface CsvRowError {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  column: string;
  message: string;
  /** The product the row belongs to ("" when the row names none). */
  handle: string;
}

export interface CsvVariant {
  row: number;
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
}

export interface CsvProduct {
  /** The row of the product's first line. */
  row: number;
  /** The product's URL id (our slug), from Handle. */
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  /** A store page's title or URL id, as written; null: none. */
  collection: string | null;
  /** An image URL or the name of an uploaded image, as written; null: none. */
  image: string | null;
  optionNames: string[];
  variants: CsvVariant[];
}

export interface ProductCsvReading {
  /** The products without a problem, in the file's order. */
  products: CsvProduct[];
  errors: CsvRowError[];
  /** Data rows read (the header left out). */
  rows: number;
  /** Products left out because one of their rows has a problem. */
  invalidProducts: number;
}

/** "Row 14, Variant Price: ..." */
export const formatRowError = (error: Pick<CsvRowError, "row" | "column" | "message">) => say.csvRowError(error.row, error.column, error.message);

const passes = <T>(schema: z.ZodType<T>, value: unknown) => schema.safeParse(value).success;

/** The price message of the site's currency ("... from 0 to 1000000.00"). */
const priceMessage = (currency: string) => say.csvPriceInvalid.replace("1000000.00", toDecimalValue({ value: MAX_PRICE, currency }));

/**
 * Reads the table (header row first) for a store selling in `currency`. A product with a problem in
 * any of its rows is left out whole, with every problem named by row and column.
 */
export function readProductCsv(table: readonly (readonly string[])[], currency: string): ProductCsvReading {
  const errors: CsvRowError[] = [];
  const [header = [], ...records] = table;
  const index = new Map<string, number>();
  header.forEach((name, position) => {
    const column = name.trim();
    if (!index.has(column)) index.set(column, position);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !index.has(column));
  if (missing.length) {
    return {
      products: [],
      errors: missing.map((column) => ({ row: 1, column, message: say.csvColumnMissing, handle: "" })),
      rows: records.length,
      invalidProducts: 0,
    };
  }
  const cell = (record: readonly string[], column: ProductCsvColumn) => {
    const position = index.get(column);
    return position === undefined ? "" : (record[position] ?? "").trim();
  };

  let orphanRows = 0;
  const byHandle = new Map<string, { product: CsvProduct; bad: boolean; handle: string }>();
  const slugOwners = new Map<string, string>();
  records.forEach((record, position) => {
    const row = position + 2;
    const problem = (column: ProductCsvColumn, message: string, handle: string) => errors.push({ row, column, message, handle });
    if (record.every((value) => value.trim() === "")) return;
    const handle = cell(record, "Handle");
    if (!handle) {
      // A row of no product: counted as one left out, so the preview's counts add up to what it shows.
      orphanRows++;
      return problem("Handle", say.csvHandleRequired, "");
    }
    let entry = byHandle.get(handle);
    const first = !entry;
    if (!entry) {
      entry = { product: firstRow(record, row, handle), bad: false, handle };
      byHandle.set(handle, entry);
    }
    const before = errors.length;
    if (first) readProductFields(entry.product, handle, (column, message) => problem(column, message, handle));
    const variant = variantOf(entry.product, record, row, first, (column, message) => problem(column, message, handle));
    if (variant) {
      const { variants } = entry.product;
      if (variants.some((other) => other.sku === variant.sku)) problem("Variant SKU", say.csvSkuDuplicate, handle);
      else if (variants.some((other) => sameOptions(other.attributes, variant.attributes))) problem("Option1 Value", say.csvOptionsDuplicate, handle);
      else if (variants.length >= MAX_VARIANTS) problem("Handle", say.csvTooManyVariants, handle);
      else variants.push(variant);
    }
    if (errors.length > before) entry.bad = true;
  });

  function firstRow(record: readonly string[], row: number, handle: string): CsvProduct {
    const names = OPTION_SLOTS.map((slot) => cell(record, `Option${slot} Name` as ProductCsvColumn));
    const isDefault = names[0] === DEFAULT_OPTION.name && cell(record, "Option1 Value") === DEFAULT_OPTION.value;
    return {
      row,
      slug: slugify(handle),
      name: cell(record, "Title"),
      description: cell(record, "Body (HTML)"),
      visible: true,
      collection: cell(record, "Collection") || null,
      image: cell(record, "Image Src") || null,
      optionNames: isDefault ? [] : names.filter(Boolean),
      variants: [],
    };
  }

  function readProductFields(product: CsvProduct, handle: string, problem: (column: ProductCsvColumn, message: string) => void) {
    const record = records[product.row - 2];
    if (!passes(textInput(100, { blank: false }), handle) || product.slug === "") problem("Handle", say.csvHandleRequired);
    else if (slugOwners.has(product.slug) && slugOwners.get(product.slug) !== handle) problem("Handle", say.csvHandleTaken);
    else slugOwners.set(product.slug, handle);
    if (!passes(productFieldRules.name, product.name)) problem("Title", catalogSay.nameRequired);
    if (!passes(productFieldRules.description, product.description)) problem("Body (HTML)", catalogSay.textTooLong(20_000));
    if (product.image !== null && !passes(productFieldRules.imageUrl, product.image)) problem("Image Src", catalogSay.textTooLong(2000));
    if (product.collection !== null && product.collection.length > 200) problem("Collection", catalogSay.textTooLong(200));
    const published = cell(record, "Published").toLowerCase();
    if (published === "false") product.visible = false;
    else if (published !== "" && published !== "true") problem("Published", say.csvPublishedInvalid);
    if (
      !passes(variantFieldRules.attributes, Object.fromEntries(product.optionNames.map((name) => [name, "x"]))) ||
      new Set(product.optionNames).size !== product.optionNames.length
    ) {
      problem("Option1 Name", say.csvOptionInvalid);
    }
  }

  function variantOf(
    product: CsvProduct,
    record: readonly string[],
    row: number,
    first: boolean,
    problem: (column: ProductCsvColumn, message: string) => void,
  ): CsvVariant | null {
    const values = OPTION_SLOTS.map((slot) => cell(record, `Option${slot} Value` as ProductCsvColumn));
    const sku = cell(record, "Variant SKU");
    const priceText = cell(record, "Variant Price");
    // Shopify writes a product's further images as rows with only Handle and Image Src: not a variant.
    if (!first && !sku && !priceText && values.every((value) => !value)) return null;
    const attributes: Record<string, string> = {};
    const isDefault = product.optionNames.length === 0;
    values.forEach((value, slot) => {
      if (isDefault || !value) return;
      const name = product.optionNames[slot];
      if (!name) return problem(`Option${slot + 1} Value` as ProductCsvColumn, say.csvOptionInvalid);
      attributes[name] = value;
    });
    if (!isDefault && Object.keys(attributes).length !== product.optionNames.length && values.some(Boolean)) {
      problem("Option1 Value", say.csvOptionInvalid);
    }
    if (!passes(variantFieldRules.attributes, attributes)) problem("Option1 Value", say.csvOptionInvalid);
    const wantedSku = sku || [product.slug, ...Object.values(attributes).map(slugify)].filter(Boolean).join("-");
    if (!passes(variantFieldRules.sku, wantedSku)) problem("Variant SKU", catalogSay.textTooLong(100));
    const price = readPrice(priceText, currency);
    if (price === null) problem("Variant Price", priceMessage(currency));
    const compareText = cell(record, "Variant Compare At Price");
    const compareAt = compareText ? readPrice(compareText, currency) : undefined;
    if (compareAt === null) problem("Variant Compare At Price", priceMessage(currency));
    const stockText = cell(record, "Variant Inventory Qty");
    const stock = stockText === "" ? 0 : /^\d+$/.test(stockText) && passes(stockInput, Number(stockText)) ? Number(stockText) : null;
    if (stock === null) problem("Variant Inventory Qty", say.csvStockInvalid);
    if (price === null || compareAt === null || stock === null) return null;
    // Shopify's compare-at price is the regular price when it is above the price paid: a sale.
    const onSale = compareAt !== undefined && compareAt > price;
    return {
      row,
      sku: wantedSku,
      attributes,
      price: onSale ? compareAt : price,
      salePrice: onSale ? price : 0,
      onSale,
      unlimited: stockText === "",
      qtyInStock: stock,
    };
  }

  return finish();

  function finish(): ProductCsvReading {
    const products: CsvProduct[] = [];
    let invalidProducts = orphanRows;
    for (const entry of byHandle.values()) {
      if (entry.bad) invalidProducts++;
      else products.push(entry.product);
    }
    return { products, errors: errors.sort((a, b) => a.row - b.row), rows: records.length, invalidProducts };
  }
}

/** A decimal price in the currency's major units, as minor units within the editor's price rule; null when it is not one. */
export function readPrice(text: string, currency: string): number | null {
  const amount = fromDecimalValue(text, currency);
  return amount && passes(priceInput, amount.value) ? amount.value : null;
}

const sameOptions = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** A product as the export writes it. */
export interface ProductCsvSource {
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  imageUrl: string | null;
  /** Its store page's title; null: none. */
  collection: string | null;
  optionNames: string[];
  variants: readonly Omit<CsvVariant, "row">[];
}

/**
 * The product's rows, in PRODUCT_CSV_COLUMNS order: one per variant, the first carrying the product.
 * A sale writes the sale price as Variant Price and the regular one as Compare At (Shopify's way);
 * unlimited stock leaves Variant Inventory Qty empty. Options past the third are not written.
 */
export function productCsvRows(product: ProductCsvSource, currency: string): string[][] {
  const names = product.optionNames.slice(0, 3);
  return product.variants.map((variant, position) => {
    const first = position === 0;
    const cells: Record<ProductCsvColumn, string> = {
      Handle: product.slug,
      Title: first ? product.name : "",
      "Body (HTML)": first ? product.description : "",
      Vendor: "",
      Type: "",
      Tags: "",
      Published: first ? (product.visible ? "TRUE" : "FALSE") : "",
      "Option1 Name": "",
      "Option1 Value": "",
      "Option2 Name": "",
      "Option2 Value": "",
      "Option3 Name": "",
      "Option3 Value": "",
      "Variant SKU": variant.sku,
      "Variant Grams": "",
      "Variant Inventory Qty": variant.unlimited ? "" : String(variant.qtyInStock),
      "Variant Price": toDecimalValue({ value: variant.onSale ? variant.salePrice : variant.price, currency }),
      "Variant Compare At Price": variant.onSale ? toDecimalValue({ value: variant.price, currency }) : "",
      "Image Src": first ? (product.imageUrl ?? "") : "",
      Collection: first ? (product.collection ?? "") : "",
    };
    names.forEach((name, slot) => {
      if (first) cells[`Option${slot + 1} Name` as ProductCsvColumn] = name;
      cells[`Option${slot + 1} Value` as ProductCsvColumn] = variant.attributes[name] ?? "";
    });
    return PRODUCT_CSV_COLUMNS.map((column) => cells[column]);
  });
}
