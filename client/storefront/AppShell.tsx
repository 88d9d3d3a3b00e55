// Header (store name, navigation, account menu, pill cart) around every screen. The cart is loaded
// only when the visitor has one or is signed in (spec §4 "Cart loading"); until then the pill reads
// the store only, so the first add (which puts the cart in the store) makes it appear without a
// request. Each screen sits in PageExtras: the access-denied page for members-only pages, and the
// form blocks the templates place on the page.
import { Suspense, type ReactNode, lazy } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { AppShellCartQuery } from "../__generated__/AppShellCartQuery.graphql";
import { hasCartMarker } from "../shared/relay/cart-marker.ts";
import { CartIndicator, CartSummary } from "./cart/CartSummary.tsx";
import { AccountMenu } from "./members/AccountMenu.tsx";
import { LanguageSwitcher } from "./site/LanguageSwitcher.tsx";
import { PageExtras } from "./PageExtras.tsx";
import { isSignedIn } from "../shared/relay/storefront-session.ts";
import { SiteFooter } from "./site/SiteFooter.tsx";
import { SiteHeader } from "./site/SiteHeader.tsx";

// The live cart loads with the first cart: a first visit's page does not carry the subscription.
const CartUpdates = lazy(() => import("./cart/CartUpdatedSubscription.ts").then((module) => ({ default: module.CartUpdates })));

function PillCart() {
  const data = useLazyLoadQuery<AppShellCartQuery>(
    graphql`
      query AppShellCartQuery {
        cart {
          id
          totalQuantity
          ...CartSummary_cart
        }
      }
    `,
    {},
    { fetchPolicy: hasCartMarker() || isSignedIn() ? "store-or-network" : "store-only" },
  );
  return (
    <CartIndicator quantity={data.cart?.totalQuantity ?? 0}>
      {data.cart ? (
        <Suspense fallback={null}>
          <CartUpdates />
        </Suspense>
      ) : null}
      <CartSummary cart={data.cart} />
    </CartIndicator>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <Suspense fallback={<span className="site-title" />}>
          <SiteHeader />
        </Suspense>
        <Suspense fallback={null}>
          <LanguageSwitcher />
        </Suspense>
        <AccountMenu />
        <Suspense fallback={<CartIndicator />}>
          <PillCart />
        </Suspense>
      </header>
      <main id="main">
        <Suspense fallback={null}>
          <PageExtras>{children}</PageExtras>
        </Suspense>
      </main>
      <footer className="site-footer">
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </footer>
    </>
  );
}
