// Choosing and buying a product (spec §4, §5): variant selectors (only with more than one variant,
// in variantOptionOrdering), the quantity input (when the rules show it), gift-card denominations,
// the additional-fields form in a lightbox (after the stock check), and the add button's states.
// Every rule and message comes from server/domain, the same code the server re-checks with.
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { validateForm } from "../../server/domain/forms/validate.ts";
import type { FieldAnswer, FormAnswers } from "../../server/domain/forms/fields.ts";
import { chooseDenomination } from "../../server/domain/catalog/gift-card.ts";
import { messages } from "../../server/domain/messages.ts";
import { isScarce } from "../../server/domain/catalog/product-state.ts";
import { DEFAULT_QUANTITY, MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from "../../server/domain/cart/quantity.ts";
import { canAddQuantity, hasStockBeyondCart } from "../../server/domain/cart/stock.ts";
import { selectVariant } from "../../server/domain/catalog/variant-selection.ts";
import type { ProductPurchase_cart$key } from "../__generated__/ProductPurchase_cart.graphql";
import type { ProductPurchase_product$key } from "../__generated__/ProductPurchase_product.graphql";
import { addCartEntryUpdater, useAddCartEntryMutation } from "../mutations/AddCartEntryMutation.ts";
import { useStartSubscriptionCheckoutMutation } from "../mutations/StartSubscriptionCheckoutMutation.ts";
import { describeFailure, errorMessage } from "../relay/errors.ts";
import { useRouter } from "../router/Router.tsx";
import { ADDED_DELAY_MS, ADDED_SHOWN_MS, addToCartLabel, addToCartReducer, ERROR_RESET_MS, failureTitle, type PurchaseKind } from "../state/add-to-cart.ts";
import { asDomainFields, FormFields, readFieldDefinitions } from "./FormFields.tsx";
import { Lightbox } from "./Lightbox.tsx";

// Only a sold-out choice needs the waitlist form (and its captcha): loaded then.
const RestockWidget = lazy(() => import("./RestockWidget.tsx").then((module) => ({ default: module.RestockWidget })));

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
        name
        productType
        isSubscribable
        soldOut
        quantityInputShown
        addButtonText
        hasVariants
        variantOptionOrdering
        variantOptions {
          name
          values
          selectText
        }
        variants {
          variantId
          sku
          attributes {
            name
            value
          }
          qtyInStock
          unlimited
        }
        giftCardDenominations {
          sku
          amount {
            value
            formatted
          }
        }
        merchandising {
          customSoldOutText
          scarcityEnabled
          scarcityText
          restockNotificationsEnabled
          restockNotificationMessages
          mailingListSignUpEnabled
          mailingListOptInByDefault
        }
        additionalFieldsForm {
          name
          fields {
            ...FormFields_field
          }
        }
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
  const [state, dispatch] = useReducer(addToCartReducer, { phase: "idle" });
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [quantityText, setQuantityText] = useState(String(DEFAULT_QUANTITY));
  const [denomination, setDenomination] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, action: () => void) => timers.current.push(setTimeout(action, ms));

  const formFields = product.additionalFieldsForm ? readFieldDefinitions(product.additionalFieldsForm.fields) : [];
  const isGiftCard = product.productType === GIFT_CARD;
  const kind: PurchaseKind = isGiftCard ? "giftCard" : props.express ? "express" : "cart";
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
  const inCart = (sku: string | null) =>
    (cart?.entries ?? [])
      .filter((entry) => String(entry.itemId) === String(product.itemId) && (sku === null || entry.chosenVariant?.sku === sku))
      .reduce((sum, entry) => sum + entry.quantity, 0);
  const scarce =
    product.merchandising?.scarcityEnabled && product.merchandising.scarcityText && selected && isScarce(selected)
      ? product.merchandising.scarcityText.replace("{qty}", String(selected.qtyInStock))
      : null;

  const fail = (message: string) => {
    dispatch({ type: "failed", title: failureTitle(kind), message });
    setAlert({ title: failureTitle(kind), message });
    later(ERROR_RESET_MS, () => dispatch({ type: "reset" }));
  };

  /** Checks the choice and the stock; returns what to send, or shows why not. */
  function prepare(): { sku: string | null; quantity: number } | null {
    setProblem(null);
    if (typeof navigator !== "undefined" && navigator.cookieEnabled === false) {
      fail(messages.cookiesDisabled);
      return null;
    }
    if (isGiftCard) {
      const choiceResult = chooseDenomination(
        product.giftCardDenominations.map((option) => option.amount.value),
        product.giftCardDenominations.find((option) => option.sku === denomination)?.amount.value,
      );
      if (!choiceResult.ok) {
        setProblem(choiceResult.message);
        return null;
      }
      return { sku: denomination, quantity: 1 };
    }
    if (selection && !selection.ok) {
      setProblem(selection.message);
      return null;
    }
    const parsed = product.quantityInputShown ? parseQuantity(quantityText) : { ok: true as const, quantity: 1 };
    if (!parsed.ok) {
      setProblem(parsed.message);
      return null;
    }
    if (selected && !canAddQuantity(selected, inCart(selected.sku), parsed.quantity)) {
      setProblem(messages.notEnoughStock);
      return null;
    }
    return { sku: selected?.sku ?? null, quantity: parsed.quantity };
  }

  function submit(request: { sku: string | null; quantity: number }, additionalFields: FormAnswers | null) {
    dispatch({ type: "submit" });
    const input = { itemId: String(product.itemId), sku: request.sku, quantity: request.quantity, additionalFields };
    if (product.isSubscribable) {
      subscribeMutation({
        variables: { input },
        onCompleted: ({ startSubscriptionCheckout: result }) => {
          if (result.__typename === "StartSubscriptionCheckoutSuccess" && result.cartToken)
            navigate(`/checkout?cartToken=${encodeURIComponent(result.cartToken)}`);
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
        if (kind === "express") return navigate("/checkout");
        if (kind === "giftCard") return navigate("/cart");
        later(ADDED_DELAY_MS, () => dispatch({ type: "showAdded" }));
        later(ADDED_DELAY_MS + ADDED_SHOWN_MS, () => dispatch({ type: "reset" }));
      },
      onError: (error) => fail(describeFailure(error)),
    });
  }

  function onAdd() {
    if (state.phase !== "idle") return;
    const request = prepare();
    if (!request) return;
    if (product.additionalFieldsForm) {
      // Spec §5 stock check: before the form opens, something must be left beyond what is in the cart.
      const results = selected ? [selected] : [];
      if (results.length && !hasStockBeyondCart(results, inCart(selected!.sku))) {
        setProblem(messages.notEnoughStock);
        return;
      }
      setFormOpen(true);
      return;
    }
    submit(request, null);
  }

  function onFormSubmit() {
    const validation = validateForm(asDomainFields(formFields), answers);
    if (!validation.ok) {
      setAnswerErrors(Object.fromEntries(validation.fieldErrors.map(({ fieldId, message }) => [fieldId, message])));
      return;
    }
    setAnswerErrors({});
    const request = prepare();
    if (request) submit(request, answers);
  }

  // Sold out: the whole product, or the variant chosen. The shopper can still choose a variant to
  // be told when it is back.
  const selectedSoldOut = selected !== null && !selected.unlimited && selected.qtyInStock <= 0;
  const soldOut = product.soldOut || selectedSoldOut;
  const merchandising = product.merchandising;
  const restockFor = soldOut && merchandising?.restockNotificationsEnabled ? (selected ?? (variants.length === 1 ? variants[0] : null)) : null;
  const busy = state.phase !== "idle";
  return (
    <div className="product-purchase">
      {product.hasVariants
        ? product.variantOptions.map((option) => (
            <label key={option.name} className="variant-option">
              <span className="variant-option-title">{option.name}</span>
              <select value={choice[option.name] ?? ""} onChange={(event) => setChoice({ ...choice, [option.name]: event.target.value })}>
                <option value="">{option.selectText}</option>
                {option.values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </label>
          ))
        : null}
      {isGiftCard ? (
        <label className="variant-option">
          <span className="variant-option-title">{messages.value}</span>
          <select value={denomination} onChange={(event) => setDenomination(event.target.value)}>
            <option value="">{messages.selectValue}</option>
            {product.giftCardDenominations.map((option) => (
              <option key={option.sku} value={option.sku}>
                {option.amount.formatted}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {product.quantityInputShown && !soldOut ? (
        <label className="product-quantity-input">
          <span className="quantity-label">{messages.quantity}</span>
          <input type="number" min={MIN_QUANTITY} max={MAX_QUANTITY} step={1} value={quantityText} onChange={(event) => setQuantityText(event.target.value)} />
        </label>
      ) : null}
      {scarce ? <p className="product-scarcity">{scarce}</p> : null}
      {problem ? (
        <p className="product-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {soldOut ? (
        <button type="button" className="add-to-cart sold-out" disabled>
          {merchandising?.customSoldOutText || messages.soldOut}
        </button>
      ) : (
        <button type="button" className="add-to-cart" onClick={onAdd} disabled={busy} aria-live="polite">
          {addToCartLabel(state, product.addButtonText)}
        </button>
      )}
      {restockFor && merchandising ? (
        <Suspense fallback={null}>
          <RestockWidget
            key={restockFor.variantId}
            productId={String(product.itemId)}
            variantId={restockFor.variantId}
            texts={(merchandising.restockNotificationMessages ?? {}) as Record<string, unknown>}
            mailingListSignUpEnabled={merchandising.mailingListSignUpEnabled}
            mailingListOptInByDefault={merchandising.mailingListOptInByDefault}
            captchaSiteKey={props.captchaSiteKey ?? null}
          />
        </Suspense>
      ) : null}
      {alert ? (
        <div className="alert" role="alertdialog" aria-labelledby="purchase-alert-title" aria-describedby="purchase-alert-message">
          <p id="purchase-alert-title" className="alert-title">
            {alert.title}
          </p>
          <p id="purchase-alert-message">{alert.message}</p>
          <button type="button" onClick={() => setAlert(null)}>
            OK
          </button>
        </div>
      ) : null}
      {product.additionalFieldsForm ? (
        <Lightbox open={formOpen} title={product.additionalFieldsForm.name} onClose={() => setFormOpen(false)}>
          <form
            className="additional-fields-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onFormSubmit();
            }}
          >
            <h2>{product.additionalFieldsForm.name}</h2>
            {Object.keys(answerErrors).length ? (
              <p className="form-problem" role="alert">
                {messages.formInvalid}
              </p>
            ) : null}
            <FormFields
              fields={formFields}
              values={answers}
              errors={answerErrors}
              onChange={(fieldId: string, value: FieldAnswer) => setAnswers({ ...answers, [fieldId]: value })}
            />
            <button type="submit" className="add-to-cart" disabled={busy}>
              {addToCartLabel(state, product.addButtonText)}
            </button>
          </form>
        </Lightbox>
      ) : null}
    </div>
  );
}
