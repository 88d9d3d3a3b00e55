// The member's address book (issue 23, /account/addresses): their saved addresses, written as on a
// parcel in each country's layout with the phone formatted, to add, edit and delete (asked first, in
// place). The form is the checkout's (shared/address/AddressForm.tsx): the same fields, the same rules
// checked on submit and again by the server, each error above its field. Signed out, it offers sign-in.
import { useEffect, useRef, useState } from "react";
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import type { AddressBookScreen_savedAddress$key } from "../../__generated__/AddressBookScreen_savedAddress.graphql";
import type { AddressBookScreenQuery } from "../../__generated__/AddressBookScreenQuery.graphql";
import { formatAddressLines } from "../../../server/domain/checkout/address-lines.ts";
import { validateAddress } from "../../../server/domain/checkout/address.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { AddressForm, addressInput, addressValueOf, emptyAddress, pageLocale, useAddressRules, type AddressValue } from "../../shared/address/AddressForm.tsx";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";
import { SignInPrompt } from "./AccountScreen.tsx";
import { useAddSavedAddressMutation, useDeleteSavedAddressMutation, useUpdateSavedAddressMutation } from "./SavedAddressMutations.ts";

export const addressBookScreenQuery = graphql`
  query AddressBookScreenQuery {
    viewer {
      signedIn
    }
    store {
      country
    }
    savedAddresses {
      id
      ...AddressBookScreen_savedAddress
    }
  }
`;

const savedAddressFragment = graphql`
  fragment AddressBookScreen_savedAddress on SavedAddress {
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
      formattedPhone
    }
  }
`;

/** The server names the address book's field errors `address.<field>`. */
const FIELD_PREFIX = "address.";

const byField = (fieldErrors: readonly { fieldId: string; message: string }[]) =>
  Object.fromEntries(fieldErrors.map(({ fieldId, message }) => [fieldId.startsWith(FIELD_PREFIX) ? fieldId.slice(FIELD_PREFIX.length) : fieldId, message]));

/** The form to add an address (no `savedAddressId`) or edit one. */
function SavedAddressEditor(props: { savedAddressId?: string; initial: AddressValue; storeCountry: string; locale: string; onDone(): void }) {
  const [value, setValue] = useState(props.initial);
  const rules = useAddressRules(value.country);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = useAddSavedAddressMutation();
  const [update, updating] = useUpdateSavedAddressMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);
  useEffect(() => {
    if (focusFirstError > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);
  const saving = adding || updating;

  const fail = (fieldErrors: readonly { fieldId: string; message: string }[]) => {
    setErrors(byField(fieldErrors));
    setProblem(formMessages.formProblemAbove);
    setFocusFirstError((count) => count + 1);
  };
  const answered = (result: { __typename: string; message?: string; fieldErrors?: readonly { fieldId: string; message: string }[] | null }) => {
    if (result.__typename.endsWith("Success")) props.onDone();
    else if (result.__typename === "FormInvalidError") fail(result.fieldErrors ?? []);
    else setProblem(errorMessage(result));
  };

  const submit = () => {
    setProblem(null);
    const address = addressInput(value);
    const checked = validateAddress(address, rules);
    if (!checked.ok) return fail(checked.fieldErrors);
    setErrors({});
    const onError = (error: Error) => setProblem(describeFailure(error));
    if (props.savedAddressId) {
      update({ variables: { savedAddressId: props.savedAddressId, address }, onCompleted: ({ updateSavedAddress }) => answered(updateSavedAddress), onError });
    } else {
      add({ variables: { address }, onCompleted: ({ addSavedAddress }) => answered(addSavedAddress), onError });
    }
  };

  return (
    <form
      ref={formRef}
      className="address-book-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) submit();
      }}
    >
      <FormProblem text={problem} />
      <AddressForm
        section="shipping"
        legend={props.savedAddressId ? memberMessages.editAddressLegend : memberMessages.newAddressLegend}
        value={value}
        onChange={setValue}
        rules={rules}
        errors={errors}
        locale={props.locale}
        storeCountry={props.storeCountry}
        onEditField={(field) => {
          if (!errors[field]) return;
          const { [field]: _edited, ...rest } = errors;
          setErrors(rest);
        }}
      />
      <div className="address-book-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? memberMessages.saving : messages.save}
        </button>
        <button type="button" onClick={props.onDone}>
          {memberMessages.cancel}
        </button>
      </div>
    </form>
  );
}

