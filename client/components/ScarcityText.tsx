// 'Only {qty} left!' under the options when the owner turned scarcity on and the chosen variant has
// few left (spec §5 Scarcity).
import { graphql, useFragment } from "react-relay";
import { isScarce } from "../../server/domain/catalog/product-state.ts";
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
  const { variant } = props;
  const merchandising = product.merchandising;
  if (!merchandising?.scarcityEnabled || !merchandising.scarcityText || !variant || !isScarce(variant)) return null;
  return <p className="product-scarcity">{merchandising.scarcityText.replace("{qty}", String(variant.qtyInStock))}</p>;
}
