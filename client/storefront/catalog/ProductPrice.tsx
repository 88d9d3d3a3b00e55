// The price block: 'from' price for varied prices, the sale price beside the struck normal price;
// for subscriptions the plan's wording ('{price} every month').
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { ProductPrice_product$key } from "../../__generated__/ProductPrice_product.graphql";

export function ProductPrice({ product }: { product: ProductPrice_product$key }) {
  const data = useFragment(
    graphql`
      fragment ProductPrice_product on Product {
        isSubscribable
        subscriptionPriceText
        priceDisplay {
          formattedFromPrice
          formattedSalePrice
          formattedNormalPrice
        }
      }
    `,
    product,
  );
  const { formattedFromPrice: fromPrice, formattedSalePrice: salePrice, formattedNormalPrice: normalPrice } = data.priceDisplay;
  const shown = fromPrice ?? salePrice ?? normalPrice;
  if (data.isSubscribable && data.subscriptionPriceText) {
    const [before, after] = data.subscriptionPriceText.split("{price}");
    return (
      <p className="product-price">
        {after === undefined ? (
          before
        ) : (
          <>
            {before}
            <strong>{shown}</strong>
            {after}
          </>
        )}
      </p>
    );
  }
  return (
    <p className="product-price">
      {fromPrice ? (
        <>
          {messages.priceFrom} <strong>{fromPrice}</strong>
        </>
      ) : salePrice ? (
        <>
          <s aria-label={messages.priceWas(normalPrice)}>{normalPrice}</s> <strong className="sale-price">{salePrice}</strong>
        </>
      ) : (
        <strong>{normalPrice}</strong>
      )}
    </p>
  );
}
