// Product image rows for the permission-matrix tests: fresh images to change or delete, and probes that
// see what a refused call would have changed (not the images a run makes for itself first).
import { testImage } from "../support/images.ts";
import { ids, next, store } from "./owner-operations-setup.ts";

/** A new image on the mug (alt text empty). */
export async function freshImage(): Promise<number> {
  return (await store.app.services.productImages.upload(ids.mug, await testImage(20, 20))).id;
}

let made = 0;
/** A new image for a delete to act on; counted so that `imagesNotMadeForDelete` ignores it. */
export async function imageToDelete(): Promise<number> {
  made++;
  return freshImage();
}
export const imagesNotMadeForDelete = async () => (await store.db.productImage.count()) - made;

/** The alt texts set by updateProductImage runs. */
export const altTexts = () => store.db.productImage.findMany({ where: { altText: { startsWith: "authz-alt" } }, select: { id: true, altText: true } });
export const newAltText = () => `authz-alt-${next()}`;

/** The tote's two images (made once), in their order: what reorderProductImages changes. */
let toteImages: Promise<void> | null = null;
export async function toteImageOrder() {
  toteImages ??= (async () => {
    for (const size of [20, 21]) await store.app.services.productImages.upload(ids.tote, await testImage(size, 20));
  })();
  await toteImages;
  return store.db.productImage.findMany({ where: { productId: ids.tote }, orderBy: { position: "asc" }, select: { id: true, position: true } });
}

export const imageCount = () => store.db.productImage.count();
