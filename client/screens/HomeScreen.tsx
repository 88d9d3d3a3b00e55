// The front page: the product grid. (The storefront's screens arrive with issue 5.)
import { graphql, useLazyLoadQuery } from "react-relay";
import type { HomeScreenQuery } from "../__generated__/HomeScreenQuery.graphql";

export function HomeScreen() {
  const data = useLazyLoadQuery<HomeScreenQuery>(
    graphql`
      query HomeScreenQuery {
        products(first: 20) {
          edges {
            node {
              id
              name
              url
              soldOut
              onSale
              variedPrices
              price {
                formatted
              }
            }
          }
        }
      }
    `,
    {},
  );
  return (
    <ul>
      {data.products.edges.map(({ node }) => (
        <li key={node.id}>
          <a href={node.url}>{node.name}</a> {node.variedPrices ? "from " : ""}
          {node.price.formatted}
          {node.soldOut ? " · sold out" : node.onSale ? " · sale" : ""}
        </li>
      ))}
    </ul>
  );
}
