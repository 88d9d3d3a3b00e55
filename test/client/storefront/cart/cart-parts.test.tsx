// The parts of the cart page that own their own fragment: totals, coupons, shipping, the checkout
// minimum, and editing an entry's form answers (spec §2, §8).
import { fireEvent, screen } from "@testing-library/react";
import { cart, entry, money, renderCart } from "../../support/cart.tsx";
import { engravingForm } from "../../support/forms.ts";
import { answerLatest } from "../../support/render.tsx";

const sentVariables = (environment: Awaited<ReturnType<typeof renderCart>>["environment"]) =>
  JSON.stringify(environment.mock.getMostRecentOperation().request.variables);
const totalsTerms = () => [...document.querySelectorAll(".cart-totals dt")].map((term) => term.textContent);

describe("totals", () => {
  it("list the discount and the tax only when there are some", async () => {
    await renderCart(cart());
    expect(totalsTerms()).toEqual(["Subtotal", "Shipping", "Total"]);
  });

  it("show the discount as a negative amount, then shipping and tax", async () => {
    await renderCart(cart({ discount: money(360), tax: money(290), grandTotal: money(4030) }));
    expect(totalsTerms()).toEqual(["Subtotal", "Discount", "Shipping", "Tax", "Total"]);
    expect([...document.querySelectorAll(".cart-totals dd")].map((amount) => amount.textContent)).toEqual(["$36.00", "-$3.60", "$5.00", "$2.90", "$40.30"]);
  });

  it("leave out shipping, and offer no shipping choice, for a cart that needs no shipping", async () => {
    await renderCart(cart({ requiresShipping: false, grandTotal: money(3600) }));
    expect(totalsTerms()).toEqual(["Subtotal", "Total"]);
    expect(document.querySelector(".shipping-select")).toBeNull();
  });
});

describe("shipping", () => {
  it("shows the options with their prices and sends the one chosen", async () => {
    const { environment } = await renderCart(cart());
    const select = screen.getByRole("combobox") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Standard ($5.00)", "Express ($15.00)"]);
    expect(select.value).toBe("1");
    fireEvent.change(select, { target: { value: "2" } });
    expect(sentVariables(environment)).toContain('"2"');
  });
});

describe("coupons", () => {
  it("lists the applied coupons and marks those the cart does not qualify for", async () => {
    await renderCart(cart({ coupons: ["SAVE10", "OLD5"], validCoupons: ["SAVE10"] }));
    const applied = [...document.querySelectorAll(".applied-coupon")].map((line) => line.textContent);
    expect(applied).toEqual(["SAVE10  Remove", "OLD5 (not applicable) Remove"]);
  });

  it("sends nothing for an empty code", async () => {
    const { environment } = await renderCart(cart());
    fireEvent.submit(document.querySelector(".coupon-form")!);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("titles a refused code 'Coupon' with the server's message", async () => {
    const { environment } = await renderCart(cart());
    fireEvent.change(screen.getByLabelText("Coupon code"), { target: { value: "NOPE" } });
    fireEvent.submit(document.querySelector(".coupon-form")!);
    expect(sentVariables(environment)).toContain('"NOPE"');
    await answerLatest(environment, { applyCoupon: { __typename: "CouponError", __isError: "CouponError", message: "That coupon code is not valid." } });
    const alert = screen.getByRole("alertdialog");
    expect(alert.querySelector(".alert-title")!.textContent).toBe("Coupon");
    expect(alert.textContent).toContain("That coupon code is not valid.");
    expect((screen.getByLabelText("Coupon code") as HTMLInputElement).value).toBe("NOPE");
  });

  it("removes a coupon by its code", async () => {
    const { environment } = await renderCart(cart({ coupons: ["SAVE10"], validCoupons: ["SAVE10"] }));
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(sentVariables(environment)).toContain('"SAVE10"');
  });
});

describe("checkout minimum (spec §8)", () => {
  // Whether the minimum is met is the server's answer (the boundary is tested in test/schema/checkout-minimum.test.ts).
  it("offers checkout when the server says the minimum is met, as at exactly the minimum", async () => {
    await renderCart(cart({ checkoutMinimum: money(3600), checkoutMinimumMet: true }));
    expect(screen.getByRole("link", { name: "Checkout" })).toBeTruthy();
    expect(document.querySelector(".cart-minimum")).toBeNull();
  });
});

describe("editing an entry's form answers", () => {
  const engraved = () =>
    cart({
      entries: [
        {
          ...entry("e1", "Engraved Pen", 1, 2400),
          additionalFields: { engraving: "For Ada" },
          product: {
            url: "/shop/p/engraved-pen",
            imageUrl: null,
            additionalFieldsForm: engravingForm(),
          },
        },
      ],
    });

  it("shows the answers and opens them in a lightbox from 'Edit {form}'", async () => {
    await renderCart(engraved());
    expect(document.querySelector(".cart-entry-answers")!.textContent).toBe("For Ada");
    fireEvent.click(screen.getByRole("button", { name: "Edit Engraving" }));
    expect((screen.getByRole("textbox", { name: /Engraving/ }) as HTMLInputElement).value).toBe("For Ada");
  });

  it("checks the answers before saving, and titles a refused save 'Unable to update form'", async () => {
    const { environment } = await renderCart(engraved());
    fireEvent.click(screen.getByRole("button", { name: "Edit Engraving" }));
    const dialog = screen.getByRole("dialog", { name: "Engraving" });
    fireEvent.change(screen.getByRole("textbox", { name: /Engraving/ }), { target: { value: "" } });
    fireEvent.submit(dialog.querySelector("form")!);
    expect(dialog.textContent).toContain("Required");
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    // Cart recalculation start and end events surround the form update (spec §4).
    const events: string[] = [];
    const listen = (event: Event) => events.push(`${event.type} ${(event as CustomEvent<{ entryId: string }>).detail.entryId}`);
    window.addEventListener("sitecart:cart-recalculation-start", listen);
    window.addEventListener("sitecart:cart-recalculation-end", listen);
    fireEvent.change(screen.getByRole("textbox", { name: /Engraving/ }), { target: { value: "For Grace" } });
    fireEvent.submit(dialog.querySelector("form")!);
    expect(sentVariables(environment)).toContain('"For Grace"');
    expect(events).toEqual(["sitecart:cart-recalculation-start e1"]);
    await answerLatest(environment, {
      updateCartEntryAdditionalFields: { __typename: "NotFoundError", __isError: "NotFoundError", message: "That item is no longer in your shopping cart." },
    });
    const alert = screen.getByRole("alertdialog");
    expect(alert.querySelector(".alert-title")!.textContent).toBe("Unable to update form");
    expect(alert.textContent).toContain("That item is no longer in your shopping cart.");
    expect(events).toEqual(["sitecart:cart-recalculation-start e1", "sitecart:cart-recalculation-end e1"]);
    window.removeEventListener("sitecart:cart-recalculation-start", listen);
    window.removeEventListener("sitecart:cart-recalculation-end", listen);
  });
});
