// Products (issue 9, screen 2): every product of the store, hidden ones too, searched by name or SKU
// and filtered by type and visibility (kept in the address, so a filtered list can be shared and
// reloaded), a page at a time; each row opens the product editor. Below, the store's digital download
// settings (issue 23), as the inventory panel carries the scarcity settings.
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductListScreenQuery as Query } from "../../__generated__/ProductListScreenQuery.graphql.ts";
import type { ProductListScreen_products$data, ProductListScreen_products$key } from "../../__generated__/ProductListScreen_products.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { ListTable, SearchForm, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { StockSummary, withSearch } from "./ProductFacts.tsx";
import { DownloadSettingsPanel } from "./DownloadSettingsPanel.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import "./catalog.css";
import { PRODUCT_TYPES } from "./catalog-variables.ts";

export default function ProductListScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query ProductListScreenQuery($search: String, $type: ProductType, $visible: Boolean) {
        ...ProductListScreen_products @arguments(search: $search, type: $type, visible: $visible)
        ownerDownloadSettings {
          ...DownloadSettingsPanel_settings
        }
      }
    `,
    queryRef,
  );
  const canWrite = useCan("products.write");
  return (
    <section className="admin-page">
      <header>
        <h1>{adminMessages.productsHeading}</h1>
        {canWrite ? (
          <Link href="/config/products/new" className="button primary">
            {adminMessages.createProduct}
          </Link>
        ) : null}
        {canWrite ? (
          <Link href="/config/products/import" className="button">
            {adminMessages.importLink}
          </Link>
        ) : null}
        <ExportButton path="/api/owner/products.csv" fileName="products.csv" label={adminMessages.exportProductsLink} />
      </header>
      <p>{adminMessages.productsIntro}</p>
      <ProductFilters search={match.search} />
      <ProductTable products={data} />
      <DownloadSettingsPanel settings={data.ownerDownloadSettings} />
    </section>
  );
}

function ProductFilters({ search }: { search: URLSearchParams }) {
  const { navigate } = useRouter();
  const go = (name: string, value: string) => navigate(withSearch("/config/products", search, { [name]: value }));
  return (
    <SearchForm inputId="products-search" label={adminMessages.productSearch} initialText={search.get("q") ?? ""} onSearch={(text) => go("q", text)}>
      <div className="field">
        <label htmlFor="products-type">{adminMessages.productTypeFilter}</label>
        <select id="products-type" value={search.get("type") ?? ""} onChange={(event) => go("type", event.target.value)}>
          <option value="">{adminMessages.allProductTypes}</option>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {adminMessages.productTypeNames[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="products-visible">{adminMessages.visibilityFilter}</label>
        <select id="products-visible" value={search.get("visible") ?? ""} onChange={(event) => go("visible", event.target.value)}>
          <option value="">{adminMessages.allVisibilities}</option>
          <option value="true">{adminMessages.visibleOnly}</option>
          <option value="false">{adminMessages.hiddenOnly}</option>
        </select>
      </div>
    </SearchForm>
  );
}

function ProductTable({ products }: { products: ProductListScreen_products$key }) {
  const { data, ...paging } = usePaginationFragment(
    graphql`
      fragment ProductListScreen_products on Query
      @argumentDefinitions(
        search: { type: "String" }
        type: { type: "ProductType" }
        visible: { type: "Boolean" }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      )
      @refetchable(queryName: "ProductListScreenPaginationQuery") {
        ownerProducts(search: $search, type: $type, visible: $visible, first: $first, after: $after) @connection(key: "ProductListScreen_ownerProducts") {
          edges {
            node {
              id
              itemId
              name
              productType
              visible
              isSubscribable
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
  const rows = data.ownerProducts.edges.map((edge) => edge.node);
  return <ListTable rows={rows} rowKey={(product) => product.id} columns={productColumns} empty={adminMessages.productsEmpty} paging={paging} />;
}

type ProductRow = ProductListScreen_products$data["ownerProducts"]["edges"][number]["node"];

const productColumns: ListColumn<ProductRow>[] = [
  { header: adminMessages.productColumnName, cell: (product) => <Link href={`/config/products/${product.itemId}`}>{product.name}</Link> },
  {
    header: adminMessages.productColumnType,
    cell: (product) => (
      <>
        {adminMessages.productTypeNames[product.productType] ?? product.productType}
        {product.isSubscribable ? <span className="badge">{adminMessages.productSubscribable}</span> : null}
      </>
    ),
  },
  { header: adminMessages.productColumnPrice, numeric: true, cell: (product) => product.price.formatted },
  { header: adminMessages.productColumnStock, numeric: true, cell: (product) => <StockSummary product={product} /> },
  {
    header: adminMessages.productColumnVisibility,
    cell: (product) => (
      <span className={`badge ${product.visible ? "visible" : "hidden"}`}>{product.visible ? adminMessages.productVisible : adminMessages.productHidden}</span>
    ),
  },
];
