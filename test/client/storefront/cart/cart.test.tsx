// The pill cart (spec §4, §9), the cart page's messages (spec §8) and the lightbox (spec §2, §9).
import { act, fireEvent, render, screen } from "@testing-library/react";
import { pillQuantityText } from "../../../../client/storefront/cart/CartSummary.tsx";
import { hasCartMarker } from "../../../../client/shared/relay/cart-marker.ts";
import { Lightbox } from "../../../../client/shared/ui/Lightbox.tsx";
import { cart, money, renderCart } from "../../support/cart.tsx";
import { answerLatest, failLatest } from "../../support/render.tsx";

describe("pill cart", () => {
  it.each([
    [1, "1"],
    [100, "100"],
    [101, "100+"],
  ])("shows %d as %j", (quantity, text) => {
    expect(pillQuantityText(quantity)).toBe(text);
  });
});

describe("cart page", () => {
  it("says 'You have nothing in your shopping cart.' for an empty cart", async () => {
    await renderCart(cart({ entries: [], totalQuantity: 0 }));
    expect(screen.getByText("You have nothing in your shopping cart.")).toBeTruthy();
  });

  it("shows the totals and offers checkout", async () => {
    await renderCart(cart());
    expect(document.querySelector(".cart-subtotal")?.textContent).toBe("$36.00");
    expect(document.querySelector(".cart-grand-total")?.textContent).toBe("$41.00");
    expect(screen.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("says 'To check out, your order subtotal must be {subtotal} or more.' under the minimum", async () => {
    await renderCart(cart({ checkoutMinimum: money(5000), checkoutMinimumMet: false }));
    expect(screen.getByRole("status").textContent).toBe("To check out, your order subtotal must be $50.00 or more.");
    expect(screen.queryByRole("link", { name: "Checkout" })).toBeNull();
  });

  it("titles a refused quantity change 'Unable to update quantity' with the server's message", async () => {
    const { environment } = await renderCart(cart());
    const input = screen.getByRole("spinbutton");
    fireEvent.change(input, { target: { value: "5" } });
    fireEvent.blur(input);
    await answerLatest(environment, {
      updateCartEntryQuantity: {
        __typename: "NotEnoughStockError",
        __isError: "NotEnoughStockError",
        message: "Sorry, we do not have enough of that item available.",
      },
    });
    const alert = screen.getByRole("alertdialog");
    expect(alert.textContent).toContain("Unable to update quantity");
    expect(alert.textContent).toContain("Sorry, we do not have enough of that item available.");
    expect((input as HTMLInputElement).value).toBe("2");
  });

  it("checks a typed quantity with the quantity rules before sending it", async () => {
    await renderCart(cart());
    const input = screen.getByRole("spinbutton");
    fireEvent.change(input, { target: { value: "1.5" } });
    fireEvent.blur(input);
    expect(screen.getByRole("alertdialog").textContent).toContain("Quantity must be a whole number");
  });

  it("titles a failed removal 'Unable to remove item' and explains a lost connection", async () => {
    const { environment } = await renderCart(cart());
    fireEvent.click(screen.getByRole("button", { name: "Remove Ceramic Mug" }));
    await failLatest(environment, new TypeError("Failed to fetch"));
    const alert = screen.getByRole("alertdialog");
    expect(alert.textContent).toContain("Unable to remove item");
    expect(alert.textContent).toContain("Please check your internet connection.");
  });
});

describe("lightbox", () => {
  afterEach(() => jest.useRealTimers());

  it("closes on Escape and on a click outside", () => {
    const onClose = jest.fn();
    render(
      <Lightbox open title="Form" onClose={onClose}>
        <input aria-label="field" />
      </Lightbox>,
    );
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.mouseDown(document.querySelector(".lightbox-overlay")!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("gives content taller than the window a top margin of 50 after a resize (debounced 100 ms)", () => {
    jest.useFakeTimers();
    const height = jest.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(500);
    try {
      Object.defineProperty(window, "innerHeight", { configurable: true, value: 800 });
      render(
        <Lightbox open title="Form" onClose={() => {}}>
          <p>content</p>
        </Lightbox>,
      );
      const dialog = screen.getByRole("dialog");
      expect(dialog.style.marginTop).toBe("");
      Object.defineProperty(window, "innerHeight", { configurable: true, value: 400 });
      fireEvent(window, new Event("resize"));
      act(() => void jest.advanceTimersByTime(99));
      expect(dialog.style.marginTop).toBe("");
      act(() => void jest.advanceTimersByTime(1));
      expect(dialog.style.marginTop).toBe("50px");
    } finally {
      height.mockRestore();
    }
  });
});

describe("cart loading (spec §4)", () => {
  it("loads the cart only when a cart cookie exists or the visitor is signed in", () => {
    expect(hasCartMarker("crumb=abc")).toBe(false);
    expect(hasCartMarker("crumb=abc; sc_has_cart=1")).toBe(true);
    expect(hasCartMarker("SiteUserInfo=eyJhdXRoZW50aWNhdGVkIjp0cnVlfQ.sig")).toBe(true);
    expect(hasCartMarker("SiteUserInfo=")).toBe(false);
  });
});
