// Product image upload (issue 9): the owner's admin posts the image file as the raw request body
// (Content-Type is not trusted: the service reads the bytes), with its file name and alt text in the
// query string. Authorized by products.write; the crumb, the rate limit and the session's XSRF header
// are the router's, as for every owner route. Alt text, order and delete are GraphQL mutations.
import { z } from "zod";
import { imageRefused, PRODUCT_IMAGES_PATH } from "../domain/catalog/product-images.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { HttpError } from "../http/http-error.ts";
import { defineRoute, optionalText, type Route } from "./route.ts";

export const productImageRoutes: Route[] = [
  defineRoute({
    method: "POST",
    path: PRODUCT_IMAGES_PATH,
    changesState: true,
    permission: "products.write",
    acceptsBody: true,
    query: z.object({ filename: optionalText, altText: optionalText }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const images = services.productImages;
      images.checkWebsite(request.params.websiteId);
      const productId = /^\d{1,10}$/.test(request.params.productId) ? Number(request.params.productId) : 0;
      let bytes: Buffer;
      try {
        bytes = await request.bytes(images.limits.maxBytes);
      } catch (error) {
        if (error instanceof HttpError && error.status === 413) throw imageRefused("TOO_LARGE", images.limits);
        throw error;
      }
      const image = await images.upload(productId, bytes, { filename: request.query.filename, altText: request.query.altText });
      return { status: 201, body: { image: services.productImages.describe(image) } };
    },
  }),
];
