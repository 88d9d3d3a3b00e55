// The inventory panel (issue 9, screen 3; platform-support §2): search, sort by name, stock and price,
// a row click opens the product editor, a row expander shows the variants with their stock changed in
// place, the next page, and the store's scarcity settings.
import { Fragment, startTransition, Suspense, useCallback, useState, type FormEvent, type MouseEvent } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { useOwnerStockChanged } from "../../shared/admin/OwnerStockChangedSubscription.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { InventoryScreenQuery as Query } from "../../__generated__/InventoryScreenQuery.graphql.ts";
import type { InventoryScreen_products$key } from "../../__generated__/InventoryScreen_products.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { InventoryVariantsLoader } from "./InventoryVariants.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { StockSummary, withSearch } from "./ProductFacts.tsx";
import { ScarcitySettingsPanel } from "./ScarcitySettingsPanel.tsx";
import "./catalog.css";
import { INVENTORY_SORTS } from "./catalog-variables.ts";

export default function InventoryScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query InventoryScreenQuery($search: String, $sort: OwnerProductSort) {
        ...InventoryScreen_products @arguments(search: $search, sort: $sort)
        scarcitySettings {
          ...ScarcitySettingsPanel_settings
        }
      }
    `,
    queryRef,
  );
  return (
    <section className="admin-page">
      <header>
        <h1>{adminMessages.inventoryHeading}</h1>
      </header>
      <p>{adminMessages.inventoryIntro}</p>
      <InventoryToolbar search={match.search} />
      <InventoryTable products={data} />
      <ScarcitySettingsPanel settings={data.scarcitySettings} />
    </section>
  );
}

function InventoryToolbar({ search }: { search: URLSearchParams }) {
  const { navigate } = useRouter();
  const [text, setText] = useState(search.get("q") ?? "");
  const go = (name: string, value: string) => navigate(withSearch("/config/inventory", search, { [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go("q", text.trim());
  };
  return (
    <form className="toolbar" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor="inventory-search">{adminMessages.productSearch}</label>
        <input id="inventory-search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <button type="submit" className="button">
        {adminMessages.searchButton}
      </button>
      <div className="field">
        <label htmlFor="inventory-sort">{adminMessages.sortLabel}</label>
        <select
          id="inventory-sort"
          value={search.get("sort") ?? "NAME_ASC"}
          onChange={(event) => go("sort", event.target.value === "NAME_ASC" ? "" : event.target.value)}
        >
          {INVENTORY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {adminMessages.sortNames[sort]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function InventoryTable({ products }: { products: InventoryScreen_products$key }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment(
    graphql`
      fragment InventoryScreen_products on Query
      @argumentDefinitions(
        search: { type: "String" }
        sort: { type: "OwnerProductSort", defaultValue: NAME_ASC }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      )
      @refetchable(queryName: "InventoryScreenPaginationQuery") {
        ownerProducts(search: $search, sort: $sort, first: $first, after: $after) @connection(key: "InventoryScreen_ownerProducts") {
          edges {
            node {
              id
              itemId
              name
              price {
                formatted
              }
              ...ProductFacts_stock
            }
          }
        }
      }
    `,
    products,
  );
  const { navigate } = useRouter();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const rows = data.ownerProducts.edges.map((edge) => edge.node);
  // Stock sold at checkout or changed in another tab shows without a reload: the rows shown are read
  // again (in a transition, so the table stays on screen); open variant rows update from the event itself.
  const shown = rows.length;
  const refresh = useCallback(
    () =>
      startTransition(() => {
        refetch({ first: Math.max(20, shown) }, { fetchPolicy: "network-only" });
      }),
    [refetch, shown],
  );
  useOwnerStockChanged(refresh);
  if (rows.length === 0) return <p className="empty-state">{adminMessages.inventoryEmpty}</p>;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // A click anywhere on the row opens the editor, except on its own controls (the expander, the link).
  const rowClick = (event: MouseEvent, itemId: string) => {
    if ((event.target as HTMLElement).closest("a, button, input, label, select")) return;
    navigate(`/config/products/${itemId}`);
  };
  return (
    <>
      <table className="data-table inventory-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{adminMessages.variantColumn}</span>
            </th>
            <th scope="col">{adminMessages.productColumnName}</th>
            <th scope="col" className="numeric">
              {adminMessages.productColumnStock}
            </th>
            <th scope="col" className="numeric">
              {adminMessages.productColumnPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((product) => {
            const expanded = open.has(product.id);
            const panelId = `variants-${product.itemId}`;
            return (
              <Fragment key={product.id}>
                <tr className="inventory-row" onClick={(event) => rowClick(event, product.itemId)}>
                  <td>
                    <button
                      type="button"
                      className="button expander"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      aria-label={expanded ? adminMessages.hideVariants(product.name) : adminMessages.showVariants(product.name)}
                      onClick={() => toggle(product.id)}
                    >
                      {expanded ? "▾" : "▸"}
                    </button>
                  </td>
                  <td data-label={adminMessages.productColumnName}>
                    <Link href={`/config/products/${product.itemId}`}>{product.name}</Link>
                  </td>
                  <td className="numeric" data-label={adminMessages.productColumnStock}>
                    <StockSummary product={product} />
                  </td>
                  <td className="numeric" data-label={adminMessages.productColumnPrice}>
                    {product.price.formatted}
                  </td>
                </tr>
                {expanded ? (
                  <tr className="inventory-variants" id={panelId}>
                    <td colSpan={4}>
                      <Suspense fallback={<p className="field-hint">{adminMessages.loadingMore}</p>}>
                        <InventoryVariantsLoader itemId={product.itemId} />
                      </Suspense>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
