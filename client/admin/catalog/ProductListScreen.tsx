// Products (issue 9, screen 2): every product of the store, hidden ones too, searched by name or SKU
// and filtered by type and visibility (kept in the address, so a filtered list can be shared and
// reloaded), a page at a time; each row opens the product editor.
import { useState, type FormEvent } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductListScreenQuery as Query } from "../../__generated__/ProductListScreenQuery.graphql.ts";
import type { ProductListScreen_products$key } from "../../__generated__/ProductListScreen_products.graphql.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { StockSummary, withSearch } from "./ProductFacts.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import "./catalog.css";
import { PRODUCT_TYPES } from "./catalog-variables.ts";

export default function ProductListScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query ProductListScreenQuery($search: String, $type: ProductType, $visible: Boolean) {
        ...ProductListScreen_products @arguments(search: $search, type: $type, visible: $visible)
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
      </header>
      <p>{adminMessages.productsIntro}</p>
      <ProductFilters search={match.search} />
      <ProductTable products={data} />
    </section>
  );
}

function ProductFilters({ search }: { search: URLSearchParams }) {
  const { navigate } = useRouter();
  const [text, setText] = useState(search.get("q") ?? "");
  const go = (name: string, value: string) => navigate(withSearch("/config/products", search, { [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go("q", text.trim());
  };
  return (
    <form className="toolbar" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor="products-search">{adminMessages.productSearch}</label>
        <input id="products-search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <button type="submit" className="button">
        {adminMessages.searchButton}
      </button>
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
    </form>
  );
}

function ProductTable({ products }: { products: ProductListScreen_products$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
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
  if (rows.length === 0) return <p className="empty-state">{adminMessages.productsEmpty}</p>;
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{adminMessages.productColumnName}</th>
            <th scope="col">{adminMessages.productColumnType}</th>
            <th scope="col" className="numeric">
              {adminMessages.productColumnPrice}
            </th>
            <th scope="col" className="numeric">
              {adminMessages.productColumnStock}
            </th>
            <th scope="col">{adminMessages.productColumnVisibility}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((product) => (
            <tr key={product.id}>
              <td data-label={adminMessages.productColumnName}>
                <Link href={`/config/products/${product.itemId}`}>{product.name}</Link>
              </td>
              <td data-label={adminMessages.productColumnType}>
                {adminMessages.productTypeNames[product.productType] ?? product.productType}
                {product.isSubscribable ? <span className="badge">{adminMessages.productSubscribable}</span> : null}
              </td>
              <td className="numeric" data-label={adminMessages.productColumnPrice}>
                {product.price.formatted}
              </td>
              <td className="numeric" data-label={adminMessages.productColumnStock}>
                <StockSummary product={product} />
              </td>
              <td data-label={adminMessages.productColumnVisibility}>
                <span className={`badge ${product.visible ? "visible" : "hidden"}`}>
                  {product.visible ? adminMessages.productVisible : adminMessages.productHidden}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
