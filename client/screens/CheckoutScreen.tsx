// Checkout in test mode: email, shipping address for physical goods, then the order. A subscription
// checkout opens its own cart by the token in ?cartToken=.
import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { isValidEmail } from "../../server/domain/forms/validate.ts";
import { messages } from "../../server/domain/messages.ts";
import { EmptyCart } from "../components/EmptyCart.tsx";
import type { CheckoutScreenQuery } from "../__generated__/CheckoutScreenQuery.graphql";
import { useCheckoutMutation } from "../mutations/CheckoutMutation.ts";
import { describeFailure, errorMessage } from "../relay/errors.ts";
import { useRouter, type ScreenProps } from "../router/Router.tsx";

export const checkoutScreenQuery = graphql`
  query CheckoutScreenQuery($token: String) {
    cart(token: $token) {
      id
      requiresShipping
      entries {
        id
        title
        quantity
        subtotal {
          formatted
        }
      }
      grandTotal {
        formatted
      }
      shippingLocation {
        country
        region
        postalCode
      }
    }
  }
`;

export default function CheckoutScreen({ queryRef, match }: ScreenProps) {
  const data = usePreloadedQuery<CheckoutScreenQuery>(checkoutScreenQuery, queryRef as never);
  const { navigate } = useRouter();
  const [checkout, submitting] = useCheckoutMutation();
  const [email, setEmail] = useState("");
  const [country, setCountry] = useState(data.cart?.shippingLocation?.country ?? "US");
  const [region, setRegion] = useState(data.cart?.shippingLocation?.region ?? "");
  const [postalCode, setPostalCode] = useState(data.cart?.shippingLocation?.postalCode ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const cart = data.cart;

  if (!cart || cart.entries.length === 0) {
    return <EmptyCart title={messages.checkoutPageTitle} />;
  }

  const submit = () => {
    setProblem(null);
    if (!email.trim()) return setProblem(messages.emailRequiredForCheckout);
    if (!isValidEmail(email.trim())) return setProblem(messages.emailInvalidForCheckout);
    if (cart.requiresShipping && !country.trim()) return setProblem(messages.shippingAddressRequired);
    checkout({
      variables: {
        email,
        shippingLocation: cart.requiresShipping ? { country, region: region || null, postalCode: postalCode || null } : null,
        cartToken: match.search.get("cartToken"),
        idempotencyKey,
      },
      onCompleted: ({ checkout: result }) => {
        if (result.__typename === "CheckoutSuccess" && result.order) navigate(`/order-confirmed/${result.order.orderId}`, { replace: true });
        else setProblem(errorMessage(result));
      },
      onError: (error) => setProblem(describeFailure(error)),
    });
  };

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{messages.checkoutPageTitle}</h1>
      <p className="test-mode">{messages.checkoutTestMode}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label>
          <span>{messages.email}</span>
          <input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        </label>
        {cart.requiresShipping ? (
          <fieldset>
            <legend>{messages.shippingAddress}</legend>
            <label>
              <span>{messages.countryCode}</span>
              <input value={country} onChange={(event) => setCountry(event.target.value)} maxLength={2} required />
            </label>
            <label>
              <span>{messages.stateOrRegion}</span>
              <input value={region} onChange={(event) => setRegion(event.target.value)} />
            </label>
            <label>
              <span>{messages.postalCode}</span>
              <input value={postalCode} onChange={(event) => setPostalCode(event.target.value)} autoComplete="postal-code" />
            </label>
          </fieldset>
        ) : null}
        <ul className="checkout-summary">
          {cart.entries.map((entry) => (
            <li key={entry.id}>
              {entry.quantity} × {entry.title} <span>{entry.subtotal.formatted}</span>
            </li>
          ))}
        </ul>
        <p className="checkout-total">
          {messages.total} <strong>{cart.grandTotal.formatted}</strong>
        </p>
        {problem ? (
          <p className="form-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={submitting}>
          {messages.placeOrder}
        </button>
      </form>
    </section>
  );
}
