// The store page's categories (issue 23): the choices of a store page's category filter,
// `products(collection:, category:)` lists a category's products (catalog.ts).
import { builder } from "./builder.ts";
import { StorePageRef } from "./store.ts";

const StorePageCategoryRef = builder.objectRef<{ id: number; displayName: string }>("StorePageCategory").implement({
  description: "A category of a store page: `products(collection:, category: categoryId)` lists its products.",
  fields: (t) => ({ categoryId: t.exposeInt("id"), displayName: t.exposeString("displayName") }),
});

builder.objectField(StorePageRef, "categories", (t) =>
  t.field({
    type: [StorePageCategoryRef],
    description: "The store page's categories, in display order (the store page's category filter).",
    resolve: (page, _args, ctx) => ctx.services.catalog.storeCategories(page.id),
  }),
);
