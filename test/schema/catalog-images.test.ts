// Product images over GraphQL: `Product.images` in order with URLs, sizes, widths and srcset, and the
// owner's mutations (alt text, order, delete) with their payloads and errors.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { testImage } from "../support/images.ts";

let store: TestStore;
let owner: Caller;
let mugId: number;
const upload = async (width: number, height: number, altText = "") =>
  store.app.services.productImages.upload(mugId, await testImage(width, height), { filename: `mug-${width}.jpg`, altText });

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  mugId = await store.itemId("ceramic-mug");
}, 60_000);
afterAll(() => store.close());
afterEach(async () => {
  for (const image of await store.app.services.productImages.list(mugId)) await store.app.services.productImages.delete(image.id);
});

const IMAGES = `query { product(slug: "ceramic-mug") { name images { id imageId url altText alt width height contentType position widths systemDataVariants srcset thumbnailUrl } } }`;
const imagesOf = async () => (await store.visitor().graphql(IMAGES)).data.product.images;

async function ownerMutation(document: string) {
  const result = await owner.graphql(document);
  expect(result.errors).toBeUndefined();
  return result.data;
}

it("lists a product's images in order, with their URL, real sizes, widths made and srcset", async () => {
  const first = await upload(1200, 900, "A white mug");
  const second = await upload(90, 90);
  const images = await imagesOf();
  const url = `/media/${first.key}/mug-1200.jpg`;
  expect(images[0]).toMatchObject({
    imageId: first.id,
    url,
    altText: "A white mug",
    alt: "A white mug",
    width: 1200,
    height: 900,
    contentType: "image/jpeg",
    position: 0,
    widths: [100, 300, 500, 750, 1000],
    systemDataVariants: "100w,300w,500w,750w,1000w",
    srcset: [100, 300, 500, 750, 1000].map((w) => `${url}?format=${w}w ${w}w`).join(", ") + `, ${url}?format=original 1200w`,
    thumbnailUrl: `${url}?format=300w`,
  });
  // Narrower than 100 px: no widths, the original only; no alt text: the product's name.
  expect(images[1]).toMatchObject({ imageId: second.id, alt: "Ceramic Mug", altText: "", widths: [], systemDataVariants: "", position: 1 });
  expect(images[1].srcset).toBe(`/media/${second.key}/mug-90.jpg?format=original 90w`);
  expect(images[1].thumbnailUrl).toBe(`/media/${second.key}/mug-90.jpg?format=original`);
});

it("updateProductImage changes the alt text, and refuses more than 250 characters or an unknown image", async () => {
  const image = await upload(200, 200);
  const changed = await ownerMutation(`mutation { updateProductImage(input: { imageId: "${image.id}", altText: "  On the shelf " }) {
    __typename ... on UpdateProductImageSuccess { image { altText alt } product { images { altText } } } } }`);
  expect(changed.updateProductImage).toEqual({
    __typename: "UpdateProductImageSuccess",
    image: { altText: "On the shelf", alt: "On the shelf" },
    product: { images: [{ altText: "On the shelf" }] },
  });
  const tooLong = await ownerMutation(
    `mutation { updateProductImage(input: { imageId: "${image.id}", altText: "${"a".repeat(251)}" }) { __typename ... on Error { message } } }`,
  );
  expect(tooLong.updateProductImage).toEqual({ __typename: "InvalidInputError", message: "Alt text can be at most 250 characters." });
  const missing = await ownerMutation(`mutation { updateProductImage(input: { imageId: "999999", altText: "x" }) { __typename ... on Error { message } } }`);
  expect(missing.updateProductImage).toEqual({ __typename: "NotFoundError", message: "That image could not be found." });
});

it("reorderProductImages puts the images in the order given (global or raw ids) and refuses an incomplete list", async () => {
  const [a, b, c] = [await upload(10, 10), await upload(11, 10), await upload(12, 10)];
  const global = (id: number) => Buffer.from(`ProductImage:${id}`).toString("base64");
  const reordered =
    await ownerMutation(`mutation { reorderProductImages(input: { productId: "${mugId}", imageIds: ["${global(c.id)}", "${a.id}", "${b.id}"] }) {
    __typename ... on ReorderProductImagesSuccess { product { images { imageId position } } } } }`);
  expect(reordered.reorderProductImages.product.images).toEqual([
    { imageId: c.id, position: 0 },
    { imageId: a.id, position: 1 },
    { imageId: b.id, position: 2 },
  ]);
  for (const ids of [`["${a.id}", "${b.id}"]`, `["${a.id}", "${b.id}", "${c.id}", "nonsense"]`]) {
    const refused = await ownerMutation(
      `mutation { reorderProductImages(input: { productId: "${mugId}", imageIds: ${ids} }) { __typename ... on Error { message } } }`,
    );
    expect(refused.reorderProductImages).toEqual({ __typename: "InvalidInputError", message: "List every image of the product exactly once." });
  }
});

it("deleteProductImage removes the image and answers the product's remaining images", async () => {
  const [a, b] = [await upload(10, 10), await upload(11, 10)];
  const deleted = await ownerMutation(`mutation { deleteProductImage(input: { imageId: "${a.id}" }) {
    __typename ... on DeleteProductImageSuccess { deletedId product { images { imageId position } } } } }`);
  expect(deleted.deleteProductImage).toEqual({
    __typename: "DeleteProductImageSuccess",
    deletedId: a.id,
    product: { images: [{ imageId: b.id, position: 0 }] },
  });
  const again = await ownerMutation(`mutation { deleteProductImage(input: { imageId: "${a.id}" }) { __typename ... on Error { message } } }`);
  expect(again.deleteProductImage).toEqual({ __typename: "NotFoundError", message: "That image could not be found." });
});
