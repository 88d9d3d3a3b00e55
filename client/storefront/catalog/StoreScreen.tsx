// A store's page (/{urlId}): its products, as the server renders them (server/services/storefront).
import { graphql, usePreloadedQuery } from "react-relay";
import type { StoreScreenQuery } from "../../__generated__/StoreScreenQuery.graphql";
import { ProductCard } from "./ProductCard.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import NotFoundScreen from "../../shared/ui/NotFoundScreen.tsx";

export const storeScreenQuery = graphql`
  query StoreScreenQuery($urlId: String!) {
    storePage(urlId: $urlId) {
      title
    }
    products(first: 20, collection: $urlId) {
      edges {
        node {
          id
          ...ProductCard_product
        }
      }
    }
  }
`;

export default function StoreScreen({ queryRef }: ScreenProps<StoreScreenQuery>) {
  const data = usePreloadedQuery<StoreScreenQuery>(storeScreenQuery, queryRef);
  if (!data.storePage) return <NotFoundScreen />;
  return (
    <section aria-labelledby="store-title">
      <h1 id="store-title">{data.storePage.title}</h1>
      <ul className="product-grid">
        {data.products.edges.map(({ node }) => (
          <ProductCard key={node.id} product={node} />
        ))}
      </ul>
    </section>
  );
}
