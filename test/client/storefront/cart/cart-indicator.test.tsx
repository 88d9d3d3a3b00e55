// The cart indicator (platform-support §4, issue 12 item 6): uninitialized before the first sync, then
// initialized; with 0 items it carries the empty marker, otherwise not.
import { render } from "@testing-library/react";
import { CartIndicator } from "../../../../client/storefront/cart/CartSummary.tsx";

const indicator = (container: HTMLElement) => container.querySelector(".cart-indicator")!;

it("is uninitialized before the first sync, with no empty marker", () => {
  const { container } = render(<CartIndicator />);
  expect(indicator(container).getAttribute("data-cart-state")).toBe("uninitialized");
  expect(indicator(container).hasAttribute("data-cart-empty")).toBe(false);
});

it("is initialized after it, with the empty marker at 0 items (or no cart) only", () => {
  for (const [quantity, empty] of [
    [0, true],
    [null, true],
    [1, false],
    [150, false],
  ] as const) {
    const { container, unmount } = render(<CartIndicator quantity={quantity} />);
    expect(indicator(container).getAttribute("data-cart-state")).toBe("initialized");
    expect(indicator(container).hasAttribute("data-cart-empty")).toBe(empty);
    unmount();
  }
});
