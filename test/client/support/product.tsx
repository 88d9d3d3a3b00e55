// Product page fixtures for the component tests: the demo linen shirt as the product query answers it,
// the store settings, and rendering ProductScreen from them in Relay's mock environment.
import { act } from "@testing-library/react";
import ProductScreenQuery from "../../../client/__generated__/ProductScreenQuery.graphql.ts";
import ProductScreen from "../../../client/storefront/catalog/ProductScreen.tsx";
import { engravingForm } from "./forms.ts";
import { preload, renderWithRelay } from "./render.tsx";

const attributes = (size: string, color: string) => [
  { name: "Size", value: size },
  { name: "Color", value: color },
];
const linenStock: [string, string, number | null][] = [
  ["S", "White", 10],
  ["M", "White", 1],
  ["L", "White", 0],
  ["S", "Blue", null],
  ["M", "Blue", 5],
  ["L", "Blue", 2],
];

/** An option's values as the selectors read them, untranslated (label = value). */
const choicesOf = (values: string[]) => values.map((value) => ({ value, label: value }));
export function linenShirt(overrides: Record<string, unknown> = {}) {
  return {
    itemId: "1",
    name: "Linen Shirt",
    description: "A shirt",
    imageUrl: null,
    productType: "PHYSICAL",
    isSubscribable: false,
    subscriptionPriceText: null,
    soldOut: false,
    onSale: true,
    quantityInputShown: true,
    addButtonText: "Add To Cart",
    hasVariants: true,
    variantOptionOrdering: ["Size", "Color"],
    variantOptions: [
      { name: "Size", values: ["S", "M", "L"], choices: choicesOf(["S", "M", "L"]), selectText: "Select Size" },
      { name: "Color", values: ["White", "Blue"], choices: choicesOf(["White", "Blue"]), selectText: "Select Color" },
    ],
    variants: linenStock.map(([size, color, stock], index) => ({
      variantId: index + 1,
      sku: `LINEN-${size}-${color.toUpperCase()}`,
      attributes: attributes(size, color),
      qtyInStock: stock ?? 0,
      unlimited: stock === null,
    })),
    giftCardDenominations: [],
    merchandising: {
      customSoldOutText: null,
      scarcityEnabled: true,
      scarcityText: "Only {qty} left!",
      scarcitySettings: { threshold: 5, onProductPages: true, inProductBlocks: true },
      restockNotificationsEnabled: true,
      restockNotificationMessages: { CTAText: "Tell me when it is back", buttonText: "Notify Me", successText: "You're on the list." },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    },
    additionalFieldsForm: null,
    priceDisplay: { formattedFromPrice: "$39.00", formattedSalePrice: "$39.00", formattedNormalPrice: "$45.00" },
    ...overrides,
  };
}

/** A pen with one variant (4 in stock) and the engraving form to fill in before it is added. */
export const engravedPen = (variant: Record<string, unknown> = {}) =>
  linenShirt({
    hasVariants: false,
    variantOptions: [],
    variants: [{ sku: "PEN-BRASS", attributes: [], qtyInStock: 4, unlimited: false, ...variant }],
    additionalFieldsForm: engravingForm(),
  });

export const storeSettings = (overrides: Record<string, unknown> = {}) => ({
  expressCheckout: false,
  captchaSiteKey: null,
  payLater: { enabled: true, accountCountry: "US", minimum: { value: 3500 }, maximum: { value: 200000 } },
  ...overrides,
});

export async function renderProduct(product: Record<string, unknown>, cartEntries: unknown[] = [], store: Record<string, unknown> = {}) {
  const { environment, queryRef } = preload(
    ProductScreenQuery,
    { slug: "x", withCart: true },
    {
      Product: () => ({ price: { value: 4500, currency: "USD" }, ...product }),
      Cart: () => ({ entries: cartEntries }),
      Store: () => storeSettings(store),
    },
  );
  const utils = renderWithRelay(<ProductScreen queryRef={queryRef as never} match={{ params: { slug: "x" }, search: new URLSearchParams() }} />, environment);
  await act(async () => void jest.runOnlyPendingTimers());
  return utils;
}

export const added = {
  addCartEntry: {
    __typename: "AddCartEntrySuccess",
    cart: { id: "Q2FydDox", totalQuantity: 1, subtotal: { formatted: "$45.00" } },
    newlyAdded: { id: "e1", quantity: 1 },
  },
};
export const refused = (typename: string, message: string) => ({ addCartEntry: { __typename: typename, __isError: typename, message, code: "X" } });
