// The member's address book (issue 23) as a component: signed out it offers sign-in back to the page;
// an empty book says so; a saved address is written in its country's layout with the phone formatted;
// deleting asks first and the list follows the server's answer; the server's field errors show on
// their fields.
import { act, fireEvent, screen } from "@testing-library/react";
import AddressBookScreenQuery from "../../../../client/__generated__/AddressBookScreenQuery.graphql.ts";
import AddressBookScreen from "../../../../client/storefront/members/AddressBookScreen.tsx";
import { answerLatest, preload, renderWithRelay } from "../../support/render.tsx";

const BERLIN = {
  fullName: "Ada Lovelace",
  company: null,
  line1: "Unter den Linden 1",
  line2: null,
  city: "Berlin",
  region: null,
  postalCode: "10117",
  country: "DE",
  phone: "+49301234567",
  formattedPhone: "+49 30 1234567",
};

async function renderBook(signedIn: boolean, saved: (typeof BERLIN)[]) {
  const { environment, queryRef } = preload(
    AddressBookScreenQuery,
    {},
    {
      Viewer: () => ({ signedIn }),
      Store: () => ({ country: "US" }),
      Query: () => ({ savedAddresses: saved.map((address, index) => ({ id: String(index + 1), address })) }),
    },
  );
  renderWithRelay(<AddressBookScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, environment);
  // The country's address rules load as a chunk of their own.
  await act(async () => {});
  return environment;
}

it("offers sign-in to a visitor, coming back to the address book", async () => {
  await renderBook(false, []);
  expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/account/sign-in?returnTo=%2Faccount%2Faddresses");
  expect(screen.queryByRole("button", { name: "Add an address" })).toBeNull();
});

it("says when the member has no saved address", async () => {
  await renderBook(true, []);
  expect(screen.getByText("You have no saved addresses yet.")).toBeTruthy();
});

it("writes a saved address in its country's layout, the phone formatted", async () => {
  await renderBook(true, [BERLIN]);
  const lines = await screen.findAllByText(/./, { selector: ".saved-address-line" });
  expect(lines.map((line) => line.textContent)).toEqual(["Ada Lovelace", "Unter den Linden 1", "10117 Berlin", "Germany", "+49 30 1234567"]);
});

it("asks before deleting, and drops the address once the server has", async () => {
  const environment = await renderBook(true, [BERLIN]);
  fireEvent.click(screen.getByRole("button", { name: "Delete Ada Lovelace, Unter den Linden 1, Berlin" }));
  const question = screen.getByRole("group", { name: "Delete this address?" });
  fireEvent.click(question.querySelector("button")!);
  await answerLatest(environment, { deleteSavedAddress: { __typename: "DeleteSavedAddressSuccess", deletedId: 1 } });
  expect(screen.getByText("You have no saved addresses yet.")).toBeTruthy();
});

it("shows the server's field errors on their fields", async () => {
  const environment = await renderBook(true, [BERLIN]);
  fireEvent.click(screen.getByRole("button", { name: "Edit Ada Lovelace, Unter den Linden 1, Berlin" }));
  await act(async () => {});
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await answerLatest(environment, {
    updateSavedAddress: {
      __typename: "FormInvalidError",
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [{ fieldId: "address.city", message: "Required" }],
    },
  });
  expect(screen.getByLabelText("City").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByText("Required")).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("Your form has encountered a problem. Please scroll down to review.");
});
