// The route table (demo-store.md routes): path -> screen (loaded on demand) + the query it needs. The
// front page and product page carry their queries; the other screens load theirs beside their code.
import { lazy } from "react";
import HomeScreenQuery from "../__generated__/HomeScreenQuery.graphql.ts";
import ProductScreenQuery from "../__generated__/ProductScreenQuery.graphql.ts";
import { hasCartMarker } from "../shared/relay/cart-marker.ts";
import { LISTING_PAGE_SIZE, LISTING_SORTS, readListingQuery } from "../../server/domain/catalog/listing.ts";
import { queryRoute, type RouteDefinition } from "../shared/router/Router.tsx";
import { messages } from "../../server/domain/messages/storefront.ts";
import { paymentStepMessages } from "../../server/domain/messages/payment-step.ts";
import { subscriptionCardMessages } from "../../server/domain/messages/subscription-renewals.ts";

/** A listing's variables from its URL (?page=, ?sort=, ?category=): the same reading as the server-rendered pages. */
function listingVariables(search: URLSearchParams) {
  const query = readListingQuery(search);
  return { first: LISTING_PAGE_SIZE, page: query.page, sort: LISTING_SORTS[query.sort], category: query.category };
}

export const routes: RouteDefinition[] = [
  // Titled by the screen: the owner's site title.
  queryRoute({
    path: "/",
    screen: lazy(() => import("./catalog/HomeScreen.tsx")),
    query: HomeScreenQuery,
    variables: ({ search }) => {
      const { category: _category, ...variables } = listingVariables(search);
      return variables;
    },
  }),
  queryRoute({
    path: "/shop/p/:slug",
    screen: lazy(() => import("./catalog/ProductScreen.tsx")),
    query: ProductScreenQuery,
    variables: ({ params }) => ({ slug: params.slug, withCart: hasCartMarker() }),
  }),
  queryRoute({
    path: "/gift-card/:slug",
    screen: lazy(() => import("./catalog/GiftCardScreen.tsx")),
    lazyQuery: () => import("../__generated__/GiftCardScreenQuery.graphql.ts"),
    variables: ({ params }) => ({ slug: params.slug }),
    title: messages.giftCardPageTitle,
  }),
  queryRoute({
    path: "/cart",
    screen: lazy(() => import("./cart/CartScreen.tsx")),
    lazyQuery: () => import("../__generated__/CartScreenQuery.graphql.ts"),
    title: messages.cartPageTitle,
  }),
  queryRoute({
    path: "/checkout",
    screen: lazy(() => import("./checkout/CheckoutScreen.tsx")),
    lazyQuery: () => import("../__generated__/CheckoutScreenQuery.graphql.ts"),
    variables: ({ search }) => ({ token: search.get("cartToken") }),
    title: messages.checkoutPageTitle,
  }),
  // Stripe's return_url after 3-D Secure (issue 22): makes the order, then shows the confirmation.
  {
    path: "/checkout/return",
    screen: lazy(() => import("./checkout/payments/CheckoutReturnScreen.tsx")),
    title: paymentStepMessages.returnTitle,
  },
  // A member's new card for a subscription (issue 22): under /checkout for Stripe's CSP.
  {
    path: "/checkout/subscription-card/:subscriptionId",
    screen: lazy(() => import("./checkout/payments/SubscriptionCardScreen.tsx")),
    title: subscriptionCardMessages.pageTitle,
  },
  queryRoute({
    path: "/order-confirmed/:orderId",
    screen: lazy(() => import("./checkout/OrderConfirmedScreen.tsx")),
    lazyQuery: () => import("../__generated__/OrderConfirmedScreenQuery.graphql.ts"),
    // Addresses are written in the page's language (country names, Japanese order).
    variables: ({ params }) => ({ orderId: params.orderId, locale: (typeof document !== "undefined" && document.documentElement.lang) || "en" }),
    title: messages.orderConfirmedPageTitle,
  }),
  // The order status page without an account (issue 24 §3): the confirmation email's link.
  queryRoute({
    path: "/order-status/:token",
    screen: lazy(() => import("./checkout/OrderStatusLinkScreen.tsx")),
    lazyQuery: () => import("../__generated__/OrderStatusLinkScreenQuery.graphql.ts"),
    variables: ({ params }) => ({ token: params.token }),
    title: messages.orderStatusPageTitle,
  }),
  queryRoute({
    path: "/search",
    screen: lazy(() => import("./catalog/SearchScreen.tsx")),
    lazyQuery: () => import("../__generated__/SearchScreenQuery.graphql.ts"),
    variables: ({ search }) => {
      const { category: _category, ...variables } = listingVariables(search);
      return { q: search.get("q") ?? "", ...variables };
    },
    title: messages.searchPageTitle,
  }),
  queryRoute({
    path: "/contact",
    screen: lazy(() => import("./forms/ContactScreen.tsx")),
    lazyQuery: () => import("../__generated__/ContactScreenQuery.graphql.ts"),
    title: messages.contactPageTitle,
  }),
  // Members (issue 12)
  queryRoute({
    path: "/account",
    screen: lazy(() => import("./members/AccountScreen.tsx")),
    lazyQuery: () => import("../__generated__/AccountScreenQuery.graphql.ts"),
    title: messages.accountPageTitle,
  }),
  queryRoute({
    path: "/account/addresses",
    screen: lazy(() => import("./members/AddressBookScreen.tsx")),
    lazyQuery: () => import("../__generated__/AddressBookScreenQuery.graphql.ts"),
    title: messages.addressBookPageTitle,
  }),
  { path: "/account/sign-in", screen: lazy(() => import("./members/SignInScreen.tsx")), title: messages.signInPageTitle },
  { path: "/account/sign-up", screen: lazy(() => import("./members/SignUpScreen.tsx")), title: messages.signUpPageTitle },
  { path: "/account/forgot-password", screen: lazy(() => import("./members/ForgotPasswordScreen.tsx")), title: messages.forgotPasswordPageTitle },
  { path: "/account/reset-password", screen: lazy(() => import("./members/ResetPasswordScreen.tsx")), title: messages.resetPasswordPageTitle },
  queryRoute({
    path: "/account/orders/:orderId",
    screen: lazy(() => import("./members/OrderStatusScreen.tsx")),
    lazyQuery: () => import("../__generated__/OrderStatusScreenQuery.graphql.ts"),
    variables: ({ params }) => ({ orderId: params.orderId }),
    title: messages.orderStatusPageTitle,
  }),
  queryRoute({
    path: "/newsletter/unsubscribe",
    screen: lazy(() => import("./members/NewsletterUnsubscribeScreen.tsx")),
    lazyQuery: () => import("../__generated__/NewsletterUnsubscribeScreenQuery.graphql.ts"),
    variables: ({ search }) => ({ token: search.get("token") ?? "" }),
    title: messages.newsletterUnsubscribePageTitle,
  }),
  // Last: any other single segment may be a store's page (/shop, /new-store); an unknown one shows not found.
  queryRoute({
    path: "/:urlId",
    screen: lazy(() => import("./catalog/StoreScreen.tsx")),
    lazyQuery: () => import("../__generated__/StoreScreenQuery.graphql.ts"),
    variables: ({ params, search }) => ({ urlId: params.urlId, ...listingVariables(search) }),
    title: messages.shop,
  }),
];

export const notFoundRoute: RouteDefinition = { path: "*", screen: lazy(() => import("../shared/ui/NotFoundScreen.tsx")), title: messages.notFoundPageTitle };
