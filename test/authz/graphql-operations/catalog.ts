// The owner operations over GraphQL: products, variants, images, merchandising (issue 9). Each with
// the permission docs/permissions.md gives it and the state it would change.
import { graphql, ids, merchandising, next, type Operation, owner, products, scarcity, store, variants } from "../owner-operations-setup.ts";
import { altTexts, freshImage, imagesNotMadeForDelete, imageToDelete, newAltText, toteImageOrder } from "../product-images-setup.ts";
import { subscriptionOutcome } from "./subscription-outcomes.ts";

export const catalogOperations: Operation[] = [
  { name: "query ownerProducts", permission: "products.read", run: (c) => graphql(c, "{ ownerProducts(first: 2) { edges { node { visible } } } }") },
  { name: "query ownerProduct", permission: "products.read", run: (c) => graphql(c, `{ ownerProduct(id: "${ids.mug}") { visible } }`) },
  { name: "query productStorePages", permission: "products.read", run: (c) => graphql(c, "{ productStorePages { collectionId categories { categoryId } } }") },
  { name: "query scarcitySettings", permission: "products.read", run: (c) => graphql(c, "{ scarcitySettings { threshold onProductPages } }") },
  {
    name: "mutation updateProductImage",
    permission: "products.write",
    run: async (c) => graphql(c, `mutation { updateProductImage(input: { imageId: "${await freshImage()}", altText: "${newAltText()}" }) { __typename } }`),
    probe: altTexts,
  },
  {
    name: "mutation reorderProductImages",
    permission: "products.write",
    run: async (c) => {
      const order = (await toteImageOrder()).map(({ id }) => `"${id}"`).reverse();
      return graphql(c, `mutation { reorderProductImages(input: { productId: "${ids.tote}", imageIds: [${order}] }) { __typename } }`);
    },
    probe: toteImageOrder,
  },
  {
    name: "mutation deleteProductImage",
    permission: "products.write",
    run: async (c) => graphql(c, `mutation { deleteProductImage(input: { imageId: "${await imageToDelete()}" }) { __typename } }`),
    probe: imagesNotMadeForDelete,
  },
  {
    name: "mutation createProduct",
    permission: "products.write",
    run: (c) =>
      graphql(c, `mutation { createProduct(input: { name: "Authz ${next()}", productType: PHYSICAL, variants: [{ sku: "A", price: 100 }] }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation updateProduct",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateProduct(input: { id: "${ids.mug}", name: "Mug ${next()}" }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation setProductTranslation",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { setProductTranslation(input: { productId: "${ids.mug}", locale: "fr-FR", name: "Tasse ${next()}" }) { __typename } }`),
    probe: () => store.db.productTranslation.findMany({ orderBy: { id: "asc" } }),
  },
  {
    name: "mutation deleteProduct",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteProduct(input: { id: "999999" }) { __typename } }'),
    probe: products,
  },
  {
    name: "mutation createVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { createVariant(input: { productId: "${ids.mug}", sku: "V${next()}", price: 100 }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation updateVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateVariant(input: { id: "${ids.mugVariant}", price: ${1000 + next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation setVariantStock",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { setVariantStock(input: { id: "${ids.mugVariant}", qtyInStock: ${next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation deleteVariant",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteVariant(input: { id: "999999" }) { __typename } }'),
    probe: variants,
  },
  {
    name: "mutation updateMerchandising",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateMerchandising(input: { productId: "${ids.mug}", customSoldOutText: "Gone ${next()}" }) { __typename } }`),
    probe: merchandising,
  },
  {
    name: "mutation updateScarcitySettings",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateScarcitySettings(input: { threshold: ${(next() % 900) + 2} }) { __typename } }`),
    probe: scarcity,
  },
  {
    name: "subscription ownerStockChanged",
    permission: "products.read",
    run: (c) =>
      subscriptionOutcome(c, "stockChanged", "subscription { ownerStockChanged { productIds variants { sku qtyInStock } } }", () =>
        owner.graphql(`mutation { setVariantStock(input: { id: "${ids.mugVariant}", qtyInStock: ${next()} }) { __typename } }`),
      ),
  },
];
