// Cart page fixtures for the component tests: a cart as the cart query answers it, and rendering
// CartScreen from it in Relay's mock environment.
import { act } from "@testing-library/react";
import CartScreenQuery from "../../../client/__generated__/CartScreenQuery.graphql.ts";
import CartScreen from "../../../client/storefront/cart/CartScreen.tsx";
import { preload, renderWithRelay } from "./render.tsx";

export const money = (value: number) => ({ value, formatted: `$${(value / 100).toFixed(2)}` });
export const entry = (id: string, title: string, quantity: number, unit: number) => ({
  id,
  title,
  quantity,
  additionalFields: null,
  purchasePrice: money(unit),
  subtotal: money(unit * quantity),
  chosenVariant: { attributes: [] },
  product: { url: `/shop/p/${id}`, imageUrl: null, additionalFieldsForm: null },
});

export function cart(overrides: Record<string, unknown> = {}) {
  return {
    id: "Q2FydDox",
    totalQuantity: 2,
    coupons: [],
    validCoupons: [],
    requiresShipping: true,
    entries: [entry("e1", "Ceramic Mug", 2, 1800)],
    shippingOptions: [
      { id: "1", name: "Standard", price: money(500) },
      { id: "2", name: "Express", price: money(1500) },
    ],
    selectedShippingOption: { id: "1" },
    subtotal: money(3600),
    discount: money(0),
    tax: money(0),
    shippingCost: money(500),
    grandTotal: money(4100),
    checkoutMinimum: money(0),
    checkoutMinimumMet: true,
    giftCards: [],
    giftCardTotal: money(0),
    ...overrides,
  };
}

export async function renderCart(data: Record<string, unknown> | null) {
  const { environment, queryRef } = preload(CartScreenQuery, {}, { Cart: () => data ?? {}, Query: () => (data ? {} : { cart: null }) });
  const utils = renderWithRelay(<CartScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, environment);
  await act(async () => {});
  return utils;
}
