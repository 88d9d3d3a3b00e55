// The product detail page.
import { useEffect } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { ProductScreenQuery } from "../__generated__/ProductScreenQuery.graphql";
import { ProductPrice } from "../components/ProductPrice.tsx";
import { ProductPurchase } from "../components/ProductPurchase.tsx";
import { ProductStatus } from "../components/ProductStatus.tsx";
import type { ScreenProps } from "../router/Router.tsx";
import { NotFound } from "./NotFoundScreen.tsx";

export const productScreenQuery = graphql`
  query ProductScreenQuery($slug: String!, $withCart: Boolean!) {
    product(slug: $slug) {
      id
      name
      description
      imageUrl
      ...ProductStatus_product
      ...ProductPrice_product
      ...ProductPurchase_product
    }
    cart @include(if: $withCart) {
      ...ProductPurchase_cart
    }
  }
`;

export default function ProductScreen({ queryRef, match }: ScreenProps) {
  const data = usePreloadedQuery<ProductScreenQuery>(productScreenQuery, queryRef as never);
  useEffect(() => {
    if (data.product) document.title = data.product.name;
  }, [data.product]);
  if (!data.product) return <NotFound />;
  const product = data.product;
  return (
    <article className="product-detail">
      {product.imageUrl ? <img className="product-image" src={product.imageUrl} alt={product.name} width={600} height={600} /> : null}
      <div className="product-info">
        <h1>{product.name}</h1>
        <ProductStatus product={product} />
        <ProductPrice product={product} />
        <p className="product-description">{product.description}</p>
        <ProductPurchase product={product} cart={data.cart} express={match.search.get("express") === "1"} />
      </div>
    </article>
  );
}
