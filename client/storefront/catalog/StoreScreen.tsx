// A store's page (/{urlId}): its products, a page at a time (?page=, ?sort=, ?category=), as the server renders them (server/services/storefront).
import { graphql, usePreloadedQuery } from "react-relay";
import type { StoreScreenQuery } from "../../__generated__/StoreScreenQuery.graphql";
import { ProductListing } from "./ProductListing.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import NotFoundScreen from "../../shared/ui/NotFoundScreen.tsx";
import { readListingQuery } from "../../../server/domain/catalog/listing.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const storeScreenQuery = graphql`
  query StoreScreenQuery($urlId: String!, $first: Int!, $page: Int, $sort: ProductSort!, $category: Int) {
    storePage(urlId: $urlId) {
      title
      categories {
        categoryId
        displayName
      }
    }
    products(first: $first, page: $page, collection: $urlId, sort: $sort, category: $category) {
      totalCount
      edges {
        node {
          id
          ...ProductCard_product
        }
      }
    }
  }
`;

export default function StoreScreen({ queryRef, match }: ScreenProps<StoreScreenQuery>) {
  const data = usePreloadedQuery<StoreScreenQuery>(storeScreenQuery, queryRef);
  if (!data.storePage) return <NotFoundScreen />;
  return (
    <section aria-labelledby="store-title">
      <h1 id="store-title">{data.storePage.title}</h1>
      <ProductListing
        path={`/${encodeURIComponent(match.params.urlId)}`}
        query={readListingQuery(match.search)}
        products={data.products.edges}
        totalCount={data.products.totalCount ?? 0}
        categories={data.storePage.categories}
        empty={<p>{messages.storeEmpty}</p>}
        offerAddProduct
      />
    </section>
  );
}
