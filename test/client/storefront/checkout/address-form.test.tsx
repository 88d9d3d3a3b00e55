// The checkout's address form (issue 14): the country's fields in its order with its labels, the
// region from the country's list, browser autofill tokens, the store's country first in a list named
// in the page's language, errors above their fields, and a new country clearing the region; the phone
// as one field read in the address's country (issue 23).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { AddressForm, emptyAddress, useAddressRules, type AddressValue } from "../../../../client/shared/address/AddressForm.tsx";

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
  expect(screen.getByLabelText("Phone (optional)").getAttribute("autocomplete")).toBe("shipping tel");
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

describe("the phone", () => {
  it("is one input of type tel with the tel autofill token", async () => {
    render(<Harness country="DE" />);
    await screen.findByLabelText("Postal code");
    const phones = document.querySelectorAll('.address-form input[type="tel"]');
    expect(phones).toHaveLength(1);
    expect(phones[0]).toBe(screen.getByLabelText("Phone (optional)"));
    expect(phones[0]!.getAttribute("autocomplete")).toBe("shipping tel");
    expect(screen.queryByLabelText("Area code")).toBeNull();
  });

  it("shows the rule's message when the shopper leaves a bad number, and drops it when they type again", async () => {
    render(<Harness country="DE" />);
    const phone = await screen.findByLabelText("Phone (optional)");
    fireEvent.change(phone, { target: { value: "123" } });
    fireEvent.blur(phone);
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Please enter a valid phone number for Germany, or start it with + and the country code.",
    );
    fireEvent.change(phone, { target: { value: "030 1234567" } });
    expect(phone.getAttribute("aria-invalid")).toBeNull();
  });

  it("writes a good number the usual way for the address's country when the shopper leaves it", async () => {
    let latest: AddressValue | null = null;
    render(<Harness country="US" onValue={(value) => (latest = value)} />);
    const phone = (await screen.findByLabelText("Phone (optional)")) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: "4155550100" } });
    fireEvent.blur(phone);
    expect(phone.value).toBe("(415) 555-0100");
    fireEvent.change(phone, { target: { value: "+493012345670" } });
    fireEvent.blur(phone);
    expect(phone.value).toBe("+49 30 12345670");
    expect(latest).toMatchObject({ phone: "+49 30 12345670" });
  });

  it("shows the checkout's error for the field before its own", async () => {
    render(<Harness country="US" errors={{ phone: "Please enter a valid phone number." }} />);
    const phone = await screen.findByLabelText("Phone (optional)");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)!.textContent).toBe("Please enter a valid phone number.");
  });
});
