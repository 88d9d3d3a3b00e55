import { graphql, useFragment } from "react-relay";
import type { ProductCard_product$key } from "../../__generated__/ProductCard_product.graphql";
import { Link } from "../../shared/router/Router.tsx";
import { ProductPrice } from "./ProductPrice.tsx";
import { ProductStatus } from "./ProductStatus.tsx";

export function ProductCard({ product }: { product: ProductCard_product$key }) {
  const data = useFragment(
    graphql`
      fragment ProductCard_product on Product {
        name
        url
        imageUrl
        ...ProductPrice_product
        ...ProductStatus_product
      }
    `,
    product,
  );
  return (
    <li className="product-card">
      <Link href={data.url}>
        {data.imageUrl ? <img src={data.imageUrl} alt="" width={400} height={400} loading="lazy" /> : null}
        <span className="product-card-name">{data.name}</span>
      </Link>
      <ProductStatus product={data} />
      <ProductPrice product={data} />
    </li>
  );
}
