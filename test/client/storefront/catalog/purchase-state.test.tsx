// The add button's timed states (spec §4) and the checks an add passes before it is sent (spec §5),
// apart from the components that use them. UI delays run on fake timers.
import { act, renderHook } from "@testing-library/react";
import { useAddToCartState } from "../../../../client/storefront/catalog/state/add-to-cart.ts";
import { prepareGiftCard, prepareVariantPurchase } from "../../../../client/storefront/catalog/state/purchase-request.ts";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("the add button's state", () => {
  it("is 'adding' once started, 'added' 1 s after success, and idle 2 s after that", () => {
    const { result } = renderHook(() => useAddToCartState("cart"));
    expect(result.current.busy).toBe(false);
    act(() => result.current.start());
    expect(result.current.state.phase).toBe("adding");
    act(() => result.current.succeeded());
    act(() => void jest.advanceTimersByTime(999));
    expect(result.current.state.phase).toBe("adding");
    act(() => void jest.advanceTimersByTime(1));
    expect(result.current.state.phase).toBe("added");
    act(() => void jest.advanceTimersByTime(2000));
    expect(result.current.state.phase).toBe("idle");
  });

  it.each([
    ["cart", "Unable to Add Item"],
    ["express", "Unable to Purchase Item"],
    ["giftCard", "Unable to purchase Gift Card"],
  ] as const)("titles a failed %s purchase %j and is idle again after 1 s", (kind, title) => {
    const { result } = renderHook(() => useAddToCartState(kind));
    act(() => result.current.start());
    let failure: { title: string; message: string } | undefined;
    act(() => void (failure = result.current.failed("Please try again in a few seconds.")));
    expect(failure).toEqual({ title, message: "Please try again in a few seconds." });
    expect(result.current.busy).toBe(true);
    act(() => void jest.advanceTimersByTime(1000));
    expect(result.current.busy).toBe(false);
  });

  it("leaves no timer running once the page is gone", () => {
    const { result, unmount } = renderHook(() => useAddToCartState("cart"));
    act(() => result.current.start());
    act(() => result.current.succeeded());
    expect(jest.getTimerCount()).toBe(2);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe("what an add sends", () => {
  const denominations = [2500, 5000].map((value) => ({ sku: `GIFT-${value}`, amount: { value } }));

  it("buys one gift card of the chosen denomination, and none without one", () => {
    expect(prepareGiftCard(denominations, "GIFT-5000")).toEqual({ ok: true, request: { sku: "GIFT-5000", quantity: 1 } });
    expect(prepareGiftCard(denominations, "")).toEqual({ ok: false, message: "Select a denomination for the Gift Card" });
    expect(prepareGiftCard(denominations, "GIFT-9999")).toEqual({ ok: false, message: "Select a denomination for the Gift Card" });
  });

  const variant = (qtyInStock: number, unlimited = false) => ({ ok: true as const, variant: { sku: "V", qtyInStock, unlimited, attributes: {} } });
  const none = () => 0;

  it.each([
    ["the quantity typed", variant(5), "3", none, { ok: true, request: { sku: "V", quantity: 3 } }],
    ["one when the quantity input is hidden", variant(5), null, none, { ok: true, request: { sku: "V", quantity: 1 } }],
    ["no sku for a product without a variant to choose", null, "2", none, { ok: true, request: { sku: null, quantity: 2 } }],
    ["any quantity of an unlimited variant", variant(0, true), "9999", () => 50, { ok: true, request: { sku: "V", quantity: 9999 } }],
    ["up to the stock left beyond the cart", variant(5), "2", () => 3, { ok: true, request: { sku: "V", quantity: 2 } }],
    ["not more than the stock left beyond the cart", variant(5), "3", () => 3, { ok: false, message: "Sorry, we do not have enough of that item available." }],
    ["not a quantity that is no number", variant(5), "abc", none, { ok: false, message: "Quantity must be a number." }],
    ["not a quantity out of range", variant(5), "0", none, { ok: false, message: "Quantity must be between 1 and 9999." }],
    [
      "nothing while options are missing",
      { ok: false as const, code: "OPTIONS_NOT_SELECTED" as const, message: "Please select the Size option." },
      "1",
      none,
      { ok: false, message: "Please select the Size option." },
    ],
  ])("sends %s", (_case, selection, quantityText, quantityInCart, expected) => {
    expect(prepareVariantPurchase({ selection, quantityText, quantityInCart })).toEqual(expected);
  });
});
