// 'Only {qty} left!' under the options when the owner turned scarcity on and the chosen variant has
// few left (spec §5 Scarcity).
import { graphql, useFragment } from "react-relay";
import { scarcityText } from "../../server/domain/catalog/product-text.ts";
import type { ScarcityText_product$key } from "../__generated__/ScarcityText_product.graphql";

export function ScarcityText(props: { product: ScarcityText_product$key; variant: { qtyInStock: number; unlimited: boolean } | null }) {
  const product = useFragment(
    graphql`
      fragment ScarcityText_product on Product {
        merchandising {
          scarcityEnabled
          scarcityText
        }
      }
    `,
    props.product,
  );
  const text = scarcityText(product.merchandising, props.variant);
  return text ? <p className="product-scarcity">{text}</p> : null;
}
