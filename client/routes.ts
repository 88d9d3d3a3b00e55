// The route table (demo-store.md routes): path -> screen (loaded on demand) + the query it needs.
import { lazy } from "react";
import CartScreenQuery from "./__generated__/CartScreenQuery.graphql.ts";
import CheckoutScreenQuery from "./__generated__/CheckoutScreenQuery.graphql.ts";
import ContactScreenQuery from "./__generated__/ContactScreenQuery.graphql.ts";
import HomeScreenQuery from "./__generated__/HomeScreenQuery.graphql.ts";
import OrderConfirmedScreenQuery from "./__generated__/OrderConfirmedScreenQuery.graphql.ts";
import ProductScreenQuery from "./__generated__/ProductScreenQuery.graphql.ts";
import SearchScreenQuery from "./__generated__/SearchScreenQuery.graphql.ts";
import { hasCartMarker } from "./relay/cart-marker.ts";
import type { RouteDefinition } from "./router/Router.tsx";
import { messages } from "../server/domain/messages.ts";

export const routes: RouteDefinition[] = [
  { path: "/", screen: lazy(() => import("./screens/HomeScreen.tsx")), query: HomeScreenQuery, title: "Sitecart Demo" },
  {
    path: "/shop/p/:slug",
    screen: lazy(() => import("./screens/ProductScreen.tsx")),
    query: ProductScreenQuery,
    variables: ({ params }) => ({ slug: params.slug, withCart: hasCartMarker() }),
  },
  { path: "/cart", screen: lazy(() => import("./screens/CartScreen.tsx")), query: CartScreenQuery, title: messages.cartPageTitle },
  {
    path: "/checkout",
    screen: lazy(() => import("./screens/CheckoutScreen.tsx")),
    query: CheckoutScreenQuery,
    variables: ({ search }) => ({ token: search.get("cartToken") }),
    title: messages.checkoutPageTitle,
  },
  {
    path: "/order-confirmed/:orderId",
    screen: lazy(() => import("./screens/OrderConfirmedScreen.tsx")),
    query: OrderConfirmedScreenQuery,
    // Addresses are written in the page's language (country names, Japanese order).
    variables: ({ params }) => ({ orderId: params.orderId, locale: (typeof document !== "undefined" && document.documentElement.lang) || "en" }),
    title: messages.orderConfirmedPageTitle,
  },
  {
    path: "/search",
    screen: lazy(() => import("./screens/SearchScreen.tsx")),
    query: SearchScreenQuery,
    variables: ({ search }) => ({ q: search.get("q") ?? "" }),
    title: messages.searchPageTitle,
  },
  { path: "/contact", screen: lazy(() => import("./screens/ContactScreen.tsx")), query: ContactScreenQuery, title: messages.contactPageTitle },
  // A product collection's page, where the owner's navigation links it (/{urlId}); last, after every fixed path.
  { path: "/:collection", screen: lazy(() => import("./screens/HomeScreen.tsx")), query: HomeScreenQuery, title: messages.shop },
];

export const notFoundRoute: RouteDefinition = { path: "*", screen: lazy(() => import("./screens/NotFoundScreen.tsx")), title: messages.notFoundPageTitle };
