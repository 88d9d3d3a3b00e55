// The product detail page.
import { useEffect } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { ProductScreenQuery } from "../../__generated__/ProductScreenQuery.graphql";
import { ProductGallery } from "./ProductGallery.tsx";
import { InstallmentBadge, productTypeNumber } from "./InstallmentBadge.tsx";
import { ProductPrice } from "./ProductPrice.tsx";
import { ProductPurchase } from "./ProductPurchase.tsx";
import { ProductStatus } from "./ProductStatus.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { NotFound } from "../../shared/ui/NotFoundScreen.tsx";
import { track } from "../../shared/tracking/track.ts";

export const productScreenQuery = graphql`
  query ProductScreenQuery($slug: String!, $withCart: Boolean!) {
    product(slug: $slug) {
      id
      name
      description
      productType
      soldOut
      price {
        value
        currency
      }
      ...ProductGallery_product
      ...ProductStatus_product
      ...ProductPrice_product
      ...ProductPurchase_product
    }
    cart @include(if: $withCart) {
      entries {
        product {
          productType
        }
      }
      ...ProductPurchase_cart
    }
    store {
      expressCheckout
      captchaSiteKey
      payLater {
        enabled
        accountCountry
        modalAvailable
        minimum {
          value
        }
        maximum {
          value
        }
      }
    }
  }
`;

export default function ProductScreen({ queryRef }: ScreenProps<ProductScreenQuery>) {
  const data = usePreloadedQuery<ProductScreenQuery>(productScreenQuery, queryRef);
  useEffect(() => {
    if (!data.product) return;
    document.title = data.product.name;
    // One view-product per page view (the tracker ignores repeats).
    track("view-product", data.product.id);
  }, [data.product]);
  if (!data.product) return <NotFound />;
  const product = data.product;
  return (
    <article className="product-detail">
      <ProductGallery product={product} />
      <div className="product-info">
        <h1>{product.name}</h1>
        <ProductStatus product={product} />
        <ProductPrice product={product} />
        {product.soldOut ? null : (
          <InstallmentBadge
            amount={product.price}
            productTypes={[product.productType, ...(data.cart?.entries ?? []).map((entry) => entry.product?.productType ?? "")].map(productTypeNumber)}
            payLater={data.store.payLater}
          />
        )}
        <p className="product-description">{product.description}</p>
        <ProductPurchase product={product} cart={data.cart} express={data.store.expressCheckout} captchaSiteKey={data.store.captchaSiteKey ?? null} />
      </div>
    </article>
  );
}
