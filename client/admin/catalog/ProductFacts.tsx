// Small pieces the products list and the inventory panel share: the stock summary of a product, and the address of a filtered list.
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductFacts_stock$key } from "../../__generated__/ProductFacts_stock.graphql.ts";

export { PRODUCT_TYPES, type ProductTypeName } from "./catalog-variables.ts";

/** `path` with the current search parameters, `changes` applied (an empty value removes one). */
export function withSearch(path: string, search: URLSearchParams, changes: Record<string, string>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/** "Unlimited" or "12 in stock", as the domain's totalStock has it. */
export function StockSummary(props: { product: ProductFacts_stock$key }) {
  const product = useFragment(
    graphql`
      fragment ProductFacts_stock on Product {
        unlimitedStock
        totalStock
      }
    `,
    props.product,
  );
  if (product.unlimitedStock || product.totalStock === null || product.totalStock === undefined) return <>{adminMessages.stockUnlimited}</>;
  return <span className={product.totalStock === 0 ? "stock-out" : undefined}>{adminMessages.stockUnits(product.totalStock)}</span>;
}
