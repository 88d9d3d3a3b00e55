// Gift cards and subscriptions, store-wide (issue 24 §6): the owner's lists beside the orders they came
// from, behind the orders' permissions (docs/permissions.md). Filters live in the URL.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { GIFT_CARD_STATES } from "../../../server/domain/orders/gift-card-admin.ts";
import { SUBSCRIPTION_STATES } from "../../../server/domain/checkout/subscription-states.ts";
import GiftCardsScreenQuery from "../../__generated__/GiftCardsScreenQuery.graphql.ts";
import SubscriptionsScreenQuery from "../../__generated__/SubscriptionsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

/** A state from the URL when it is one of `states`, else none. */
const stateFrom = <S extends string>(search: URLSearchParams, states: readonly S[]): S | null => {
  const value = search.get("state");
  return value && (states as readonly string[]).includes(value) ? (value as S) : null;
};

export const cardsSection: AdminSection = {
  nav: [
    { label: adminMessages.giftCards.title, href: "/config/gift-cards", permission: "orders.read" },
    { label: adminMessages.subscriptionsAdmin.title, href: "/config/subscriptions", permission: "orders.read" },
  ],
  routes: [
    queryRoute({
      path: "/config/gift-cards",
      permission: "orders.read",
      screen: lazy(() => import("./GiftCardsScreen.tsx")),
      query: GiftCardsScreenQuery,
      variables: ({ search }) => ({ state: stateFrom(search, GIFT_CARD_STATES), codeEnding: search.get("code")?.trim() || null }),
      title: adminMessages.giftCards.title,
    }),
    queryRoute({
      path: "/config/subscriptions",
      permission: "orders.read",
      screen: lazy(() => import("./SubscriptionsScreen.tsx")),
      query: SubscriptionsScreenQuery,
      variables: ({ search }) => ({ state: stateFrom(search, SUBSCRIPTION_STATES) }),
      title: adminMessages.subscriptionsAdmin.title,
    }),
  ],
};