function SavedAddressCard(props: { savedAddress: AddressBookScreen_savedAddress$key; locale: string; busy: boolean; onEdit(): void }) {
  const saved = useFragment(savedAddressFragment, props.savedAddress);
  const { address } = saved;
  const rules = useAddressRules(address.country);
  const [remove, removing] = useDeleteSavedAddressMutation();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const summary = [address.fullName, address.line1, address.city].filter(Boolean).join(", ");

  const confirmDelete = () => {
    setConfirming(false);
    remove({
      variables: { savedAddressId: saved.id },
      onCompleted: ({ deleteSavedAddress: result }) => setProblem(result.__typename === "DeleteSavedAddressSuccess" ? null : errorMessage(result)),
      onError: (error) => setProblem(describeFailure(error)),
    });
  };

  return (
    <li className="member-order saved-address" aria-label={summary}>
      <address>
        {formatAddressLines(addressInput(addressValueOf(address)), rules, props.locale).map((line, index) => (
          <span key={index} className="saved-address-line">
            {line}
          </span>
        ))}
        {address.formattedPhone ? <span className="saved-address-line saved-address-phone">{address.formattedPhone}</span> : null}
      </address>
      {confirming ? (
        <span className="subscription-actions" role="group" aria-label={memberMessages.deleteAddressQuestion}>
          <span>{memberMessages.deleteAddressQuestion}</span>
          <button type="button" disabled={removing} onClick={confirmDelete}>
            {memberMessages.delete}
          </button>
          <button type="button" autoFocus onClick={() => setConfirming(false)}>
            {memberMessages.cancel}
          </button>
        </span>
      ) : (
        <span className="subscription-actions">
          <button type="button" disabled={props.busy} aria-label={memberMessages.editAddress(summary)} onClick={props.onEdit}>
            {memberMessages.edit}
          </button>
          <button type="button" disabled={props.busy || removing} aria-label={memberMessages.deleteAddress(summary)} onClick={() => setConfirming(true)}>
            {memberMessages.delete}
          </button>
        </span>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

export default function AddressBookScreen({ queryRef }: ScreenProps<AddressBookScreenQuery>) {
  const data = usePreloadedQuery<AddressBookScreenQuery>(addressBookScreenQuery, queryRef);
  // "new", the id of the address being edited, or null: one form at a time.
  const [editing, setEditing] = useState<string | null>(null);
  const locale = pageLocale();
  const storeCountry = data.store.country;
  const title = (
    <h1 id="address-book-title" tabIndex={-1}>
      {messages.addressBookPageTitle}
    </h1>
  );
  if (!data.viewer.signedIn) {
    return (
      <section className="member-page" aria-labelledby="address-book-title">
        {title}
        <SignInPrompt returnTo="/account/addresses" />
      </section>
    );
  }
  const saved = data.savedAddresses;
  return (
    <section className="member-page address-book" aria-labelledby="address-book-title">
      <p>
        <Link href="/account">{memberMessages.backToAccount}</Link>
      </p>
      {title}
      {editing === "new" ? (
        <SavedAddressEditor initial={emptyAddress(storeCountry)} storeCountry={storeCountry} locale={locale} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="button" disabled={editing !== null} onClick={() => setEditing("new")}>
          {memberMessages.addAddress}
        </button>
      )}
      {saved.length === 0 && editing !== "new" ? <p className="member-empty">{memberMessages.noSavedAddressesYet}</p> : null}
      {saved.length > 0 ? (
        <ul className="member-orders saved-addresses" aria-label={messages.addressBookPageTitle}>
          {saved.map((entry) =>
            editing === entry.id ? (
              <li key={entry.id} className="saved-address-editing">
                <EditingAddress savedAddress={entry} storeCountry={storeCountry} locale={locale} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <SavedAddressCard key={entry.id} savedAddress={entry} locale={locale} busy={editing !== null} onEdit={() => setEditing(entry.id)} />
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}

/** The editor filled in with the saved address, as the member would type it. */
function EditingAddress(props: { savedAddress: AddressBookScreen_savedAddress$key; storeCountry: string; locale: string; onDone(): void }) {
  const saved = useFragment(savedAddressFragment, props.savedAddress);
  return (
    <SavedAddressEditor
      savedAddressId={saved.id}
      initial={addressValueOf(saved.address)}
      storeCountry={props.storeCountry}
      locale={props.locale}
      onDone={props.onDone}
    />
  );
}
