// The cart page (spec §2, §8): entries with quantity, remove and form editing, coupon, shipping, and
// totals that follow every change (this tab's mutations and, through cartUpdated, other tabs').
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { validateForm } from "../../server/domain/forms/validate.ts";
import type { FieldAnswer, FormAnswers } from "../../server/domain/forms/fields.ts";
import { messages } from "../../server/domain/messages.ts";
import { EmptyCart } from "./EmptyCart.tsx";
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from "../../server/domain/cart/quantity.ts";
import type { CartPage_cart$data, CartPage_cart$key } from "../__generated__/CartPage_cart.graphql";
import { useApplyCouponMutation, useRemoveCouponMutation } from "../mutations/CouponMutations.ts";
import { useRemoveCartEntryMutation } from "../mutations/RemoveCartEntryMutation.ts";
import { useSelectShippingOptionMutation } from "../mutations/ShippingMutations.ts";
import { useUpdateCartEntryAdditionalFieldsMutation } from "../mutations/UpdateCartEntryAdditionalFieldsMutation.ts";
import { useUpdateCartEntryQuantityMutation } from "../mutations/UpdateCartEntryQuantityMutation.ts";
import { describeFailure, errorMessage } from "../relay/errors.ts";
import { Link } from "../router/Router.tsx";
import { asDomainFields, FormFields, readFieldDefinitions } from "./FormFields.tsx";
import { Lightbox } from "./Lightbox.tsx";

type Entry = CartPage_cart$data["entries"][number];
interface Problem {
  title: string;
  message: string;
}

