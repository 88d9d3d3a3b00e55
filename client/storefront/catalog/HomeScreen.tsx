// The front page: the product grid a page at a time (?page=, ?sort=), titled (in the browser tab) by the site's title as the owner set it.
import { useEffect } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { HomeScreenQuery } from "../../__generated__/HomeScreenQuery.graphql";
import { ProductListing } from "./ProductListing.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { readListingQuery } from "../../../server/domain/catalog/listing.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const homeScreenQuery = graphql`
  query HomeScreenQuery($first: Int!, $page: Int, $sort: ProductSort!) {
    siteChrome {
      title
    }
    products(first: $first, page: $page, sort: $sort) {
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

export default function HomeScreen({ queryRef, match }: ScreenProps<HomeScreenQuery>) {
  const data = usePreloadedQuery<HomeScreenQuery>(homeScreenQuery, queryRef);
  const siteTitle = data.siteChrome.title;
  useEffect(() => {
    document.title = siteTitle;
  }, [siteTitle]);
  return (
    <section aria-labelledby="shop-title">
      <h1 id="shop-title">{messages.shop}</h1>
      <ProductListing
        path="/"
        query={{ ...readListingQuery(match.search), category: null }}
        products={data.products.edges}
        totalCount={data.products.totalCount ?? 0}
        empty={<p>{messages.storeEmpty}</p>}
      />
    </section>
  );
}
