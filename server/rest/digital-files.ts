// A digital product's file upload (issue 23): the owner's admin posts the file as the raw request body
// (its Content-Type is not trusted: the name's extension and the bytes decide), with its name in the
// query string. Authorized by products.write, with the crumb and rate limit of every owner route. Links,
// renames and removals are GraphQL mutations (schema/downloads.ts).
import { z } from "zod";
import { DIGITAL_FILES_PATH, digitalFileRefused } from "../domain/downloads/digital-files.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { HttpError } from "../http/http-error.ts";
import { defineRoute, type Route } from "./route.ts";

export const digitalFileRoutes: Route[] = [
  defineRoute({
    method: "POST",
    path: DIGITAL_FILES_PATH,
    changesState: true,
    permission: "products.write",
    acceptsBody: true,
    query: z.object({ name: z.string().max(1000) }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const files = services.downloads.files;
      files.checkWebsite(request.params.websiteId);
      const productId = /^\d{1,10}$/.test(request.params.productId) ? Number(request.params.productId) : 0;
      let bytes: Buffer;
      try {
        bytes = await request.bytes(files.maxBytes);
      } catch (error) {
        if (error instanceof HttpError && error.status === 413) throw digitalFileRefused("TOO_LARGE", files.maxBytes);
        throw error;
      }
      const file = await files.upload(productId, request.query.name, bytes);
      return { status: 201, body: { file: { id: file.id, name: file.name, kind: file.kind, contentType: file.contentType, byteSize: file.byteSize } } };
    },
  }),
];
