// A variant as the catalog's screens (the product editor, inventory, the storefront's purchase box)
// read it: its id, SKU and option values, and its stock. Spread it with `@relay(mask: false)`, so its
// fields read as the selection's own.
import { graphql } from "react-relay";

export const variantStockFragment = graphql`
  fragment VariantFields_stock on Variant {
    variantId
    sku
    attributes {
      name
      value
    }
    qtyInStock
    unlimited
  }
`;
