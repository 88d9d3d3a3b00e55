// The product CSV export (issue 23, part 4): every product with variants (physical and service
// products) in Shopify's columns, the same the import reads, so a file exported and imported again
// changes nothing. Read a page of products at a time, so a big catalogue never sits in memory.
import { PRODUCT_CSV_COLUMNS, productCsvRows } from "../../domain/catalog/product-csv.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import type { Db } from "../../db/client.ts";
import { parseAttributes, parseOptionOrdering } from "./catalog.ts";

/** Products read per query. */
const PAGE = 200;

export interface CsvExport {
  filename: string;
  columns: string[];
  rows: AsyncIterable<string[]>;
}

/** The product's option names: its ordering, else the options its variants carry (first seen first). */
function optionNames(ordering: string, variants: readonly { attributes: Record<string, string> }[]): string[] {
  const names = parseOptionOrdering(ordering);
  for (const variant of variants) for (const name of Object.keys(variant.attributes)) if (!names.includes(name)) names.push(name);
  return names;
}

export class ProductExportService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The download: products-<date>.csv, one row per variant, in product id order. */
  async export(): Promise<CsvExport> {
    const { currency } = await this.db.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { currency: true } });
    return { filename: `products-${this.now().toISOString().slice(0, 10)}.csv`, columns: [...PRODUCT_CSV_COLUMNS], rows: this.#rows(currency) };
  }

  async *#rows(currency: string): AsyncGenerator<string[]> {
    let after = 0;
    for (;;) {
      const page = await this.db.product.findMany({
        where: { websiteId: this.websiteId, id: { gt: after }, productType: { in: [ProductType.PHYSICAL, ProductType.SERVICE] } },
        orderBy: { id: "asc" },
        take: PAGE,
        select: {
          id: true,
          slug: true,
          name: true,
          description: true,
          visible: true,
          imageUrl: true,
          variantOptionOrdering: true,
          collection: { select: { title: true } },
          variants: { orderBy: [{ position: "asc" }, { id: "asc" }] },
        },
      });
      for (const product of page) {
        const variants = product.variants.map((variant) => ({ ...variant, attributes: parseAttributes(variant.attributes) }));
        yield* productCsvRows(
          {
            slug: product.slug,
            name: product.name,
            description: product.description,
            visible: product.visible,
            imageUrl: product.imageUrl,
            collection: product.collection?.title ?? null,
            optionNames: optionNames(product.variantOptionOrdering, variants),
            variants,
          },
          currency,
        );
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1].id;
    }
  }
}
