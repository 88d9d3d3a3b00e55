// A variant's waitlist as the admin screens list it (the waitlists, one waitlist, the analytics'
// demand): the variant, its stock and how many wait; with its other counts by status. Spread them with
// `@relay(mask: false)`, so their fields read as the selection's own.
import { graphql } from "react-relay";

export const restockVariantFragment = graphql`
  fragment RestockGroup_variant on RestockSignUpGroup {
    productId
    variantId
    productName
    sku
    attributes
    unlimited
    qtyInStock
    received
  }
`;

export const restockCountsFragment = graphql`
  fragment RestockGroup_counts on RestockSignUpGroup {
    ...RestockGroup_variant @relay(mask: false)
    notified
    purchased
    expired
    total
  }
`;

/** A variant as the owner names it: its option values, else its SKU. */
export const variantLabel = (attributes: unknown, sku: string) => {
  const values = attributes && typeof attributes === "object" ? Object.values(attributes as Record<string, unknown>).map(String) : [];
  return values.length ? values.join(" / ") : sku;
};
