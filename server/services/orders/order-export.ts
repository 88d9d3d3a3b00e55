// The orders CSV export (issue 23, part 4): every order of the site, newest number last, one row per
// line item (domain/orders/order-csv.ts). Read a page of orders at a time, so a long history never
// sits in memory.
import { ORDER_CSV_COLUMNS, orderCsvRows } from "../../domain/orders/order-csv.ts";
import type { Db } from "../../db/client.ts";
import { parseAttributes } from "../catalog/catalog.ts";
import type { CsvExport } from "../catalog/product-export.ts";

/** Orders read per query. */
const PAGE = 200;

function codes(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === "string") : [];
  } catch {
    return [];
  }
}

export class OrderExportService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The download: orders-<date>.csv, in order number order. */
  export(): CsvExport {
    return { filename: `orders-${this.now().toISOString().slice(0, 10)}.csv`, columns: [...ORDER_CSV_COLUMNS], rows: this.#rows() };
  }

  async *#rows(): AsyncGenerator<string[]> {
    let after = 0;
    for (;;) {
      const page = await this.db.order.findMany({
        where: { websiteId: this.websiteId, orderNumber: { gt: after } },
        orderBy: { orderNumber: "asc" },
        take: PAGE,
        include: { items: { orderBy: { id: "asc" } }, addresses: true },
      });
      for (const order of page) {
        yield* orderCsvRows({
          ...order,
          couponCodes: codes(order.couponCodes),
          items: order.items.map((item) => ({ ...item, attributes: parseAttributes(item.attributes) })),
        });
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1].orderNumber;
    }
  }
}
