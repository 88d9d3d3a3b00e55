// Below a sold-out product or variant: the back-in-stock widget, when the owner offers it (spec §4,
// §5 Restock). Only a sold-out choice needs the widget (and its captcha), so its code loads then.
import { lazy, Suspense } from "react";
import { graphql, useFragment } from "react-relay";
import type { RestockArea_product$key } from "../../__generated__/RestockArea_product.graphql";

const RestockWidget = lazy(() => import("./RestockWidget.tsx").then((module) => ({ default: module.RestockWidget })));

export function RestockArea(props: {
  product: RestockArea_product$key;
  /** The sold-out variant the shopper would wait for; null when there is none to wait for. */
  variantId: number | null;
  captchaSiteKey: string | null;
}) {
  const product = useFragment(
    graphql`
      fragment RestockArea_product on Product {
        itemId
        merchandising {
          restockNotificationsEnabled
          restockNotificationMessages
          mailingListSignUpEnabled
          mailingListOptInByDefault
        }
      }
    `,
    props.product,
  );
  const merchandising = product.merchandising;
  if (props.variantId === null || !merchandising?.restockNotificationsEnabled) return null;
  return (
    <Suspense fallback={null}>
      <RestockWidget
        key={props.variantId}
        productId={String(product.itemId)}
        variantId={props.variantId}
        texts={(merchandising.restockNotificationMessages ?? {}) as Record<string, unknown>}
        mailingListSignUpEnabled={merchandising.mailingListSignUpEnabled}
        mailingListOptInByDefault={merchandising.mailingListOptInByDefault}
        captchaSiteKey={props.captchaSiteKey}
      />
    </Suspense>
  );
}
