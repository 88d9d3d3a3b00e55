// A storefront listing (home, store page, search): the true count, the sort and category choice (the
// server-rendered page offers the same as a GET form for visitors without script), the grid, and numbered pages as plain links (?page=2). The URL is
// read and written by server/domain/catalog/listing.ts, as the server-rendered pages do.
import { Suspense, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { ProductListingOwnerQuery } from "../../__generated__/ProductListingOwnerQuery.graphql";
import type { ProductCard_product$key } from "../../__generated__/ProductCard_product.graphql";
import { ProductCard } from "./ProductCard.tsx";
import { ListingPager } from "./ListingPager.tsx";
import { useRouter } from "../../shared/router/Router.tsx";
import { LISTING_SORT_NAMES, listingHref, type ListingQuery, type ListingSortName } from "../../../server/domain/catalog/listing.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import "./listing.css";

export interface ListingProps {
  /** The listing's path (/, /shop, /search). */
  path: string;
  query: ListingQuery;
  /** Other parameters the links keep (search's q). */
  keep?: Record<string, string>;
  products: readonly { readonly node: { readonly id: string } & ProductCard_product$key }[];
  totalCount: number;
  categories?: readonly { readonly categoryId: number; readonly displayName: string }[];
  /** What an empty listing says (null: nothing). */
  empty: ReactNode;
  /** An empty store page offers a signed-in owner to add a product. */
  offerAddProduct?: boolean;
}

export function ProductListing({ path, query, keep = {}, products, totalCount, categories = [], empty, offerAddProduct = false }: ListingProps) {
  const { navigate } = useRouter();
  const go = (change: Partial<ListingQuery>) => navigate(listingHref(path, { ...query, ...change, page: 1 }, keep));
  return (
    <>
      <div className="listing-bar">
        <p className="listing-count" aria-live="polite">
          {messages.productCount(totalCount)}
        </p>
        <form className="listing-controls" action={path} method="get" onSubmit={(event) => event.preventDefault()}>
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {categories.length > 0 ? (
            <label>
              {messages.categoryLabel}{" "}
              <select
                name="category"
                value={query.category ?? ""}
                onChange={(event) => go({ category: event.target.value ? Number(event.target.value) : null })}
              >
                <option value="">{messages.allCategories}</option>
                {categories.map((category) => (
                  <option key={category.categoryId} value={category.categoryId}>
                    {category.displayName}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            {messages.sortLabel}{" "}
            <select name="sort" value={query.sort} onChange={(event) => go({ sort: event.target.value as ListingSortName })}>
              {LISTING_SORT_NAMES.map((name) => (
                <option key={name} value={name}>
                  {messages.sortNames[name]}
                </option>
              ))}
            </select>
          </label>
        </form>
      </div>
      {products.length === 0 ? (
        <div className="listing-empty">
          {empty}
          {offerAddProduct ? (
            <Suspense fallback={null}>
              <AddProductLink />
            </Suspense>
          ) : null}
        </div>
      ) : (
        <ul className="product-grid">
          {products.map(({ node }) => (
            <ProductCard key={node.id} product={node} />
          ))}
        </ul>
      )}
      <ListingPager path={path} query={query} keep={keep} totalCount={totalCount} />
    </>
  );
}

/** For an owner who may add products: a link to the admin's new product (read apart: the listing itself stays cacheable). */
function AddProductLink() {
  const data = useLazyLoadQuery<ProductListingOwnerQuery>(
    graphql`
      query ProductListingOwnerQuery {
        viewer {
          permissions
        }
      }
    `,
    {},
  );
  if (!data.viewer.permissions.includes("products.write")) return null;
  return (
    <p>
      <a className="button" href="/config/products/new">
        {messages.addFirstProduct}
      </a>
    </p>
  );
}
