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

export const routes: RouteDefinition[] = [
  { path: "/", screen: lazy(() => import("./screens/HomeScreen.tsx")), query: HomeScreenQuery, title: "Sitecart Demo" },
  {
    path: "/shop/p/:slug",
    screen: lazy(() => import("./screens/ProductScreen.tsx")),
    query: ProductScreenQuery,
    variables: ({ params }) => ({ slug: params.slug, withCart: hasCartMarker() }),
  },
  { path: "/cart", screen: lazy(() => import("./screens/CartScreen.tsx")), query: CartScreenQuery, title: "Cart" },
  {
    path: "/checkout",
    screen: lazy(() => import("./screens/CheckoutScreen.tsx")),
    query: CheckoutScreenQuery,
    variables: ({ search }) => ({ token: search.get("cartToken") }),
    title: "Checkout",
  },
  {
    path: "/order-confirmed/:orderId",
    screen: lazy(() => import("./screens/OrderConfirmedScreen.tsx")),
    query: OrderConfirmedScreenQuery,
    variables: ({ params }) => ({ orderId: params.orderId }),
    title: "Order confirmed",
  },
  {
    path: "/search",
    screen: lazy(() => import("./screens/SearchScreen.tsx")),
    query: SearchScreenQuery,
    variables: ({ search }) => ({ q: search.get("q") ?? "" }),
    title: "Search",
  },
  { path: "/contact", screen: lazy(() => import("./screens/ContactScreen.tsx")), query: ContactScreenQuery, title: "Contact" },
];

export const notFoundRoute: RouteDefinition = { path: "*", screen: lazy(() => import("./screens/NotFoundScreen.tsx")), title: "Page not found" };
