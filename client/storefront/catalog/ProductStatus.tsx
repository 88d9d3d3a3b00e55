// The 'sold out' (or the owner's custom text) and 'sale' marks.
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { ProductStatus_product$key } from "../../__generated__/ProductStatus_product.graphql";

export function ProductStatus({ product }: { product: ProductStatus_product$key }) {
  const data = useFragment(
    graphql`
      fragment ProductStatus_product on Product {
        soldOut
        onSale
        merchandising {
          customSoldOutText
        }
      }
    `,
    product,
  );
  if (data.soldOut) return <span className="product-mark sold-out">{data.merchandising?.customSoldOutText || messages.soldOut}</span>;
  if (data.onSale) return <span className="product-mark sale">{messages.sale}</span>;
  return null;
}
