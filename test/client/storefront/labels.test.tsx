// The storefront's own labels, now read from the message catalogue, render as they did: the error
// page, the empty cart, the restock widget's texts when the owner left them empty, and the labels
// of multi-part form answers. Spelled as literals so that a catalogue typo fails here.
import { render, screen } from "@testing-library/react";
import { ErrorBoundary } from "../../../client/shared/ui/ErrorBoundary.tsx";
import { FormFields, type FieldDefinition } from "../../../client/shared/ui/FormFields.tsx";
import { RestockWidget } from "../../../client/storefront/catalog/RestockWidget.tsx";
import { cart, renderCart } from "../support/cart.tsx";

describe("storefront labels", () => {
  it("the error page says what happened and offers the two ways back", () => {
    const Broken = () => {
      throw new Error("Boom.");
    };
    jest.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Something went wrong");
    expect(screen.getByRole("alert").lastElementChild?.textContent).toBe("Reload the page or go to the shop.");
    expect(screen.getByRole("link", { name: "go to the shop" }).getAttribute("href")).toBe("/");
  });

  it("an emptied cart keeps its title and the way back to the shop", async () => {
    await renderCart(cart({ entries: [], totalQuantity: 0 }));
    expect(screen.getByRole("heading").textContent).toBe("Cart");
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
  });

  it("the restock widget has default texts for those the owner left empty", () => {
    render(<RestockWidget productId="3" variantId={7} texts={{}} mailingListSignUpEnabled mailingListOptInByDefault={false} captchaSiteKey={null} />);
    expect(screen.getByText("Get notified when this is back in stock.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("placeholder")).toBe("Email Address");
    expect(screen.getByRole("checkbox", { name: "Sign up for news and updates" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notify Me" })).toBeTruthy();
  });

  it("labels each part of an address", () => {
    const address: FieldDefinition = { fieldId: "where", type: "address", title: "Address", required: false, options: [], questions: [] };
    render(<FormFields fields={[address]} values={{}} errors={{}} onChange={() => {}} />);
    expect([...document.querySelectorAll(".field-part span")].map((label) => label.textContent)).toEqual([
      "Address line 1",
      "Address line 2",
      "City",
      "State",
      "Zip code",
      "Country",
    ]);
  });
});
