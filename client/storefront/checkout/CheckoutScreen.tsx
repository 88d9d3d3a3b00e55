// Checkout (issue 14; payment, issue 22): the email, the shipping address in its country's layout (none for
// a cart that ships nothing), the shipping methods that reach it, the billing address (the same by
// default), then the order. The address is checked here with the server's rules and again by the
// server; errors show next to each field, the form's message above it, and the first invalid field
// gets the focus. A subscription checkout opens its own cart by the token in ?cartToken=. When the
// store takes payment the server answers CheckoutPaymentRequired: the details collapse to a summary
// and the payment step (payments/PaymentStep.tsx) makes the order once the payment succeeds.
import { useEffect, useRef, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { validateAddress } from "../../../server/domain/checkout/address.ts";
import { formatAddressLines } from "../../../server/domain/checkout/address-lines.ts";
import { isValidEmail } from "../../../server/domain/forms/validate.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { AddressForm, addressInput, addressValueOf, emptyAddress, pageLocale, useAddressRules, type AddressValue } from "../../shared/address/AddressForm.tsx";
import { CartTotals } from "../../shared/ui/CartTotals.tsx";
import { CheckoutShipping, canShip } from "./CheckoutShipping.tsx";
import { EmptyCart } from "../../shared/ui/EmptyCart.tsx";
import type { CheckoutScreenQuery } from "../../__generated__/CheckoutScreenQuery.graphql";
import { useCheckoutMutation } from "./CheckoutMutation.ts";
import { useRecordCheckoutContactMutation } from "./RecordCheckoutContactMutation.ts";
import { useCheckoutShippingLocationMutation } from "./CheckoutShippingMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { track } from "../../shared/tracking/track.ts";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";
import { CheckoutDetailsSummary } from "./CheckoutDetailsSummary.tsx";
import { CheckoutPaymentNotice } from "./CheckoutPaymentNotice.tsx";
import { PaymentStep, paymentRequestOf, type PaymentRequest } from "./payments/PaymentStep.tsx";

export const checkoutScreenQuery = graphql`
  query CheckoutScreenQuery($token: String) {
    store {
      country
      payments {
        mode
      }
    }
    viewer {
      signedIn
      email
    }
    savedAddresses {
      id
      address {
        fullName
        company
        line1
        line2
        city
        region
        postalCode
        country
        phone
      }
    }
    cart(token: $token) {
      id
      requiresShipping
      shippingOptions {
        id
      }
      shippingLocation {
        country
        region
        postalCode
      }
      entries {
        id
        title
        quantity
        subtotal {
          formatted
        }
      }
      ...CheckoutShipping_cart
      ...CartTotals_cart
    }
  }
`;

/** Field errors by address: "shippingAddress.city" -> { shippingAddress: { city } }. */
function splitErrors(fieldErrors: readonly { fieldId: string; message: string }[]) {
  const errors: Record<string, Record<string, string>> = { email: {}, shippingAddress: {}, billingAddress: {} };
  for (const { fieldId, message } of fieldErrors) {
    const [group, field] = fieldId.includes(".") ? (fieldId.split(".", 2) as [string, string]) : ["email", fieldId];
    (errors[group] ??= {})[field] = message;
  }
  return errors;
}

export default function CheckoutScreen({ queryRef, match }: ScreenProps<CheckoutScreenQuery>) {
  const data = usePreloadedQuery<CheckoutScreenQuery>(checkoutScreenQuery, queryRef);
  const { navigate } = useRouter();
  const [checkout, submitting] = useCheckoutMutation();
  const [setLocation] = useCheckoutShippingLocationMutation();
  const cart = data.cart;
  const storeCountry = data.store.country;
  const locale = pageLocale();
  const saved = data.savedAddresses;
  const [email, setEmail] = useState(data.viewer.email ?? "");
  // Consent is what the shopper ticks, never assumed (issue 24 part 4).
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [recordContact] = useRecordCheckoutContactMutation();
  const rememberContact = (consent: boolean) => {
    if (!isValidEmail(email.trim())) return;
    recordContact({
      variables: { email: email.trim(), marketingConsent: consent, language: locale, cartToken: match.search.get("cartToken") },
      // Best effort: the checkout itself carries the email and the box again.
      onError: () => undefined,
    });
  };
  const [shipping, setShipping] = useState<AddressValue>(() => {
    if (saved[0]) return addressValueOf(saved[0].address);
    const location = cart?.shippingLocation;
    return { ...emptyAddress(location?.country ?? storeCountry), region: location?.region ?? "", postalCode: location?.postalCode ?? "" };
  });
  const [savedChoice, setSavedChoice] = useState(saved[0]?.id ?? "");
  const [sameBilling, setSameBilling] = useState(true);
  const [billing, setBilling] = useState<AddressValue>(() => emptyAddress(storeCountry));
  const [saveAddress, setSaveAddress] = useState(false);
  const [errors, setErrors] = useState(() => splitErrors([]));
  const [problem, setProblem] = useState<string | null>(null);
  // One key per attempt: editing the details after a payment was asked for is a new attempt (the
  // server refuses the same key with other input, and supersedes the earlier payment).
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  const [addressTouched, setAddressTouched] = useState(saved.length > 0 || !!cart?.shippingLocation);
  const shippingRules = useAddressRules(shipping.country);
  const billingRules = useAddressRules(billing.country);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const ships = !!cart?.requiresShipping;

  // The cart is priced for where it ships: the zone's options and the region's tax follow the
  // country and region as they are chosen (the postal code when its field is left).
  const located = useRef<string | null>(null);
  const locate = (address: AddressValue) => {
    if (!ships) return;
    const location = { country: address.country, region: address.region || null, postalCode: address.postalCode.trim() || null };
    const key = JSON.stringify(location);
    if (located.current === key) return;
    located.current = key;
    setLocation({ variables: location });
  };
  // Only a new country or region reprices at once (the postal code when its field is left).
  useEffect(() => locate(shipping), [shipping.country, shipping.region]);

  // Checkout starts when the page shows a cart to pay (once per visit of the page).
  const hasEntries = (cart?.entries.length ?? 0) > 0;
  useEffect(() => {
    if (hasEntries) track("checkout-start");
  }, [hasEntries]);

  useEffect(() => {
    if (focusFirstError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  if (!cart || cart.entries.length === 0) {
    return <EmptyCart title={messages.checkoutPageTitle} />;
  }

  /** An edited field's error is out of date; with none left, so is the form's message. */
  const edited = (group: string, field: string) => {
    if (!errors[group]?.[field]) return;
    const next = { ...errors, [group]: { ...errors[group] } };
    delete next[group]![field];
    setErrors(next);
    if (Object.values(next).every((fields) => Object.keys(fields).length === 0) && problem === formMessages.formProblemAbove) setProblem(null);
  };

  const fail = (fieldErrors: { fieldId: string; message: string }[], message: string = formMessages.formProblemAbove) => {
    setErrors(splitErrors(fieldErrors));
    setProblem(message);
    setFocusFirstError((count) => count + 1);
  };

  const submit = () => {
    setProblem(null);
    const fieldErrors: { fieldId: string; message: string }[] = [];
    if (!email.trim()) fieldErrors.push({ fieldId: "email", message: checkoutMessages.emailRequiredForCheckout });
    else if (!isValidEmail(email.trim())) fieldErrors.push({ fieldId: "email", message: messages.emailAddressInvalid });
    const check = (prefix: string, value: AddressValue, rules: typeof shippingRules) => {
      const result = validateAddress(addressInput(value), rules);
      if (!result.ok) fieldErrors.push(...result.fieldErrors.map((error) => ({ fieldId: `${prefix}.${error.fieldId}`, message: error.message })));
    };
    if (ships) check("shippingAddress", shipping, shippingRules);
    if (ships && !sameBilling) check("billingAddress", billing, billingRules);
    if (fieldErrors.length > 0) return fail(fieldErrors);
    setErrors(splitErrors([]));
    checkout({
      variables: {
        email,
        shippingAddress: ships ? addressInput(shipping) : null,
        billingAddress: ships && !sameBilling ? addressInput(billing) : null,
        saveAddress: ships && data.viewer.signedIn && saveAddress,
        language: locale,
        marketingConsent,
        cartToken: match.search.get("cartToken"),
        idempotencyKey,
      },
      onCompleted: ({ checkout: result }) => {
        if (result.__typename === "CheckoutSuccess" && result.order) navigate(`/order-confirmed/${result.order.orderId}`, { replace: true });
        else if (result.__typename === "CheckoutPaymentRequired") setPayment(paymentRequestOf(result));
        else if (result.__typename === "FormInvalidError") fail([...(result.fieldErrors ?? [])]);
        else if (result.__typename === "CheckoutError" && result.code?.startsWith("EMAIL_"))
          fail([{ fieldId: "email", message: errorMessage(result) }], errorMessage(result));
        else setProblem(errorMessage(result));
      },
      onError: (error) => setProblem(describeFailure(error)),
    });
  };

  const emailError = errors.email?.email;
  const shippable = canShip(cart);

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{messages.checkoutPageTitle}</h1>
      <CheckoutPaymentNotice mode={data.store.payments.mode} />
      <div className="checkout-layout">
        <div className="checkout-main">
          {payment ? (
            <>
              <CheckoutDetailsSummary
                email={email}
                shippingLines={ships ? formatAddressLines(addressInput(shipping), shippingRules, locale) : null}
                onEdit={() => {
                  setPayment(null);
                  setIdempotencyKey(crypto.randomUUID());
                }}
              />
              <PaymentStep payment={payment} locale={locale} onPaid={(orderId) => navigate(`/order-confirmed/${orderId}`, { replace: true })} />
            </>
          ) : null}
          <FormProblem text={payment ? null : problem} />
          <form
            hidden={!!payment}
            ref={formRef}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!submitting) submit();
            }}
          >
            <fieldset className="checkout-contact">
              <legend>{checkoutMessages.contactDetails}</legend>
              <div className="address-field">
                {emailError ? (
                  <p className="field-error" id="checkout-email-error">
                    {emailError}
                  </p>
                ) : null}
                <label htmlFor="checkout-email">{messages.email}</label>
                <input
                  id="checkout-email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    edited("email", "email");
                  }}
                  onBlur={() => rememberContact(marketingConsent)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? "checkout-email-error" : undefined}
                  required
                />
              </div>
              <label className="choice">
                <input
                  type="checkbox"
                  checked={marketingConsent}
                  onChange={(event) => {
                    setMarketingConsent(event.target.checked);
                    rememberContact(event.target.checked);
                  }}
                />
                <span>{checkoutMessages.marketingConsent}</span>
              </label>
            </fieldset>
            {ships ? (
              <>
                {saved.length > 0 ? (
                  <div className="address-field saved-addresses">
                    <label htmlFor="checkout-saved-address">{checkoutMessages.savedAddresses}</label>
                    <select
                      id="checkout-saved-address"
                      value={savedChoice}
                      onChange={(event) => {
                        setSavedChoice(event.target.value);
                        const choice = saved.find((candidate) => candidate.id === event.target.value);
                        setShipping(choice ? addressValueOf(choice.address) : emptyAddress(shipping.country));
                        setAddressTouched(true);
                      }}
                    >
                      {saved.map((choice) => (
                        <option key={choice.id} value={choice.id}>
                          {[choice.address.fullName, choice.address.line1, choice.address.city, choice.address.country].filter(Boolean).join(", ")}
                        </option>
                      ))}
                      <option value="">{checkoutMessages.newAddress}</option>
                    </select>
                  </div>
                ) : null}
                <AddressForm
                  section="shipping"
                  legend={messages.shippingAddress}
                  value={shipping}
                  onChange={(value) => {
                    setShipping(value);
                    setAddressTouched(true);
                  }}
                  rules={shippingRules}
                  errors={errors.shippingAddress ?? {}}
                  locale={locale}
                  storeCountry={storeCountry}
                  onBlurField={(field) => {
                    if (field === "postalCode") locate(shipping);
                  }}
                  onEditField={(field) => edited("shippingAddress", field)}
                />
                {data.viewer.signedIn ? (
                  <label className="choice">
                    <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} />
                    <span>{checkoutMessages.saveAddress}</span>
                  </label>
                ) : null}
                <CheckoutShipping cart={cart} addressGiven={addressTouched} />
                <label className="choice">
                  <input type="checkbox" checked={sameBilling} onChange={(event) => setSameBilling(event.target.checked)} />
                  <span>{checkoutMessages.billingSameAsShipping}</span>
                </label>
                {!sameBilling ? (
                  <AddressForm
                    section="billing"
                    legend={checkoutMessages.billingAddress}
                    value={billing}
                    onChange={setBilling}
                    rules={billingRules}
                    errors={errors.billingAddress ?? {}}
                    locale={locale}
                    storeCountry={storeCountry}
                    onEditField={(field) => edited("billingAddress", field)}
                  />
                ) : null}
              </>
            ) : (
              <p className="field-description">{checkoutMessages.noAddressNeeded}</p>
            )}
            <button type="submit" className="button place-order" disabled={submitting || !shippable}>
              {messages.placeOrder}
            </button>
          </form>
        </div>
        <aside className="checkout-aside" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">{checkoutMessages.orderSummary}</h2>
          <ul className="checkout-summary">
            {cart.entries.map((entry) => (
              <li key={entry.id}>
                {entry.quantity} × {entry.title} <span>{entry.subtotal.formatted}</span>
              </li>
            ))}
          </ul>
          <CartTotals cart={cart} />
        </aside>
      </div>
    </section>
  );
}
