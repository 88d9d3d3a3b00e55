// The inventory panel (issue 9, screen 3; platform-support §2): search, sort by name, stock and price,
// a row click opens the product editor, a row expander shows the variants with their stock changed in
// place, the next page, and the store's scarcity settings.
import { startTransition, Suspense, useCallback, useState, type MouseEvent } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { useOwnerStockChanged } from "../../shared/admin/OwnerStockChangedSubscription.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { InventoryScreenQuery as Query } from "../../__generated__/InventoryScreenQuery.graphql.ts";
import type { InventoryScreen_products$data, InventoryScreen_products$key } from "../../__generated__/InventoryScreen_products.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { InventoryVariantsLoader } from "./InventoryVariants.tsx";
import { ListTable, SearchForm, type ListColumn } from "../../shared/ui/ListTable.tsx";
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
  const go = (name: string, value: string) => navigate(withSearch("/config/inventory", search, { [name]: value }));
  return (
    <SearchForm inputId="inventory-search" label={adminMessages.productSearch} initialText={search.get("q") ?? ""} onSearch={(text) => go("q", text)}>
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
    </SearchForm>
  );
}

function InventoryTable({ products }: { products: InventoryScreen_products$key }) {
  const { data, refetch, ...paging } = usePaginationFragment(
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
  const columns: ListColumn<InventoryRow>[] = [
    {
      header: <span className="visually-hidden">{adminMessages.variantColumn}</span>,
      cell: (product) => {
        const expanded = open.has(product.id);
        return (
          <button
            type="button"
            className="button expander"
            aria-expanded={expanded}
            aria-controls={variantsPanelId(product)}
            aria-label={expanded ? adminMessages.hideVariants(product.name) : adminMessages.showVariants(product.name)}
            onClick={() => toggle(product.id)}
          >
            {expanded ? "▾" : "▸"}
          </button>
        );
      },
    },
    { header: adminMessages.productColumnName, cell: (product) => <Link href={`/config/products/${product.itemId}`}>{product.name}</Link> },
    { header: adminMessages.productColumnStock, numeric: true, cell: (product) => <StockSummary product={product} /> },
    { header: adminMessages.productColumnPrice, numeric: true, cell: (product) => product.price.formatted },
  ];
  return (
    <ListTable
      rows={rows}
      rowKey={(product) => product.id}
      columns={columns}
      empty={adminMessages.inventoryEmpty}
      paging={paging}
      className="data-table inventory-table"
      rowProps={(product) => ({ className: "inventory-row", onClick: (event) => rowClick(event, product.itemId) })}
      afterRow={(product) =>
        open.has(product.id) ? (
          <tr className="inventory-variants" id={variantsPanelId(product)}>
            <td colSpan={4}>
              <Suspense fallback={<p className="field-hint">{adminMessages.loadingMore}</p>}>
                <InventoryVariantsLoader itemId={product.itemId} />
              </Suspense>
            </td>
          </tr>
        ) : null
      }
    />
  );
}

type InventoryRow = InventoryScreen_products$data["ownerProducts"]["edges"][number]["node"];

const variantsPanelId = (product: InventoryRow) => `variants-${product.itemId}`;
