// Choosing and buying a product (spec §4, §5): variant selectors (only with more than one variant,
// in variantOptionOrdering), the quantity input (when the rules show it), gift-card denominations,
// the additional-fields form in a lightbox (after the stock check), and the add button's states.
// Each part owns its fragment; this component holds the choice and sends the add. Every rule and
// message comes from server/domain, the same code the server re-checks with.
import { lazy, Suspense, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { DEFAULT_QUANTITY } from "../../../server/domain/cart/quantity.ts";
import { hasStockBeyondCart, quantityInCart } from "../../../server/domain/cart/stock.ts";
import { isVariantSoldOut } from "../../../server/domain/catalog/product-state.ts";
import type { FormAnswers } from "../../../server/domain/forms/fields.ts";
import { selectVariant } from "../../../server/domain/catalog/variant-selection.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { ProductPurchase_cart$key } from "../../__generated__/ProductPurchase_cart.graphql";
import type { ProductPurchase_product$key } from "../../__generated__/ProductPurchase_product.graphql";
import { addCartEntryUpdater, useAddCartEntryMutation } from "./AddCartEntryMutation.ts";
import { useStartSubscriptionCheckoutMutation } from "./StartSubscriptionCheckoutMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useRouter } from "../../shared/router/Router.tsx";
import { useAddToCartState, type PurchaseKind } from "./state/add-to-cart.ts";
import { track } from "../../shared/tracking/track.ts";
import { prepareGiftCard, prepareVariantPurchase, type Preparation, type PurchaseRequest } from "./state/purchase-request.ts";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { AlertDialog, type Problem } from "../../shared/ui/AlertDialog.tsx";
import { GiftCardDenominationPicker } from "./GiftCardDenominationPicker.tsx";
import { productTypeNumber } from "./InstallmentBadge.tsx";
import { QuantityInput } from "./QuantityInput.tsx";
import { RestockArea } from "./RestockArea.tsx";
import { ScarcityText } from "./ScarcityText.tsx";
import { VariantOptionSelectors, type VariantChoice } from "./VariantOptionSelectors.tsx";

// The additional-fields form (and the form validation it brings) loads only when a shopper first
// opens it: most product pages never do, and the product page's bundle stays small.
const AdditionalFieldsForm = lazy(() => import("./AdditionalFieldsForm.tsx").then((module) => ({ default: module.AdditionalFieldsForm })));

const GIFT_CARD = "GIFT_CARD";

export function ProductPurchase(props: {
  product: ProductPurchase_product$key;
  cart: ProductPurchase_cart$key | null | undefined;
  /** Express checkout mode: a successful add goes straight to checkout. */
  express?: boolean;
  captchaSiteKey?: string | null;
}) {
  const product = useFragment(
    graphql`
      fragment ProductPurchase_product on Product {
        itemId
        slug
        productType
        isSubscribable
        soldOut
        quantityInputShown
        hasVariants
        variantOptionOrdering
        variants {
          ...VariantFields_stock @relay(mask: false)
        }
        giftCardDenominations {
          sku
          amount {
            value
          }
        }
        additionalFieldsForm {
          __typename
        }
        ...VariantOptionSelectors_product
        ...GiftCardDenominationPicker_product
        ...ScarcityText_product
        ...AddToCartButton_product
        ...RestockArea_product
        ...AdditionalFieldsForm_product
      }
    `,
    props.product,
  );
  const cart = useFragment(
    graphql`
      fragment ProductPurchase_cart on Cart {
        entries {
          itemId
          quantity
          chosenVariant {
            sku
          }
        }
      }
    `,
    props.cart,
  );
  const { navigate } = useRouter();
  const [addMutation] = useAddCartEntryMutation();
  const [subscribeMutation] = useStartSubscriptionCheckoutMutation();
  const isGiftCard = product.productType === GIFT_CARD;
  const kind: PurchaseKind = isGiftCard ? "giftCard" : props.express ? "express" : "cart";
  const button = useAddToCartState(kind);
  const [choice, setChoice] = useState<VariantChoice>({});
  const [quantityText, setQuantityText] = useState(String(DEFAULT_QUANTITY));
  const [denomination, setDenomination] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<Problem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Once opened the form stays mounted, so answers typed before closing it are still there.
  const [formUsed, setFormUsed] = useState(false);

  const variants = product.variants.map((variant) => ({
    ...variant,
    attributes: Object.fromEntries(variant.attributes.map(({ name, value }) => [name, value])),
  }));
  const selection = product.hasVariants
    ? selectVariant(product.variantOptionOrdering, variants, choice)
    : variants.length === 1
      ? { ok: true as const, variant: variants[0] }
      : null;
  const selected = selection?.ok ? selection.variant : null;
  const cartUnits = (cart?.entries ?? []).map((entry) => ({ productId: entry.itemId, unit: entry.chosenVariant?.sku ?? null, quantity: entry.quantity }));
  const inCart = (sku: string | null) => quantityInCart(cartUnits, product.itemId, sku);

  const fail = (message: string) => setAlert(button.failed(message));

  /** Checks the choice and the stock; returns what to send, or shows why not. */
  function prepare(): PurchaseRequest | null {
    setProblem(null);
    if (typeof navigator !== "undefined" && navigator.cookieEnabled === false) {
      fail(messages.cookiesDisabled);
      return null;
    }
    const prepared: Preparation = isGiftCard
      ? prepareGiftCard(product.giftCardDenominations, denomination)
      : prepareVariantPurchase({ selection, quantityText: product.quantityInputShown ? quantityText : null, quantityInCart: inCart });
    if (!prepared.ok) {
      setProblem(prepared.message);
      return null;
    }
    return prepared.request;
  }

  function submit(request: PurchaseRequest, additionalFields: FormAnswers | null) {
    // Gift cards go to the gift card page (spec §4): the recipient and message are chosen there.
    if (kind === "giftCard" && request.sku) return navigate(`/gift-card/${encodeURIComponent(product.slug)}?sku=${encodeURIComponent(request.sku)}`);
    button.start();
    const input = { itemId: String(product.itemId), sku: request.sku, quantity: request.quantity, additionalFields };
    if (product.isSubscribable) {
      subscribeMutation({
        variables: { input },
        onCompleted: ({ startSubscriptionCheckout: result }) => {
          if (result.__typename === "StartSubscriptionCheckoutSuccess" && result.cartToken)
            navigate(`/checkout?cartToken=${encodeURIComponent(result.cartToken)}`, { document: true });
          else fail(errorMessage(result));
        },
        onError: (error) => fail(describeFailure(error)),
      });
      return;
    }
    addMutation({
      variables: { input, idempotencyKey: crypto.randomUUID() },
      updater: addCartEntryUpdater,
      onCompleted: ({ addCartEntry: result }) => {
        if (result.__typename !== "AddCartEntrySuccess") {
          fail(errorMessage(result));
          return;
        }
        setFormOpen(false);
        track("add-to-cart", product.itemId, selected?.variantId, request.quantity);
        // A full page load: only the /checkout document allows the payment provider's scripts (its CSP).
        if (kind === "express") return navigate("/checkout", { document: true });
        if (kind === "giftCard") return navigate("/cart");
        button.succeeded();
      },
      onError: (error) => fail(describeFailure(error)),
    });
  }

  function onAdd() {
    if (button.busy) return;
    const request = prepare();
    if (!request) return;
    if (product.additionalFieldsForm) {
      // Spec §5 stock check: before the form opens, something must be left beyond what is in the cart.
      if (selected && !hasStockBeyondCart([selected], inCart(selected.sku))) {
        setProblem(messages.notEnoughStock);
        return;
      }
      setFormUsed(true);
      setFormOpen(true);
      return;
    }
    submit(request, null);
  }

  function onFormSubmit(answers: FormAnswers) {
    const request = prepare();
    if (request) submit(request, answers);
  }

  // Sold out: the whole product, or the variant chosen. The shopper can still choose a variant to
  // be told when it is back.
  const soldOut = product.soldOut || (selected !== null && isVariantSoldOut(productTypeNumber(product.productType), selected));
  const waitFor = soldOut ? (selected ?? (variants.length === 1 ? variants[0] : null)) : null;
  return (
    <div className="product-purchase">
      {product.hasVariants ? <VariantOptionSelectors product={product} choice={choice} onChange={setChoice} /> : null}
      {isGiftCard ? <GiftCardDenominationPicker product={product} sku={denomination} onChange={setDenomination} /> : null}
      {product.quantityInputShown && !soldOut ? <QuantityInput value={quantityText} onChange={setQuantityText} /> : null}
      <ScarcityText product={product} variant={selected} />
      {problem ? (
        <p className="product-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <AddToCartButton type="button" product={product} state={button.state} soldOut={soldOut} onAdd={onAdd} />
      <RestockArea product={product} variantId={waitFor?.variantId ?? null} captchaSiteKey={props.captchaSiteKey ?? null} />
      {alert ? <AlertDialog idPrefix="purchase" problem={alert} onClose={() => setAlert(null)} /> : null}
      {formUsed ? (
        <Suspense fallback={null}>
          <AdditionalFieldsForm
            product={product}
            open={formOpen}
            onClose={() => setFormOpen(false)}
            onSubmit={onFormSubmit}
            submitButton={<AddToCartButton type="submit" product={product} state={button.state} />}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
