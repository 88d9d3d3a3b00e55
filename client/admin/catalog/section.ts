// The catalog area of the admin (issue 9, screens 2 and 3): the products list, the product editor and
// the inventory panel, each opened with products.read (changing needs products.write: the screens
// show a viewer everything and let them change nothing).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import InventoryScreenQuery from "../../__generated__/InventoryScreenQuery.graphql.ts";
import ProductEditorScreenQuery from "../../__generated__/ProductEditorScreenQuery.graphql.ts";
import ProductListScreenQuery from "../../__generated__/ProductListScreenQuery.graphql.ts";
import ProductImportScreenQuery from "../../__generated__/ProductImportScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";
import { inventoryVariables, productListVariables } from "./catalog-variables.ts";

const ProductEditorScreen = lazy(() => import("./ProductEditorScreen.tsx"));

export const catalogSection: AdminSection = {
  nav: [
    { label: adminMessages.productsHeading, href: "/config/products", permission: "products.read" },
    { label: adminMessages.inventoryHeading, href: "/config/inventory", permission: "products.read" },
  ],
  routes: [
    queryRoute({
      path: "/config/products",
      permission: "products.read",
      screen: lazy(() => import("./ProductListScreen.tsx")),
      query: ProductListScreenQuery,
      variables: ({ search }) => productListVariables(search),
      title: adminMessages.productsHeading,
    }),
    queryRoute({
      path: "/config/products/import",
      permission: "products.write",
      screen: lazy(() => import("./ProductImportScreen.tsx")),
      query: ProductImportScreenQuery,
      title: adminMessages.importHeading,
    }),
    queryRoute({
      path: "/config/products/new",
      permission: "products.write",
      screen: ProductEditorScreen,
      query: ProductEditorScreenQuery,
      variables: () => ({ id: "", isNew: true }),
      title: adminMessages.newProductHeading,
    }),
    queryRoute({
      path: "/config/products/:id",
      permission: "products.read",
      screen: ProductEditorScreen,
      query: ProductEditorScreenQuery,
      variables: ({ params }) => ({ id: params.id, isNew: false }),
      title: adminMessages.productsHeading,
    }),
    queryRoute({
      path: "/config/inventory",
      permission: "products.read",
      screen: lazy(() => import("./InventoryScreen.tsx")),
      query: InventoryScreenQuery,
      variables: ({ search }) => inventoryVariables(search),
      title: adminMessages.inventoryHeading,
    }),
  ],
};