export function CartPage({ cart: cartKey }: { cart: CartPage_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment CartPage_cart on Cart {
        id
        totalQuantity
        coupons
        validCoupons
        requiresShipping
        entries {
          id
          title
          quantity
          additionalFields
          purchasePrice {
            formatted
          }
          subtotal {
            formatted
          }
          chosenVariant {
            attributes {
              name
              value
            }
          }
          product {
            url
            imageUrl
            additionalFieldsForm {
              name
              fields {
                ...FormFields_field
              }
            }
          }
        }
        shippingOptions {
          id
          name
          price {
            formatted
          }
        }
        selectedShippingOption {
          id
        }
        subtotal {
          value
          formatted
        }
        discount {
          value
          formatted
        }
        tax {
          value
          formatted
        }
        shippingCost {
          formatted
        }
        grandTotal {
          formatted
        }
        checkoutMinimum {
          value
          formatted
        }
      }
    `,
    cartKey,
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const [couponCode, setCouponCode] = useState("");
  const [applyCoupon, applying] = useApplyCouponMutation();
  const [removeCoupon] = useRemoveCouponMutation();
  const [selectShipping] = useSelectShippingOptionMutation();

  if (cart.entries.length === 0) {
    return <EmptyCart title="Cart" />;
  }

  const underMinimum = cart.subtotal.value < cart.checkoutMinimum.value;
  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">Cart</h1>
      {problem ? <ProblemAlert problem={problem} onClose={() => setProblem(null)} /> : null}
      <ul className="cart-entries">
        {cart.entries.map((entry) => (
          <CartEntryRow key={entry.id} entry={entry} onProblem={setProblem} />
        ))}
      </ul>
      <div className="cart-side">
        <form
          className="coupon-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!couponCode.trim()) return;
            applyCoupon({
              variables: { code: couponCode },
              onCompleted: ({ applyCoupon: result }) =>
                result.__typename === "ApplyCouponSuccess" ? setCouponCode("") : setProblem({ title: "Coupon", message: errorMessage(result) }),
              onError: (error) => setProblem({ title: "Coupon", message: describeFailure(error) }),
            });
          }}
        >
          <label htmlFor="coupon-code">Coupon code</label>
          <input id="coupon-code" value={couponCode} onChange={(event) => setCouponCode(event.target.value)} autoComplete="off" />
          <button type="submit" disabled={applying}>
            Apply
          </button>
        </form>
        {cart.coupons.map((code) => (
          <p key={code} className="applied-coupon">
            {code} {cart.validCoupons.includes(code) ? "" : "(not applicable)"}{" "}
            <button type="button" className="link-button" onClick={() => removeCoupon({ variables: { code } })}>
              Remove
            </button>
          </p>
        ))}
        {cart.requiresShipping && cart.shippingOptions.length > 0 ? (
          <label className="shipping-select">
            <span>Shipping</span>
            <select value={cart.selectedShippingOption?.id ?? ""} onChange={(event) => selectShipping({ variables: { shippingOptionId: event.target.value } })}>
              {cart.shippingOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({option.price.formatted})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <dl className="cart-totals" aria-live="polite">
          <dt>Subtotal</dt>
          <dd className="cart-subtotal">{cart.subtotal.formatted}</dd>
          {cart.discount.value > 0 ? (
            <>
              <dt>Discount</dt>
              <dd>-{cart.discount.formatted}</dd>
            </>
          ) : null}
          {cart.requiresShipping ? (
            <>
              <dt>Shipping</dt>
              <dd>{cart.shippingCost.formatted}</dd>
            </>
          ) : null}
          {cart.tax.value > 0 ? (
            <>
              <dt>Tax</dt>
              <dd>{cart.tax.formatted}</dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd className="cart-grand-total">{cart.grandTotal.formatted}</dd>
        </dl>
        {underMinimum ? (
          <p className="cart-minimum" role="status">
            {messages.minimumSubtotal(cart.checkoutMinimum.formatted)}
          </p>
        ) : (
          <Link href="/checkout" className="button checkout-button">
            Checkout
          </Link>
        )}
      </div>
    </section>
  );
}

function CartEntryRow({ entry, onProblem }: { entry: Entry; onProblem(problem: Problem): void }) {
  const [quantityText, setQuantityText] = useState(String(entry.quantity));
  const [updateQuantity] = useUpdateCartEntryQuantityMutation();
  const [remove, removing] = useRemoveCartEntryMutation();
  const [updateFields] = useUpdateCartEntryAdditionalFieldsMutation();
  const [editing, setEditing] = useState(false);
  const [answers, setAnswers] = useState<FormAnswers>((entry.additionalFields as FormAnswers | null) ?? {});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const form = entry.product?.additionalFieldsForm;
  const formFields = form ? readFieldDefinitions(form.fields) : [];
  const failed = (title: string) => (error: unknown) => onProblem({ title, message: describeFailure(error) });

  const commitQuantity = () => {
    if (quantityText === String(entry.quantity)) return;
    const parsed = parseQuantity(quantityText);
    if (!parsed.ok) {
      onProblem({ title: messages.unableToUpdateQuantity, message: parsed.message });
      setQuantityText(String(entry.quantity));
      return;
    }
    updateQuantity({
      variables: { entryId: entry.id, quantity: parsed.quantity },
      onCompleted: ({ updateCartEntryQuantity: result }) => {
        if (result.__typename !== "UpdateCartEntryQuantitySuccess") {
          onProblem({ title: messages.unableToUpdateQuantity, message: errorMessage(result) });
          setQuantityText(String(entry.quantity));
        }
      },
      onError: (error) => {
        failed(messages.unableToUpdateQuantity)(error);
        setQuantityText(String(entry.quantity));
      },
    });
  };

  const saveForm = () => {
    if (!form) return;
    const validation = validateForm(asDomainFields(formFields), answers);
    if (!validation.ok) {
      setAnswerErrors(Object.fromEntries(validation.fieldErrors.map(({ fieldId, message }) => [fieldId, message])));
      return;
    }
    updateFields({
      variables: { entryId: entry.id, additionalFields: answers },
      onCompleted: ({ updateCartEntryAdditionalFields: result }) => {
        if (result.__typename === "UpdateCartEntryAdditionalFieldsSuccess") {
          setEditing(false);
          setAnswerErrors({});
        } else onProblem({ title: messages.unableToUpdateForm, message: errorMessage(result) });
      },
      onError: failed(messages.unableToUpdateForm),
    });
  };

  const options = entry.chosenVariant?.attributes.map((attribute) => attribute.value).join(" / ");
  return (
    <li className="cart-entry">
      {entry.product?.imageUrl ? <img src={entry.product.imageUrl} alt="" width={96} height={96} /> : null}
      <div className="cart-entry-info">
        {entry.product ? <Link href={entry.product.url}>{entry.title}</Link> : <span>{entry.title}</span>}
        {options ? <span className="cart-entry-options">{options}</span> : null}
        {entry.additionalFields ? (
          <span className="cart-entry-answers">
            {Object.entries(entry.additionalFields as Record<string, string>)
              .map(([, value]) => value || messages.notAnswered)
              .join(", ")}
          </span>
        ) : null}
        {form ? (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Edit {form.name}
          </button>
        ) : null}
      </div>
      <label className="cart-entry-quantity">
        <span className="visually-hidden">{messages.quantity}</span>
        <input
          type="number"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
          onBlur={commitQuantity}
          onKeyDown={(event) => event.key === "Enter" && commitQuantity()}
        />
      </label>
      <span className="cart-entry-subtotal">{entry.subtotal.formatted}</span>
      <button
        type="button"
        className="link-button cart-entry-remove"
        disabled={removing}
        aria-label={`Remove ${entry.title}`}
        onClick={() =>
          remove({
            variables: { entryId: entry.id },
            onCompleted: ({ removeCartEntry: result }) => {
              if (result.__typename !== "RemoveCartEntrySuccess") onProblem({ title: messages.unableToRemoveItem, message: errorMessage(result) });
            },
            onError: failed(messages.unableToRemoveItem),
          })
        }
      >
        Remove
      </button>
      {form ? (
        <Lightbox open={editing} title={form.name} onClose={() => setEditing(false)}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              saveForm();
            }}
          >
            <h2>{form.name}</h2>
            <FormFields
              fields={formFields}
              values={answers}
              errors={answerErrors}
              onChange={(fieldId: string, value: FieldAnswer) => setAnswers({ ...answers, [fieldId]: value })}
            />
            <button type="submit">Save</button>
          </form>
        </Lightbox>
      ) : null}
    </li>
  );
}

export function ProblemAlert({ problem, onClose }: { problem: Problem; onClose(): void }) {
  return (
    <div className="alert" role="alertdialog" aria-labelledby="cart-alert-title" aria-describedby="cart-alert-message">
      <p id="cart-alert-title" className="alert-title">
        {problem.title}
      </p>
      <p id="cart-alert-message">{problem.message}</p>
      <button type="button" onClick={onClose}>
        OK
      </button>
    </div>
  );
}
