// The checkout's address form (issue 14): the country's fields in its order with its labels, the
// region from the country's list, browser autofill tokens, the store's country first in a list named
// in the page's language, errors above their fields, and a new country clearing the region.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { AddressForm, emptyAddress, useAddressRules, type AddressValue } from "../../../../client/storefront/checkout/AddressForm.tsx";

function Harness(props: { country: string; locale?: string; errors?: Record<string, string>; onValue?: (value: AddressValue) => void }) {
  const [value, setValue] = useState<AddressValue>(() => ({ ...emptyAddress(props.country), region: props.country === "US" ? "NY" : "" }));
  const rules = useAddressRules(value.country);
  return (
    <AddressForm
      section="shipping"
      legend="Shipping address"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
      rules={rules}
      errors={props.errors ?? {}}
      locale={props.locale ?? "en"}
      storeCountry="US"
    />
  );
}

const labels = () =>
  Array.from(document.querySelectorAll(".address-form > .address-field > label, .address-form > fieldset > legend")).map((node) => node.textContent);

it("asks a US address in its order, with a state list, a ZIP code and autofill tokens", async () => {
  render(<Harness country="US" />);
  await screen.findByLabelText("ZIP code");
  expect(labels()).toEqual([
    "Country",
    "Full name",
    "Company (optional)",
    "Address",
    "Apartment, suite, etc. (optional)",
    "City",
    "State",
    "ZIP code",
    "Phone (optional)",
  ]);
  const state = screen.getByLabelText("State") as HTMLSelectElement;
  expect(state.value).toBe("NY");
  expect(Array.from(state.options).map((option) => option.value)).toContain("CA");
  expect(screen.getByLabelText("Full name").getAttribute("autocomplete")).toBe("shipping name");
  expect(screen.getByLabelText("ZIP code").getAttribute("autocomplete")).toBe("shipping postal-code");
  expect(screen.getByLabelText("Area code").getAttribute("autocomplete")).toBe("shipping tel-area-code");
  const country = screen.getByLabelText("Country") as HTMLSelectElement;
  expect(country.getAttribute("autocomplete")).toBe("shipping country");
  expect(country.options[0]!.textContent).toBe("United States of America");
});

it("changes the fields with the country: a German address has no state and its postal code before the city", async () => {
  let latest: AddressValue | null = null;
  render(<Harness country="US" onValue={(value) => (latest = value)} />);
  await screen.findByLabelText("ZIP code");
  act(() => {
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
  });
  await screen.findByLabelText("Postal code");
  expect(screen.queryByLabelText("State")).toBeNull();
  expect(latest).toMatchObject({ country: "DE", region: "" });
  const order = labels();
  expect(order.indexOf("Postal code")).toBeLessThan(order.indexOf("City"));
});

it("names the countries in the page's language, the store's country first", async () => {
  render(<Harness country="US" locale="fr-FR" />);
  await waitFor(() => expect((screen.getByLabelText("Country") as HTMLSelectElement).options[0]!.textContent).toBe("États-Unis d'Amérique"));
  expect(Array.from((screen.getByLabelText("Country") as HTMLSelectElement).options).some((option) => option.textContent === "Allemagne")).toBe(true);
});

it("shows each error above its field and marks the field invalid", async () => {
  render(<Harness country="US" errors={{ postalCode: "ZIP code is not valid. Example: 95014.", fullName: "Required" }} />);
  const zip = await screen.findByLabelText("ZIP code");
  expect(zip.getAttribute("aria-invalid")).toBe("true");
  const error = document.getElementById(zip.getAttribute("aria-describedby")!)!;
  expect(error.textContent).toBe("ZIP code is not valid. Example: 95014.");
  expect(error.nextElementSibling?.textContent).toBe("ZIP code");
  expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByLabelText("Address").getAttribute("aria-invalid")).toBeNull();
});
