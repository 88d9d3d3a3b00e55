// 'Only {qty} left!' under the options when the owner turned scarcity on (for the product, and for
// product pages in the store's settings) and the chosen variant has at most the store's threshold left.
import { graphql, useFragment } from "react-relay";
import { scarcityText } from "../../../server/domain/catalog/product-text.ts";
import type { ScarcityText_product$key } from "../../__generated__/ScarcityText_product.graphql";

export function ScarcityText(props: { product: ScarcityText_product$key; variant: { qtyInStock: number; unlimited: boolean } | null }) {
  const product = useFragment(
    graphql`
      fragment ScarcityText_product on Product {
        merchandising {
          scarcityEnabled
          scarcityText
          scarcitySettings {
            threshold
            onProductPages
            inProductBlocks
          }
        }
      }
    `,
    props.product,
  );
  const text = scarcityText(product.merchandising, props.variant, product.merchandising?.scarcitySettings);
  return text ? <p className="product-scarcity">{text}</p> : null;
}
