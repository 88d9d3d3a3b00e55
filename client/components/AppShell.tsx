// Header (store name, navigation, account menu, pill cart) around every screen. The cart is loaded
// only when the visitor has one or is signed in (spec §4 "Cart loading"); until then the pill reads
// the store only, so the first add (which puts the cart in the store) makes it appear without a
// request. Each screen sits in PageExtras: the access-denied page for members-only pages, and the
// form blocks the templates place on the page.
import { Suspense, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { messages } from "../../server/domain/messages.ts";
import type { AppShellCartQuery } from "../__generated__/AppShellCartQuery.graphql";
import { hasCartMarker } from "../relay/cart-marker.ts";
import { Link } from "../router/Router.tsx";
import { useCartUpdatedSubscription } from "../subscriptions/CartUpdatedSubscription.ts";
import { CartIndicator, CartSummary } from "./CartSummary.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { PageExtras } from "./PageExtras.tsx";
import { isSignedIn } from "../relay/storefront-session.ts";

function CartUpdates() {
  useCartUpdatedSubscription();
  return null;
}

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
      {data.cart ? <CartUpdates /> : null}
      <CartSummary cart={data.cart} />
    </CartIndicator>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <Link href="/" className="site-title">
          Sitecart Demo
        </Link>
        <nav aria-label={messages.mainNavigation}>
          <Link href="/">{messages.shop}</Link>
          <Link href="/search">{messages.searchPageTitle}</Link>
          <Link href="/contact">{messages.contactPageTitle}</Link>
        </nav>
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
      <footer className="site-footer">Sitecart demo store · test mode</footer>
    </>
  );
}
