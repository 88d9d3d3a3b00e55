// The product page's images: the main image with its srcset (the widths the server made) and alt text,
// and, for a product with several images, a row of thumbnails that choose the main one. A product
// without uploaded images shows its older single imageUrl.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { ProductGallery_product$key } from "../../__generated__/ProductGallery_product.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";

/** The main image is half the page wide from 48rem (the layout's two columns), else the full width. */
const SIZES = "(min-width: 48rem) 50vw, 100vw";

export function ProductGallery({ product }: { product: ProductGallery_product$key }) {
  const data = useFragment(
    graphql`
      fragment ProductGallery_product on Product {
        name
        imageUrl
        images {
          imageId
          url
          srcset
          alt
          width
          height
          thumbnailUrl
        }
      }
    `,
    product,
  );
  const [chosen, setChosen] = useState(0);
  if (data.images.length === 0) {
    return data.imageUrl ? <img className="product-image" src={data.imageUrl} alt={data.name} width={600} height={600} /> : null;
  }
  const main = data.images[Math.min(chosen, data.images.length - 1)];
  return (
    <div className="product-gallery">
      <img className="product-image" src={main.url} srcSet={main.srcset} sizes={SIZES} alt={main.alt} width={main.width} height={main.height} />
      {data.images.length > 1 ? (
        <ul className="product-thumbnails">
          {data.images.map((image, index) => (
            <li key={image.imageId}>
              <button
                type="button"
                aria-label={messages.galleryShowImage(index + 1, data.images.length)}
                aria-pressed={image === main}
                onClick={() => setChosen(index)}
              >
                <img src={image.thumbnailUrl} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
