// The front page: the product grid, titled (in the browser tab) by the site's title as the owner set it.
import { useEffect } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { HomeScreenQuery } from "../../__generated__/HomeScreenQuery.graphql";
import { ProductCard } from "./ProductCard.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const homeScreenQuery = graphql`
  query HomeScreenQuery {
    siteChrome {
      title
    }
    products(first: 20) {
      edges {
        node {
          id
          ...ProductCard_product
        }
      }
    }
  }
`;

export default function HomeScreen({ queryRef }: ScreenProps<HomeScreenQuery>) {
  const data = usePreloadedQuery<HomeScreenQuery>(homeScreenQuery, queryRef);
  const siteTitle = data.siteChrome.title;
  useEffect(() => {
    document.title = siteTitle;
  }, [siteTitle]);
  return (
    <section aria-labelledby="shop-title">
      <h1 id="shop-title">{messages.shop}</h1>
      <ul className="product-grid">
        {data.products.edges.map(({ node }) => (
          <ProductCard key={node.id} product={node} />
        ))}
      </ul>
    </section>
  );
}
